// Signing in to the real WordPress through its own page for apps
// (wp-admin/authorize-application.php), driven as a browser would: the app starts a grant,
// the user signs in on wp-login.php, approves or rejects, and WordPress sends the browser
// back to the app's inkwell:// address, which the operating system hands to the desktop app
// (passed on to the local site as main.ts does, grant-return.ts); the app connects with the
// new application password, or stores nothing. The site is a production one: its environment
// type is WordPress's default, which refuses an http return address (only `local` sites
// accept one). Browser mode, which has no scheme, asks for an application password instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteClient } from '../../shared/site-client.ts';
import { desktopApi } from '../../shared/api-routes.ts';
import { openEventStream, type StreamedEvent } from '../../shared/event-stream.ts';
import { grantCallbackAddress } from '../../electron/grant-return.ts';
import { wordpress } from '../helpers/wordpress-fixture.ts';
import { siteFailure, startSignedInApp, type SignedInApp } from '../helpers/app-host-fixture.ts';

let desktop: SignedInApp;
let app: SiteClient;

beforeAll(async () => {
  desktop = await startSignedInApp({ signInByScheme: true });
  app = desktop.app;
});

afterAll(async () => {
  await desktop?.close();
});

type Environment = 'production' | 'local';

/** A browser's cookie jar, as far as WordPress's sign-in needs one; its cookie inkwell_wp_environment chooses the site's environment type (tests/helpers/wordpress). */
class Browser {
  private readonly cookies: Map<string, string>;

  constructor(environment: Environment) {
    this.cookies = new Map([['wordpress_test_cookie', 'WP%20Cookie%20check'], ['inkwell_wp_environment', environment]]);
  }

  /** A request as the browser makes it: with its cookies; `body` a form (an object) or JSON (a string). */
  async go(url: string, body?: Record<string, string> | string, headers: Record<string, string> = {}): Promise<Response> {
    const json = typeof body === 'string';
    const response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST', redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' }),
        ...headers,
      },
      body: body === undefined ? undefined : json ? body : new URLSearchParams(body).toString(),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }
}

/** Opens an admin page signed out, signs in on wp-login.php where WordPress sends the browser, and returns the page WordPress then shows. */
async function signInFor(adminUrl: string, role: 'author' | 'editor', environment: Environment): Promise<{ browser: Browser; page: string }> {
  const wp = wordpress();
  const browser = new Browser(environment);
  const toLogin = await browser.go(adminUrl);
  expect(toLogin.status).toBe(302);
  const loginUrl = new URL(toLogin.headers.get('location')!, wp.url);
  expect(loginUrl.pathname).toBe('/wp-login.php');
  const account = wp.accounts[role];
  const signedIn = await browser.go(`${wp.url}/wp-login.php`, {
    log: account.login, pwd: account.password, 'wp-submit': 'Log In', testcookie: '1', redirect_to: loginUrl.searchParams.get('redirect_to')!,
  });
  expect(signedIn.status).toBe(302);
  return { browser, page: await (await browser.go(signedIn.headers.get('location')!)).text() };
}

/** A `var name = {…};` object the page hands its scripts (wp_localize_script). */
function pageScriptObject<T>(page: string, name: string): T {
  const found = new RegExp(`var ${name} = (\\{.*?\\});\\n`).exec(page);
  if (!found) throw new Error(`The page has no ${name}`);
  return JSON.parse(found[1]) as T;
}

/**
 * Answers the page for apps on the production site as WordPress's own script does in the
 * user's browser (wp-admin/js/auth-app.js): Approve makes the password through the REST API
 * (the user's cookie and the page's nonce) and sends the browser to the return address with
 * it; Reject sends it to the reject address. (The page's form is only the fallback without
 * JavaScript, which drops a return address of an app's own scheme: esc_url knows no inkwell:.)
 * Returns where the browser is sent.
 */
async function answerOnWordPress(authorizeUrl: string, role: 'author' | 'editor', answer: 'approve' | 'reject'): Promise<string> {
  const { browser, page } = await signInFor(authorizeUrl, role, 'production');
  const authApp = pageScriptObject<{ site_url: string; user_login: string; success: string | null; reject: string }>(page, 'authApp');
  if (answer === 'reject') return authApp.reject;
  const { root, nonce } = pageScriptObject<{ root: string; nonce: string }>(page, 'wpApiSettings');
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '';
  const created = await browser.go(`${root}wp/v2/users/me/application-passwords?_locale=user`, JSON.stringify({ name: field('app_name'), app_id: field('app_id') }), { 'x-wp-nonce': nonce });
  expect(created.status).toBe(201);
  const { password } = await created.json() as { password: string };
  const raw = authApp.success!;
  return `${raw}${raw.includes('?') ? '&' : '?'}site_url=${encodeURIComponent(authApp.site_url)}&user_login=${encodeURIComponent(authApp.user_login)}&password=${encodeURIComponent(password)}`;
}

