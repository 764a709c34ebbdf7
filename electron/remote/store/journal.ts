// Creating an item on the remote is the one write that is not safe to repeat: if the answer
// is lost (crash, killed process, dropped network), the item may exist there without our
// knowing its id. So each create is written down first, with what identifies it (title and
// content as sent, a time before which it cannot have been made, and the date it was sent
// with, which WordPress dates a new item's modification by); the entry goes when
// the remote id is recorded. An entry still here at the next push means "look before
// creating again".
import type { SqlDatabase } from '../../../server/local-copy/index.ts';
import type { ItemKind } from './sync-map.ts';

export interface PendingCreate {
  localId: number;
  kind: ItemKind;
  title: string;
  content: string;
  /** The local row's version that was sent. */
  localVersion: number;
  /** On the remote's clock: the item was made after this (modified_after). */
  afterGmt: string;
  /** The date the create was sent with (GMT), or '' when it had none. */
  dateGmt: string;
}

interface JournalRow {
  local_id: number;
  kind: ItemKind;
  title: string;
  content: string;
  local_version: number;
  after_gmt: string;
  date_gmt: string;
}

export class CreateJournal {
  constructor(private readonly db: SqlDatabase) {}

  begin(entries: readonly PendingCreate[]): void {
    const insert = this.db.prepare('INSERT OR REPLACE INTO journal (local_id, kind, title, content, local_version, after_gmt, date_gmt) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.db.transaction(() => {
      for (const entry of entries) insert.run(entry.localId, entry.kind, entry.title, entry.content, entry.localVersion, entry.afterGmt, entry.dateGmt);
    })();
  }

  done(localId: number): void {
    this.db.prepare('DELETE FROM journal WHERE local_id = ?').run(localId);
  }

  pending(): PendingCreate[] {
    return (this.db.prepare('SELECT * FROM journal ORDER BY local_id').all() as JournalRow[]).map((row) => ({
      localId: row.local_id, kind: row.kind, title: row.title, content: row.content, localVersion: row.local_version, afterGmt: row.after_gmt, dateGmt: row.date_gmt,
    }));
  }
}
