// The site's settings, as the reference's `/wp/v2/settings`: read and changed only by those who
// may manage options; a value the site cannot use is a 400 and changes nothing.
import type { ArgSchema, HandlerContext, Route } from '../../rest/types.ts';
import { endpoint, type ArgsContext } from '../../rest/typed-args.ts';
import { api as cms, NAMESPACES, rooted } from '../../../shared/api-routes.ts';
import type { SiteContext } from '../../site-context.ts';
import { ValidationError, forbidden, invalidParams } from '../../rest/errors.ts';
import { can } from '../../auth/capabilities.ts';
import { schemaDocument } from '../../rest/index-doc.ts';
import { getSettings, storedZone, updateSettings, zoneFields, type SiteSettings } from '../../content/settings.ts';

const SETTINGS_SCHEMA = {
  title: { description: 'Site title.', type: 'string' },
  description: { description: 'Site tagline.', type: 'string' },
  timezone: { description: 'A city in the same timezone as you (or a manual offset such as UTC+5:30).', type: 'string' },
  date_format: { description: 'A date format for all date strings.', type: 'string' },
  time_format: { description: 'A time format for all time strings.', type: 'string' },
  default_category: { description: 'Default post category.', type: 'integer', readonly: true },
  show_on_front: { description: 'What to show on the front page', type: 'string', readonly: true },
  page_on_front: { description: 'The ID of the page that should be displayed on the front page', type: 'integer', readonly: true },
  page_for_posts: { description: 'The ID of the page that should display the latest posts', type: 'integer', readonly: true },
} as const satisfies Record<string, ArgSchema>;

const UPDATE_ARGS = {
  title: SETTINGS_SCHEMA.title,
  description: SETTINGS_SCHEMA.description,
  timezone: SETTINGS_SCHEMA.timezone,
  date_format: SETTINGS_SCHEMA.date_format,
  time_format: SETTINGS_SCHEMA.time_format,
};

function requireManager(ctx: HandlerContext): void {
  if (!can(ctx.user, 'manage_options')) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', !!ctx.user);
}

function present(settings: SiteSettings) {
  return {
    title: settings.name,
    description: settings.description,
    timezone: zoneFields(settings.timezone_string).timezone_string,
    date_format: settings.date_format,
    time_format: settings.time_format,
    default_category: settings.default_category,
    show_on_front: settings.show_on_front,
    page_on_front: settings.page_on_front,
    page_for_posts: settings.page_for_posts,
  };
}

/** The changes asked for, every one checked before any is kept. */
function changes(params: ArgsContext<typeof UPDATE_ARGS>['params']): Partial<SiteSettings> {
  const failures: Record<string, ValidationError> = {};
  const next: Partial<SiteSettings> = {};
  if (params.title !== undefined) next.name = params.title.trim();
  if (params.description !== undefined) next.description = params.description.trim();
  if (params.timezone !== undefined) {
    // An empty zone is UTC, as the reference's form sends it for "UTC+0".
    const zone = params.timezone === '' ? 'UTC' : storedZone(params.timezone);
    if (zone) next.timezone_string = zone;
    else failures.timezone = new ValidationError('rest_invalid_param', `${params.timezone} is not a time zone this site knows: choose a city in the same zone, or a UTC offset.`);
  }
  for (const name of ['date_format', 'time_format'] as const) {
    const format = params[name];
    if (format === undefined) continue;
    if (format.trim() === '' || format.length > 100) failures[name] = new ValidationError('rest_invalid_param', `${name} must be a format of 1 to 100 characters.`);
    else next[name] = format;
  }
  if (Object.keys(failures).length > 0) throw invalidParams(failures);
  return next;
}

export function settingsRoutes(site: SiteContext): Route[] {
  return [{
    namespace: NAMESPACES.cms,
    pattern: rooted(cms.settings()),
    schema: () => schemaDocument('settings', SETTINGS_SCHEMA),
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: {},
        permission: requireManager,
        handler: () => present(getSettings(site.store)),
      }),
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        args: UPDATE_ARGS,
        permission: requireManager,
        handler: (ctx) => {
          return present(updateSettings(site.store, changes(ctx.params)));
        },
      }),
    ],
  }];
}
