// POST seo/v1/indexing/* and link-indexing/*: a full indexing run in batches, as Yoast's
// indexing routes answer: `{objects, next_url}`, where next_url is this route's address
// while objects remain and false when the run of this kind is done. Unlike Yoast, a batch
// that happens to take the last objects already answers false (no empty extra call).
import type { Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import type { Store } from '../../../store/db.ts';
import { completeIndexables, completeIndexing, prepareIndexing } from '../indexing-state.ts';
import { INDEXING_ACTIONS, LINK_INDEXING_ACTIONS, type IndexingAction } from '../indexing-actions.ts';
import { MANAGE_SETTINGS } from './settings-access.ts';
import { seoRoute } from './settings-paths.ts';

export function indexingActionRoutes(site: SiteContext): Route[] {
  const post = (path: string, handler: (self: string) => unknown): Route =>
    seoRoute(path, { methods: ['POST'], args: {}, permission: MANAGE_SETTINGS, handler: (ctx) => handler(`${site.urls.apiRoot}${ctx.route.pattern.slice(1)}`) });
  const batch = (path: string, action: IndexingAction) =>
    post(path, (self) => {
      const objects = action.run(site);
      return { objects, next_url: action.hasMore(site) ? self : false };
    });
  const step = (path: string, move: (store: Store) => unknown) =>
    post(path, () => {
      move(site.store);
      return { objects: [], next_url: false };
    });
  return [
    ...Object.entries(INDEXING_ACTIONS).map(([name, action]) => batch(`/indexing/${name}`, action)),
    step('/indexing/prepare', prepareIndexing),
    step('/indexing/indexables-complete', completeIndexables),
    step('/indexing/complete', completeIndexing),
    ...Object.entries(LINK_INDEXING_ACTIONS).map(([name, action]) => batch(`/link-indexing/${name}`, action)),
  ];
}
