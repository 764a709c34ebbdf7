// POST seo/v1/import/<plugin>/<type>: runs the next batch of an importer and answers as
// Yoast does, `{objects, next_url}`, where next_url is the route to call for the next batch
// and false once the import is complete.
import type { Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { RestError } from '../../../rest/errors.ts';
import { allowAny } from './settings-access.ts';
import { IMPORTERS, importNextBatch } from '../importers.ts';
import { seoRoute } from './settings-paths.ts';

export function importRoutes(site: SiteContext): Route[] {
  return [
    seoRoute('/import/(?P<plugin>[\\w-]+)/(?P<type>[\\w-]+)', {
      methods: ['POST'],
      args: {},
      // Yoast lets anyone who writes import; an import rewrites the search settings of every
      // post, other people's included, so here it takes the right to edit them all.
      permission: allowAny('edit_others_posts'),
      handler: (ctx) => {
        // The pattern's two parts, not declared (so not listed in the index): strings as the URL gave them.
        const [plugin, type] = [String(ctx.params.plugin), String(ctx.params.type)];
        const importer = IMPORTERS.find((known) => known.plugin === plugin.toLowerCase() && known.type === type.toLowerCase());
        if (!importer) {
          const known = IMPORTERS.map((entry) => `${entry.plugin}/${entry.type}`);
          throw new RestError('rest_no_route', `There is no importer for "${plugin}/${type}". This site imports ${known.join(' and ')}.`, 404, { importers: known });
        }
        const objects = importNextBatch(site, importer);
        return { objects, next_url: objects.length > 0 ? `seo/v1/import/${importer.plugin}/${importer.type}` : false };
      },
    }),
  ];
}
