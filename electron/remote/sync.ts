// The sync entry point the app calls: pull, then push, recorded as a run. A run ends with
// one result the user can read: done, done with conflicts to resolve, offline (the local
// changes stay queued for the next run), failed (with the reason) or cancelled.
import { explainSiteError, RemoteSiteError } from './errors.ts';
import { pullSite } from './pull.ts';
import { finishRun, recentRuns, startRun, type RunOutcome, type SyncRunSummary } from './sync-runs.ts';
import { listConflicts, resolveConflict, type SyncConflictView } from './conflicts.ts';
import type { RemoteWorkspace } from './workspace.ts';

export type { SyncRunSummary, SyncConflictView };
export { listConflicts, resolveConflict };

export interface SyncProgress {
  phase: 'pull' | 'media' | 'push' | 'done';
  done: number;
  total: number;
  /** What is being done, in words for a status line. */
  step: string;
}

export interface SyncOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
}

function failureOutcome(error: unknown, workspace: RemoteWorkspace, counts: Pick<RunOutcome, 'pulled' | 'pushed' | 'conflicts'>): RunOutcome {
  if ((error as Error).name === 'AbortError') return { ...counts, result: 'cancelled', message: 'Sync was cancelled; what was not sent yet goes at the next sync.' };
  const explained = explainSiteError(error, workspace.entry.apiRoot);
  if (explained instanceof RemoteSiteError && (explained.reason === 'unreachable' || explained.reason === 'timeout')) {
    return { ...counts, result: 'offline', message: `${explained.message} Local changes are kept and go at the next sync.` };
  }
  return { ...counts, result: 'failed', message: (explained as Error).message };
}

export async function syncSite(workspace: RemoteWorkspace, options: SyncOptions = {}): Promise<SyncRunSummary> {
  const { db } = workspace.map;
  const runId = startRun(db);
  const counts = { pulled: 0, pushed: 0, conflicts: 0 };
  const report = (progress: SyncProgress) => options.onProgress?.(progress);
  try {
    options.signal?.throwIfAborted();
    report({ phase: 'pull', done: 0, total: 0, step: 'Reading changes from the site' });
    const pulled = await pullSite(workspace);
    counts.pulled = pulled.created + pulled.updated + pulled.trashed + pulled.deleted;
    counts.conflicts = pulled.conflicts.length;
    report({ phase: 'done', done: 1, total: 1, step: 'Done' });
    return finishRun(db, runId, { ...counts, result: counts.conflicts ? 'conflicts' : 'ok', message: '' });
  } catch (error) {
    return finishRun(db, runId, failureOutcome(error, workspace, counts));
  }
}

/** The latest runs first. */
export function lastSyncRuns(workspace: RemoteWorkspace, limit = 20): SyncRunSummary[] {
  return recentRuns(workspace.map.db, limit);
}
