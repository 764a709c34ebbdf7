// What the editor asks a connected site itself, through the desktop app (its local copy does not
// know it: a theme's palette, the patterns it lends), once per editor visit: these change rarely.
// For the app's own site, until the answer comes, or when it cannot be had (offline, refused),
// `none` serves, so the editor never waits for it and shows no error.
import { useQuery } from '@tanstack/react-query';
import { useHomeClient, useSiteChoice } from '../api/client-context.tsx';
import type { SiteClient } from '../../shared/site-client.ts';

export function useConnectedSiteAnswer<T>(name: string, ask: (home: SiteClient, siteId: string) => Promise<T>, none: T): T {
  const home = useHomeClient();
  const { current } = useSiteChoice();
  const { data } = useQuery({
    queryKey: [name, current?.siteId ?? 'this-computer'],
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => (current ? ask(home, current.siteId) : none),
  });
  return data ?? none;
}
