// The templates a site offers for its posts or pages, read from the site itself: the
// `template` field's enum in the collection's schema (OPTIONS), as this interface declares its
// own (and WordPress 4.7–4.8 a classic theme's), and a block theme's custom templates for the
// type (`/wp/v2/templates?post_type=`, which WordPress shows only to accounts that may edit
// the theme: for others that part is left out, not an error).
import { SiteError, type SiteClient } from './site-client.ts';
import { contentRoutes, type PostCollection } from './api-routes.ts';
import type { SiteTemplate } from './site-types.ts';

const POST_TYPES: Record<PostCollection, string> = { posts: 'post', pages: 'page' };

/** "full-width" → "Full width": a name for a template the schema lists by its slug only. */
export function templateName(slug: string): string {
  const words = slug.replace(/\.php$/, '').replace(/^.*\//, '').replace(/^template-/, '').replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : slug;
}

async function blockTemplates(client: SiteClient, namespace: string, collection: PostCollection): Promise<SiteTemplate[]> {
  try {
    const found = await client.get(contentRoutes(namespace).templates(), { post_type: POST_TYPES[collection], context: 'edit' });
    return found.filter((template) => template.is_custom !== false).map((template) => {
      const title = typeof template.title === 'string' ? template.title : template.title?.raw || template.title?.rendered;
      return { slug: template.slug, title: title || templateName(template.slug) };
    });
  } catch (error) {
    // No such route (a classic theme's or an older site), or not for this account.
    if (error instanceof SiteError && [401, 403, 404].includes(error.status)) return [];
    throw error;
  }
}

/** The site's templates for the collection, without the default (the empty one), in the site's order. */
export async function readSiteTemplates(client: SiteClient, namespace: string, collection: PostCollection): Promise<SiteTemplate[]> {
  const options = await client.options(contentRoutes(namespace).posts(collection));
  const declared = (options.schema?.properties?.template?.enum ?? []).filter((slug): slug is string => typeof slug === 'string' && slug !== '');
  const templates = declared.map((slug) => ({ slug, title: templateName(slug) }));
  for (const template of await blockTemplates(client, namespace, collection)) {
    const known = templates.findIndex((candidate) => candidate.slug === template.slug);
    if (known >= 0) templates[known] = template;
    else templates.push(template);
  }
  return templates;
}
