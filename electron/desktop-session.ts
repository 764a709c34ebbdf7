// How the app's renderer gets its credential without the user typing anything: the host
// makes a fresh application password for the local administrator at every start and a
// one-time bootstrap token that only the app's own window receives (in the URL fragment,
// which is never sent over the network). The renderer trades the token for the
// credential once; other pages cannot read the answer (same origin, no CORS) and other
// processes do not know the token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Route } from '../server/rest/types.ts';
import type { SiteContext } from '../server/site-context.ts';
import { RestError } from '../server/rest/errors.ts';
import { allowAnyone } from '../server/rest/permissions.ts';
import { renewAppPassword } from '../server/auth/account-commands.ts';
import { desktopApi, rooted } from '../shared/api-routes.ts';

export const DESKTOP_APP_ID = '6f1b0a52-6d0e-4a63-9a43-3c3c1d7e9a11';
const DESKTOP_LOGIN = 'admin';

export interface DesktopSession {
  token: string;
  credentials: { login: string; password: string };
  consumed: boolean;
}

/** Replaces the previous run's desktop credential with a new one. */
export function createDesktopSession(site: SiteContext): DesktopSession {
  const credentials = renewAppPassword(site.store, DESKTOP_LOGIN, 'Inkwell desktop app', DESKTOP_APP_ID);
  return { token: randomBytes(32).toString('base64url'), credentials, consumed: false };
}

function sameToken(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function desktopRoutes(session: () => DesktopSession): Route[] {
  return [{
    namespace: desktopApi.namespace,
    pattern: rooted(desktopApi.session()),
    showInIndex: false,
    endpoints: [{
      methods: ['POST'],
      args: { token: { type: 'string', required: true, description: 'The one-time bootstrap token of this run.' } },
      // The one-time token is the credential: the handler checks it.
      permission: allowAnyone,
      handler: (ctx) => {
        const current = session();
        if (current.consumed || !sameToken(current.token, ctx.params.token)) {
          throw new RestError('inkwell_invalid_bootstrap', 'This start-up link has been used or is not valid. Restart the app to open it again.', 403);
        }
        current.consumed = true;
        return current.credentials;
      },
    }],
  }];
}
