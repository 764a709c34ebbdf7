// Pull: the remote's posts, pages and synced patterns (wp_block), in every status this account may see, into the
// local copy. The first pull reads everything; later ones read what changed since the
// last (modified_after, on the remote's clock), then compare a cheap list of every id
// (with its modified date and status) with the mapping: ids that disappeared were deleted
// remotely, and ids missing or out of date locally (a failed write, an item created while
// the pages were read, a status changed without a new modified date) are fetched by id.
// Featured images are kept as remote ids in the mapping; media-pull.ts brings the files.
import { SiteError } from '../../../shared/site-client.ts';
import { explainSiteError } from '../client/errors.ts';
import { LocalMirror, type ConflictReason, type Outcome } from './local-mirror.ts';
import { causeOf, DEFAULT_RETRY, endsTheRun, type RetryPolicy } from '../client/retry.ts';
import { retryingReads } from '../client/retrying-reads.ts';
import { oneAtATime, PAGE_CONCURRENCY, PAGE_SIZE, readAllPages, runBounded } from '../client/paged-list.ts';
import { text, type RemoteItem } from '../client/remote-item.ts';
import { ITEM_KINDS, type ItemKind, type SyncMap } from '../store/sync-map.ts';
import { mirrorTerms } from './term-mirror.ts';
import type { RemoteWorkspace } from '../workspace.ts';
import { contentRoutes, REST_BASES, type ArgsOf } from '../../../shared/api-routes.ts';

export interface PullConflict {
  kind: ItemKind;
  remoteId: number;
  localId: number;
  reason: ConflictReason;
}

export interface PullFailure {
  kind: ItemKind;
  remoteId: number;
  title: string;
  message: string;
}

export interface PullReport {
  /** Whether everything was read (first pull) or only what changed since the last. */
  full: boolean;
  /** Items whose whole content was fetched. */
  fetched: number;
  created: number;
  updated: number;
  unchanged: number;
  trashed: number;
  deleted: number;
  /** Items changed remotely but edited or deleted locally since: left as they are here. */
  conflicts: PullConflict[];
  /** Items the local copy refused; they are fetched again at the next pull. */
  failures: PullFailure[];
  /** Kinds this account may not edit on the remote, so not pulled (absent when none). */
  notAllowed?: ItemKind[];
}

export interface PullOptions {
  /** Pages of the remote list in flight at once. */
  concurrency?: number;
  /** Stops the pull between pages (what was applied stays applied and mapped). */
  signal?: AbortSignal;
  /** Told the number of items read so far, after each page. */
  onFetched?: (fetched: number) => void;
  /** Told of each item created, updated, trashed or deleted here, as it happens. */
  onApplied?: () => void;
  /** The kinds the account may edit on the remote (default: all); the others are not pulled. */
  kinds?: readonly ItemKind[];
  /** How reads that meet network trouble are tried again (default: the standard policy). */
  retry?: RetryPolicy;
  /** The run's writer into the local copy (a pull on its own makes one). */
  mirror?: LocalMirror;
}

const CURSOR = 'pull_modified_after';

interface ListedItem {
  id: number;
  modified_gmt: string;
  status: string;
}

const EPOCH = '1970-01-01T00:00:00Z';

/**
 * On the remote's clock, a time before the last pull began: anything sync creates there
 * afterwards is modified after it (what looking for a lost create filters on).
 */
export function lastPullStart(map: SyncMap): string {
  return map.getState(CURSOR) ?? EPOCH;
}

/** `modified_after` for the next pull: a second before the remote's clock when this one began, so nothing saved in that second is missed. */
function cursorFrom(remoteDate: string | null): string | null {
  const millis = remoteDate ? Date.parse(remoteDate) : NaN;
  return Number.isNaN(millis) ? null : `${new Date(millis - 1000).toISOString().slice(0, 19)}Z`;
}

/**
 * Reads a list in every status this account may list: trash too where the remote allows it.
 * A remote that does not refuses the first page with 400 (nothing read yet), and the list is
 * read again without trash: no request is spent asking first. The statuses read and the list's answer.
 */
/** Statuses a list asks for, as the posts route declares them. */
type ListedStatuses = Extract<ArgsOf<ReturnType<ReturnType<typeof contentRoutes>['posts']>, 'GET'>['status'], readonly unknown[]>;

async function withVisibleStatuses<R>(writable: readonly string[], read: (statuses: ListedStatuses) => Promise<R>): Promise<{ statuses: ListedStatuses; result: R }> {
  // The local deployment's statuses, which its posts route declares.
  const withTrash = [...writable, 'trash'] as ListedStatuses;
  try {
    return { statuses: withTrash, result: await read(withTrash) };
  } catch (error) {
    if (!(error instanceof SiteError && error.status === 400)) throw error;
    const statuses = withTrash.slice(0, -1);
    return { statuses, result: await read(statuses) };
  }
}

