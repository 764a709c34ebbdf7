// Push: what changed here since the last sync goes to the remote. New items are created
// (push-creates), local edits (a local version above the one that last matched) are sent
// as guarded updates, local trashing moves the remote item to its trash (never a forced
// delete). An item the remote changed meanwhile is not written: it becomes a conflict,
// kept with the remote version until the user chooses. Items waiting in a conflict are
// left alone. Creates left in the journal by an interrupted run are recovered before the
// pull (see sync.ts), so the pull never takes them for new remote items.
import { causeOf, endsTheRun } from '../client/retry.ts';
import { isItemRefusal } from '../client/errors.ts';
import { keepRefused } from './refusals.ts';
import { editedHere } from '../merge/local-changes.ts';
import { mergeItem } from '../merge/merge-item.ts';
import { itemLabel, itemNoun, itemsNoun } from '../item-label.ts';
import type { RemoteAccount } from '../connect/remote-account.ts';
import type { LocalItem } from '../../../server/local-copy/index.ts';
import { Creator } from './push-creates.ts';
import { recordPushed, type RunState } from '../run.ts';
import { isStale, type Stale } from '../client/remote-items.ts';
import { mappedVersion, type RemoteItem, type RemoteVersion } from '../client/remote-item.ts';
import { ITEM_KINDS, type ItemKind, type MappedItem } from '../store/sync-map.ts';
import { referToSentPatterns, unsentPatterns } from './pattern-refs.ts';

export interface PushReport {
  /** Items not sent, each with its title and why. (What was sent is counted in the run's tally.) */
  failures: string[];
}

/** Sends one local edit (or local trashing) of a mapped item, guarded by the remote version last seen. */
export async function sendChange(ctx: RunState, mapped: MappedItem, row: LocalItem, expected: RemoteVersion): Promise<RemoteItem | Stale> {
  if (row.status === 'trash') return ctx.remote.trash(mapped.kind, mapped.remoteId, expected);
  const outgoing = await ctx.outgoing.prepare(mapped.kind, row.id);
  return ctx.remote.update(mapped.kind, mapped.remoteId, outgoing.fields, expected);
}

/** Statuses that only accounts allowed to publish may give. */
const PUBLISHING = new Set(['publish', 'future', 'private']);

interface PushPlan {
  creates: { kind: ItemKind; localId: number; parent: number }[];
  changes: { mapped: MappedItem; row: LocalItem }[];
  gone: MappedItem[];
  /** Items held back for a synced pattern made here that the site does not hold yet. */
  held: { kind: ItemKind; localId: number }[];
  failures: string[];
}

/** What this push sends: items new here, items edited here, items deleted here for good; and those held back, with why. */
function planPush(ctx: RunState, account: RemoteAccount): PushPlan {
  const { map, local } = ctx.workspace;
  const plan: PushPlan = { creates: [], changes: [], gone: [], held: [], failures: [] };
  const waiting = ctx.conflicts.localIds();
  // Kinds the account may not edit are not synced at all (the pull says so).
  for (const kind of ITEM_KINDS.filter((name) => account.may('edit_posts', name))) {
    const mappings = new Map(map.items(kind).map((mapped) => [mapped.localId, mapped]));
    const present = new Set<number>();
    for (const row of local.items(kind, local.writableStatuses)) {
      present.add(row.id);
      if (waiting.has(row.id)) continue;
      const mapped = mappings.get(row.id);
      const wanted = row.status === 'trash' ? row.status_before_trash ?? 'draft' : row.status;
      // A status the site holds already is not this account's to give: whether it may still edit the item is the site's to say.
      const edited = mapped !== undefined && editedHere(local, mapped, row);
      if (PUBLISHING.has(wanted) && !account.may('publish_posts', kind) && (!mapped || (edited && mapped.remoteStatus !== wanted))) {
        plan.failures.push(`${itemLabel(kind, row.title, row.id)} was not sent to the site: ${account.described} may not publish ${itemsNoun(kind)} there. Set it to Waiting for review (as the editor calls it) to send it for review.`);
        continue;
      }
      const sending = !mapped ? row.status !== 'trash' : edited && !(row.status === 'trash' && mapped.remoteStatus === 'trash');
      // A synced pattern made here that the site does not hold yet would be a reference to nothing there.
      const [unsent] = sending && row.status !== 'trash' ? unsentPatterns(ctx.workspace, row.content) : [];
      if (unsent) {
        plan.held.push({ kind, localId: row.id });
        const pattern = `the synced pattern “${unsent.title || `#${unsent.id}`}” made on this computer`;
        const why = unsent.status === 'trash' ? `${pattern} and moved to the trash here, which the site never had: restore the pattern or take it out, and it is sent` : `${pattern}, which could not be created on the site; it is sent once the pattern is`;
        plan.failures.push(`${itemLabel(kind, row.title, row.id)} was not sent to the site: it uses ${why}.`);
      } else if (sending && !mapped) {
        plan.creates.push({ kind, localId: row.id, parent: row.parent });
      } else if (sending) {
        plan.changes.push({ mapped: mapped!, row });
      }
    }
    plan.gone.push(...[...mappings.values()].filter((mapped) => !waiting.has(mapped.localId) && !present.has(mapped.localId) && !local.item(mapped.localId)));
  }
  return plan;
}

