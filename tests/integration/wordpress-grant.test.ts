// Signing in to the real WordPress through its own page for apps
// (wp-admin/authorize-application.php), driven as a browser would: the app starts a grant,
// the user signs in on wp-login.php, approves or rejects, and WordPress sends the browser
// back to the app, which connects with the new application password, or stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteClient } from '../../shared/site-client.ts';
import { openEventStream, type StreamedEvent } from '../../shared/event-stream.ts';
import type { ConnectedSite, GrantStarted, GrantState } from '../../shared/connected-sites.ts';
import { wordpress } from '../helpers/wordpress-fixture.ts';
import { startSignedInApp, type SignedInApp } from '../helpers/app-host-fixture.ts';

let desktop: SignedInApp;
let app: SiteClient;

beforeAll(async () => {
  desktop = await startSignedInApp();
  app = desktop.app;
});

afterAll(async () => {
  await desktop?.close();
});

/** A browser's cookie jar, as far as WordPress's sign-in needs one. */
class Browser {
  private readonly cookies = new Map<string, string>([['wordpress_test_cookie', 'WP%20Cookie%20check']]);

  async go(url: string, form?: Record<string, string>): Promise<Response> {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET', redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }
}

/** Signs in on wp-login.php as WordPress sends a signed-out user there, answers the page, and returns where WordPress sends the browser. */
async function answerOnWordPress(authorizeUrl: string, role: 'author' | 'editor', answer: 'approve' | 'reject'): Promise<string> {
  const wp = wordpress();
  const browser = new Browser();
  const toLogin = await browser.go(authorizeUrl);
  expect(toLogin.status).toBe(302);
  const loginUrl = new URL(toLogin.headers.get('location')!, wp.url);
  expect(loginUrl.pathname).toBe('/wp-login.php');
  const account = wp.accounts[role];
  const signedIn = await browser.go(`${wp.url}/wp-login.php`, {
    log: account.login, pwd: account.password, 'wp-submit': 'Log In', testcookie: '1', redirect_to: loginUrl.searchParams.get('redirect_to')!,
  });
  expect(signedIn.status).toBe(302);
  const page = await (await browser.go(signedIn.headers.get('location')!)).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '';
  const decode = (value: string) => value.replaceAll('&amp;', '&').replaceAll('&#038;', '&');
  const answered = await browser.go(`${wp.url}/wp-admin/authorize-application.php`, {
    _wpnonce: field('_wpnonce'), _wp_http_referer: decode(field('_wp_http_referer')), action: 'authorize_application_password',
    app_id: field('app_id'), app_name: field('app_name'), success_url: decode(field('success_url')), reject_url: decode(field('reject_url')),
    [answer]: 'yes',
  });
  expect(answered.status).toBe(302);
  return answered.headers.get('location')!;
}

describe('signing in through WordPress\'s page for apps', () => {
  it('connects as the account that approved, with a password WordPress made for Inkwell, and syncs', async () => {
    const wp = wordpress();
    const started = await app.post<GrantStarted>('inkwell/v1/grants', { address: wp.url });
    expect(new URL(started.authorizeUrl).pathname).toBe('/wp-admin/authorize-application.php');
    const back = await answerOnWordPress(started.authorizeUrl, 'author', 'approve');
    expect(new URL(back).searchParams.get('user_login')).toBe(wp.accounts.author.login);
    expect((await fetch(back, { redirect: 'manual' })).status).toBe(303);

    const state = await app.get<GrantState>(`inkwell/v1/grants/${started.id}`);
    expect(state).toMatchObject({ status: 'connected', siteId: expect.any(String) });
    const site = await app.get<ConnectedSite>(`inkwell/v1/sites/${state.siteId}`);
    expect(site).toMatchObject({ apiRoot: `${wp.url}/wp-json/`, login: wp.accounts.author.login });
    // WordPress lists the new password under the app's name for that user.
    const listed = await fetch(`${wp.url}/wp-json/wp/v2/users/${wp.accounts.author.id}/application-passwords`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${wp.accounts.administrator.appPassword}`).toString('base64')}` },
    });
    expect((await listed.json() as { name: string }[]).map((entry) => entry.name)).toContain('Inkwell');

    await app.post(`inkwell/v1/sites/${site.id}/sync`, {});
    const events: StreamedEvent[] = [];
    for await (const event of await openEventStream(app, `inkwell/v1/sites/${site.id}/sync/progress`)) events.push(event);
    expect(events.at(-1)?.data).toMatchObject({ result: 'ok' });
  });

  it('stores nothing when the user does not approve', async () => {
    const wp = wordpress();
    const before = (await app.get<ConnectedSite[]>('inkwell/v1/sites')).length;
    const started = await app.post<GrantStarted>('inkwell/v1/grants', { address: wp.url });
    const back = await answerOnWordPress(started.authorizeUrl, 'editor', 'reject');
    expect(new URL(back).searchParams.get('success')).toBe('false');
    await fetch(back, { redirect: 'manual' });
    expect(await app.get<GrantState>(`inkwell/v1/grants/${started.id}`)).toMatchObject({ status: 'rejected', siteId: null });
    expect(await app.get<ConnectedSite[]>('inkwell/v1/sites')).toHaveLength(before);
  });
});
