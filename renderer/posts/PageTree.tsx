// Pages as a tree by parent and menu order.
import type { Post } from '../../shared/site-types.ts';
import { href } from '../routing/routes.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { statusName } from './status-name.ts';
import { childrenOf, useAllPages } from './useAllPages.ts';

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
  const query = useAllPages(statuses);
  if (query.error) return <ErrorNotice error={query.error} />;
  if (!query.data) return <p className="muted">Loading pages…</p>;
  if (query.data.length === 0) return <p className="muted">No pages here yet.</p>;
  return <Branch parent={0} children={childrenOf(query.data)} />;
}
