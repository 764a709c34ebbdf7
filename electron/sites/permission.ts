// The private namespace is the app's own: only the local administrator (the desktop
// credential the app's window holds) may use it.
import { can } from '../../server/auth/capabilities.ts';
import { forbidden } from '../../server/rest/errors.ts';
import type { HandlerContext } from '../../server/rest/types.ts';

export function desktopOnly(ctx: HandlerContext): void {
  if (!can(ctx.user, 'manage_options')) {
    throw forbidden('inkwell_forbidden', 'Only the app itself may manage connected sites: sign in as the local administrator.', ctx.user !== null);
  }
}