export async function pushSite(ctx: RunState, account: RemoteAccount, onProgress: (done: number, total: number) => void): Promise<PushReport> {
  const { map } = ctx.workspace;
  const report: PushReport = { failures: [] };
  // Synced patterns made here go first, innermost first: each round creates those that name no
  // pattern still unsent, then rewrites the items naming them (an outer pattern made here among
  // them) to their ids there, which lets the next round send the patterns that held them.
  let plan = planPush(ctx, account);
  const tried = new Set<number>();
  let done = 0;
  let total = 0;
  const step = (count: number) => onProgress((done += count), total);
  for (;;) {
    const patterns = plan.creates.filter((create) => create.kind === 'wp_block' && !tried.has(create.localId));
    total += patterns.length;
    for (const { localId } of patterns) tried.add(localId);
    report.failures.push(...await new Creator(ctx, step).createAll(patterns));
    const rewritten = await referToSentPatterns(ctx.workspace, [...plan.held, ...plan.creates, ...plan.changes.map(({ mapped }) => mapped)]);
    // Planned again only when that changed what is sent (a pattern now there, an item rewritten).
    if (patterns.length === 0 && !rewritten) break;
    plan = planPush(ctx, account);
  }

  const { changes, gone, failures } = plan;
  const creates = plan.creates.filter((create) => !tried.has(create.localId));
  report.failures.push(...failures);
  total += creates.length + changes.length + gone.length;
  onProgress(done, total);

  report.failures.push(...await new Creator(ctx, step).createAll(creates));

  for (const { mapped, row } of changes) {
    ctx.signal?.throwIfAborted();
    try {
      const result = await sendChange(ctx, mapped, row, mappedVersion(mapped));
      // Changed there too since the base: merged, else a conflict.
      if (isStale(result)) {
        if (!result.current || (await mergeItem(ctx, mapped, result.current)) === 'unmergeable') ctx.conflicts.save(mapped.kind, row.id, mapped.remoteId, result.current);
      }
      else recordPushed(ctx, mapped.kind, row.id, row.version, result);
    } catch (error) {
      if (endsTheRun(error)) throw error;
      if (isItemRefusal(error)) {
        const seen = await ctx.remote.readForConflict(mapped.kind, mapped.remoteId);
        report.failures.push(keepRefused(ctx, account, { kind: mapped.kind, localId: row.id, remoteId: mapped.remoteId, title: row.title }, seen.item));
      } else {
        report.failures.push(`${itemLabel(mapped.kind, row.title, row.id)} was not sent to the site: ${causeOf(error)}`);
      }
    }
    step(1);
  }

  // Deleted for good here: moved to the remote's trash, unless it changed there (then it comes back at the next pull).
  for (const mapped of gone) {
    ctx.signal?.throwIfAborted();
    try {
      if (mapped.remoteStatus !== 'trash') {
        const result = await ctx.remote.trash(mapped.kind, mapped.remoteId, mappedVersion(mapped));
        if (!isStale(result)) ctx.tally.sent++;
      }
      map.removeItem(mapped.kind, mapped.remoteId);
    } catch (error) {
      if (endsTheRun(error)) throw error;
      report.failures.push(`${itemNoun(mapped.kind)} ${mapped.remoteId} of the site, deleted here, was not moved to the site's trash: ${causeOf(error)}`);
    }
    step(1);
  }
  return report;
}
