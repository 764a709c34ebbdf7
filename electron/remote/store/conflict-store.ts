// The conflicts table: one row per item changed on both sides, with the remote version as
// it was found (null when the remote deleted it). The local version is the local item.
import type { SqlDatabase } from '../../../server/local-copy/index.ts';
import type { RemoteItem } from '../client/remote-item.ts';
import type { FieldConflict } from '../merge/merge.ts';
import type { ItemKind } from './sync-map.ts';
import type { ConflictReason } from '../../../shared/connected-sites.ts';

export interface StoredConflict {
  id: number;
  kind: ItemKind;
  localId: number;
  remoteId: number;
  remote: RemoteItem | null;
  reason: ConflictReason;
  /** The fields changed on both sides to different values (empty when not known: the whole item is in conflict). */
  fields: FieldConflict[];
  foundAt: string;
}

interface ConflictRow {
  id: number;
  kind: ItemKind;
  local_id: number;
  remote_id: number;
  remote: string;
  reason: ConflictReason;
  fields: string;
  found_at: string;
}

function fromRow(row: ConflictRow): StoredConflict {
  return { id: row.id, kind: row.kind, localId: row.local_id, remoteId: row.remote_id, remote: JSON.parse(row.remote) as RemoteItem | null, reason: row.reason, fields: JSON.parse(row.fields) as FieldConflict[], foundAt: row.found_at };
}

export class ConflictStore {
  constructor(private readonly db: SqlDatabase) {}

  /** Records the conflict, or refreshes its remote version (and reason) when it is known already. */
  save(kind: ItemKind, localId: number, remoteId: number, remote: RemoteItem | null, reason: ConflictReason = 'changed', fields: readonly FieldConflict[] = []): void {
    this.db.prepare(
      `INSERT INTO conflicts (kind, local_id, remote_id, remote, reason, fields, found_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (kind, remote_id) DO UPDATE SET local_id = excluded.local_id, remote = excluded.remote, reason = excluded.reason, fields = excluded.fields`,
    ).run(kind, localId, remoteId, JSON.stringify(remote), reason, JSON.stringify(fields), new Date().toISOString());
  }

  get(id: number): StoredConflict | undefined {
    const row = this.db.prepare('SELECT * FROM conflicts WHERE id = ?').get(id) as ConflictRow | undefined;
    return row ? fromRow(row) : undefined;
  }

  all(): StoredConflict[] {
    return (this.db.prepare('SELECT * FROM conflicts ORDER BY id').all() as ConflictRow[]).map(fromRow);
  }

  /** Why the item waits for the writer, if it does. */
  reasonFor(kind: ItemKind, remoteId: number): ConflictReason | undefined {
    return (this.db.prepare('SELECT reason FROM conflicts WHERE kind = ? AND remote_id = ?').get(kind, remoteId) as { reason: ConflictReason } | undefined)?.reason;
  }

  /** Local ids of items waiting for the user: sync leaves them alone. */
  localIds(): Set<number> {
    return new Set((this.db.prepare('SELECT local_id FROM conflicts').all() as { local_id: number }[]).map((row) => row.local_id));
  }

  /** The item's conflict is over (merged by a later sync). */
  removeItem(kind: ItemKind, remoteId: number): void {
    this.db.prepare('DELETE FROM conflicts WHERE kind = ? AND remote_id = ?').run(kind, remoteId);
  }

  remove(id: number): void {
    this.db.prepare('DELETE FROM conflicts WHERE id = ?').run(id);
  }
}
