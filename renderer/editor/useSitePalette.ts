// The colour palette the writer's colour controls offer, as the block editor's do: for a connected
// site, its theme's colours (the app asks the remote: its local copy does not know its theme) and
// WordPress's default palette after them unless the theme leaves it out; for the app's own site,
// the default palette. Until the theme's answer comes, or when it cannot be had (offline), the
// default palette serves, so the controls never wait.
import { desktopApi } from '../../shared/api-routes.ts';
import { DEFAULT_ONLY } from '../../shared/site-palette.ts';
import type { SitePalette } from '../../shared/site-types.ts';
import { useConnectedSiteAnswer } from './useConnectedSiteAnswer.ts';

export const useSitePalette = (): SitePalette => useConnectedSiteAnswer('palette', (home, siteId) => home.get(desktopApi.palette(siteId)), DEFAULT_ONLY);