export async function pullSite(workspace: RemoteWorkspace, options: PullOptions = {}): Promise<PullReport> {
  const { entry, map, local } = workspace;
  // Every read of the pull is retried on its own: one reset connection never ends it, and a pull cut short starts again from its cursor.
  const remote = retryingReads(workspace.remote, options.retry ?? DEFAULT_RETRY, options.signal);
  const concurrency = options.concurrency ?? PAGE_CONCURRENCY;
  const cursor = map.getState(CURSOR);
  const report: PullReport = { full: cursor === null, fetched: 0, created: 0, updated: 0, unchanged: 0, trashed: 0, deleted: 0, conflicts: [], failures: [] };
  const mirror = options.mirror ?? new LocalMirror(local, map);
  let nextCursor: string | null = null;

  const count = (kind: ItemKind, remoteId: number, outcome: Outcome) => {
    if (outcome.outcome === 'conflict') {
      report.conflicts.push({ kind, remoteId, localId: map.item(kind, remoteId)!.localId, reason: outcome.reason });
    } else {
      report[outcome.outcome]++;
      if (outcome.outcome !== 'unchanged') options.onApplied?.();
    }
  };

  const pullKind = async (kind: ItemKind) => {
    const route = contentRoutes(entry.contentNamespace).posts(REST_BASES[kind]);
    const fetchedIds = new Set<number>();
    const applyPage = oneAtATime(async (items: RemoteItem[]) => {
      options.signal?.throwIfAborted();
      report.fetched += items.length;
      await mirrorTerms(remote, entry.contentNamespace, local, map, items);
      for (const item of items) {
        fetchedIds.add(item.id);
        try {
          count(kind, item.id, await mirror.apply(kind, item));
        } catch (error) {
          if (endsTheRun(error)) throw error;
          report.failures.push({ kind, remoteId: item.id, title: text(item.title), message: causeOf(error) });
        }
      }
      options.onFetched?.(report.fetched);
    });

    const changed = (status: ListedStatuses) => ({ context: 'edit', status, orderby: 'id', order: 'asc', modified_after: cursor ?? undefined } as const);
    const { statuses, result: { remoteDate } } = await withVisibleStatuses(local.writableStatuses, (status) => readAllPages(remote, route, changed(status), concurrency, applyPage));
    nextCursor ??= cursorFrom(remoteDate);

    // Listed after the changes were read, so an item created meanwhile is fetched below, never taken for deleted.
    const listed = new Map<number, ListedItem>();
    await readAllPages(remote, route, { context: 'edit', status: statuses, orderby: 'id', order: 'asc', _fields: 'id,modified_gmt,status' }, concurrency, async (items: ListedItem[]) => {
      for (const item of items) listed.set(item.id, item);
    });
    const stale = [...listed.values()].filter((item) => {
      const mapped = map.item(kind, item.id);
      return !fetchedIds.has(item.id) && (!mapped || mapped.remoteModifiedGmt !== item.modified_gmt || mapped.remoteStatus !== item.status);
    }).map((item) => item.id);
    const chunks = Math.ceil(stale.length / PAGE_SIZE);
    await runBounded(chunks, concurrency, async (index) => {
      const include = stale.slice(index * PAGE_SIZE, (index + 1) * PAGE_SIZE);
      const page: RemoteItem[] = await remote.get(route, { context: 'edit', status: statuses, include, per_page: PAGE_SIZE });
      await applyPage(page);
    });

    for (const mapped of map.items(kind)) {
      if (!listed.has(mapped.remoteId)) count(kind, mapped.remoteId, await mirror.removeGone(mapped));
    }
  };

  try {
    const refusals: unknown[] = [];
    for (const kind of ITEM_KINDS) {
      if (options.kinds && !options.kinds.includes(kind)) {
        (report.notAllowed ??= []).push(kind);
        continue;
      }
      try {
        await pullKind(kind);
      } catch (error) {
        // A site without synced patterns (no such route) has none to sync.
        if (kind === 'wp_block' && error instanceof SiteError && error.status === 404) continue;
        // An account that may edit posts but not pages (an author) syncs its posts.
        if (!(error instanceof SiteError && error.status === 403)) throw error;
        refusals.push(error);
        (report.notAllowed ??= []).push(kind);
      }
    }
    if (refusals.length > 0 && report.notAllowed?.length === ITEM_KINDS.length) throw refusals[0];
  } catch (error) {
    throw explainSiteError(error, entry.apiRoot);
  }
  await mirror.linkParents((mapped, error) => {
    if (endsTheRun(error)) throw error;
    report.failures.push({ kind: 'page', remoteId: mapped.remoteId, title: local.item(mapped.localId)?.title ?? '', message: causeOf(error) });
  });
  if (nextCursor) map.setState(CURSOR, nextCursor);
  return report;
}
