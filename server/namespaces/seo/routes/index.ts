// seo/v1 (deployment B): the search-optimisation namespace. Indexables, link index, scores
// and head on one side; configuration, content helpers, importers and connectors on the other.
import type { Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { indexingRoutes } from './indexing-routes.ts';
import { settingsRoutes } from './settings-routes.ts';

export const SEO_NAMESPACE = 'seo/v1';

export function seoRoutes(site: SiteContext): Route[] {
  return [...indexingRoutes(site), ...settingsRoutes(site)];
}
