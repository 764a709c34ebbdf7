// Posts read by seo/v1's pickers: published items of a type found by title.
import type { Store } from '../../../store/db.ts';

export interface PostTitleRow {
  id: number;
  title_rendered: string;
  slug: string;
}

/** Published items of `type` whose title contains `search` (any case), by title. */
export function publishedByTitle(store: Store, type: string, search: string, limit: number): PostTitleRow[] {
  const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return store.all<PostTitleRow>(
    `SELECT id, title_rendered, slug FROM posts WHERE type = ? AND status = 'publish' AND title LIKE ? ESCAPE '\\'
     ORDER BY title COLLATE NOCASE, id LIMIT ?`,
    type, pattern, limit,
  );
}
