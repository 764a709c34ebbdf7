// The JSON-LD graph of a page's head: WebSite, WebPage, Article (posts), the Organization or
// Person the site represents, the post's author, and the BreadcrumbList, linked by @id.
import { createHash } from 'node:crypto';
import type { SiteContext } from '../../site-context.ts';
import type { PostRow } from '../../store/posts.ts';
import { getUserById } from '../../store/users.ts';
import { getSettings } from '../../content/settings.ts';
import { getSiteRepresentation } from './site-representation.ts';
import { getSocialProfiles } from './social-profiles.ts';
import { plainText } from './analysis-text.ts';

export interface Crumb {
  name: string;
  url: string | null;
}

export interface GraphInput {
  /** The page's canonical address (or the URL asked for, for pages without one). */
  url: string;
  name: string;
  description: string;
  inLanguage: string;
  breadcrumbs: Crumb[];
  post?: PostRow;
  wordCount?: number;
  image?: { url: string; width: number; height: number } | null;
  webPageType: string;
}

type Node = Record<string, unknown>;

function personId(site: SiteContext, userId: number): string {
  return `${site.urls.base}/#/schema/person/${createHash('md5').update(String(userId)).digest('hex')}`;
}

function personNode(site: SiteContext, userId: number, logo?: string): Node | null {
  const user = getUserById(site.store, userId);
  if (!user) return null;
  const node: Node = { '@type': 'Person', '@id': personId(site, user.id), name: user.name };
  if (user.description !== '') node.description = user.description;
  if (logo) node.image = { '@type': 'ImageObject', url: logo, contentUrl: logo };
  return node;
}

/** The Organization or Person node the site represents, or null when a person was chosen but not named. */
function publisherNode(site: SiteContext): Node | null {
  const representation = getSiteRepresentation(site.store);
  if (representation.company_or_person === 'person') {
    const node = personNode(site, representation.company_or_person_user_id, representation.person_logo);
    return node ? { ...node, '@type': ['Person', 'Organization'] } : null;
  }
  const node: Node = {
    '@type': 'Organization',
    '@id': `${site.urls.base}/#organization`,
    name: representation.company_name || getSettings(site.store).name,
    url: `${site.urls.base}/`,
  };
  if (representation.company_logo) {
    node.logo = { '@type': 'ImageObject', '@id': `${site.urls.base}/#/schema/logo/image/`, url: representation.company_logo, contentUrl: representation.company_logo };
    node.image = { '@id': `${site.urls.base}/#/schema/logo/image/` };
  }
  if (representation.description) node.description = representation.description;
  // As Yoast: the company's profiles elsewhere; a person's would come from their user profile.
  const profiles = getSocialProfiles(site.store);
  const sameAs = [profiles.network_a_site, profiles.network_b_site, ...profiles.other_social_urls].filter((url) => url !== '');
  if (sameAs.length > 0) node.sameAs = sameAs;
  return node;
}

export function schemaGraph(site: SiteContext, input: GraphInput): { '@context': string; '@graph': Node[] } {
  const settings = getSettings(site.store);
  const websiteId = `${site.urls.base}/#website`;
  const breadcrumbId = `${input.url}#breadcrumb`;
  const publisher = publisherNode(site);
  const publisherRef = publisher ? { '@id': publisher['@id'] } : undefined;
  const graph: Node[] = [];

  const webPage: Node = {
    '@type': input.webPageType,
    '@id': input.url,
    url: input.url,
    name: input.name,
    isPartOf: { '@id': websiteId },
    breadcrumb: { '@id': breadcrumbId },
    inLanguage: input.inLanguage,
  };
  if (input.description) webPage.description = input.description;
  if (input.post) {
    webPage.datePublished = `${input.post.date_gmt}+00:00`;
    webPage.dateModified = `${input.post.modified_gmt}+00:00`;
  }
  if (input.image) webPage.primaryImageOfPage = { '@id': `${input.url}#primaryimage` };

  if (input.post?.type === 'post') {
    const author = personNode(site, input.post.author);
    graph.push({
      '@type': 'Article',
      '@id': `${input.url}#article`,
      isPartOf: { '@id': input.url },
      ...(author ? { author: { name: author.name, '@id': author['@id'] } } : {}),
      // The post's own title, not the page title with the site name.
      headline: plainText(input.post.title_rendered),
      datePublished: `${input.post.date_gmt}+00:00`,
      dateModified: `${input.post.modified_gmt}+00:00`,
      mainEntityOfPage: { '@id': input.url },
      ...(input.wordCount !== undefined ? { wordCount: input.wordCount } : {}),
      ...(publisherRef ? { publisher: publisherRef } : {}),
      ...(input.image ? { image: { '@id': `${input.url}#primaryimage` }, thumbnailUrl: input.image.url } : {}),
      inLanguage: input.inLanguage,
    });
    if (author && author['@id'] !== publisher?.['@id']) graph.push(author);
  }
  graph.push(webPage);
  if (input.image) {
    graph.push({ '@type': 'ImageObject', '@id': `${input.url}#primaryimage`, url: input.image.url, contentUrl: input.image.url, width: input.image.width, height: input.image.height, inLanguage: input.inLanguage });
  }
  graph.push({
    '@type': 'BreadcrumbList',
    '@id': breadcrumbId,
    itemListElement: input.breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem', position: index + 1, name: crumb.name, ...(crumb.url && index < input.breadcrumbs.length - 1 ? { item: crumb.url } : {}),
    })),
  });
  graph.push({
    '@type': 'WebSite',
    '@id': websiteId,
    url: `${site.urls.base}/`,
    name: settings.name,
    description: settings.description,
    ...(publisherRef ? { publisher: publisherRef } : {}),
    potentialAction: [{
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site.urls.base}/?s={search_term_string}` },
      'query-input': { '@type': 'PropertyValueSpecification', valueRequired: true, valueName: 'search_term_string' },
    }],
    inLanguage: input.inLanguage,
  });
  if (publisher) graph.push(publisher);
  return { '@context': 'https://schema.org', '@graph': graph };
}
