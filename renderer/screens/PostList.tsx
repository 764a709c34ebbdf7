// Posts or pages: status tabs, search, sorting, server-side paging (all kept in the address),
// selection across pages and batch actions whose failures are listed by title and reason;
// pages can be shown as a tree.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useClient } from '../api/client-context.tsx';
import { navigate, type PostKind } from '../routing/routes.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { describeAnswer } from '../components/error-words.ts';
import { useAction } from '../components/useAction.ts';
import { STATUS_TABS, sortsFor, ACTION_LABELS, batchRequest, type BatchAction } from '../posts/list-options.ts';
import { usePostList } from '../posts/usePostList.ts';
import { useDebounced } from '../components/useDebounced.ts';
import { PostRows } from '../posts/PostRows.tsx';
import { BatchBar } from '../posts/BatchBar.tsx';
import { PageTree } from '../posts/PageTree.tsx';
import { EmptyList } from '../posts/EmptyList.tsx';
import { count } from '../../shared/count.ts';
import { JournalNotice } from '../editor/JournalNotice.tsx';
import { keepListState, readListState } from '../posts/list-address.ts';

/** An item a batch could not change: its title (as the list showed it) and the site's reason. */
interface Failure {
  id: number;
  title: string;
  reason: string;
}

export function PostList({ kind }: { kind: PostKind }) {
  const client = useClient();
  const queries = useQueryClient();
  const [initial] = useState(readListState);
  const [tab, setTab] = useState(() => STATUS_TABS.find((candidate) => candidate.label.toLowerCase() === initial.tab) ?? STATUS_TABS[0]);
  const [searchText, setSearchText] = useState(initial.search);
  const search = useDebounced(searchText, 300);
  const [orderby, setOrderby] = useState(initial.orderby);
  const [order, setOrder] = useState<'asc' | 'desc'>(initial.order);
  const [page, setPage] = useState(initial.page);
  const [asTree, setAsTree] = useState(initial.tree && kind === 'pages');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // Titles of selected items, so a failure on another page of the list is still named.
  const [titles] = useState(() => new Map<number, string>());
  const [failures, setFailures] = useState<Failure[]>([]);
  const [outcome, setOutcome] = useState<string | null>(null);
  const batch = useAction();
  const sorts = sortsFor(kind);
  // An address may name a sort this list lacks (a pages address opened on posts): the first one then.
  const sort = sorts.find((candidate) => candidate.orderby === orderby) ?? sorts[0];
  const list = usePostList({ kind, statuses: tab.statuses, search, orderby: sort.orderby, order, page });
  const items = list.data?.items ?? [];
  const noun = kind === 'pages' ? 'page' : 'post';
  const titleOf = (item: (typeof items)[number]) => item.title.raw || item.title.rendered || '(no title)';
  for (const item of items) titles.set(item.id, titleOf(item));
  const selectedHere = items.filter((item) => selected.has(item.id)).length;

  useEffect(() => {
    keepListState(kind, { tab: tab.label.toLowerCase(), search, orderby, order, page, tree: asTree });
  }, [kind, tab, search, orderby, order, page, asTree]);

  const chooseTab = (next: typeof tab) => {
    setTab(next);
    setPage(1);
    setSelected(new Set());
    setFailures([]);
  };
  const toggle = (id: number) => setSelected((current) => {
    const next = new Set(current);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const toggleAll = () => setSelected((current) => (items.every((item) => current.has(item.id)) ? new Set() : new Set(items.map((item) => item.id))));

  const runBatch = (action: BatchAction, when?: string) => {
    const ids = [...selected];
    return batch.run(async () => {
      const results = await client.batch(ids.map((id) => batchRequest(kind, id, action, when)));
      const failed: Failure[] = [];
      results.forEach((result, index) => {
        if (result.status < 400) return;
        const id = ids[index];
        failed.push({ id, title: titles.get(id) ?? `${noun} ${id}`, reason: describeAnswer(result) });
      });
      // Failures stay selected so that a retry is one click.
      setSelected(new Set(failed.map((failure) => failure.id)));
      setFailures(failed);
      setOutcome(`${ACTION_LABELS[action]}: ${ids.length - failed.length} done${failed.length ? `, ${failed.length} failed` : ''}.`);
      await queries.invalidateQueries({ queryKey: ['list'] });
      await queries.invalidateQueries({ queryKey: ['page-tree'] });
    });
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
        <PageTree tab={tab} />
      ) : (
        <>
          <div className="toolbar">
            <input type="search" aria-label={`Search ${kind}`} placeholder={`Search ${kind}…`} value={searchText} onChange={(event) => { setSearchText(event.target.value); setPage(1); }} />
            <label>
              Sort by{' '}
              <select value={sort.orderby} onChange={(event) => setOrderby(event.target.value)}>
                {sorts.map((sort) => <option key={sort.orderby} value={sort.orderby}>{sort.label}</option>)}
              </select>
            </label>
            {/* Named by what it shows (the arrow is decoration), so a spoken name matches the visible one. */}
            <button type="button" onClick={() => setOrder(order === 'desc' ? 'asc' : 'desc')}>
              <span aria-hidden="true">{order === 'desc' ? '↓' : '↑'} </span>{order === 'desc' ? sort.desc : sort.asc}
            </button>
            <span className="muted" aria-live="polite">{list.data ? count(list.data.total, noun) : 'Loading…'}</span>
          </div>
          <BatchBar kind={kind} tab={tab} selected={selected.size} selectedHere={selectedHere} busy={batch.busy} onRun={runBatch} onClear={() => setSelected(new Set())} />
          {outcome && (
            <div className={failures.length ? 'notice notice-error batch-outcome' : 'notice notice-ok batch-outcome'} role="status">
              <div>
                <span>{outcome}</span>
                {failures.length > 0 && (
                  <ul aria-label="Not done">
                    {failures.map((failure) => <li key={failure.id}><strong>{failure.title}</strong>: {failure.reason}</li>)}
                  </ul>
                )}
              </div>
              <button type="button" className="link" onClick={() => { setOutcome(null); setFailures([]); }}>Dismiss</button>
            </div>
          )}
          <ErrorNotice error={batch.error ?? list.error} onDismiss={batch.error ? batch.reset : undefined} />
          <PostRows kind={kind} items={items} selected={selected} failures={new Map(failures.map((failure) => [failure.id, failure.reason]))} onToggle={toggle} onToggleAll={toggleAll} />
          {list.data?.total === 0 && <EmptyList kind={kind} tab={tab.label} search={search} />}
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
