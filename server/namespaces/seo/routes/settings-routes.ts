// Configuration, notices, importers and third-party connectors of seo/v1.
import type { Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { configRoutes } from './config-routes.ts';
import { noticeRoutes } from './settings-notice-routes.ts';
import { importRoutes } from './import-routes.ts';
import { kwresearchRoutes } from './kwresearch-routes.ts';
import { rankRoutes } from './rank-routes.ts';

export function settingsRoutes(site: SiteContext): Route[] {
  // The others' writes are answered in their transaction (server/resent-writes.ts: answeredInItsTransaction); the connectors' routes await their service, then write in transactions of their own (writtenWithAnswer).
  return [...configRoutes(site), ...noticeRoutes(site), ...importRoutes(site), ...kwresearchRoutes(site), ...rankRoutes(site)];
}
