// Configuration, notices, importers and third-party connectors of seo/v1.
import type { Route } from '../../rest/types.ts';
import type { SiteContext } from '../../site-context.ts';
import { configRoutes } from './config-routes.ts';
import { noticeRoutes } from './settings-notice-routes.ts';
import { importRoutes } from './import-routes.ts';

export function settingsRoutes(site: SiteContext): Route[] {
  return [...configRoutes(site), ...noticeRoutes(site), ...importRoutes(site)];
}
