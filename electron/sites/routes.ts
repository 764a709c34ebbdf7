// The private namespace's routes for connected sites and sync, registered into the local
// site's route table like any other namespace (hidden from its index). Everything but the
// grant callback needs the desktop credential.
import type { ArgSchemas, HandlerContext, Route } from '../../server/rest/types.ts';
import type { SiteContext } from '../../server/site-context.ts';
import { respondUncached } from '../../server/rest/response.ts';
import { respondEvents } from '../../server/rest/event-stream.ts';
import { RestError } from '../../server/rest/errors.ts';
import { allowAnyone } from '../../server/rest/permissions.ts';
import { applicationPasswordsPage, type ConflictChoice, type ConflictPicks, type GrantStarted } from '../../shared/connected-sites.ts';
import { desktopApi, rooted } from '../../shared/api-routes.ts';
import { foundSite, type ConnectedSites } from './connected-sites.ts';
import { grantState, Grants, settle, type Grant } from './grants.ts';
import { grantResultPage } from './grant-result-page.ts';
import { desktopOnly } from './permission.ts';
import { renderContent } from '../../server/content/render.ts';

export const GRANT_APP_NAME = 'Inkwell';

const SITE_ID = '(?P<id>[\\w-]+)';
const GRANT_ID = '(?P<grant>[\\w-]+)';
const ID_ARG: ArgSchemas = { id: { type: 'string', description: 'The connected site’s id.' } };
const ADDRESS_ARG: ArgSchemas = {
  address: { type: 'string', required: true, description: 'The site’s address, such as https://example.com.' },
  confirmed_origins: { type: 'array', items: { type: 'string' }, default: [], description: 'Other origins the writer confirmed belong to this site, after a `inkwell_remote_sent_elsewhere` answer named them.' },
};
const CREDENTIAL_ARGS: ArgSchemas = {
  login: { type: 'string', required: true, description: 'The user name (or e-mail address) on the site.' },
  password: { type: 'string', required: true, description: 'An application password of that user.' },
};
/** The remote settings the app changes: the reference's names, passed on as they are. */
const SETTINGS_ARGS: ArgSchemas = {
  title: { type: 'string', description: 'Site title.' },
  description: { type: 'string', description: 'Site tagline.' },
  timezone: { type: 'string', description: 'A city in the same time zone.' },
  date_format: { type: 'string', description: 'A PHP date format.' },
  time_format: { type: 'string', description: 'A PHP time format.' },
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const confirmedOrigins = (ctx: HandlerContext) => (Array.isArray(ctx.params.confirmed_origins) ? ctx.params.confirmed_origins.map(String) : []);

/**
 * `returnUrl`: where a site's grant page sends the user back (the desktop app's inkwell://
 * address, which the main process passes on to the callback route); by default the callback
 * route itself, on loopback http (browser mode), which Inkwell's own sites accept and
 * WordPress only where its environment type is `local`: browser mode asks for an application
 * password on WordPress sites instead.
 */
export function siteRoutes(sites: ConnectedSites, context: SiteContext, appId: string, returnUrl?: (grantId: string) => string): Route[] {
  const callbackUrl = (grantId: string) => `${context.urls.apiRoot}${desktopApi.grantCallback(grantId)}`;
  const grants = new Grants({ appName: GRANT_APP_NAME, appId, callbackUrl: returnUrl ?? callbackUrl });
  const route = (path: string, endpoints: Route['endpoints']): Route => ({ namespace: desktopApi.namespace, pattern: rooted(path), showInIndex: false, endpoints });
  const siteId = (ctx: HandlerContext) => String(ctx.params.id);

  /** The site's answer to the grant request, received once; then the browser is sent to the same address without the password. */
  async function receiveGrant(grant: Grant, ctx: HandlerContext) {
    if (grant.answered) return grantResultPage(409, 'This sign-in was used already', 'Start again from Inkwell if the site is not connected.');
    grant.answered = true;
    const login = text(ctx.params.user_login);
    const password = text(ctx.params.password);
    if (ctx.params.success === 'false') {
      settle(grant, 'rejected', `You did not approve Inkwell on ${grant.found.name}. Nothing was stored.`);
    } else if (login === '' || password === '') {
      settle(grant, 'failed', `${grant.found.name} sent no password back. Try again, or enter an application password instead.`);
    } else {
      try {
        const site = await sites.connectFound(grant.found, { login, password });
        settle(grant, 'connected', `Inkwell is connected to ${site.name} as ${login}.`, site.id);
      } catch (error) {
        settle(grant, 'failed', (error as Error).message);
      }
    }
    return respondUncached(null, 303, { location: callbackUrl(grant.id), 'referrer-policy': 'no-referrer' });
  }

  return [
    route(desktopApi.discover(), [{
      methods: ['POST'], args: ADDRESS_ARG, permission: desktopOnly,
      handler: async (ctx) => foundSite(await sites.discover(String(ctx.params.address), confirmedOrigins(ctx))),
    }]),
    route(desktopApi.sites(), [
      { methods: ['GET'], args: {}, permission: desktopOnly, handler: () => respondUncached(sites.list()) },
      {
        methods: ['POST'], args: { ...ADDRESS_ARG, ...CREDENTIAL_ARGS }, permission: desktopOnly,
        handler: async (ctx) => respondUncached(await sites.connect(String(ctx.params.address), { login: String(ctx.params.login), password: String(ctx.params.password) }, confirmedOrigins(ctx)), 201),
      },
    ]),
    route(desktopApi.site(SITE_ID), [
      { methods: ['GET'], args: ID_ARG, permission: desktopOnly, handler: (ctx) => respondUncached(sites.view(sites.entry(siteId(ctx)))) },
      {
        methods: ['DELETE'], args: ID_ARG, permission: desktopOnly,
        handler: async (ctx) => {
          await sites.disconnect(siteId(ctx));
          return { deleted: true, id: siteId(ctx) };
        },
      },
    ]),
    route(desktopApi.credentials(SITE_ID), [{
      methods: ['POST'], args: { ...ID_ARG, password: CREDENTIAL_ARGS.password }, permission: desktopOnly,
      handler: async (ctx) => respondUncached(await sites.replacePassword(siteId(ctx), String(ctx.params.password))),
    }]),
    route(desktopApi.siteSettings(SITE_ID), [
      { methods: ['GET'], args: ID_ARG, permission: desktopOnly, handler: async (ctx) => respondUncached(await sites.settings(siteId(ctx))) },
      {
        methods: ['POST'], args: { ...ID_ARG, ...SETTINGS_ARGS }, permission: desktopOnly,
        handler: async (ctx) => {
          const changes = Object.fromEntries(Object.keys(SETTINGS_ARGS).filter((name) => ctx.sent.has(name)).map((name) => [name, String(ctx.params[name])]));
          return respondUncached(await sites.saveSettings(siteId(ctx), changes));
        },
      },
    ]),
    route(desktopApi.copySession(SITE_ID), [{
      methods: ['POST'], args: ID_ARG, permission: desktopOnly,
      handler: (ctx) => respondUncached(sites.copySession(siteId(ctx))),
    }]),
    route(desktopApi.preview(SITE_ID), [{
      methods: ['POST'],
      args: {
        ...ID_ARG,
        title: { type: 'string', default: '', description: 'The item’s title as the writer has it now (text).' },
        content: { type: 'string', default: '', description: 'The item’s content as the writer has it now (block markup or HTML).' },
        collection: { type: 'string', enum: ['posts', 'pages'], default: 'posts', description: 'Whether the item is a post or a page: its look is taken from a published one of the same kind.' },
      },
      permission: desktopOnly,
      handler: async (ctx) => respondUncached(await sites.preview(siteId(ctx), {
        title: String(ctx.params.title), content: renderContent(String(ctx.params.content)), collection: ctx.params.collection === 'pages' ? 'pages' : 'posts',
      })),
    }]),
    route(desktopApi.sync(SITE_ID), [
      {
        methods: ['POST'], args: ID_ARG, permission: desktopOnly,
        handler: (ctx) => {
          sites.startSync(siteId(ctx));
          return respondUncached(sites.view(sites.entry(siteId(ctx))), 202);
        },
      },
      { methods: ['DELETE'], args: ID_ARG, permission: desktopOnly, handler: (ctx) => ({ cancelled: sites.jobs.cancel(siteId(ctx)) }) },
    ]),
    route(desktopApi.syncProgress(SITE_ID), [{
      methods: ['GET'], args: ID_ARG, permission: desktopOnly,
      handler: (ctx) => {
        const id = siteId(ctx);
        sites.entry(id);
        return respondEvents((signal) => sites.jobs.follow(id, () => sites.lastRun(id), signal));
      },
    }]),
    route(desktopApi.templates(SITE_ID), [{
      methods: ['GET'], args: { ...ID_ARG, type: { type: 'string', enum: ['posts', 'pages'], default: 'pages', description: 'Whose templates: posts or pages.' } }, permission: desktopOnly,
      handler: async (ctx) => respondUncached(await sites.templates(siteId(ctx), ctx.params.type === 'posts' ? 'posts' : 'pages')),
    }]),
    route(desktopApi.patternIds(SITE_ID), [{ methods: ['GET'], args: ID_ARG, permission: desktopOnly, handler: (ctx) => respondUncached(sites.patternIds(siteId(ctx))) }]),
    route(desktopApi.palette(SITE_ID), [{ methods: ['GET'], args: ID_ARG, permission: desktopOnly, handler: async (ctx) => respondUncached(await sites.palette(siteId(ctx))) }]),
    route(desktopApi.patterns(SITE_ID), [{ methods: ['GET'], args: ID_ARG, permission: desktopOnly, handler: async (ctx) => respondUncached(await sites.patterns(siteId(ctx))) }]),
    route(desktopApi.conflicts(SITE_ID), [{ methods: ['GET'], args: ID_ARG, permission: desktopOnly, handler: (ctx) => respondUncached(sites.conflicts(siteId(ctx))) }]),
    route(desktopApi.conflict(SITE_ID, '(?P<conflict>[\\d]+)'), [{
      methods: ['POST'],
      args: {
        ...ID_ARG,
        conflict: { type: 'integer', description: 'The conflict’s id.' },
        choice: { type: 'string', enum: ['local', 'remote', 'both'], required: true, description: 'Keep the local version (merged: what only the site changed stays), the remote one, or both (the local one as a new item).' },
        picks: {
          type: 'object', additionalProperties: { type: 'string', enum: ['local', 'remote'] }, default: {},
          description: 'With `local`: the side kept for each field or block changed on both sides (by field name or block key); unnamed ones keep the local side.',
        },
      },
      permission: desktopOnly,
      handler: async (ctx) => {
        await sites.resolve(siteId(ctx), Number(ctx.params.conflict), ctx.params.choice as ConflictChoice, (ctx.params.picks ?? {}) as ConflictPicks);
        return { resolved: true, conflicts: sites.conflicts(siteId(ctx)) };
      },
    }]),
    route(desktopApi.grants(), [{
      methods: ['POST'], args: ADDRESS_ARG, permission: desktopOnly,
      handler: async (ctx) => {
        const site = await sites.discover(String(ctx.params.address), confirmedOrigins(ctx));
        if (!site.authUrl) {
          throw new RestError('inkwell_no_grant_page', `${site.name} has no sign-in page for apps. Create an application password on the site and enter it here instead.`, 422);
        }
        const profile = applicationPasswordsPage(site.authUrl);
        if (!returnUrl && profile) {
          throw new RestError('inkwell_grant_needs_desktop_app', `${site.name} is a WordPress site: it sends its answer only to the desktop app. In the browser, create an application password on your profile page there (${profile}) and paste it here with your user name.`, 422, { profile_url: profile });
        }
        const { grant, authorizeUrl } = grants.begin({ ...site, authUrl: site.authUrl });
        const started: GrantStarted = { id: grant.id, authorizeUrl, site: foundSite(site) };
        return respondUncached(started, 201);
      },
    }]),
    route(desktopApi.grant(GRANT_ID), [{
      methods: ['GET'], args: { grant: { type: 'string', description: 'The grant’s id.' } }, permission: desktopOnly,
      handler: (ctx) => {
        const grant = grants.get(String(ctx.params.grant));
        if (!grant) throw new RestError('inkwell_grant_not_found', 'This sign-in has expired. Start it again.', 404);
        return respondUncached(grantState(grant));
      },
    }]),
    route(desktopApi.grantCallback(GRANT_ID), [{
      methods: ['GET'],
      args: {
        grant: { type: 'string', description: 'The grant’s id, which only the site’s grant page was given.' },
        site_url: { type: 'string', description: 'The site’s address, as the grant page sends it.' },
        user_login: { type: 'string', description: 'The user who approved.' },
        password: { type: 'string', description: 'The new application password.' },
        success: { type: 'string', description: '"false" when the user did not approve.' },
      },
      // The site's grant page sends the browser here: the grant's unguessable id is the credential.
      permission: allowAnyone,
      handler: async (ctx) => {
        const grant = grants.get(String(ctx.params.grant));
        if (!grant) return grantResultPage(404, 'This sign-in link is not valid', 'It has expired, or it was not made by this app. Start again from Inkwell.');
        if (ctx.sent.has('password') || ctx.sent.has('success')) return receiveGrant(grant, ctx);
        if (grant.status === 'connected') return grantResultPage(200, 'Connected', grant.message);
        if (grant.status === 'waiting') return grantResultPage(200, 'Waiting for your approval', grant.message);
        return grantResultPage(200, grant.status === 'rejected' ? 'Not connected' : 'The connection failed', grant.message);
      },
    }]),
  ];
}
