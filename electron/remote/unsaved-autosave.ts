// Words the writer has not saved yet: an autosave of the item no older than its last save
// (one in the same second may be the newer), whose text differs from it: what the editor
// offers for restore. Sync counts it as a local change, so a pull never silently builds
// over it, and a conflict shows it.
import type { Store } from '../../server/store/db.ts';
import type { PostRow } from '../../server/store/posts.ts';

export function unsavedAutosave(store: Store, row: PostRow): PostRow | undefined {
  return store.get<PostRow>(
    `SELECT * FROM posts WHERE parent = ? AND type = 'revision' AND autosave = 1 AND modified_gmt >= ?
       AND (title <> ? OR content <> ? OR excerpt <> ?) ORDER BY modified_gmt DESC, id DESC LIMIT 1`,
    row.id, row.modified_gmt, row.title, row.content, row.excerpt,
  );
}

/** The item with its unsaved autosave's words, if it has one: what the writer last saw. */
export function withUnsavedWords(store: Store, row: PostRow): PostRow & { autosaved: boolean } {
  const autosave = unsavedAutosave(store, row);
  if (!autosave) return { ...row, autosaved: false };
  return { ...row, title: autosave.title, content: autosave.content, excerpt: autosave.excerpt, modified_gmt: autosave.modified_gmt, autosaved: true };
}
