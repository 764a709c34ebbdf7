// The categories and tags that pulled posts use, copied into the local site under ids of
// its own and linked to their remote ids (never copied under the remote ids: a term made
// here may hold the same number). A local term of the same slug that is not linked yet is
// the same term, linked rather than copied, as the push finds remote terms by slug. Only
// terms not linked before are fetched (by id), with their parents, and copied parents first.
import type { SiteClient } from '../../shared/site-client.ts';
import type { Store } from '../../server/store/db.ts';
import { createTerm, listTerms, termSlugTaken } from '../../server/store/terms.ts';
import { uniqueSlug } from '../../server/content/slugs.ts';
import type { RemoteItem } from './remote-item.ts';
import type { SyncMap } from './sync-map.ts';
import { PAGE_SIZE } from './paged-list.ts';
import { contentRoutes } from '../../shared/api-routes.ts';

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

function copyTerm(store: Store, map: SyncMap, taxonomy: string, term: RemoteTerm): void {
  const [sameSlug] = listTerms(store, { taxonomy, slugs: [term.slug], orderby: 'id', order: 'asc', limit: 1, offset: 0 }).rows;
  if (sameSlug && map.remoteTermOf(taxonomy, sameSlug.id) === undefined) {
    map.linkTerm(taxonomy, sameSlug.id, term.id);
    return;
  }
  const slug = uniqueSlug(term.slug, (candidate) => termSlugTaken(store, taxonomy, candidate));
  const parent = term.parent ? map.localTermOf(taxonomy, term.parent) ?? 0 : 0;
  map.linkTerm(taxonomy, createTerm(store, { taxonomy, name: term.name, slug, parent, description: term.description ?? '' }), term.id);
}

export async function mirrorTerms(client: SiteClient, namespace: string, store: Store, map: SyncMap, items: readonly RemoteItem[]): Promise<void> {
  for (const { field, taxonomy } of TAXONOMIES) {
    const fetched = new Map<number, RemoteTerm>();
    const known = (id: number) => fetched.has(id) || map.localTermOf(taxonomy, id) !== undefined;
    let wanted = [...new Set(items.flatMap((item) => item[field] ?? []))].filter((id) => !known(id));
    while (wanted.length > 0) {
      const round: RemoteTerm[] = [];
      for (let start = 0; start < wanted.length; start += PAGE_SIZE) {
        const include = wanted.slice(start, start + PAGE_SIZE);
        round.push(...(await client.get<RemoteTerm[]>(contentRoutes(namespace).terms(field), { include, per_page: PAGE_SIZE })));
      }
      round.forEach((term) => fetched.set(term.id, term));
      // Terms the remote did not return (deleted, or not visible) are not asked again in this pull.
      wanted = [...new Set(round.map((term) => term.parent ?? 0))].filter((id) => id !== 0 && !known(id));
    }
    // The local terms and their links are written together (two databases, one after the other).
    map.db.transaction(() => store.transaction(() => {
      let waiting = [...fetched.values()];
      while (waiting.length > 0) {
        const ready = waiting.filter((term) => !term.parent || !waiting.some((other) => other.id === term.parent));
        // A cycle (a remote gone wrong) must not hold the copy forever.
        const round = ready.length > 0 ? ready : waiting;
        round.forEach((term) => copyTerm(store, map, taxonomy, term));
        waiting = waiting.filter((term) => !round.includes(term));
      }
    }))();
  }
}
