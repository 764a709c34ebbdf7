// Reads and writes of posts and pages on the remote, each retried on network trouble, and
// every write of an existing item guarded so that it never overwrites a change made there
// since we last saw the item: by reading it again just before writing and comparing its
// version (modified date and fingerprint), then with If-Unmodified-Since on sites that
// honour preconditions (they send ETags, and answer 412 to a stale write), else by
// checking its revisions afterwards.
import { SiteError, type ClientResponse, type QueryFor, type SubRequest, type TypedOptions } from '../../../shared/site-client.ts';
import type { BatchResult, PostWrite } from '../../../shared/site-types.ts';
import { httpDate } from '../../../shared/dates.ts';
import { isItemRefusal } from './errors.ts';
import { isVersion, text, type RemoteItem, type RemoteVersion } from './remote-item.ts';
import { endsTheRun, withRetry, type RetryPolicy } from './retry.ts';
import { listAllPages } from './paged-list.ts';
import type { ItemKind } from '../store/sync-map.ts';
import type { RemoteWorkspace } from '../workspace.ts';
import { contentRoutes, REST_BASES, type AnswerOf, type ArgsOf, type Method, type PathFor } from '../../../shared/api-routes.ts';

/** A revision of an item as a remote answers it: what tells whose writing it holds. */
type RemoteRevision = Pick<RemoteItem, 'id' | 'slug' | 'title' | 'content' | 'excerpt'>;

/** The remote changed the item since `expected`: nothing was written. */
export interface Stale {
  stale: true;
  /** The remote's current version; null when it is gone. */
  current: RemoteItem | null;
}

const CONDITIONAL_STATE = 'remote_preconditions';

function isGone(error: unknown): boolean {
  return error instanceof SiteError && (error.status === 404 || error.status === 410);
}

export class RemoteItems {
  constructor(
    private readonly workspace: RemoteWorkspace,
    private readonly retry: RetryPolicy,
    private readonly signal?: AbortSignal,
  ) {}

  /** The collection of `kind` on the remote. */
  route(kind: ItemKind) {
    return contentRoutes(this.workspace.entry.contentNamespace).posts(REST_BASES[kind]);
  }

  private itemRoute(kind: ItemKind, id: number) {
    return contentRoutes(this.workspace.entry.contentNamespace).post(REST_BASES[kind], id);
  }

  /** `once`: a create, which is not safe to send again blindly (the caller recovers, then retries). */
  private async send<M extends Method, P extends PathFor<M>, B extends ArgsOf<P, M>, Q extends QueryFor<P, M>>(
    method: M, route: P, options: TypedOptions<M, ArgsOf<P, M>, B, Q> & { once?: boolean },
  ): Promise<ClientResponse<AnswerOf<P, M>>> {
    const { once, ...sent } = options;
    // The options are the route's own (checked at each call): only the signal is added.
    const request = () => this.workspace.remote.request(method, route, { ...sent, signal: this.signal } as TypedOptions<M, ArgsOf<P, M>, B, Q>);
    const response = await (once ? request() : withRetry(this.retry, this.signal, request));
    // Item answers (not lists) tell whether the site honours preconditions: ours send an ETag with each.
    if (!Array.isArray(response.body) && this.honoursPreconditions() === null) {
      this.workspace.map.setState(CONDITIONAL_STATE, response.headers.has('etag') ? 'yes' : 'no');
    }
    return response;
  }

  private honoursPreconditions(): boolean | null {
    const known = this.workspace.map.getState(CONDITIONAL_STATE);
    return known === null ? null : known === 'yes';
  }

  /** The item in edit context, or null when the remote no longer has it (or hides it). */
  async read(kind: ItemKind, id: number): Promise<RemoteItem | null> {
    try {
      return (await this.send('GET', this.itemRoute(kind, id), { query: { context: 'edit' } })).body;
    } catch (error) {
      if (isGone(error)) return null;
      throw error;
    }
  }

  /**
   * The item as this account may see it, for a conflict: in edit context, else (the remote
   * refuses this account the item's edit view: published by an editor, given to another
   * author) as any reader sees it, rendered, with `refused` set; null when it is gone or
   * hidden from this account.
   */
  async readForConflict(kind: ItemKind, id: number): Promise<{ item: RemoteItem | null; refused: boolean }> {
    try {
      return { item: await this.read(kind, id), refused: false };
    } catch (error) {
      if (!isItemRefusal(error)) throw error;
    }
    try {
      return { item: (await this.send('GET', this.itemRoute(kind, id), {})).body, refused: true };
    } catch (error) {
      if (isGone(error) || isItemRefusal(error)) return { item: null, refused: true };
      throw error;
    }
  }

  async create(kind: ItemKind, body: PostWrite): Promise<RemoteItem> {
    return (await this.send('POST', this.route(kind), { body, once: true })).body;
  }

