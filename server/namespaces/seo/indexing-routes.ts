// Indexables, link indexing, scores, statistics, head, workouts and tasks of seo/v1. Making
// these routes also registers the listener that keeps the index current after every save,
// trash and deletion (the deployment makes them only where seo/v1 exists).
import type { Route } from '../../rest/types.ts';
import type { SiteContext } from '../../site-context.ts';
import { keepIndexCurrent } from '../../seo/indexer.ts';
import { indexingActionRoutes } from './indexing-actions-routes.ts';

export function indexingRoutes(site: SiteContext): Route[] {
  keepIndexCurrent(site);
  return [...indexingActionRoutes(site)];
}
