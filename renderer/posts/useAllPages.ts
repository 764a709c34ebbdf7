// Every page of the site (100 at a time), for the page tree and the parent picker, and the
// pages in tree order with their depth.
import { useQuery } from '@tanstack/react-query';
import type { Post } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { api } from '../../shared/api-routes.ts';
import { everyPage } from '../../shared/site-client.ts';
import type { ListStatuses } from './usePostList.ts';
import { treeRows } from './tree-moves.ts';

export const ALL_PAGE_STATUSES: ListStatuses = ['publish', 'future', 'draft', 'pending', 'private'];

export function useAllPages(statuses: ListStatuses) {
  const client = useClient();
  return useQuery({
    queryKey: ['page-tree', statuses],
    // A page's status or title may have changed in the editor, a batch or a sync since the tree was last shown.
    refetchOnMount: 'always',
    queryFn: (): Promise<Post[]> => everyPage((page) => client.list(api.posts('pages'), { context: 'edit', status: statuses, per_page: 100, page, _fields: 'id,title,status,date,parent,menu_order,modified_gmt' })),
  });
}

function byOrder(a: Post, b: Post): number {
  return (a.menu_order ?? 0) - (b.menu_order ?? 0) || (a.title.raw ?? '').localeCompare(b.title.raw ?? '');
}

/** Children of each page in this set, in menu order; a page whose parent is not in the set hangs at the top (0). */
export function childrenOf(pages: readonly Post[]): Map<number, Post[]> {
  const ids = new Set(pages.map((page) => page.id));
  const children = new Map<number, Post[]>();
  for (const page of pages) {
    const parent = page.parent && ids.has(page.parent) ? page.parent : 0;
    children.set(parent, [...(children.get(parent) ?? []), page]);
  }
  for (const list of children.values()) list.sort(byOrder);
  return children;
}

/** The pages in tree order with their depth, leaving out `without` and everything below it. */
export function inTreeOrder(pages: readonly Post[], without: number | null = null): { page: Post; depth: number }[] {
  return treeRows(childrenOf(pages), without).filter((row) => row.page.id !== without);
}
