// Who may call the settings routes of seo/v1. Each route names the capabilities Yoast's
// permission callback asks for; holding any one of them is enough.
import type { Endpoint } from '../../rest/types.ts';
import { forbidden } from '../../rest/errors.ts';
import { can, type Capability } from '../../auth/capabilities.ts';

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
