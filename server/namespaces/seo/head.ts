// The head a page of this site prints, as Yoast's get_head answers it: `json` (title,
// description, robots, canonical, Open Graph, Twitter, schema) and the same as `html`.
import type { SiteContext } from '../../site-context.ts';
import type { PostRow } from '../../store/posts.ts';
import { getPost } from '../../store/posts.ts';
import { getMedia } from '../../store/media.ts';
import { getUserById } from '../../store/users.ts';
import { getSettings } from '../../content/settings.ts';
import { postLink, termLink } from '../../content/permalinks.ts';
import { mediaDetails } from '../../content/media-view.ts';
import { parseHtml, plainText, wordCount } from './analysis-text.ts';
import { readPostSeoMeta } from './post-seo-meta.ts';
import { applyTemplate, type VariableContext } from './replace-vars.ts';
import { archiveLink, DEFAULT_LANGUAGE, readingMinutes } from './indexable-fields.ts';
import { schemaGraph, type Crumb } from './head-schema.ts';
import type { HeadTarget } from './head-target.ts';

const INDEX_ROBOTS = { index: 'index', follow: 'follow', 'max-snippet': 'max-snippet:-1', 'max-image-preview': 'max-image-preview:large', 'max-video-preview': 'max-video-preview:-1' };
const NOINDEX_ROBOTS = { index: 'noindex', follow: 'follow' };

const TITLE_TEMPLATES = {
  post: '%%title%% %%sep%% %%sitename%%',
  term: '%%term_title%% Archives %%sep%% %%sitename%%',
  archive: '%%pt_plural%% Archive %%sep%% %%sitename%%',
  home: '%%sitename%% %%sep%% %%sitedesc%%',
  search: 'You searched for %%searchphrase%% %%sep%% %%sitename%%',
  'not-found': 'Page not found %%sep%% %%sitename%%',
} as const;

export interface Head {
  html: string;
  json: Record<string, unknown>;
  status: number;
}

/** `en` → `en_US` for Open Graph; other tags keep their region, with an underscore. */
function ogLocale(language: string): string {
  const [lang, region] = language.split(/[-_]/);
  return `${lang.toLowerCase()}_${(region ?? (lang.toLowerCase() === 'en' ? 'US' : lang)).toUpperCase()}`;
}

function featuredImage(site: SiteContext, post: PostRow): { url: string; width: number; height: number; type: string } | null {
  if (post.featured_media === 0) return null;
  const attachment = getPost(site.store, post.featured_media);
  const full = attachment ? mediaDetails(site, attachment, getMedia(site.store, attachment.id)).sizes.full : undefined;
  return full ? { url: full.source_url, width: full.width, height: full.height, type: full.mime_type } : null;
}

function postCrumbs(site: SiteContext, post: PostRow, ancestors: readonly PostRow[]): Crumb[] {
  return [...ancestors, post].map((item) => ({ name: plainText(item.title_rendered), url: postLink(site, item) }));
}

interface PageFacts {
  title: string;
  description: string;
  canonical: string | null;
  noindex: boolean;
  ogType: 'article' | 'website';
  crumbs: Crumb[];
  webPageType: string;
  language: string;
  post?: PostRow;
}

