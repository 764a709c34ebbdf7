// A page of the media library, newest first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useClient } from '../api/client-context.tsx';
import { api } from '../../shared/api-routes.ts';

const MEDIA_PAGE_SIZE = 40;

export function useMediaList(page: number, search: string, mediaType?: readonly ('image' | 'video' | 'audio')[]) {
  const client = useClient();
  return useQuery({
    queryKey: ['media', page, search, mediaType],
    placeholderData: keepPreviousData,
    // The library opened shows what another client or a sync uploaded a moment ago too (as the lists do).
    refetchOnMount: 'always',
    queryFn: () =>
      client.list(api.mediaList(), { context: 'edit', page, per_page: MEDIA_PAGE_SIZE, search, media_type: mediaType && [...mediaType], orderby: 'date', order: 'desc' }),
  });
}
