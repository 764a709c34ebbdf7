// Posts read by seo/v1's pickers: published items of a type found by title.
import type { Store } from '../../../store/db.ts';
import { containsText } from '../../../store/search-text.ts';
import { ITEMS_ONLY } from '../../../store/posts.ts';

export interface PostTitleRow {
  id: number;
  title_rendered: string;
  slug: string;
}

/** Published items of `type` whose title contains `search` (any case), by title. */
export function publishedByTitle(store: Store, type: string, search: string, limit: number): PostTitleRow[] {
  const contains = containsText(store.dialect, 'title', search);
  return store.all<PostTitleRow>(
    `SELECT id, title_rendered, slug FROM posts WHERE type = ? AND status = 'publish' AND ${ITEMS_ONLY} AND ${contains.sql}
     ORDER BY title COLLATE NOCASE, id LIMIT ?`,
    type, contains.param, limit,
  );
}
