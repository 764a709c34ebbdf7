// builder/v1 (deployment B): the page builder's route. Its custom icon sets are exported
// as one zip download for the people who manage the site's options.
import type { Route } from '../../rest/types.ts';
import type { SiteContext } from '../../site-context.ts';
import { forbidden } from '../../rest/errors.ts';
import { respondRaw } from '../../rest/response.ts';
import { can } from '../../auth/capabilities.ts';
import { allIconSets } from './store/icon-sets.ts';
import { ARCHIVE_FILE_NAME, iconArchive } from './icon-archive.ts';

export const BUILDER_NAMESPACE = 'builder/v1';

export function builderRoutes(site: SiteContext): Route[] {
  return [
    {
      namespace: BUILDER_NAMESPACE,
      pattern: `/${BUILDER_NAMESPACE}/icons/export`,
      endpoints: [{
        methods: ['GET'],
        args: {},
        permission: (ctx) => {
          if (!can(ctx.user, 'manage_options')) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to export the icon sets.', !!ctx.user);
        },
        handler: () =>
          respondRaw(iconArchive(allIconSets(site.store)), 'application/zip', 200, {
            'content-disposition': `attachment; filename="${ARCHIVE_FILE_NAME}"`,
            // A download of the site's own data: not for shared caches.
            'cache-control': 'private, no-store',
          }),
      }],
    },
  ];
}
