// The sync entry point the app calls: pull (with the media pulled items use), then push,
// recorded as a run. A run ends with one result the user can read: done, done with
// conflicts to resolve, offline (the local changes stay queued: they are simply still
// unsynced, and go at the next run), failed (with the reason) or cancelled.
import { explainSiteError, RemoteSiteError } from './client/errors.ts';
import { pullSite, type PullReport } from './pull/pull.ts';
import { openRun, type RunState, type RunOptions } from './run.ts';
import { pushSite } from './push/push.ts';
import { recoverCreates } from './push/push-creates.ts';
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from './client/retry.ts';
import { itemLabel, itemsNoun } from './item-label.ts';
import { readAccount, type RemoteAccount } from './connect/remote-account.ts';
import { keepRefused } from './push/refusals.ts';
import { unsyncedTypes } from './connect/unsynced-types.ts';
import { mergeItem } from './merge/merge-item.ts';
import { siteDetailsOf } from './connect/discover.ts';
import { indexApi } from '../../shared/api-routes.ts';
import { ITEM_KINDS } from './store/sync-map.ts';
import { finishRun, recentRuns, startRun, type RunOutcome, type SyncRunSummary } from './store/sync-runs.ts';
import type { RemoteWorkspace } from './workspace.ts';
import type { AccountRights, SyncProgress } from '../../shared/connected-sites.ts';
import { count } from '../../shared/count.ts';

export interface SyncOptions extends RunOptions {
  onProgress?: (progress: SyncProgress) => void;
  /** Told the site's name and zone as it says them now (the app's record of the site follows). */
  onSiteDetails?: (details: { name: string; timezone: string }) => void;
  /** Told what the account may do on the site, as its profile says now. */
  onRights?: (rights: AccountRights) => void;
}

type Counts = Pick<RunOutcome, 'pulled' | 'pushed' | 'conflicts'>;

function countsOf(ctx: RunState): Counts {
  return { pulled: ctx.tally.pulled, pushed: ctx.tally.sent, conflicts: ctx.conflicts.all().length };
}

function failureOutcome(error: unknown, workspace: RemoteWorkspace, counts: Counts): RunOutcome {
  if ((error as Error).name === 'AbortError') {
    return { ...counts, result: 'cancelled', message: 'Sync was cancelled. What was not sent yet goes at the next sync.' };
  }
  const explained = explainSiteError(error, workspace.entry.apiRoot);
  if (explained instanceof RemoteSiteError && (explained.reason === 'unreachable' || explained.reason === 'timeout')) {
    return { ...counts, result: 'offline', message: `${explained.message} Your local changes are kept and go at the next sync.` };
  }
  return { ...counts, result: 'failed', message: (explained as Error).message };
}

/**
 * Items the pull found changed on both sides: merged field by field and block by block,
 * what cannot be merged kept as a conflict with the remote version; items deleted here for
 * good are left to the remote. One the site no longer lets this account edit is kept as such,
 * and told (the sentences returned).
 */
async function recordPullConflicts(ctx: RunState, account: RemoteAccount, pulled: PullReport): Promise<string[]> {
  const { map, local } = ctx.workspace;
  const told: string[] = [];
  for (const conflict of pulled.conflicts) {
    if (conflict.reason === 'deleted_locally') {
      // Deleted here, changed there: the remote's change wins, and the item comes back at the next pull.
      map.removeItem(conflict.kind, conflict.remoteId);
      continue;
    }
    const { item, refused } = await ctx.remote.readForConflict(conflict.kind, conflict.remoteId);
    const mapped = map.item(conflict.kind, conflict.remoteId);
    if (refused) told.push(keepRefused(ctx, account, { ...conflict, title: local.item(conflict.localId)?.title ?? '' }, item));
    else if (!item || !mapped || (await mergeItem(ctx, mapped, item)) === 'unmergeable') ctx.conflicts.save(conflict.kind, conflict.localId, conflict.remoteId, item);
  }
  return told;
}

