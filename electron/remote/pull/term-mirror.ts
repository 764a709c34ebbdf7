// The categories and tags that pulled posts use, copied into the local site under ids of
// its own and linked to their remote ids (never copied under the remote ids: a term made
// here may hold the same number). A local term of the same slug that is not linked yet is
// the same term, linked rather than copied, as the push finds remote terms by slug. Only
// terms not linked before are fetched (by id), with their parents, and copied parents first,
// through the local site's term routes (its rules of names, slugs and descriptions). Each
// copy is linked as soon as it is made: a copy whose link a crash lost is the unlinked term
// of the same slug that the next pull links.
import type { SiteClient } from '../../../shared/site-client.ts';
import { LocalWriteError, type LocalCopy } from '../../../server/local-copy/index.ts';
import type { RemoteItem } from '../client/remote-item.ts';
import type { SyncMap } from '../store/sync-map.ts';
import { PAGE_SIZE } from '../client/paged-list.ts';
import { contentRoutes } from '../../../shared/api-routes.ts';

export const TAXONOMIES = [
  { field: 'categories', taxonomy: 'category' },
  { field: 'tags', taxonomy: 'post_tag' },
] as const;

interface RemoteTerm {
  id: number;
  name: string;
  slug: string;
  description?: string;
  parent?: number;
}

async function copyTerm(local: LocalCopy, map: SyncMap, taxonomy: string, term: RemoteTerm): Promise<void> {
  const sameSlug = local.termBySlug(taxonomy, term.slug);
  if (sameSlug && map.remoteTermOf(taxonomy, sameSlug.id) === undefined) {
    map.linkTerm(taxonomy, sameSlug.id, term.id);
    return;
  }
  const parent = term.parent ? map.localTermOf(taxonomy, term.parent) ?? 0 : 0;
  try {
    map.linkTerm(taxonomy, await local.addTerm(taxonomy, { name: term.name, slug: term.slug, parent, description: term.description ?? '' }), term.id);
  } catch (error) {
    // A term the local site refuses is left out of the items, as terms the remote would not show are; the next pull asks again.
    if (!(error instanceof LocalWriteError)) throw error;
  }
}

export async function mirrorTerms(client: SiteClient, namespace: string, local: LocalCopy, map: SyncMap, items: readonly RemoteItem[]): Promise<void> {
  for (const { field, taxonomy } of TAXONOMIES) {
    const fetched = new Map<number, RemoteTerm>();
    const known = (id: number) => fetched.has(id) || map.localTermOf(taxonomy, id) !== undefined;
    let wanted = [...new Set(items.flatMap((item) => item[field] ?? []))].filter((id) => !known(id));
    while (wanted.length > 0) {
      const round: RemoteTerm[] = [];
      for (let start = 0; start < wanted.length; start += PAGE_SIZE) {
        const include = wanted.slice(start, start + PAGE_SIZE);
        const listed: RemoteTerm[] = await client.get(contentRoutes(namespace).terms(field), { include, per_page: PAGE_SIZE });
        round.push(...listed);
      }
      round.forEach((term) => fetched.set(term.id, term));
      // Terms the remote did not return (deleted, or not visible) are not asked again in this pull.
      wanted = [...new Set(round.map((term) => term.parent ?? 0))].filter((id) => id !== 0 && !known(id));
    }
    let waiting = [...fetched.values()];
    while (waiting.length > 0) {
      const ready = waiting.filter((term) => !term.parent || !waiting.some((other) => other.id === term.parent));
      // A cycle (a remote gone wrong) must not hold the copy forever.
      const round = ready.length > 0 ? ready : waiting;
      for (const term of round) await copyTerm(local, map, taxonomy, term);
      waiting = waiting.filter((term) => !round.includes(term));
    }
  }
}
