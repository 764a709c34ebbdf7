// Autosaves that hold words the writer has not saved yet.
import type { Store } from './db.ts';
import type { PostRow } from './posts.ts';

/**
 * The newest autosave of the item no older than its last save (one in the same second may
 * be the newer) whose text differs from it: what the editor offers for restore.
 */
export function unsavedAutosave(store: Store, row: PostRow): PostRow | undefined {
  return store.get<PostRow>(
    `SELECT * FROM posts WHERE parent = ? AND type = 'revision' AND autosave = 1 AND modified_gmt >= ?
       AND (title <> ? OR content <> ? OR excerpt <> ?) ORDER BY modified_gmt DESC, id DESC LIMIT 1`,
    row.id, row.modified_gmt, row.title, row.content, row.excerpt,
  );
}
