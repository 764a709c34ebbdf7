// One page (100 items) of a posts or pages list from the server, with its totals.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Post } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import type { PostKind } from '../routing/routes.ts';

export const PAGE_SIZE = 100;

export interface ListParams {
  kind: PostKind;
  statuses: string;
  search: string;
  orderby: string;
  order: 'asc' | 'desc';
  page: number;
}

export function usePostList(params: ListParams) {
  const client = useClient();
  return useQuery({
    queryKey: ['list', params],
    placeholderData: keepPreviousData,
    queryFn: () =>
      client.list<Post>(`cms/v2/${params.kind}`, {
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
