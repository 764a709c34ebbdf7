// Writing for another site: its local copy's client replaces the current one. An open
// item belongs to the site it came from, so the editor goes back to the list.
import { useCallback } from 'react';
import { useHomeClient, useSiteChoice } from '../api/client-context.tsx';
import { navigate, parseRoute } from '../routing/routes.ts';
import { sitesApi } from './sites-api.ts';

/** The switches asked for in this window, counted: the last one asked for is the one kept. */
let switchesAsked = 0;

/**
 * Switches to a connected site by id, or back to the app's own site with null. A site's copy that
 * opens after the writer has chosen again is not taken: the later choice stays.
 */
export function useSwitchSite(): (siteId: string | null) => Promise<void> {
  const home = useHomeClient();
  const { choose } = useSiteChoice();
  return useCallback(async (siteId) => {
    const asked = ++switchesAsked;
    const session = siteId ? await sitesApi.openCopy(home, siteId) : null;
    if (asked !== switchesAsked) return;
    choose(session);
    const route = parseRoute(window.location.hash);
    if (route.screen === 'edit') navigate({ screen: 'list', kind: route.kind });
  }, [home, choose]);
}
