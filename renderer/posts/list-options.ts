// The filters of the posts and pages lists and the batch actions each offers.
import type { BatchRequest } from '../../shared/site-types.ts';
import type { PostKind } from '../routing/routes.ts';
import { api } from '../../shared/api-routes.ts';
import { subRequest } from '../../shared/site-client.ts';
import type { ListOrder, ListStatuses } from './usePostList.ts';

export interface StatusTab {
  label: string;
  statuses: ListStatuses;
}

export const STATUS_TABS: readonly StatusTab[] = [
  { label: 'All', statuses: ['publish', 'future', 'draft', 'pending', 'private'] },
  { label: 'Drafts', statuses: ['draft', 'pending'] },
  { label: 'Scheduled', statuses: 'future' },
  { label: 'Published', statuses: 'publish' },
  { label: 'Private', statuses: 'private' },
  { label: 'Trash', statuses: 'trash' },
];

export interface Sort {
  label: string;
  orderby: ListOrder;
  /** What the order button says for each direction, in the sort's own terms. */
  desc: string;
  asc: string;
}

const SORTS: readonly Sort[] = [
  { label: 'Date', orderby: 'date', desc: 'Newest first', asc: 'Oldest first' },
  { label: 'Last modified', orderby: 'modified', desc: 'Latest change first', asc: 'Earliest change first' },
  { label: 'Title', orderby: 'title', desc: 'Z to A', asc: 'A to Z' },
];

/** The sorts of a list: pages also by their order in the tree (menu order). */
export function sortsFor(kind: PostKind): readonly Sort[] {
  return kind === 'pages' ? [...SORTS, { label: 'Page order', orderby: 'menu_order', desc: 'Reverse page order', asc: 'In page order' }] : SORTS;
}

export type BatchAction = 'publish' | 'schedule' | 'draft' | 'trash' | 'restore' | 'delete';

export const ACTION_LABELS: Record<BatchAction, string> = {
  publish: 'Publish',
  schedule: 'Schedule',
  draft: 'Move to draft',
  trash: 'Move to trash',
  restore: 'Restore',
  delete: 'Delete permanently',
};

export function actionsFor(tab: StatusTab): BatchAction[] {
  return tab.statuses === 'trash' ? ['restore', 'delete'] : ['publish', 'schedule', 'draft', 'trash'];
}

/** One batch sub-request per item; `when` is the local date-time for scheduling. */
export function batchRequest(kind: PostKind, id: number, action: BatchAction, when?: string): BatchRequest {
  const route = api.post(kind, id);
  switch (action) {
    case 'publish': return subRequest('POST', route, { status: 'publish' });
    case 'schedule': return subRequest('POST', route, { status: 'future', date: when });
    case 'draft': return subRequest('POST', route, { status: 'draft' });
    // Restored items come back as drafts, so nothing goes live by accident.
    case 'restore': return subRequest('POST', route, { status: 'draft' });
    case 'trash': return subRequest('DELETE', route);
    case 'delete': return subRequest('DELETE', route, { force: true });
  }
}
