// Configuration, notices, importers and third-party connectors of seo/v1.
import type { Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { configRoutes } from './config-routes.ts';
import { noticeRoutes } from './settings-notice-routes.ts';
import { importRoutes } from './import-routes.ts';
import { kwresearchRoutes } from './kwresearch-routes.ts';
import { rankRoutes } from './rank-routes.ts';
import { writesInOneTransaction } from './settings-paths.ts';

export function settingsRoutes(site: SiteContext): Route[] {
  // The connectors' routes await their service, then write in transactions of their own.
  return [...writesInOneTransaction(site.store, [...configRoutes(site), ...noticeRoutes(site), ...importRoutes(site)]), ...kwresearchRoutes(site), ...rankRoutes(site)];
}