async function run(ctx: RunState, report: (progress: SyncProgress) => void, { onSiteDetails, onRights }: SyncOptions): Promise<string[]> {
  const { workspace, retry, signal } = ctx;
  signal?.throwIfAborted();
  report({ phase: 'pull', done: 0, total: 0, step: 'Reading changes from the site' });
  const account = await withRetry(retry, signal, () => readAccount(workspace, signal));
  onRights?.(account.rights);
  // The copy's dates read in the site's zone as it is now, even when it was changed on the site.
  const index = await withRetry(retry, signal, () => workspace.remote.request('GET', indexApi.index(), { signal }));
  const details = siteDetailsOf({ ...index.body }, workspace.entry.name);
  await workspace.local.keepSiteDetails(details);
  onSiteDetails?.(details);
  const unsynced = await withRetry(retry, signal, () => unsyncedTypes(workspace.remote, workspace.entry.contentNamespace));
  const kinds = ITEM_KINDS.filter((kind) => account.may('edit_posts', kind));
  if (kinds.length === 0) {
    throw new RemoteSiteError('not_allowed', `${account.described} may not edit posts or pages on ${new URL(workspace.entry.apiRoot).host}, so there is nothing it can sync. Connect with an author, editor or administrator account.`, 403);
  }
  // Creates whose answer was lost last time are looked for first: the pull would take them for new remote items.
  await recoverCreates(ctx, ctx.journal.pending());
  // Each read of the pull is retried; a pull the network still cuts short starts again from its cursor at the next run.
  const pulled = await pullSite(workspace, {
    signal, kinds, retry, mirror: ctx.mirror, onApplied: () => ctx.tally.pulled++,
    onFetched: (fetched) => report({ phase: 'pull', done: fetched, total: 0, step: `Reading changes from the site (${fetched} items read)` }),
  });
  const refused = await recordPullConflicts(ctx, account, pulled);
  report({ phase: 'pull', done: pulled.fetched, total: pulled.fetched, step: 'Changes read' });

  signal?.throwIfAborted();
  const media = await ctx.mediaPuller.pull((done, total) => report({ phase: 'media', done, total, step: `Copying media here (${done} of ${total})` }));

  const pushed = await pushSite(ctx, account, (done, total) => report({ phase: 'push', done, total, step: `Sending changes (${done} of ${total})` }));
  return [
    ...(pulled.notAllowed ?? []).map((kind) => `${account.described} may not edit ${itemsNoun(kind)} on the site, so ${itemsNoun(kind)} are not synced. To sync them, connect with an editor or administrator account.`),
    ...pulled.failures.map((failure) => `${itemLabel(failure.kind, failure.title, failure.remoteId)} of the site could not be copied here: ${failure.message}`),
    ...refused, ...media.failures, ...pushed.failures, ...ctx.terms.problems, unsynced,
  ].filter(Boolean);
}

/** The retry policy, telling the user while it waits: the step shown says the site is not answering. */
function tellingRetries(policy: RetryPolicy, current: () => SyncProgress, report: (progress: SyncProgress) => void): RetryPolicy {
  let waits = 0;
  return {
    ...policy,
    sleep: async (ms, signal) => {
      const shown = current();
      waits++;
      report({ ...shown, step: `${shown.step} — the site is not answering; trying again in ${Math.max(1, Math.round(ms / 1000))} s (${count(waits, 'retry', 'retries')} so far)` });
      await policy.sleep(ms, signal);
      report(shown);
    },
  };
}

export async function syncSite(workspace: RemoteWorkspace, options: SyncOptions = {}): Promise<SyncRunSummary> {
  const { db } = workspace.map;
  const runId = startRun(db);
  let last: SyncProgress = { phase: 'pull', done: 0, total: 0, step: 'Starting' };
  const report = (progress: SyncProgress) => {
    last = progress;
    options.onProgress?.(progress);
  };
  const ctx = openRun(workspace, { ...options, retry: tellingRetries(options.retry ?? DEFAULT_RETRY, () => last, (progress) => options.onProgress?.(progress)) });
  try {
    const problems = await run(ctx, report, options);
    const counts = countsOf(ctx);
    report({ phase: 'done', done: 1, total: 1, step: 'Done' });
    const changed = ctx.conflicts.all().filter((conflict) => conflict.reason === 'changed').length;
    const message = [changed ? `${count(changed, 'item')} changed on both sides: choose which version to keep.` : '', ...problems].filter(Boolean).join('\n');
    return finishRun(db, runId, { ...counts, result: counts.conflicts ? 'conflicts' : 'ok', message });
  } catch (error) {
    return finishRun(db, runId, failureOutcome(error, workspace, countsOf(ctx)));
  }
}

/** The latest runs first. */
export function lastSyncRuns(workspace: RemoteWorkspace, limit = 20): SyncRunSummary[] {
  return recentRuns(workspace.map.db, limit);
}
