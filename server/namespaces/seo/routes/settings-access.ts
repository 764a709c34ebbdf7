// Who may call the settings routes of seo/v1. Each route names the capabilities Yoast's
// permission callback asks for; holding any one of them is enough.
import type { Endpoint } from '../../../rest/types.ts';
import type { Store } from '../../../store/db.ts';
import { RestError, forbidden } from '../../../rest/errors.ts';
import { can, type Capability } from '../../../auth/capabilities.ts';
import { settings, type Integration } from '../settings-state.ts';
import { SERVICE_NAMES } from '../connector-services.ts';

type Permission = NonNullable<Endpoint['permission']>;

/** 401 for nobody logged in, 403 for a user without any of `capabilities`. */
export function allowAny(...capabilities: Capability[]): Permission {
  return (ctx) => {
    if (!capabilities.some((capability) => can(ctx.user, capability))) {
      throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', !!ctx.user);
    }
  };
}

/** Site-wide settings: the site's managers only. */
export const MANAGE_SETTINGS = allowAny('manage_options');
/** A writer's own preferences and notices (per user, or harmless to the site). */
export const WRITERS = allowAny('edit_posts');

/** A connector's routes: the capabilities, then the integration switched on (integrations/set_active). */
export function allowIntegration(store: Store, integration: Integration, ...capabilities: Capability[]): Permission {
  const allowed = allowAny(...capabilities);
  return (ctx) => {
    allowed(ctx);
    if (!settings.integrations.get(store)[integration]) {
      throw new RestError('seo_integration_inactive', `The ${SERVICE_NAMES[integration]} integration is switched off on this site (integrations/set_active).`, 403);
    }
  };
}
