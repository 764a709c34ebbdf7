// The remote ids of a local item's categories and tags. Terms copied from the remote are
// linked to their remote ids; a term made here is found on the remote by its slug, or
// created there (with its parent first), and linked. A term the remote will not take (the
// account may not create terms) is left out of the item and reported.
import type { LocalCopy } from '../../../server/local-copy/index.ts';
import { causeOf, endsTheRun, withRetry, type RetryPolicy } from '../client/retry.ts';
import type { SyncMap } from '../store/sync-map.ts';
import type { RemoteWorkspace } from '../workspace.ts';
import { contentRoutes } from '../../../shared/api-routes.ts';

interface RemoteTerm {
  id: number;
}

export class TermPusher {
  /** Why terms were left out, once each. */
  readonly problems = new Set<string>();
  private readonly map: SyncMap;
  private readonly local: LocalCopy;

  constructor(
    private readonly workspace: RemoteWorkspace,
    private readonly retry: RetryPolicy,
    private readonly signal?: AbortSignal,
  ) {
    this.map = workspace.map;
    this.local = workspace.local;
  }

  async remoteIds(field: string, taxonomy: string, localIds: readonly number[]): Promise<number[]> {
    const ids: number[] = [];
    for (const id of localIds) {
      const remoteId = await this.remoteId(field, taxonomy, id);
      if (remoteId !== null) ids.push(remoteId);
    }
    return ids;
  }

  private async remoteId(field: string, taxonomy: string, localId: number): Promise<number | null> {
    const linked = this.map.remoteTermOf(taxonomy, localId);
    if (linked !== undefined) return linked;
    const term = this.local.term(taxonomy, localId);
    if (!term) return null;
    const route = contentRoutes(this.workspace.entry.contentNamespace).terms(field);
    const call = <T>(method: string, options: { query?: Record<string, string>; body?: unknown }) =>
      withRetry(this.retry, this.signal, async () => (await this.workspace.remote.request<T>(method, route, { ...options, signal: this.signal })).body);
    try {
      const [found] = await call<RemoteTerm[]>('GET', { query: { slug: term.slug, _fields: 'id' } });
      const body: Record<string, unknown> = { name: term.name, slug: term.slug, description: term.description };
      if (taxonomy === 'category' && term.parent) body.parent = (await this.remoteId(field, taxonomy, term.parent)) ?? 0;
      const remoteId = found?.id ?? (await call<RemoteTerm>('POST', { body })).id;
      this.map.linkTerm(taxonomy, localId, remoteId);
      return remoteId;
    } catch (error) {
      if (endsTheRun(error)) throw error;
      this.problems.add(`The ${taxonomy === 'category' ? 'category' : 'tag'} "${term.name}" could not be created on the site (${causeOf(error)}); items were sent without it.`);
      return null;
    }
  }
}
