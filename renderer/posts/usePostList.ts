// One page (100 items) of a posts or pages list from the server, with its totals.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useClient } from '../api/client-context.tsx';
import type { PostKind } from '../routing/routes.ts';
import { api, type ArgsOf } from '../../shared/api-routes.ts';

export const PAGE_SIZE = 100;

/** What the posts and pages lists may ask for, as their route declares it. */
type ListQuery = Required<ArgsOf<ReturnType<typeof api.posts>, 'GET'>>;
export type ListStatuses = ListQuery['status'];
export type ListOrder = ListQuery['orderby'];

export interface ListParams {
  kind: PostKind;
  statuses: ListStatuses;
  search: string;
  orderby: ListOrder;
  order: 'asc' | 'desc';
  page: number;
}

export function usePostList(params: ListParams) {
  const client = useClient();
  return useQuery({
    queryKey: ['list', params],
    placeholderData: keepPreviousData,
    // A list opened shows the site as it is now: what another client or a sync wrote a moment
    // ago too, not the copy read a few seconds before (shown meanwhile).
    refetchOnMount: 'always',
    queryFn: () =>
      client.list(api.posts(params.kind), {
        context: 'edit',
        status: params.statuses,
        search: params.search,
        orderby: params.orderby,
        order: params.order,
        page: params.page,
        per_page: PAGE_SIZE,
        _fields: 'id,title,status,date,modified,parent,menu_order',
      }),
  });
}
