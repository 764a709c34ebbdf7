// Pages as a tree by parent and menu order. All pages are fetched (100 at a time).
import { useQuery } from '@tanstack/react-query';
import type { Post } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { href } from '../app/routes.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { statusName } from './status-name.ts';

function byOrder(a: Post, b: Post): number {
  return (a.menu_order ?? 0) - (b.menu_order ?? 0) || (a.title.raw ?? '').localeCompare(b.title.raw ?? '');
}

function Branch({ parent, children }: { parent: number; children: Map<number, Post[]> }) {
  const pages = children.get(parent) ?? [];
  if (pages.length === 0) return null;
  return (
    <ul className="tree" role={parent === 0 ? 'tree' : 'group'} aria-label={parent === 0 ? 'Page tree' : undefined}>
      {pages.map((page) => (
        <li key={page.id} role="treeitem" aria-expanded={children.has(page.id) ? true : undefined}>
          <a href={href({ screen: 'edit', kind: 'pages', id: page.id })}>{page.title.raw || '(no title)'}</a>
          <span className="muted"> · {statusName(page.status)}</span>
          <Branch parent={page.id} children={children} />
        </li>
      ))}
    </ul>
  );
}

export function PageTree({ statuses }: { statuses: string }) {
  const client = useClient();
  const query = useQuery({
    queryKey: ['page-tree', statuses],
    queryFn: async () => {
      const all: Post[] = [];
      for (let page = 1, pages = 1; page <= pages; page++) {
        const result = await client.list<Post>('cms/v2/pages', { context: 'edit', status: statuses, per_page: 100, page, _fields: 'id,title,status,parent,menu_order' });
        all.push(...result.items);
        pages = result.totalPages;
      }
      return all;
    },
  });
  if (query.error) return <ErrorNotice error={query.error} />;
  if (!query.data) return <p className="muted">Loading pages…</p>;
  const ids = new Set(query.data.map((page) => page.id));
  const children = new Map<number, Post[]>();
  for (const page of query.data) {
    // A page whose parent is not in this view hangs at the top, so it is never hidden.
    const parent = page.parent && ids.has(page.parent) ? page.parent : 0;
    children.set(parent, [...(children.get(parent) ?? []), page]);
  }
  for (const list of children.values()) list.sort(byOrder);
  return <Branch parent={0} children={children} />;
}
