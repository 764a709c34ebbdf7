// What sync remembers about one remote site, in its own small SQLite file beside the local
// copy: which local item mirrors which remote one (with the remote fields that have no
// local column yet), which local term stands for which remote one, and the pull cursor.
// The other records of sync (media, conflicts, journal, runs) live in this file too, each
// read by its own module.
import { openDatabase, withPreparedOnce, type SqlDatabase } from '../../../server/local-copy/index.ts';

export type ItemKind = 'post' | 'page' | 'wp_block';
/** In the order sync goes through them. */
export const ITEM_KINDS: readonly ItemKind[] = ['post', 'page', 'wp_block'];

export interface MappedItem {
  kind: ItemKind;
  remoteId: number;
  localId: number;
  remoteModifiedGmt: string;
  /** The fingerprint of the remote version last matched (empty when not known). */
  remoteFingerprint: string;
  remoteStatus: string;
  remoteAuthor: number;
  remoteParent: number;
  /** The remote id of the featured image (the local one is in the media map once copied). */
  remoteFeaturedMedia: number;
  /** The local row's version when it last matched the remote: the same one means no local edit. */
  localVersion: number;
  /**
   * The base of a three-way merge, each side in its own words: the local item's writing
   * (LocalCopy.writing, as JSON) and the remote item (JSON) when both last agreed. Another
   * local version with the same writing is bookkeeping, not an edit. Empty when not known
   * (mappings made before bases were kept).
   */
  localBase: string;
  remoteBase: string;
}

interface ItemRow {
  kind: ItemKind;
  remote_id: number;
  local_id: number;
  remote_modified_gmt: string;
  remote_fingerprint: string;
  remote_status: string;
  remote_author: number;
  remote_parent: number;
  remote_featured_media: number;
  local_version: number;
  local_base: string;
  remote_base: string;
}

const MIGRATIONS = [
  `CREATE TABLE items (
     kind TEXT NOT NULL,
     remote_id INTEGER NOT NULL,
     local_id INTEGER NOT NULL UNIQUE,
     remote_modified_gmt TEXT NOT NULL,
     remote_status TEXT NOT NULL,
     remote_author INTEGER NOT NULL,
     remote_parent INTEGER NOT NULL,
     remote_featured_media INTEGER NOT NULL,
     local_version INTEGER NOT NULL,
     PRIMARY KEY (kind, remote_id)
   ) WITHOUT ROWID;
   CREATE TABLE terms (
     taxonomy TEXT NOT NULL,
     id INTEGER NOT NULL,
     PRIMARY KEY (taxonomy, id)
   ) WITHOUT ROWID;
   CREATE TABLE state (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;`,
  `CREATE TABLE sync_runs (
     id INTEGER PRIMARY KEY,
     started_at TEXT NOT NULL,
     finished_at TEXT,
     result TEXT,
     pulled INTEGER NOT NULL DEFAULT 0,
     pushed INTEGER NOT NULL DEFAULT 0,
     conflicts INTEGER NOT NULL DEFAULT 0,
     message TEXT NOT NULL DEFAULT ''
   );
   CREATE TABLE media (
     remote_id INTEGER PRIMARY KEY,
     local_id INTEGER NOT NULL UNIQUE
   );
   CREATE TABLE media_files (
     local_path TEXT NOT NULL,
     remote_url TEXT NOT NULL,
     remote_id INTEGER NOT NULL,
     UNIQUE (local_path, remote_url)
   );
   CREATE INDEX media_files_by_remote_url ON media_files (remote_url);
   CREATE TABLE localised (
     kind TEXT NOT NULL,
     remote_id INTEGER NOT NULL,
     remote_modified_gmt TEXT NOT NULL,
     PRIMARY KEY (kind, remote_id)
   ) WITHOUT ROWID;
   CREATE TABLE term_links (
     taxonomy TEXT NOT NULL,
     local_id INTEGER NOT NULL,
     remote_id INTEGER NOT NULL,
     PRIMARY KEY (taxonomy, local_id),
     UNIQUE (taxonomy, remote_id)
   ) WITHOUT ROWID;
   CREATE TABLE conflicts (
     id INTEGER PRIMARY KEY,
     kind TEXT NOT NULL,
     local_id INTEGER NOT NULL,
     remote_id INTEGER NOT NULL,
     remote TEXT NOT NULL,
     found_at TEXT NOT NULL,
     UNIQUE (kind, remote_id)
   );
   CREATE TABLE journal (
     local_id INTEGER PRIMARY KEY,
     kind TEXT NOT NULL,
     title TEXT NOT NULL,
     content TEXT NOT NULL,
     local_version INTEGER NOT NULL,
     after_gmt TEXT NOT NULL
   );`,
  `CREATE TABLE media_journal (
     local_id INTEGER PRIMARY KEY,
     after_gmt TEXT NOT NULL
   );`,
  // Terms were once copied under their remote ids: those copies are links of an id to itself.
  `INSERT OR IGNORE INTO term_links (taxonomy, local_id, remote_id) SELECT taxonomy, id, id FROM terms;
   DROP TABLE terms;`,
  `ALTER TABLE items ADD COLUMN remote_fingerprint TEXT NOT NULL DEFAULT '';`,
  // Why the item waits for the writer (changed on both sides, or refused to this account), and the fields that differ.
  `ALTER TABLE conflicts ADD COLUMN reason TEXT NOT NULL DEFAULT 'changed';
   ALTER TABLE conflicts ADD COLUMN fields TEXT NOT NULL DEFAULT '[]';`,
  `ALTER TABLE items ADD COLUMN local_base TEXT NOT NULL DEFAULT '';
   ALTER TABLE items ADD COLUMN remote_base TEXT NOT NULL DEFAULT '';`,
  // The date a create was sent with ('' for none): WordPress dates the new item's modification by it.
  `ALTER TABLE journal ADD COLUMN date_gmt TEXT NOT NULL DEFAULT '';`,
];

