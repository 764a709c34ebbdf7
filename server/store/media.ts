// Rows of the media table: where an attachment's files are and what they are.
import type { Store } from './db.ts';

export interface MediaRow {
  post_id: number;
  /** Relative path of the served file under uploads. */
  file: string;
  /** Relative path of the file as uploaded (same as `file` unless a copy is served). */
  original_file: string;
  alt_text: string;
  /** JSON of the media details (sizes, dimensions, image meta). */
  details: string;
  /** JSON list of the sub-sizes still to make. */
  missing_sizes: string;
}

/** Inserts or replaces an item's row (a write whose result is not waited for: see Store.write). */
export function saveMedia(store: Store, row: MediaRow): void {
  store.write(
    `INSERT INTO media (post_id, file, original_file, alt_text, details, missing_sizes)
     VALUES (@post_id, @file, @original_file, @alt_text, @details, @missing_sizes)
     ON CONFLICT(post_id) DO UPDATE SET file = excluded.file, original_file = excluded.original_file,
       alt_text = excluded.alt_text, details = excluded.details, missing_sizes = excluded.missing_sizes`,
    row,
  );
}

export function getMedia(store: Store, postId: number): MediaRow | undefined {
  return store.get<MediaRow>('SELECT * FROM media WHERE post_id = ?', postId);
}

export function getMediaByIds(store: Store, ids: readonly number[]): Map<number, MediaRow> {
  if (ids.length === 0) return new Map();
  const rows = store.all<MediaRow>(`SELECT * FROM media WHERE post_id IN (${ids.map(() => '?').join(',')})`, ...ids);
  return new Map(rows.map((row) => [row.post_id, row]));
}

export function setAltText(store: Store, postId: number, altText: string): void {
  store.run('UPDATE media SET alt_text = ? WHERE post_id = ?', altText, postId);
}

/** Every row's file columns, to tell the files the library names from those it does not. */
export function allMediaFiles(store: Store): Pick<MediaRow, 'file' | 'original_file' | 'details'>[] {
  return store.all<Pick<MediaRow, 'file' | 'original_file' | 'details'>>('SELECT file, original_file, details FROM media');
}

/** Claims a media file's name for an upload in flight; false when another upload holds it. */
export function claimMediaName(store: Store, relative: string, now: number): boolean {
  return store.run('INSERT INTO media_name_claims (path, claimed_at) VALUES (?, ?) ON CONFLICT(path) DO NOTHING', relative, now).changes === 1;
}

/** The names claimed in a folder that start with `prefix` (`2026/11/photo`), as names in that folder. */
export function claimedMediaNames(store: Store, folder: string, prefix: string): string[] {
  const start = `${folder}/${prefix}`;
  return store.all<{ path: string }>('SELECT path FROM media_name_claims WHERE substr(path, 1, ?) = ?', start.length, start)
    .map((row) => row.path.slice(folder.length + 1));
}

export function releaseMediaNames(store: Store, relatives: readonly string[]): void {
  for (const relative of relatives) store.run('DELETE FROM media_name_claims WHERE path = ?', relative);
}

/** Forgets the claims of uploads that stopped before they ended (the process died). */
export function releaseMediaNamesClaimedBefore(store: Store, time: number): void {
  // Looked for first: a start while other instances write takes no write lock for nothing.
  if (store.get('SELECT 1 AS found FROM media_name_claims WHERE claimed_at < ? LIMIT 1', time) === undefined) return;
  store.run('DELETE FROM media_name_claims WHERE claimed_at < ?', time);
}
