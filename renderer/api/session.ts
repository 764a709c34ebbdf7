// The renderer's credential for its local site: traded once for the one-time bootstrap
// token in the URL fragment, then kept for this window's session (so a reload keeps it).
import { SiteClient, type SiteCredentials } from '../../shared/site-client.ts';
import type { CopySession } from '../../shared/connected-sites.ts';
import { API_PREFIX, desktopApi } from '../../shared/api-routes.ts';

const STORAGE_KEY = 'inkwell.credentials';
/** The connected site this window writes for, with its copy's credential (valid while the app runs). */
const SITE_KEY = 'inkwell.site';

export function loadSiteChoice(): CopySession | null {
  const stored = sessionStorage.getItem(SITE_KEY);
  return stored ? (JSON.parse(stored) as CopySession) : null;
}

export function saveSiteChoice(session: CopySession | null): void {
  if (session) sessionStorage.setItem(SITE_KEY, JSON.stringify(session));
  else sessionStorage.removeItem(SITE_KEY);
}

export function apiRoot(): string {
  return `${window.location.origin}${API_PREFIX}/`;
}

const BOOTSTRAP = /bootstrap=([A-Za-z0-9_-]+)/;

/**
 * A new start address opened in this tab (after the app restarted, its old credential no
 * longer opens the site) changes only the fragment, which loads nothing: the tab starts
 * again with it, and so signs in anew. Unsaved text is asked about first, as on any reload.
 */
function signInAgainOnNewBootstrap(): void {
  window.addEventListener('hashchange', () => {
    if (BOOTSTRAP.test(window.location.hash)) window.location.reload();
  });
}

export async function connect(): Promise<SiteClient> {
  signInAgainOnNewBootstrap();
  const match = BOOTSTRAP.exec(window.location.hash);
  if (match) {
    // The token must not linger in the address bar or history.
    history.replaceState(null, '', window.location.pathname + window.location.search + '#/posts');
    const credentials = await new SiteClient(apiRoot(), null).post(desktopApi.session(), { token: match[1] });
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(credentials));
    // A new start of the app: the copies' credentials of the last run no longer open them.
    saveSiteChoice(null);
  }
  const stored = sessionStorage.getItem(STORAGE_KEY);
  if (!stored) throw new Error('This window has no connection to the local site. Open the app from the address the app printed when it started.');
  return new SiteClient(apiRoot(), JSON.parse(stored) as SiteCredentials);
}
