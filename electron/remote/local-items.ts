// The local copy's posts and pages in every status, read whole: what push compares with
// the mapping.
import type { Store } from '../../server/store/db.ts';
import { runPostQuery } from '../../server/store/post-query.ts';
import { getPostsByIds, type PostRow } from '../../server/store/posts.ts';
import type { ItemKind } from './sync-map.ts';

export function localItems(store: Store, kind: ItemKind, statuses: readonly string[]): PostRow[] {
  const { ids } = runPostQuery(store, {
    type: kind, statuses: [...statuses, 'trash'],
    orderby: 'id', order: 'asc', limit: Number.MAX_SAFE_INTEGER, offset: 0,
  });
  return getPostsByIds(store, ids);
}
