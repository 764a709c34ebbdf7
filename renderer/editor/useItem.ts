// Loads an item to edit with the newest autosave that differs from it, if any.
import { useQuery } from '@tanstack/react-query';
import type { Post, Revision } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import type { PostKind } from '../app/routes.ts';

export interface LoadedItem {
  post: Post | null;
  /** An autosave newer than the item whose text differs: offered for restore. */
  newerAutosave: Revision | null;
}

export function useItem(kind: PostKind, id: number | null) {
  const client = useClient();
  return useQuery({
    queryKey: ['item', kind, id],
    staleTime: Infinity,
    gcTime: 0,
    queryFn: async (): Promise<LoadedItem> => {
      if (id === null) return { post: null, newerAutosave: null };
      const post = await client.get<Post>(`cms/v2/${kind}/${id}`, { context: 'edit' });
      const autosaves = await client.get<Revision[]>(`cms/v2/${kind}/${id}/autosaves`, { context: 'edit' });
      const newerAutosave = autosaves.find((autosave) =>
        autosave.modified_gmt > post.modified_gmt &&
        (autosave.content.raw !== post.content.raw || autosave.title.raw !== post.title.raw || autosave.excerpt.raw !== post.excerpt.raw)) ?? null;
      return { post, newerAutosave };
    },
  });
}
