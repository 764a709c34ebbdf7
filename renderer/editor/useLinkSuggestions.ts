// Posts and pages of the site whose titles match what the writer types as a link address,
// offered as the address to link to: published ones and those not public yet (drafts,
// pending, private, scheduled) that the writer can read, the latter marked, since readers
// cannot follow such a link until the item is published.
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../api/client-context.tsx';
import { api } from '../../shared/api-routes.ts';
import { statusName } from '../posts/status-name.ts';

export interface LinkSuggestion {
  title: string;
  url: string;
  /** Why readers cannot follow the link yet (the item is not published); null when they can. */
  warning: string | null;
}

/** Every status a link can point at; the site answers only the items this writer may read. */
const LINKABLE_STATUSES = 'publish,future,draft,pending,private';

/** Words that are not already an address: a search, not a URL being typed. */
const isSearch = (typed: string) => typed.trim().length >= 2 && !/^(https?:|mailto:|tel:|\/|#|www\.)/i.test(typed.trim()) && !/\.[a-z]{2,}(\/|$)/i.test(typed.trim());

function warningFor(status: string): string | null {
  if (status === 'publish') return null;
  if (status === 'private') return 'Private: only signed-in editors can follow this link';
  return `${statusName(status)}: not published yet, readers cannot follow this link`;
}

export function useLinkSuggestions(typed: string): LinkSuggestion[] {
  const client = useClient();
  const search = typed.trim();
  const found = useQuery({
    queryKey: ['link-suggestions', search],
    enabled: isSearch(typed),
    staleTime: 30_000,
    queryFn: async () => {
      const lists = await Promise.all((['posts', 'pages'] as const).map((kind) => client.list(api.posts(kind), { search, per_page: 5, status: LINKABLE_STATUSES, context: 'edit' })));
      return lists.flatMap((list) => list.items).map((item) => ({ title: item.title.raw ?? item.title.rendered, url: item.link, warning: warningFor(item.status) }));
    },
  });
  return isSearch(typed) ? (found.data ?? []) : [];
}
