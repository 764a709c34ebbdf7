// Every sync leaves a row: when it started and ended, how it ended, what it moved. A run
// without an end is one the process did not live to finish.
import type { SqlDatabase } from '../../../server/local-copy/index.ts';
import type { SyncResult, SyncRun } from '../../../shared/connected-sites.ts';

/** A run as the app shows it: one shape for the engine and the app (shared/). */
export type SyncRunSummary = SyncRun;

interface RunRow {
  id: number;
  started_at: string;
  finished_at: string | null;
  result: SyncResult | null;
  pulled: number;
  pushed: number;
  conflicts: number;
  message: string;
}

function fromRow(row: RunRow): SyncRunSummary {
  return {
    id: row.id, startedAt: row.started_at, finishedAt: row.finished_at, result: row.result,
    pulled: row.pulled, pushed: row.pushed, conflicts: row.conflicts, message: row.message,
  };
}

export type RunOutcome = Pick<SyncRunSummary, 'pulled' | 'pushed' | 'conflicts' | 'message'> & { result: SyncResult };

export function startRun(db: SqlDatabase): number {
  return Number(db.prepare('INSERT INTO sync_runs (started_at) VALUES (?)').run(new Date().toISOString()).lastInsertRowid);
}

export function finishRun(db: SqlDatabase, id: number, outcome: RunOutcome): SyncRunSummary {
  db.prepare('UPDATE sync_runs SET finished_at = ?, result = ?, pulled = ?, pushed = ?, conflicts = ?, message = ? WHERE id = ?')
    .run(new Date().toISOString(), outcome.result, outcome.pulled, outcome.pushed, outcome.conflicts, outcome.message, id);
  return fromRow(db.prepare('SELECT * FROM sync_runs WHERE id = ?').get(id) as RunRow);
}

/** The latest runs first. */
export function recentRuns(db: SqlDatabase, limit: number): SyncRunSummary[] {
  return (db.prepare('SELECT * FROM sync_runs ORDER BY id DESC LIMIT ?').all(limit) as RunRow[]).map(fromRow);
}
