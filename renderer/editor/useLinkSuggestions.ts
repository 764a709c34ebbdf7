// Posts and pages of the site whose titles match what the writer types as a link address,
// offered as the address to link to.
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../api/client-context.tsx';
import { api } from '../../shared/api-routes.ts';

export interface LinkSuggestion {
  title: string;
  url: string;
}

/** Words that are not already an address: a search, not a URL being typed. */
const isSearch = (typed: string) => typed.trim().length >= 2 && !/^(https?:|mailto:|tel:|\/|#|www\.)/i.test(typed.trim()) && !/\.[a-z]{2,}(\/|$)/i.test(typed.trim());

export function useLinkSuggestions(typed: string): LinkSuggestion[] {
  const client = useClient();
  const search = typed.trim();
  const found = useQuery({
    queryKey: ['link-suggestions', search],
    enabled: isSearch(typed),
    staleTime: 30_000,
    queryFn: async () => {
      const lists = await Promise.all((['posts', 'pages'] as const).map((kind) => client.list(api.posts(kind), { search, per_page: 5, status: 'publish', context: 'edit' })));
      return lists.flatMap((list) => list.items).map((item) => ({ title: item.title.raw ?? item.title.rendered, url: item.link }));
    },
  });
  return isSearch(typed) ? (found.data ?? []) : [];
}
