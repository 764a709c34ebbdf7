// Posts or pages: status tabs, search, sorting, server-side paging, selection and batch
// actions; pages can be shown as a tree.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useClient } from '../api/client-context.tsx';
import { navigate, type PostKind } from '../app/routes.ts';
import { ErrorNotice, describeError } from '../components/ErrorNotice.tsx';
import { STATUS_TABS, SORTS, ACTION_LABELS, batchRequest, type BatchAction } from '../posts/list-options.ts';
import { usePostList } from '../posts/usePostList.ts';
import { useDebounced } from '../posts/useDebounced.ts';
import { PostRows } from '../posts/PostRows.tsx';
import { BatchBar } from '../posts/BatchBar.tsx';
import { PageTree } from '../posts/PageTree.tsx';
import { count } from '../../shared/count.ts';
import { JournalNotice } from '../posts/JournalNotice.tsx';

export function PostList({ kind }: { kind: PostKind }) {
  const client = useClient();
  const queries = useQueryClient();
  const [tab, setTab] = useState(STATUS_TABS[0]);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 300);
  const [orderby, setOrderby] = useState('date');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [asTree, setAsTree] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [failures, setFailures] = useState<Map<number, string>>(new Map());
  const [outcome, setOutcome] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const list = usePostList({ kind, statuses: tab.statuses, search, orderby, order, page });
  const items = list.data?.items ?? [];
  const noun = kind === 'pages' ? 'page' : 'post';

  const chooseTab = (next: typeof tab) => {
    setTab(next);
    setPage(1);
    setSelected(new Set());
    setFailures(new Map());
  };
  const toggle = (id: number) => setSelected((current) => {
    const next = new Set(current);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const toggleAll = () => setSelected((current) => (items.every((item) => current.has(item.id)) ? new Set() : new Set(items.map((item) => item.id))));

  const runBatch = async (action: BatchAction, when?: string) => {
    const ids = [...selected];
    setBusy(true);
    setError(null);
    try {
      const results = await client.batch(ids.map((id) => batchRequest(kind, id, action, when)));
      const failed = new Map<number, string>();
      results.forEach((result, index) => {
        if (result.status >= 400) failed.set(ids[index], describeError({ message: (result.body as { message?: string }).message ?? `Error ${result.status}` }));
      });
      // Failures stay selected so that a retry is one click.
      setSelected(new Set(failed.keys()));
      setFailures(failed);
      setOutcome(`${ACTION_LABELS[action]}: ${ids.length - failed.size} done${failed.size ? `, ${failed.size} failed` : ''}.`);
      await queries.invalidateQueries({ queryKey: ['list'] });
      await queries.invalidateQueries({ queryKey: ['page-tree'] });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="screen">
      <div className="toolbar">
        <h1 style={{ margin: 0 }}>{kind === 'pages' ? 'Pages' : 'Posts'}</h1>
        <button type="button" className="primary" onClick={() => navigate({ screen: 'edit', kind, id: null })}>New {noun}</button>
        {kind === 'pages' && (
          <label><input type="checkbox" checked={asTree} onChange={(event) => setAsTree(event.target.checked)} /> Show as tree</label>
        )}
      </div>
      <JournalNotice apiRoot={client.apiRoot} kind={kind} />
      <div className="tabs" role="group" aria-label="Status">
        {STATUS_TABS.map((candidate) => (
          <button key={candidate.label} type="button" aria-pressed={candidate === tab} onClick={() => chooseTab(candidate)}>{candidate.label}</button>
        ))}
      </div>
      {asTree ? (
        <PageTree statuses={tab.statuses} />
      ) : (
        <>
          <div className="toolbar">
            <input type="search" aria-label={`Search ${kind}`} placeholder={`Search ${kind}…`} value={searchText} onChange={(event) => { setSearchText(event.target.value); setPage(1); }} />
            <label>
              Sort by{' '}
              <select value={orderby} onChange={(event) => setOrderby(event.target.value)}>
                {SORTS.map((sort) => <option key={sort.orderby} value={sort.orderby}>{sort.label}</option>)}
              </select>
            </label>
            <button type="button" onClick={() => setOrder(order === 'desc' ? 'asc' : 'desc')} aria-label={`Order ${order === 'desc' ? 'descending' : 'ascending'}`}>
              {order === 'desc' ? '↓ Newest first' : '↑ Oldest first'}
            </button>
            <span className="muted" aria-live="polite">{list.data ? count(list.data.total, noun) : 'Loading…'}</span>
          </div>
          <BatchBar tab={tab} selected={selected.size} busy={busy} onRun={runBatch} />
          {outcome && <div className="notice notice-ok" role="status">{outcome}</div>}
          <ErrorNotice error={error ?? list.error} onDismiss={error ? () => setError(null) : undefined} />
          <PostRows kind={kind} items={items} selected={selected} failures={failures} onToggle={toggle} onToggleAll={toggleAll} />
          <div className="toolbar" aria-label="Pages of results">
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
            <span>Page {page} of {Math.max(1, list.data?.totalPages ?? 1)}</span>
            <button type="button" disabled={page >= (list.data?.totalPages ?? 1)} onClick={() => setPage(page + 1)}>Next</button>
          </div>
        </>
      )}
    </div>
  );
}
