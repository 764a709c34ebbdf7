// The cms/v2 namespace: posts, pages, their revisions and autosaves, synced patterns (blocks), media, and the hidden
// helper routes (terms, users) that items link to, and the site's settings.
import type { Route } from '../../rest/types.ts';
import type { SiteContext } from '../../site-context.ts';
import { postRoutes } from './posts-routes.ts';
import { revisionRoutes } from './revisions-routes.ts';
import { termRoutes } from './terms-routes.ts';
import { userRoutes } from './users-routes.ts';
import { mediaRoutes } from './media-routes.ts';
import { settingsRoutes } from './settings-routes.ts';

export function cmsRoutes(site: SiteContext): Route[] {
  return [
    ...postRoutes(site, 'post'),
    ...revisionRoutes(site, 'post'),
    ...postRoutes(site, 'page'),
    ...revisionRoutes(site, 'page'),
    ...postRoutes(site, 'wp_block'),
    ...revisionRoutes(site, 'wp_block'),
    ...mediaRoutes(site),
    ...termRoutes(site),
    ...userRoutes(site),
    ...settingsRoutes(site),
  ];
}
