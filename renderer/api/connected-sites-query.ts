// The app's list of connected sites, as one query every screen shares (the Sites screen, the
// site picker, and the editor that reads the account's rights on the site it writes for).
import type { SiteClient } from '../../shared/site-client.ts';
import { desktopApi } from '../../shared/api-routes.ts';

export const SITES_QUERY = ['connected-sites'] as const;

export const listConnectedSites = (home: SiteClient) => home.get(desktopApi.sites());
