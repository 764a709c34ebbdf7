// Items changed on both sides since they last matched: both versions are kept in the sync
// database until the user chooses, and nothing is overwritten meanwhile.
import type Database from 'better-sqlite3';
import type { ItemKind } from './sync-map.ts';
import type { RemoteWorkspace } from './workspace.ts';

export interface ConflictSide {
  title: string;
  content: string;
  excerpt: string;
  status: string;
  modified_gmt: string;
}

export interface SyncConflictView {
  id: number;
  kind: ItemKind;
  localId: number;
  remoteId: number;
  local: ConflictSide;
  remote: ConflictSide;
  /** When sync found it (ISO time). */
  foundAt: string;
}

interface ConflictRow {
  id: number;
  kind: ItemKind;
  local_id: number;
  remote_id: number;
  local: string;
  remote: string;
  found_at: string;
}

function pick(side: ConflictSide): ConflictSide {
  return { title: side.title, content: side.content, excerpt: side.excerpt, status: side.status, modified_gmt: side.modified_gmt };
}

function fromRow(row: ConflictRow): SyncConflictView {
  return {
    id: row.id, kind: row.kind, localId: row.local_id, remoteId: row.remote_id,
    local: pick(JSON.parse(row.local) as ConflictSide), remote: pick(JSON.parse(row.remote) as ConflictSide), foundAt: row.found_at,
  };
}

export function conflictRows(db: Database.Database): SyncConflictView[] {
  return (db.prepare('SELECT * FROM conflicts ORDER BY id').all() as ConflictRow[]).map(fromRow);
}

export function listConflicts(workspace: RemoteWorkspace): SyncConflictView[] {
  return conflictRows(workspace.map.db);
}

export async function resolveConflict(workspace: RemoteWorkspace, conflictId: number, choice: 'local' | 'remote' | 'both'): Promise<void> {
  const row = workspace.map.db.prepare('SELECT id FROM conflicts WHERE id = ?').get(conflictId);
  if (!row) throw new Error(`There is no conflict ${conflictId} to resolve (already resolved?).`);
  throw new Error(`Resolving conflicts (${choice}) is not available yet.`);
}
