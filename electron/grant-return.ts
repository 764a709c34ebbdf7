// The return address of "Sign in on the site": the app's own scheme, inkwell://grant/<id>.
// WordPress refuses an http return address unless the site's environment type is `local`
// (wp_is_authorize_application_redirect_url_valid), so the loopback address of the local
// site cannot be it; a custom scheme is accepted everywhere. The operating system hands the
// address to the app (macOS: 'open-url'; Windows and Linux: a second start with it in argv,
// 'second-instance'), and the main process passes it on to the local site's callback route,
// where the grant id proves it answers this app's own question. Plain Node, no Electron.
import path from 'node:path';
import { desktopApi } from '../shared/api-routes.ts';

export const GRANT_SCHEME = 'inkwell';
const GRANT_HOST = 'grant';
const GRANT_ID = /^[\w-]+$/;

/** Where the site's grant page sends the browser back, for this grant. */
export function grantReturnUrl(grantId: string): string {
  return `${GRANT_SCHEME}://${GRANT_HOST}/${encodeURIComponent(grantId)}`;
}

/** The local site's callback address for a returned inkwell://grant/<id>?… address (its query as it came), or null when it is not one. */
export function grantCallbackAddress(returned: string, apiRoot: string): string | null {
  if (!URL.canParse(returned)) return null;
  const url = new URL(returned);
  const id = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (url.protocol !== `${GRANT_SCHEME}:` || url.hostname !== GRANT_HOST || !GRANT_ID.test(id)) return null;
  return `${apiRoot}${desktopApi.grantCallback(id)}${url.search}`;
}

/** The returned address among a start's arguments (Windows and Linux pass it as one). */
export function returnedAddressIn(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.startsWith(`${GRANT_SCHEME}://`));
}

/**
 * What the OS must start for the scheme: null for the packaged app (itself, as it is); under
 * `npm start` (Electron's default app running the project folder), Electron with the folder.
 */
export function protocolLaunch(runtime: { defaultApp: boolean; execPath: string; argv: readonly string[] }): { executable: string; args: string[] } | null {
  if (runtime.defaultApp && runtime.argv.length >= 2) return { executable: runtime.execPath, args: [path.resolve(runtime.argv[1])] };
  return null;
}
