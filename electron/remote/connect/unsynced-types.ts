// What the site holds that sync does not carry, said on the site card: custom content types
// the site shows over REST (its `types` route: products, events …). Sync carries posts, pages
// and synced patterns (wp_block); WordPress's other own types (media, templates, menus, styles)
// are not writing of the site's people, so they are not named.
import { SiteError, type SiteClient } from '../../../shared/site-client.ts';
import { contentRoutes } from '../../../shared/api-routes.ts';

const NOT_NAMED = new Set([
  'post', 'page', 'attachment', 'nav_menu_item', 'wp_block', 'wp_template', 'wp_template_part', 'wp_navigation', 'wp_global_styles', 'wp_font_family', 'wp_font_face',
]);

/** The sentence naming the site's custom types, or '' when it has none (or no types route). */
export async function unsyncedTypes(client: SiteClient, namespace: string): Promise<string> {
  let types: Record<string, { name: string; slug: string }>;
  try {
    types = await client.get(contentRoutes(namespace).types());
  } catch (error) {
    // A site without the route (this interface) or that hides it: nothing to name.
    if (error instanceof SiteError && [400, 401, 403, 404].includes(error.status)) return '';
    throw error;
  }
  const named = Object.entries(types).filter(([slug]) => !NOT_NAMED.has(slug)).map(([slug, type]) => `${type.name || slug} (${slug})`);
  if (named.length === 0) return '';
  return `Not synced: ${named.join(', ')}, the site's own content ${named.length === 1 ? 'type' : 'types'}. Inkwell syncs posts and pages; edit ${named.length === 1 ? 'it' : 'them'} on the site.`;
}
