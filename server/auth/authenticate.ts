// HTTP Basic with application passwords, the interface's only credential scheme for
// clients. Account passwords are for the sign-in page alone and are refused here.
import type { RequestUser, RestRequest } from '../rest/types.ts';
import type { Store } from '../store/db.ts';
import { RestError } from '../rest/errors.ts';
import { getUserByLogin } from '../store/users.ts';
import { findCredential, touchAppPassword } from '../store/app-passwords.ts';
import { hashAppPassword } from './passwords.ts';
import type { SignInGuard } from './sign-in-limit.ts';

/** Recording every use would make each authenticated read a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

function basicCredentials(header: string): { login: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export interface Authenticator {
  /** The user of a request, null when it carries no credentials; throws 401 on bad ones. */
  authenticate(request: RestRequest): RequestUser | null;
}

export function createAuthenticator(store: Store, signIns: SignInGuard): Authenticator {
  const lastTouched = new Map<string, number>();
  return {
    authenticate(request) {
      const header = request.headers.authorization;
      if (!header) return null;
      if (!/^Basic\s/i.test(header)) return null; // other schemes belong to other layers, as in the reference API
      const credentials = basicCredentials(header);
      if (!credentials) throw new RestError('rest_invalid_authorization', 'The Authorization header is not valid HTTP Basic credentials.', 401);
      const passwordHash = hashAppPassword(credentials.password);
      // Right credentials take one lookup and are never limited (a hostile page cannot lock the
      // app out of its own site); wrong ones count against the client, then are told apart.
      const found = findCredential(store, credentials.login, passwordHash) ?? refuse(store, credentials.login, signIns, request.remoteAddress);
      const now = Date.now();
      if (now - (lastTouched.get(found.uuid) ?? 0) >= TOUCH_INTERVAL_MS) {
        lastTouched.set(found.uuid, now);
        // The last use is bookkeeping: a database busy with another process's write does not refuse or hold a read for it.
        store.unlessLocked(() => touchAppPassword(store, found.uuid, new Date(now).toISOString().slice(0, 19)));
      }
      return { id: found.id, login: found.login, role: found.role, appPasswordUuid: found.uuid };
    },
  };
}

/** The 401 for credentials that match no application password: an unknown name, or a wrong password. */
function refuse(store: Store, login: string, signIns: SignInGuard, remoteAddress: string | undefined): never {
  signIns.count(remoteAddress);
  if (!getUserByLogin(store, login)) {
    // As the reference API: an email-shaped name that matches nobody is an unknown email address.
    if (/^[^@\s]+@[^@\s]+$/.test(login)) {
      throw new RestError('invalid_email', 'Unknown email address. Check again or try your username.', 401);
    }
    throw new RestError('invalid_username', 'Unknown username. Check again or try your email address.', 401);
  }
  throw new RestError('incorrect_password', 'The provided password is an invalid application password.', 401);
}