/** What the desktop app does with the address the OS hands it: the local site's callback gets it. */
async function handToApp(back: string): Promise<Response> {
  const callback = grantCallbackAddress(back, desktop.host.running.site.context.urls.apiRoot);
  expect(callback).not.toBeNull();
  return fetch(callback!, { redirect: 'manual' });
}

describe('signing in through WordPress\'s page for apps, on a production site', () => {
  it('connects as the account that approved, with a password WordPress made for Inkwell, and syncs', async () => {
    const wp = wordpress();
    const started = await app.post(desktopApi.grants(), { address: wp.url });
    expect(new URL(started.authorizeUrl).pathname).toBe('/wp-admin/authorize-application.php');
    const back = await answerOnWordPress(started.authorizeUrl, 'author', 'approve');
    expect(back.startsWith(`inkwell://grant/${started.id}?`)).toBe(true);
    expect(new URL(back).searchParams.get('user_login')).toBe(wp.accounts.author.login);
    expect((await handToApp(back)).status).toBe(303);

    const state = await app.get(desktopApi.grant(started.id));
    expect(state).toMatchObject({ status: 'connected', siteId: expect.any(String) });
    const site = await app.get(desktopApi.site(state.siteId!));
    expect(site).toMatchObject({ apiRoot: `${wp.url}/wp-json/`, login: wp.accounts.author.login });
    // WordPress lists the new password under the app's name for that user.
    const listed = await fetch(`${wp.url}/wp-json/wp/v2/users/${wp.accounts.author.id}/application-passwords`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${wp.accounts.administrator.appPassword}`).toString('base64')}` },
    });
    expect((await listed.json() as { name: string }[]).map((entry) => entry.name)).toContain('Inkwell');

    await app.post(desktopApi.sync(site.id), {});
    const events: StreamedEvent[] = [];
    for await (const event of await openEventStream(app, `inkwell/v1/sites/${site.id}/sync/progress`)) events.push(event);
    expect(events.at(-1)?.data).toMatchObject({ result: 'ok' });
  });

  it('stores nothing when the user does not approve', async () => {
    const wp = wordpress();
    const before = (await app.get(desktopApi.sites())).length;
    const started = await app.post(desktopApi.grants(), { address: wp.url });
    const back = await answerOnWordPress(started.authorizeUrl, 'editor', 'reject');
    expect(back.startsWith(`inkwell://grant/${started.id}?`)).toBe(true);
    expect(new URL(back).searchParams.get('success')).toBe('false');
    await handToApp(back);
    expect(await app.get(desktopApi.grant(started.id))).toMatchObject({ status: 'rejected', siteId: null });
    expect(await app.get(desktopApi.sites())).toHaveLength(before);
  });
});

describe('browser mode, which has no scheme to receive the answer', () => {
  it('asks for an application password, with a link to the profile page where WordPress makes one', async () => {
    const wp = wordpress();
    const browserMode = await startSignedInApp();
    try {
      const failure = await siteFailure(browserMode.app.post(desktopApi.grants(), { address: wp.url }));
      expect(failure).toMatchObject({ status: 422, code: 'inkwell_grant_needs_desktop_app' });
      const profile = `${wp.url}/wp-admin/profile.php#application-passwords-section`;
      expect(failure.message).toContain(profile);
      const { page } = await signInFor(profile, 'author', 'production');
      expect(page).toContain('id="application-passwords-section"');
    } finally {
      await browserMode.close();
    }
  });

  it('could not use its loopback http return address: a production site refuses it, only a local one accepts it', async () => {
    const wp = wordpress();
    const authorize = new URL(`${wp.url}/wp-admin/authorize-application.php`);
    authorize.searchParams.set('app_name', 'Inkwell');
    authorize.searchParams.set('success_url', 'http://127.0.0.1:9/cms-json/inkwell/v1/grants/g/callback');
    const production = await signInFor(authorize.href, 'author', 'production');
    expect(production.page).toContain('The URL must be served over a secure connection.');
    const local = await signInFor(authorize.href, 'author', 'local');
    expect(local.page).not.toContain('The URL must be served over a secure connection.');
    expect(local.page).toContain('name="success_url"');
  });
});
