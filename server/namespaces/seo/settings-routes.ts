// Configuration, content helpers, importers and third-party connectors of seo/v1.
import type { Route } from '../../rest/types.ts';
import type { SiteContext } from '../../site-context.ts';

export function settingsRoutes(_site: SiteContext): Route[] {
  return [];
}
