// The first-time configuration of seo/v1 (who the site represents, its social profiles,
// tracking, the steps finished) and the switches of its integrations. Answers keep Yoast's
// shapes: `{success, status}`, or `{json: {success, status}}` where Yoast wraps them.
import type { Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { RestError, ValidationError, invalidParams } from '../../../rest/errors.ts';
import { can } from '../../../auth/capabilities.ts';
import { getUserById } from '../../../store/users.ts';
import { saveSiteRepresentation, type SiteRepresentation } from '../site-representation.ts';
import { saveSocialProfiles, type SocialProfiles } from '../social-profiles.ts';
import { argSchemas, endpoint, type ArgsContext } from '../../../rest/typed-args.ts';
import { MANAGE_SETTINGS } from './settings-access.ts';
import { INTEGRATIONS, settings, type Integration } from '../settings-state.ts';
import { seoRoute } from './settings-paths.ts';

const SUCCESS = { success: true, status: 200 };

const REPRESENTATION_FIELDS = [
  'company_or_person', 'company_name', 'company_logo', 'company_logo_id', 'person_logo', 'person_logo_id',
  'company_or_person_user_id', 'description',
] as const satisfies readonly (keyof SiteRepresentation)[];

/** A profile is an absolute http(s) address. Yoast's second network also takes a bare user
 * name, which cannot stand as a `sameAs` link on its own, so this site asks for the URL. */
function isProfileUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const isIntegration = (name: string): name is Integration => (INTEGRATIONS as readonly string[]).includes(name);

const SOCIAL_PROFILE_ARGS = argSchemas({ network_a_site: { type: 'string' }, network_b_site: { type: 'string' }, other_social_urls: { type: 'array' } });

/** Trims every value sent; collects the names of the ones that are not profile URLs, as Yoast
 * names them (`other_social_urls-2` for the third of the list). An empty string clears. */
function readSocialProfiles(ctx: ArgsContext<typeof SOCIAL_PROFILE_ARGS>): { changes: Partial<SocialProfiles>; failures: string[] } {
  const changes: Partial<SocialProfiles> = {};
  const failures: string[] = [];
  for (const name of ['network_a_site', 'network_b_site'] as const) {
    if (!ctx.sent.has(name)) continue;
    const value = String(ctx.params[name]).trim();
    if (value !== '' && !isProfileUrl(value)) failures.push(name);
    changes[name] = value;
  }
  const given = ctx.params.other_social_urls;
  if (given !== undefined) {
    const urls = given.map((url) => (typeof url === 'string' ? url.trim() : null));
    urls.forEach((url, index) => {
      if (url === null || (url !== '' && !isProfileUrl(url))) failures.push(`other_social_urls-${index}`);
    });
    changes.other_social_urls = urls.filter((url): url is string => !!url);
  }
  return { changes, failures };
}

export function configRoutes(site: SiteContext): Route[] {
  const { store } = site;

  return [
    seoRoute('/configuration/site_representation', endpoint({
      methods: ['POST'], permission: MANAGE_SETTINGS,
      args: {
        company_or_person: { type: 'string', enum: ['company', 'person'], required: true },
        company_name: { type: 'string' },
        company_logo: { type: 'string' },
        company_logo_id: { type: 'integer' },
        person_logo: { type: 'string' },
        person_logo_id: { type: 'integer' },
        company_or_person_user_id: { type: 'integer' },
        description: { type: 'string' },
      },
      handler: (ctx) => {
        const userId = ctx.params.company_or_person_user_id;
        // Yoast stores any number; a person who is not a user could never be named in the graph.
        if (ctx.sent.has('company_or_person_user_id') && userId !== 0 && !getUserById(store, userId ?? 0)) {
          throw invalidParams({ company_or_person_user_id: new ValidationError('rest_user_invalid_id', 'company_or_person_user_id is not the id of a user of this site.') });
        }
        const changes: Partial<Record<keyof SiteRepresentation, unknown>> = {};
        for (const field of REPRESENTATION_FIELDS) if (ctx.sent.has(field)) changes[field] = ctx.params[field];
        saveSiteRepresentation(store, changes as Partial<SiteRepresentation>);
        return SUCCESS;
      },
    })),
    seoRoute('/configuration/social_profiles', endpoint({
      methods: ['POST'], permission: MANAGE_SETTINGS,
      args: SOCIAL_PROFILE_ARGS,
      handler: (ctx) => {
        const { changes, failures } = readSocialProfiles(ctx);
        // As Yoast: nothing is saved unless every profile is valid, and the failing ones are named.
        if (failures.length > 0) {
          const params = Object.fromEntries(failures.map((name) => [name, `${name} is not a valid http or https URL.`]));
          throw new RestError('rest_invalid_param', `Invalid parameter(s): ${failures.join(', ')}`, 400, { params, failures });
        }
        saveSocialProfiles(store, changes);
        return { json: SUCCESS };
      },
    })),
    seoRoute('/configuration/check_capability', {
      methods: ['GET'], permission: MANAGE_SETTINGS,
      args: { user_id: { required: true } },
      handler: (ctx) => {
        const id = Number(ctx.params.user_id);
        if (!Number.isInteger(id) || id < 1) {
          throw invalidParams({ user_id: new ValidationError('rest_invalid_type', 'user_id is not of type integer.') });
        }
        if (!getUserById(store, id)) throw new RestError('rest_user_invalid_id', 'Invalid user ID.', 404);
        // Whether the caller may edit that user's profile (Yoast's `edit_user`).
        return can(ctx.user, 'edit_users') || ctx.user?.id === id ? SUCCESS : { success: false, status: 403 };
      },
    }),
    seoRoute('/configuration/enable_tracking', endpoint({
      methods: ['POST'], permission: MANAGE_SETTINGS,
      args: { tracking: { type: 'boolean', required: true } },
      handler: (ctx) => {
        settings.tracking.set(store, ctx.params.tracking);
        return SUCCESS;
      },
    })),
    seoRoute('/configuration/save_configuration_state', endpoint({
      methods: ['POST'], permission: MANAGE_SETTINGS,
      args: { finishedSteps: { type: 'array', required: true } },
      handler: (ctx) => {
        const steps = ctx.params.finishedSteps;
        if (!steps.every((step) => typeof step === 'string' || typeof step === 'number')) {
          throw invalidParams({ finishedSteps: new ValidationError('rest_invalid_type', 'finishedSteps[] are not names of steps (strings).') });
        }
        settings.configurationSteps.set(store, [...new Set(steps.map((step) => String(step).trim()))]);
        return SUCCESS;
      },
    })),
    seoRoute('/configuration/get_configuration_state', {
      methods: ['GET'], permission: MANAGE_SETTINGS,
      args: {},
      handler: () => ({ ...SUCCESS, data: settings.configurationSteps.get(store) }),
    }),
    seoRoute('/integrations/set_active', endpoint({
      methods: ['POST'], permission: MANAGE_SETTINGS,
      args: { active: { type: 'boolean', required: true }, integration: { type: 'string', required: true } },
      handler: (ctx) => {
        const name = ctx.params.integration;
        if (!isIntegration(name)) {
          throw invalidParams({ integration: new ValidationError('rest_not_in_enum', `integration is not one of ${INTEGRATIONS.join(', ')}.`) });
        }
        settings.integrations.update(store, (current) => ({ ...current, [name]: ctx.params.active }));
        return { json: SUCCESS };
      },
    })),
  ];
}