function facts(site: SiteContext, target: HeadTarget, requested: string): PageFacts {
  const home = `${site.urls.base}/`;
  const context: VariableContext = { site };
  const base = { ogType: 'website' as const, webPageType: 'CollectionPage', language: DEFAULT_LANGUAGE };
  switch (target.kind) {
    case 'post': {
      const { post, ancestors } = target;
      const meta = readPostSeoMeta(post);
      const noindex = meta.noindex === true || post.status !== 'publish';
      return {
        ...base,
        title: applyTemplate(meta.seo_title || TITLE_TEMPLATES.post, { site, post }),
        description: meta.meta_description,
        canonical: noindex ? null : postLink(site, post),
        noindex,
        ogType: post.type === 'post' ? 'article' : 'website',
        crumbs: [{ name: 'Home', url: home }, ...postCrumbs(site, post, ancestors)],
        webPageType: 'WebPage',
        language: meta.language || DEFAULT_LANGUAGE,
        post,
      };
    }
    case 'term':
      return {
        ...base,
        title: applyTemplate(TITLE_TEMPLATES.term, { site, term: target.term }),
        description: plainText(target.term.description),
        canonical: termLink(site, target.term),
        noindex: false,
        crumbs: [{ name: 'Home', url: home }, { name: target.term.name, url: termLink(site, target.term) }],
      };
    case 'archive':
      return {
        ...base,
        title: applyTemplate(TITLE_TEMPLATES.archive, { site, postTypePlural: 'Posts' }),
        description: '',
        canonical: archiveLink(site, target.postType),
        noindex: false,
        crumbs: [{ name: 'Home', url: home }, { name: 'Posts', url: archiveLink(site, target.postType) }],
      };
    case 'home':
      return { ...base, title: applyTemplate(TITLE_TEMPLATES.home, context), description: getSettings(site.store).description, canonical: home, noindex: false, crumbs: [{ name: 'Home', url: home }], webPageType: 'WebPage' };
    case 'search':
      return {
        ...base,
        title: applyTemplate(TITLE_TEMPLATES.search, { site, search: target.search }),
        description: '', canonical: null, noindex: true, webPageType: 'SearchResultsPage',
        crumbs: [{ name: 'Home', url: home }, { name: `You searched for ${target.search}`, url: null }],
      };
    case 'not-found':
      return {
        ...base,
        title: applyTemplate(TITLE_TEMPLATES['not-found'], context), description: '', canonical: null, noindex: true, webPageType: 'WebPage',
        crumbs: [{ name: 'Home', url: home }, { name: 'Error 404: Page not found', url: requested }],
      };
  }
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON inside <script> must not be able to close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function headHtml(json: Record<string, unknown>, robots: Record<string, string>): string {
  const lines = [`<title>${escapeAttribute(json.title as string)}</title>`];
  const meta = (attribute: 'name' | 'property', key: string, value: unknown) => {
    if (value !== undefined && value !== '') lines.push(`<meta ${attribute}="${key}" content="${escapeAttribute(String(value))}" />`);
  };
  meta('name', 'description', json.description);
  meta('name', 'robots', Object.values(robots).join(', '));
  if (json.canonical) lines.push(`<link rel="canonical" href="${escapeAttribute(json.canonical as string)}" />`);
  for (const key of ['og_locale', 'og_type', 'og_title', 'og_description', 'og_url', 'og_site_name', 'article_published_time', 'article_modified_time']) {
    meta('property', key.replace(/^og_/, 'og:').replace(/^article_/, 'article:'), json[key]);
  }
  for (const image of (json.og_image as { url: string; width: number; height: number; type: string }[] | undefined) ?? []) {
    meta('property', 'og:image', image.url);
    meta('property', 'og:image:width', image.width);
    meta('property', 'og:image:height', image.height);
    meta('property', 'og:image:type', image.type);
  }
  meta('name', 'author', json.author);
  meta('name', 'twitter:card', json.twitter_card);
  Object.entries((json.twitter_misc as Record<string, string> | undefined) ?? {}).forEach(([label, data], index) => {
    meta('name', `twitter:label${index + 1}`, label);
    meta('name', `twitter:data${index + 1}`, data);
  });
  lines.push(`<script type="application/ld+json" class="seo-schema-graph">${scriptJson(json.schema)}</script>`);
  return lines.join('\n') + '\n';
}

function readingTime(words: number | undefined): Record<string, string> {
  if (words === undefined) return {};
  const minutes = Math.max(1, readingMinutes(words));
  return { 'Est. reading time': `${minutes} minute${minutes > 1 ? 's' : ''}` };
}

export function headFor(site: SiteContext, target: HeadTarget, requested: string): Head {
  const page = facts(site, target, requested);
  const settings = getSettings(site.store);
  const post = page.post;
  const image = post ? featuredImage(site, post) : null;
  // A protected text stays on the site: no excerpt, word count or reading time from it (as Yoast).
  const open = post !== undefined && post.password === '';
  const excerpt = open ? plainText(post.excerpt_rendered) : '';
  const words = open ? wordCount(parseHtml(post.content_rendered)) : undefined;
  const author = post ? getUserById(site.store, post.author)?.name : undefined;
  const robots = page.noindex ? NOINDEX_ROBOTS : INDEX_ROBOTS;
  const url = page.canonical ?? (post ? postLink(site, post) : requested);
  const json: Record<string, unknown> = {
    title: page.title,
    ...(page.description ? { description: page.description } : {}),
    robots,
    ...(page.canonical ? { canonical: page.canonical } : {}),
    og_locale: ogLocale(page.language),
    og_type: page.ogType,
    og_title: page.title,
    ...(page.description || excerpt ? { og_description: page.description || excerpt } : {}),
    og_url: url,
    og_site_name: settings.name,
    ...(post?.type === 'post' ? { article_published_time: `${post.date_gmt}+00:00`, article_modified_time: `${post.modified_gmt}+00:00` } : {}),
    ...(image ? { og_image: [image] } : {}),
    ...(author && post?.type === 'post' ? { author } : {}),
    twitter_card: 'summary_large_image',
    ...(author && post?.type === 'post' ? { twitter_misc: { 'Written by': author, ...readingTime(words) } } : {}),
    schema: schemaGraph(site, {
      url, name: page.title, description: page.description, inLanguage: page.language.replace('_', '-'),
      breadcrumbs: page.crumbs, post, wordCount: words, image, webPageType: page.webPageType,
    }),
  };
  return { html: headHtml(json, robots), json, status: target.kind === 'not-found' ? 404 : 200 };
}
