// New local items (no remote id yet) are created on the remote: through the batch route
// in chunks of the remote's advertised maximum (25 at most) where it has one, else one by
// one; pages after their parents. Each chunk is written in the journal before it is sent.
// A chunk whose answer was lost is not simply sent again: the journal's entries are first
// looked for on the remote (made after the journal's time or dated as it was sent, with the
// same visible title and text: lost-create-search.ts), and only what is not found there is
// sent. A chunk not answered in time is looked for only at the next sync: the remote may
// still be making it. An item that cannot be prepared or that the remote refuses is reported
// by its title and cause; the others go on.
import { BATCH_LIMIT, SiteError, subRequest } from '../../../shared/site-client.ts';
import type { ErrorBody } from '../../../shared/site-types.ts';
import type { PendingCreate } from '../store/journal.ts';
import type { OutgoingItem } from './outgoing.ts';
import { lastPullStart } from '../pull/pull.ts';
import { recordPushed, type RunState } from '../run.ts';
import { text, type RemoteItem } from '../client/remote-item.ts';
import { answeredInTime, causeOf, endsTheRun, withRetry } from '../client/retry.ts';
import type { ItemKind } from '../store/sync-map.ts';
import { itemLabel } from '../item-label.ts';
import { visibleText } from './visible-text.ts';
import { lostCreateCandidates } from './lost-create-search.ts';

/** Looks for journaled creates on the remote; those found are recorded, and every looked-for entry leaves the journal. */
export async function recoverCreates(ctx: RunState, entries: readonly PendingCreate[]): Promise<void> {
  const { map, local } = ctx.workspace;
  const statuses = local.writableStatuses.join(',');
  const looking = entries.filter((pending) => {
    if (!map.itemByLocalId(pending.localId)) return true;
    ctx.journal.done(pending.localId);
    return false;
  });
  for (const kind of new Set(looking.map((pending) => pending.kind))) {
    const mine = looking.filter((pending) => pending.kind === kind);
    // Every item made or changed there since, or in the second it was dated: a title search would miss what the remote normalised.
    const candidates = await lostCreateCandidates(mine, (window) => ctx.remote.listAll(kind, { status: statuses, ...window, orderby: 'id', order: 'asc' }));
    const claimed = new Set<number>();
    for (const pending of mine) {
      const title = visibleText(pending.title);
      const content = visibleText(pending.content);
      const match = candidates.find((item) => !claimed.has(item.id) && !map.item(kind, item.id)
        && visibleText(text(item.title)) === title && visibleText(text(item.content)) === content);
      if (match) {
        claimed.add(match.id);
        recordPushed(ctx, kind, pending.localId, pending.localVersion, match);
      } else {
        ctx.journal.done(pending.localId);
      }
    }
  }
}

export class Creator {
  private readonly batchSize: number;

  constructor(
    private readonly ctx: RunState,
    private readonly onSent: (count: number) => void,
  ) {
    const advertised = ctx.workspace.entry.batchMax;
    this.batchSize = advertised ? Math.max(1, Math.min(advertised, BATCH_LIMIT)) : 1;
  }

  /** Creates the items (local ids by kind), pages whose parent is new after it; returns why those not created were not. */
  async createAll(items: readonly { kind: ItemKind; localId: number; parent: number }[]): Promise<string[]> {
    const failures: string[] = [];
    let waiting = [...items];
    while (waiting.length > 0) {
      const waitingIds = new Set(waiting.map((item) => item.localId));
      const ready = waiting.filter((item) => item.kind === 'post' || !waitingIds.has(item.parent));
      // A parent that cannot be made (a cycle, a failure) does not hold its children forever.
      const round = ready.length > 0 ? ready : waiting;
      waiting = waiting.filter((item) => !round.includes(item));
      for (let start = 0; start < round.length; start += this.batchSize) {
        this.ctx.signal?.throwIfAborted();
        const slice = round.slice(start, start + this.batchSize);
        const chunk = await this.prepareAll(slice, failures);
        if (chunk.length > 0) await this.send(chunk, failures);
        this.onSent(slice.length);
      }
    }
    return failures;
  }

  private failure(kind: ItemKind, localId: number, cause: string): string {
    const title = this.ctx.workspace.local.item(localId)?.title ?? '';
    return `${itemLabel(kind, title, localId)} was not created on the site: ${cause}`;
  }

  /** The items as the remote must receive them; one that cannot be prepared is reported and left out. */
  private async prepareAll(items: readonly { kind: ItemKind; localId: number }[], failures: string[]): Promise<OutgoingItem[]> {
    const prepared = await Promise.all(items.map(async (item) => {
      try {
        return await this.ctx.outgoing.prepare(item.kind, item.localId);
      } catch (error) {
        if (endsTheRun(error)) throw error;
        failures.push(this.failure(item.kind, item.localId, causeOf(error)));
        return null;
      }
    }));
    return prepared.filter((item): item is OutgoingItem => item !== null);
  }

  private async send(chunk: OutgoingItem[], failures: string[]): Promise<void> {
    const { map } = this.ctx.workspace;
    const afterGmt = lastPullStart(map);
    this.ctx.journal.begin(chunk.map((item) => ({
      localId: item.localId, kind: item.kind, title: text(item.fields.title), content: text(item.fields.content), localVersion: item.version, afterGmt, dateGmt: item.fields.date_gmt ?? '',
    })));
    let attempt = 0;
    try {
      await withRetry(this.ctx.retry, this.ctx.signal, async () => {
        if (attempt++ > 0) {
          const mine = new Set(chunk.map((item) => item.localId));
          await recoverCreates(this.ctx, this.ctx.journal.pending().filter((pending) => mine.has(pending.localId)));
        }
        const remaining = chunk.filter((item) => !map.itemByLocalId(item.localId));
        if (remaining.length === 0) return;
        if (this.batchSize > 1) await this.sendBatch(remaining, failures);
        else for (const item of remaining) await this.sendOne(item, failures);
      }, answeredInTime);
    } catch (error) {
      if (endsTheRun(error)) throw error;
      // The remote failed the whole request: what it made, if anything, is looked for at the next sync (the journal keeps them).
      for (const item of chunk) {
        if (!map.itemByLocalId(item.localId)) failures.push(this.failure(item.kind, item.localId, causeOf(error)));
      }
    }
  }

  private async sendBatch(chunk: OutgoingItem[], failures: string[]): Promise<void> {
    const results = await this.ctx.remote.batch(chunk.map((item) => subRequest('POST', this.ctx.remote.route(item.kind), item.fields)));
    chunk.forEach((item, index) => {
      const result = results[index];
      if (result && result.status < 300) {
        recordPushed(this.ctx, item.kind, item.localId, item.version, result.body as RemoteItem);
      } else {
        this.ctx.journal.done(item.localId);
        failures.push(this.failure(item.kind, item.localId, (result?.body as ErrorBody | undefined)?.message ?? 'no answer for it in the batch'));
      }
    });
  }

  private async sendOne(item: OutgoingItem, failures: string[]): Promise<void> {
    try {
      recordPushed(this.ctx, item.kind, item.localId, item.version, await this.ctx.remote.create(item.kind, item.fields));
    } catch (error) {
      // Refused (the remote's rules): reported, and tried again at the next sync. Network trouble goes to the retry.
      if (endsTheRun(error) || !(error instanceof SiteError && error.status < 500)) throw error;
      this.ctx.journal.done(item.localId);
      failures.push(this.failure(item.kind, item.localId, error.message));
    }
  }
}
