// The categories and tags that pulled posts use, copied into the local site under their
// remote ids, so a post's term ids mean the same on both sides. Only terms not copied
// before are fetched (by id), with their parents.
import type { SiteClient } from '../../shared/site-client.ts';
import type { Store } from '../../server/store/db.ts';
import { getTerm, putTerm, termSlugTaken } from '../../server/store/terms.ts';
import { uniqueSlug } from '../../server/content/slugs.ts';
import type { RemoteItem } from './remote-item.ts';
import type { SyncMap } from './sync-map.ts';
import { PAGE_SIZE } from './paged-list.ts';

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

/** Keeps the remote slug unless a different local term holds it (one made here, not copied). */
function copyTerm(store: Store, taxonomy: string, term: RemoteTerm): void {
  const current = getTerm(store, term.id, taxonomy);
  const slug = uniqueSlug(term.slug, (candidate) => candidate !== current?.slug && termSlugTaken(store, taxonomy, candidate));
  putTerm(store, { id: term.id, taxonomy, name: term.name, slug, parent: term.parent ?? 0, description: term.description ?? '' });
}

export async function mirrorTerms(client: SiteClient, namespace: string, store: Store, map: SyncMap, items: readonly RemoteItem[]): Promise<void> {
  for (const { field, taxonomy } of TAXONOMIES) {
    const known = (id: number) => map.hasTerm(taxonomy, id) || map.localTermOf(taxonomy, id) !== undefined;
    let wanted = [...new Set(items.flatMap((item) => item[field] ?? []))].filter((id) => !known(id));
    while (wanted.length > 0) {
      const fetched: RemoteTerm[] = [];
      for (let start = 0; start < wanted.length; start += PAGE_SIZE) {
        const include = wanted.slice(start, start + PAGE_SIZE);
        fetched.push(...(await client.get<RemoteTerm[]>(`${namespace}/${field}`, { include, per_page: PAGE_SIZE })));
      }
      store.transaction(() => fetched.forEach((term) => copyTerm(store, taxonomy, term)));
      fetched.forEach((term) => map.addTerm(taxonomy, term.id));
      // Terms the remote did not return (deleted, or not visible) are not asked again in this pull.
      wanted = [...new Set(fetched.map((term) => term.parent ?? 0))].filter((id) => id !== 0 && !known(id));
    }
  }
}
