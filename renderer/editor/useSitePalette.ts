// The colour palette the writer's colour controls offer, as the block editor's do: for a connected
// site, its theme's colours (the app asks the remote: its local copy does not know its theme) and
// WordPress's default palette after them unless the theme leaves it out; for the app's own site,
// the default palette. Until the theme's answer comes, or when it cannot be had (offline), the
// default palette serves, so the controls never wait.
import { useQuery } from '@tanstack/react-query';
import { useHomeClient, useSiteChoice } from '../api/client-context.tsx';
import { desktopApi } from '../../shared/api-routes.ts';
import { DEFAULT_ONLY } from '../../shared/site-palette.ts';
import type { SitePalette } from '../../shared/site-types.ts';

export function useSitePalette(): SitePalette {
  const home = useHomeClient();
  const { current } = useSiteChoice();
  const { data } = useQuery({
    queryKey: ['palette', current?.siteId ?? 'this-computer'],
    // A theme's palette changes rarely: once per editor visit is plenty.
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => (current ? home.get(desktopApi.palette(current.siteId)) : DEFAULT_ONLY),
  });
  return data ?? DEFAULT_ONLY;
}
