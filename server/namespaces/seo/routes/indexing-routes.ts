// Indexables, link indexing, scores, statistics, head, workouts and tasks of seo/v1. The
// listener that keeps the index current is started by the namespace's plugin (plugin.ts).
import type { Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { indexingActionRoutes } from './indexing-actions-routes.ts';
import { scoreRoutes } from './indexing-scores-routes.ts';
import { contentRoutes } from './indexing-content-routes.ts';
import { workoutRoutes } from './indexing-workouts-routes.ts';
import { taskRoutes } from './indexing-tasks-routes.ts';
import { postSettingsRoutes } from './indexing-post-settings-routes.ts';

export function indexingRoutes(site: SiteContext): Route[] {
  return [
    // Each write answered in its transaction, with its answer (server/resent-writes.ts: answeredInItsTransaction).
    ...indexingActionRoutes(site), ...scoreRoutes(site), ...contentRoutes(site), ...workoutRoutes(site), ...taskRoutes(site), ...postSettingsRoutes(site),
  ];
}
