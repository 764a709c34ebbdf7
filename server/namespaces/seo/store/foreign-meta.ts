// Posts whose meta still holds what other search-optimisation plugins wrote there, found for
// the importers of seo/v1 in id order, one batch at a time.
import type { Store } from '../../../store/db.ts';
import { ITEMS_ONLY, type PostRow } from '../../../store/posts.ts';

/** Up to `limit` posts of `types` after `afterId` whose meta has any of `keys`. */
export function postsWithMetaKeys(store: Store, types: readonly string[], keys: readonly string[], afterId: number, limit: number): PostRow[] {
  const list = (values: readonly string[]) => values.map(() => '?').join(', ');
  return store.all<PostRow>(
    `SELECT * FROM posts WHERE id > ? AND type IN (${list(types)}) AND ${ITEMS_ONLY}
       AND EXISTS (SELECT 1 FROM ${store.dialect === 'sqlite' ? 'json_each(posts.meta) AS meta' : 'jsonb_object_keys(posts.meta::jsonb) AS meta(key)'} WHERE meta.key IN (${list(keys)}))
     ORDER BY id LIMIT ?`,
    afterId, ...types, ...keys, limit,
  );
}
