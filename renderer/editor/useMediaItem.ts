// A media item of the site by its id (none for 0), as the side panel's featured image and the
// covers showing it (featuredImageStyle) draw it: one query, shared.
import type { CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../api/client-context.tsx';
import { api } from '../../shared/api-routes.ts';

export function useMediaItem(id: number) {
  const client = useClient();
  return useQuery({ queryKey: ['media-item', id], enabled: id > 0, queryFn: () => client.get(api.media(id)) });
}

/** The post's featured image (item `id`) for the covers showing it to draw (styles.css: --featured-image), as the block editor's cover shows it; none while it has none. */
export function useFeaturedImageStyle(id: number): CSSProperties | undefined {
  const url = useMediaItem(id).data?.source_url;
  return id > 0 && url ? ({ '--featured-image': `url("${encodeURI(url)}")` } as CSSProperties) : undefined;
}
