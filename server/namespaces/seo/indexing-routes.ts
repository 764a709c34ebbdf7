// Indexables, link indexing, scores, statistics and head of the seo/v1 namespace.
import type { Route } from '../../rest/types.ts';
import type { SiteContext } from '../../site-context.ts';

export function indexingRoutes(_site: SiteContext): Route[] {
  return [];
}
