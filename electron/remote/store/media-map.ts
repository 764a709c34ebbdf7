// Which local media item is which remote one, and which local file (full size or a
// sub-size) stands for which remote file URL: what content rewriting needs both ways.
import type { SqlDatabase } from '../../../server/local-copy/index.ts';

export interface MediaFilePair {
  /** Relative to the local uploads folder. */
  localPath: string;
  remoteUrl: string;
}

export class MediaMap {
  constructor(private readonly db: SqlDatabase) {}

  localId(remoteId: number): number | undefined {
    return (this.db.prepare('SELECT local_id FROM media WHERE remote_id = ?').get(remoteId) as { local_id: number } | undefined)?.local_id;
  }

  remoteId(localId: number): number | undefined {
    return (this.db.prepare('SELECT remote_id FROM media WHERE local_id = ?').get(localId) as { remote_id: number } | undefined)?.remote_id;
  }

  localPathOf(remoteUrl: string): string | undefined {
    return (this.db.prepare('SELECT local_path FROM media_files WHERE remote_url = ? ORDER BY rowid LIMIT 1').get(remoteUrl) as { local_path: string } | undefined)?.local_path;
  }

  remoteUrlOf(localPath: string): string | undefined {
    return (this.db.prepare('SELECT remote_url FROM media_files WHERE local_path = ? ORDER BY rowid LIMIT 1').get(localPath) as { remote_url: string } | undefined)?.remote_url;
  }

  /** The items (`kind:remoteId@version`) whose media are here, read at once: pull checks every mapped item. */
  localisedVersions(): Set<string> {
    const rows = this.db.prepare('SELECT kind, remote_id, remote_modified_gmt FROM localised').all() as { kind: string; remote_id: number; remote_modified_gmt: string }[];
    return new Set(rows.map((row) => `${row.kind}:${row.remote_id}@${row.remote_modified_gmt}`));
  }

  /**
   * The item's media are here for this remote version (`remoteVersion`, see `localisedVersion`;
   * kept in the column that held the modified date alone before, which two saves within one
   * second share).
   */
  markLocalised(kind: string, remoteId: number, remoteVersion: string): void {
    this.db.prepare('INSERT OR REPLACE INTO localised (kind, remote_id, remote_modified_gmt) VALUES (?, ?, ?)').run(kind, remoteId, remoteVersion);
  }

  /** An upload about to be sent: if its answer is lost, the next push looks for it before sending it again. */
  beginUpload(localId: number, afterGmt: string): void {
    this.db.prepare('INSERT OR REPLACE INTO media_journal (local_id, after_gmt) VALUES (?, ?)').run(localId, afterGmt);
  }

  /** When the earlier upload of this item began, if its answer never came. */
  unfinishedUpload(localId: number): string | undefined {
    return (this.db.prepare('SELECT after_gmt FROM media_journal WHERE local_id = ?').get(localId) as { after_gmt: string } | undefined)?.after_gmt;
  }

  /** Records a pair of items with their files, all at once; the first pair of a path or URL is its best match. */
  put(remoteId: number, localId: number, files: readonly MediaFilePair[]): void {
    this.db.transaction(() => {
      this.db.prepare('INSERT OR REPLACE INTO media (remote_id, local_id) VALUES (?, ?)').run(remoteId, localId);
      const file = this.db.prepare('INSERT OR IGNORE INTO media_files (local_path, remote_url, remote_id) VALUES (?, ?, ?)');
      for (const pair of files) file.run(pair.localPath, pair.remoteUrl, remoteId);
      this.db.prepare('DELETE FROM media_journal WHERE local_id = ?').run(localId);
    })();
  }
}

/** A remote version as localisation keys it: its modified date and its fingerprint (two saves within one second share the date). */
export function localisedVersion(remoteModifiedGmt: string, remoteFingerprint: string): string {
  return `${remoteModifiedGmt}#${remoteFingerprint}`;
}
