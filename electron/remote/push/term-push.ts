// The remote ids of a local item's categories and tags. Terms copied from the remote are
// linked to their remote ids; a term made here is found on the remote by its slug, or
// created there (with its parent first), and linked; a try after a lost answer looks again,
// one not answered in time ends the run. A term the remote will not take (the account may
// not create terms) is left out of the item and reported.
import type { LocalCopy } from '../../../server/local-copy/index.ts';
import { answeredInTime, causeOf, endsTheRun, withRetry, type RetryPolicy } from '../client/retry.ts';
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
    const signal = this.signal;
    try {
      const parent = taxonomy === 'category' && term.parent ? { parent: (await this.remoteId(field, taxonomy, term.parent)) ?? 0 } : {};
      const body = { name: term.name, slug: term.slug, description: term.description, ...parent };
      // Looked for again before each try: a create whose answer was cut may have made it (the remote would refuse a second).
      const remoteId = await withRetry(this.retry, signal, async () => {
        const [found]: RemoteTerm[] = (await this.workspace.remote.request('GET', route, { query: { slug: term.slug, _fields: 'id' }, signal })).body;
        return found?.id ?? (await this.workspace.remote.request('POST', route, { body, signal })).body.id;
      }, answeredInTime);
      this.map.linkTerm(taxonomy, localId, remoteId);
      return remoteId;
    } catch (error) {
      if (endsTheRun(error)) throw error;
      this.problems.add(`The ${taxonomy === 'category' ? 'category' : 'tag'} "${term.name}" could not be created on the site (${causeOf(error)}); items were sent without it.`);
      return null;
    }
  }
}