  /** Creates through the batch route, sent once like `create`: the answers keep the requests' order. */
  batch(requests: readonly SubRequest<RemoteItem>[]): Promise<BatchResult<RemoteItem>[]> {
    return this.workspace.remote.batch(requests, this.signal);
  }

  /** Lists every item the query matches, in edit context, page after page. */
  listAll(kind: ItemKind, query: Record<string, string>): Promise<RemoteItem[]> {
    return withRetry(this.retry, this.signal, () => listAllPages(this.workspace.remote, this.route(kind), { context: 'edit', ...query }));
  }

  /** Updates the item unless it changed since `expected` (its modified_gmt when we last saw it). */
  update(kind: ItemKind, id: number, body: PostWrite, expected: RemoteVersion): Promise<RemoteItem | Stale> {
    return this.guarded(kind, id, expected, (headers) => this.send('POST', this.itemRoute(kind, id), { body, headers }), true);
  }

  /** Moves the item to the remote's trash (never a forced delete) unless it changed since `expected`. */
  trash(kind: ItemKind, id: number, expected: RemoteVersion): Promise<RemoteItem | Stale> {
    return this.guarded(kind, id, expected, async (headers) => {
      try {
        const trashed = await this.send('DELETE', this.itemRoute(kind, id), { headers });
        // Not forced, the answer is the item in the trash (a forced one would say what it deleted).
        return { ...trashed, body: 'previous' in trashed.body ? trashed.body.previous : trashed.body };
      } catch (error) {
        // Trashed there already: the wanted state.
        if (!(error instanceof SiteError && error.code === 'rest_already_trashed')) throw error;
        const current = await this.read(kind, id);
        if (!current) throw error;
        return { body: current, status: 200, headers: new Headers() };
      }
    }, false);
  }

  /**
   * The item is read just before the write and compared with the version expected. On a
   * site without preconditions that leaves a window: a change landing there between the
   * read and the write is overwritten. It cannot be closed, but it shows afterwards in the
   * item's revisions (`textual`: the write makes one); then the other writer's text is put
   * back and the item is reported stale.
   */
  private async guarded(kind: ItemKind, id: number, expected: RemoteVersion, write: (headers: Record<string, string>) => Promise<ClientResponse<RemoteItem>>, textual: boolean): Promise<RemoteItem | Stale> {
    // Read first everywhere: If-Unmodified-Since has whole seconds, and a change within the second is told only by the fingerprint.
    const current = await this.read(kind, id);
    if (!current || !isVersion(current, expected)) return { stale: true, current };
    let revisionBefore: number | null = null;
    if (this.honoursPreconditions() !== true && textual) revisionBefore = (await this.revisions(kind, id, 10))?.[0]?.id ?? 0;
    let written: RemoteItem;
    try {
      written = (await write({ 'if-unmodified-since': httpDate(expected.modifiedGmt) })).body;
    } catch (error) {
      if (error instanceof SiteError && error.status === 412) return { stale: true, current: await this.read(kind, id) };
      if (isGone(error)) return { stale: true, current: null };
      throw error;
    }
    if (revisionBefore === null) return written;
    const overwritten = await this.overwrittenRevision(kind, id, revisionBefore, written);
    if (!overwritten) return written;
    const restored = await this.send('POST', this.itemRoute(kind, id), {
      body: { title: text(overwritten.title), content: text(overwritten.content), excerpt: text(overwritten.excerpt) },
    });
    return { stale: true, current: restored.body };
  }

  /** The item's latest revisions, newest first (autosaves aside); null where the remote keeps none or shows none. */
  private async revisions(kind: ItemKind, id: number, count: number): Promise<RemoteRevision[] | null> {
    try {
      const listed = (await this.send('GET', contentRoutes(this.workspace.entry.contentNamespace).revisions(REST_BASES[kind], id), {
        query: { context: 'edit', orderby: 'id', order: 'desc', per_page: count },
      })).body;
      return listed.filter((revision) => !revision.slug.includes('-autosave-'));
    } catch (error) {
      if (endsTheRun(error)) throw error;
      return null;
    }
  }

  /** Another writer's revision made after `since` and before our write, if any (the latest of them). */
  private async overwrittenRevision(kind: ItemKind, id: number, since: number, written: RemoteItem): Promise<RemoteRevision | null> {
    const recent = (await this.revisions(kind, id, 20)) ?? [];
    const ours = (revision: RemoteRevision) => (['title', 'content', 'excerpt'] as const).every((field) => text(revision[field]) === text(written[field]));
    return recent.find((revision) => revision.id > since && !ours(revision)) ?? null;
  }
}

export function isStale(result: RemoteItem | Stale): result is Stale {
  return 'stale' in result;
}
