// The notices of the settings screens: "new" badges of content types, the connectors'
// set-up widget, introductions a user has seen, the video embed permission and dismissed
// alerts. The last three belong to each user, the others to the site.
import type { HandlerContext, Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { ValidationError, invalidParams, missingParams } from '../../../rest/errors.ts';
import { MANAGE_SETTINGS, WRITERS } from './settings-access.ts';
import { CONTENT_TYPES, SETUP_STEP_FIELDS, settings } from '../settings-state.ts';
import { seoRoute } from './settings-paths.ts';
import { endpoint } from '../../../rest/typed-args.ts';

const STAGES = ['install', 'activate', 'setup', 'grantConsent', 'successfullyConnected'];
const YES_NO = ['yes', 'no'];
/** Yoast accepts only the alerts its plugins declare; this site has no such list, so any short name will do. */
const ALERT_KEY = /^[\w-]{1,100}$/;

/** The signed-in user's id: the per-user routes let only writers in (WRITERS), so there is one. */
const userOf = (ctx: HandlerContext): number => ctx.user!.id;

export function noticeRoutes(site: SiteContext): Route[] {
  const { store } = site;

  /** Dismisses the "new" badge of one post type or taxonomy, in Yoast's words. */
  const dismissNew = (kind: 'postTypes' | 'taxonomies', param: string, noun: string) => seoRoute(
    `/new-content-type-visibility/dismiss-${kind === 'postTypes' ? 'post-type' : 'taxonomy'}`,
    {
      methods: ['POST'],
      args: { [param]: {} },
      permission: WRITERS,
      handler: (ctx) => {
        if (!ctx.sent.has(param)) throw missingParams([param]);
        const name = ctx.params[param];
        if (typeof name !== 'string' || !(CONTENT_TYPES[kind] as readonly string[]).includes(name)) {
          throw invalidParams({ [param]: new ValidationError('rest_invalid_param', `${param} is not one of ${CONTENT_TYPES[kind].join(', ')}.`) });
        }
        if (!settings.newContentTypes.get(store)[kind].includes(name)) return { success: true, message: `${noun} is not new.`, status: 200 };
        settings.newContentTypes.update(store, (state) => ({ ...state, [kind]: state[kind].filter((known) => known !== name) }));
        return { success: true, message: `${noun} is no longer new.`, status: 200 };
      },
    },
  );

  return [
    dismissNew('postTypes', 'postTypeName', 'Post type'),
    dismissNew('taxonomies', 'taxonomyName', 'Taxonomy'),
    seoRoute('/connector_configuration_permanent_dismissal', endpoint({
      methods: ['POST'],
      args: { is_dismissed: { type: 'boolean', required: true } },
      permission: MANAGE_SETTINGS,
      handler: (ctx) => {
        settings.connectorConfigurationDismissed.set(store, ctx.params.is_dismissed);
        return { success: true };
      },
    })),
    seoRoute('/setup_steps_tracking', {
      methods: ['POST'],
      args: {
        setup_widget_loaded: { type: 'string', enum: YES_NO },
        setup_widget_temporarily_dismissed: { type: 'string', enum: YES_NO },
        setup_widget_permanently_dismissed: { type: 'string', enum: YES_NO },
        first_interaction_stage: { type: 'string', enum: STAGES },
        last_interaction_stage: { type: 'string', enum: STAGES },
      },
      permission: MANAGE_SETTINGS,
      handler: (ctx) => {
        // Yoast reads camel-cased names it never declared, so what clients send is dropped;
        // here the declared names are the ones kept.
        const sent = SETUP_STEP_FIELDS.filter((field) => ctx.sent.has(field));
        settings.setupSteps.update(store, (steps) => ({ ...steps, ...Object.fromEntries(sent.map((field) => [field, ctx.params[field]])) }));
        return { success: true };
      },
    }),
    seoRoute('/introductions/(?P<introduction_id>[\\w-]+)/seen', endpoint({
      methods: ['POST'],
      args: { introduction_id: { type: 'string', required: true }, is_seen: { type: 'boolean', default: true } },
      permission: WRITERS,
      handler: (ctx) => {
        const userId = userOf(ctx);
        settings.introductionsSeen.update(store, userId, (seen) => ({ ...seen, [ctx.params.introduction_id]: ctx.params.is_seen }));
        return { json: { success: true } };
      },
    })),
    seoRoute(
      '/video_embed_permission',
      { methods: ['GET'], args: {}, permission: WRITERS, handler: (ctx) => ({ json: { value: settings.videoEmbedPermission.get(store, userOf(ctx)) } }) },
      endpoint({
        methods: ['POST'],
        args: { value: { type: 'boolean', default: true } },
        permission: WRITERS,
        handler: (ctx) => {
          settings.videoEmbedPermission.set(store, userOf(ctx), ctx.params.value);
          return { json: { success: true } };
        },
      }),
    ),
    seoRoute('/alerts/dismiss', {
      methods: ['POST'],
      args: { key: { required: true } },
      permission: WRITERS,
      handler: (ctx) => {
        const key = ctx.params.key;
        if (typeof key !== 'string' || !ALERT_KEY.test(key)) {
          throw invalidParams({ key: new ValidationError('rest_invalid_param', 'key is not the name of an alert (letters, digits, "_" and "-", at most 100).') });
        }
        const userId = userOf(ctx);
        if (!settings.alertsDismissed.get(store, userId).includes(key)) {
          settings.alertsDismissed.update(store, userId, (dismissed) => (dismissed.includes(key) ? dismissed : [...dismissed, key]));
        }
        return { success: true, status: 200 };
      },
    }),
  ];
}
