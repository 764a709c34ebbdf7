// A list's tab, search, sort, order and page live in its address (`#/posts?tab=drafts&page=2`),
// so a reload or coming back from a post finds the list as the writer left it.
import { href, type PostKind } from '../routing/routes.ts';

export interface ListState {
  /** The status tab's label, lower-cased ('all', 'drafts', …). */
  tab: string;
  search: string;
  orderby: string;
  order: 'asc' | 'desc';
  page: number;
  tree: boolean;
}

const DEFAULTS: ListState = { tab: 'all', search: '', orderby: 'date', order: 'desc', page: 1, tree: false };
const lastKey = (kind: PostKind) => `inkwell.list.${kind}`;

export function readListState(hash: string = window.location.hash): ListState {
  const query = new URLSearchParams(hash.split('?')[1] ?? '');
  const page = Number(query.get('page'));
  return {
    tab: query.get('tab') ?? DEFAULTS.tab,
    search: query.get('search') ?? DEFAULTS.search,
    orderby: query.get('orderby') ?? DEFAULTS.orderby,
    order: query.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    tree: query.get('view') === 'tree',
  };
}

export function listAddress(kind: PostKind, state: ListState): string {
  const query = new URLSearchParams();
  if (state.tab !== DEFAULTS.tab) query.set('tab', state.tab);
  if (state.search !== '') query.set('search', state.search);
  if (state.orderby !== DEFAULTS.orderby) query.set('orderby', state.orderby);
  if (state.order !== DEFAULTS.order) query.set('order', state.order);
  if (state.page > 1) query.set('page', String(state.page));
  if (state.tree) query.set('view', 'tree');
  const text = query.toString();
  return text ? `${href({ screen: 'list', kind })}?${text}` : href({ screen: 'list', kind });
}

/**
 * Puts the state in the address without a navigation (Back still leaves the list), and
 * remembers it. Only while the address is still this list's: a navigation away may already
 * be under way, or the address may hold the start-up token, and must not be written over.
 */
export function keepListState(kind: PostKind, state: ListState): void {
  // Exactly this list's address: any other (an item, or a start-up token) is left alone.
  if (window.location.hash.split('?')[0] !== href({ screen: 'list', kind })) return;
  const address = listAddress(kind, state);
  if (window.location.hash !== address) history.replaceState(history.state, '', address);
  sessionStorage.setItem(lastKey(kind), address);
}

/** The list as the writer last left it in this window, for the editor's way back. */
export function lastListAddress(kind: PostKind): string | null {
  return sessionStorage.getItem(lastKey(kind));
}
