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

export function saveMedia(store: Store, row: MediaRow): void {
  store.run(
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