function fromRow(row: ItemRow): MappedItem {
  return {
    kind: row.kind, remoteId: row.remote_id, localId: row.local_id, remoteModifiedGmt: row.remote_modified_gmt, remoteFingerprint: row.remote_fingerprint,
    remoteStatus: row.remote_status, remoteAuthor: row.remote_author, remoteParent: row.remote_parent,
    remoteFeaturedMedia: row.remote_featured_media, localVersion: row.local_version, localBase: row.local_base, remoteBase: row.remote_base,
  };
}

export class SyncMap {
  /** Open to the modules that keep sync's other records in this file; each query is prepared once. */
  readonly db: SqlDatabase;

  constructor(file: string) {
    this.db = withPreparedOnce(openDatabase(file));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    const current = this.db.pragma('user_version', { simple: true }) as number;
    MIGRATIONS.slice(current).forEach((sql, index) => {
      this.db.transaction(() => {
        this.db.exec(sql);
        this.db.pragma(`user_version = ${current + index + 1}`);
      })();
    });
  }

  item(kind: ItemKind, remoteId: number): MappedItem | undefined {
    const row = this.db.prepare('SELECT * FROM items WHERE kind = ? AND remote_id = ?').get(kind, remoteId) as ItemRow | undefined;
    return row ? fromRow(row) : undefined;
  }

  itemByLocalId(localId: number): MappedItem | undefined {
    const row = this.db.prepare('SELECT * FROM items WHERE local_id = ?').get(localId) as ItemRow | undefined;
    return row ? fromRow(row) : undefined;
  }

  items(kind: ItemKind): MappedItem[] {
    return (this.db.prepare('SELECT * FROM items WHERE kind = ? ORDER BY remote_id').all(kind) as ItemRow[]).map(fromRow);
  }

  /** The local id of each mapped item of the kind, by its remote id. */
  localIds(kind: ItemKind): Record<number, number> {
    return Object.fromEntries(this.items(kind).map((mapped) => [mapped.remoteId, mapped.localId]));
  }

  putItem(item: MappedItem): void {
    this.db.prepare(
      `INSERT OR REPLACE INTO items (kind, remote_id, local_id, remote_modified_gmt, remote_fingerprint, remote_status, remote_author, remote_parent, remote_featured_media, local_version, local_base, remote_base)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(item.kind, item.remoteId, item.localId, item.remoteModifiedGmt, item.remoteFingerprint, item.remoteStatus, item.remoteAuthor, item.remoteParent, item.remoteFeaturedMedia, item.localVersion, item.localBase, item.remoteBase);
  }

  removeItem(kind: ItemKind, remoteId: number): void {
    this.db.prepare('DELETE FROM items WHERE kind = ? AND remote_id = ?').run(kind, remoteId);
  }

  /** A local term and the remote one it stands for (copied from there, or made here and created there). */
  linkTerm(taxonomy: string, localId: number, remoteId: number): void {
    this.db.prepare('INSERT OR REPLACE INTO term_links (taxonomy, local_id, remote_id) VALUES (?, ?, ?)').run(taxonomy, localId, remoteId);
  }

  remoteTermOf(taxonomy: string, localId: number): number | undefined {
    return (this.db.prepare('SELECT remote_id FROM term_links WHERE taxonomy = ? AND local_id = ?').get(taxonomy, localId) as { remote_id: number } | undefined)?.remote_id;
  }

  localTermOf(taxonomy: string, remoteId: number): number | undefined {
    return (this.db.prepare('SELECT local_id FROM term_links WHERE taxonomy = ? AND remote_id = ?').get(taxonomy, remoteId) as { local_id: number } | undefined)?.local_id;
  }

  getState(name: string): string | null {
    const row = this.db.prepare('SELECT value FROM state WHERE name = ?').get(name) as { value: string } | undefined;
    return row?.value ?? null;
  }

  setState(name: string, value: string): void {
    this.db.prepare('INSERT INTO state (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value').run(name, value);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
