// An empty list (or page tree) says why, and what to do next.
import { navigate, type PostKind } from '../routing/routes.ts';

export function EmptyList({ kind, tab, search }: { kind: PostKind; tab: string; search: string }) {
  const noun = kind === 'pages' ? 'page' : 'post';
  if (search !== '') return <div className="empty-state"><p>Nothing matches “{search}” here.</p><p className="muted">Try other words, or another tab.</p></div>;
  if (tab === 'Trash') return <div className="empty-state"><p>The trash is empty.</p></div>;
  return (
    <div className="empty-state">
      <p>{tab === 'All' ? `No ${kind} yet.` : `No ${kind} in “${tab}”.`}</p>
      <button type="button" className="primary" onClick={() => navigate({ screen: 'edit', kind, id: null })}>{tab === 'All' ? `Write your first ${noun}` : `Write a new ${noun}`}</button>
    </div>
  );
}
