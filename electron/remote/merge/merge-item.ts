// One item changed on both sides since the base, merged (merge.ts): what changed only here
// is sent, guarded by the remote version just read; the remote's answer (the merged item)
// becomes the local version and the new base. Fields or blocks changed on both sides to
// different values make a conflict that names them, unless the writer picked a side for
// each. Items without a base (mapped before bases were kept), trashed on either side, or
// with unsaved autosaved words here are left to the whole-item conflict.
import type { LocalWriting } from '../../../server/local-copy/index.ts';
import { planMerge, sendWithPicks, type Picks } from './merge.ts';
import type { RunState } from '../run.ts';
import { versionOf, type RemoteItem } from '../client/remote-item.ts';
import { isStale } from '../client/remote-items.ts';
import type { MappedItem } from '../store/sync-map.ts';

/** merged: both sides hold the merge; conflict: kept for the writer; stale: the remote changed again (a conflict with its newest version); unmergeable: see above. */
export type MergeOutcome = 'merged' | 'conflict' | 'stale' | 'unmergeable';

export async function mergeItem(ctx: RunState, mapped: MappedItem, remoteNow: RemoteItem, picks?: Picks): Promise<MergeOutcome> {
  const { local } = ctx.workspace;
  const row = local.item(mapped.localId);
  const localNow = local.writing(mapped.localId);
  if (!row || !localNow || !mapped.localBase || !mapped.remoteBase) return 'unmergeable';
  if (localNow.status === 'trash' || remoteNow.status === 'trash' || local.unsavedAutosave(row)) return 'unmergeable';
  const outgoing = await ctx.outgoing.prepare(mapped.kind, mapped.localId);
  const plan = planMerge({
    kind: mapped.kind, localBase: JSON.parse(mapped.localBase) as LocalWriting, localNow,
    remoteBase: JSON.parse(mapped.remoteBase) as Record<string, unknown>, remoteNow: remoteNow as unknown as Record<string, unknown>, outgoing: outgoing.fields,
  });
  if (plan.conflicts.length > 0 && !picks) {
    ctx.conflicts.save(mapped.kind, mapped.localId, mapped.remoteId, remoteNow, 'changed', plan.conflicts);
    return 'conflict';
  }
  const send = sendWithPicks(plan, outgoing.fields, picks);
  let merged = remoteNow;
  if (Object.keys(send).length > 0) {
    const result = await ctx.remote.update(mapped.kind, mapped.remoteId, send, versionOf(remoteNow));
    if (isStale(result)) {
      ctx.conflicts.save(mapped.kind, mapped.localId, mapped.remoteId, result.current);
      return 'stale';
    }
    merged = result;
    ctx.tally.sent++;
  }
  // The local item takes the merge as the remote holds it: fields taken from there, and what was sent, as the remote normalised it.
  await ctx.mirror.apply(mapped.kind, merged, true);
  ctx.conflicts.removeItem(mapped.kind, mapped.remoteId);
  return 'merged';
}
