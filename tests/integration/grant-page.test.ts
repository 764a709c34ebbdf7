// The credential-grant page at {auth_url}, driven over HTTP the way a browser would: sign
// in with the account password, approve or reject, and follow the redirect back to the
// client, which then holds a working application password. Redirects are not followed
// and the session cookie is carried by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { listAppPasswords } from '../../server/store/app-passwords.ts';
import { cookieSet, formToken, postForm, postSignIn } from '../helpers/grant-page.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite('a');
});
afterAll(async () => {
  await site.close();
});

const APP_ID = '0f5c1b2e-7d3a-4c8e-9b1f-2a6d4e8c0b13';

function authUrl(params: Record<string, string>): string {
  const url = new URL('/authorize-application', site.url);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

function get(url: string, cookie?: string): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
}

/** The `name=value` part of the session cookie a response sets. */
function sessionCookie(response: Response): string {
  const header = response.headers.get('set-cookie') ?? '';
  const match = /^(cms_session=[^;]+)/.exec(header);
  if (!match) throw new Error(`no session cookie in "${header}"`);
  return match[1];
}

async function signIn(url: string, role: TestRole, log = site.users[role].login): Promise<string> {
  const response = await postSignIn(url, log, site.users[role].password);
  expect(response.status).toBe(303);
  return sessionCookie(response);
}

/** Signs in and reads the approval form: the cookie and the form token. */
async function approvalForm(url: string, role: TestRole): Promise<{ cookie: string; token: string; html: string }> {
  const cookie = await signIn(url, role);
  const page = await get(url, cookie);
  expect(page.status).toBe(200);
  const html = await page.text();
  return { cookie, token: formToken(html), html };
}

const appPasswordsOf = (role: TestRole) => listAppPasswords(site.running.site.context.store, site.users[role].id);

async function whoIs(login: string, password: string): Promise<{ status: number; id?: number }> {
  const result = await site.api('cms/v2/users/me', {
    headers: { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` },
  });
  return { status: result.status, id: result.body?.id };
}

describe('signing in', () => {
  const url = () => authUrl({ app_name: 'Phone app', app_id: APP_ID, success_url: 'https://client.example/done' });

  it('advertises the page in the index document', async () => {
    const index = await site.api('');
    expect(index.body.authentication['application-passwords'].endpoints.authorization).toBe(`${site.url}/authorize-application`);
  });

  it('shows a sign-in form to a visitor without a session, with only its own form cookie (HttpOnly, SameSite=Strict)', async () => {
    const response = await get(url());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^cms_sign_in=[A-Za-z0-9_-]{20,};/);
    expect(cookie.toLowerCase()).toContain('httponly');
    expect(cookie.toLowerCase()).toContain('samesite=strict');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const html = await response.text();
    expect(html).toContain('name="log"');
    expect(html).toContain('name="pwd"');
    expect(html).toContain('type="password"');
    expect(html).toContain('Phone app');
    expect(html).toContain('name="token"');
  });

  it('escapes the application name it shows', async () => {
    const html = await (await get(authUrl({ app_name: '<img src=x onerror=alert(1)>' }))).text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it('refuses a wrong password, an unknown user and an application password, with an error and no cookie', async () => {
    const { login, appPassword } = site.users.editor;
    for (const form of [
      { log: login, pwd: 'not-the-password' },
      { log: 'nobody-at-all', pwd: site.users.editor.password },
      { log: login, pwd: appPassword },
      { log: login, pwd: '' },
    ]) {
      const response = await postSignIn(url(), form.log, form.pwd);
      expect(response.status, JSON.stringify(form)).toBe(401);
      expect(response.headers.get('set-cookie')).not.toContain('cms_session');
      const html = await response.text();
      expect(html).toContain('role="alert"');
      expect(html).toContain('The username or password is incorrect.');
      expect(html).toContain('name="pwd"');
    }
  });

  it('signs in with the account password: 303 back to the page with an HttpOnly, SameSite=Strict session cookie', async () => {
    const response = await postSignIn(url(), site.users.editor.login, site.users.editor.password);
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!, site.url).toString()).toBe(url());
    const header = response.headers.get('set-cookie')!;
    expect(header).toMatch(/^cms_session=[A-Za-z0-9_-]{20,};/);
    const attributes = header.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('path=/');
    // Served over plain http on this machine: a Secure cookie would never come back.
    expect(attributes).not.toContain('secure');
    // Only a hash of the session token is stored.
    const token = sessionCookie(response).slice('cms_session='.length);
    const rows = site.running.site.context.store.all<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
  });

  it('refuses a sign-in posted from elsewhere (login CSRF): without the form’s cookie, without its token, or with another form’s token', async () => {
    const { login, password } = site.users.editor;
    const first = await get(url());
    const second = await get(url());
    const [firstCookie, secondCookie] = [cookieSet(first, 'cms_sign_in')!, cookieSet(second, 'cms_sign_in')!];
    const [firstToken, secondToken] = [formToken(await first.text()), formToken(await second.text())];
    expect(firstCookie).not.toBe(secondCookie);
    for (const [what, form, cookie] of [
      ['another site’s form: a token but no cookie', { token: firstToken }, undefined],
      ['the cookie but no token', {}, firstCookie],
      ['another form’s token', { token: secondToken }, firstCookie],
      ['a made-up token', { token: 'x'.repeat(firstToken.length) }, firstCookie],
    ] as const) {
      const response = await postForm(url(), { action: 'login', log: login, pwd: password, ...form }, cookie);
      expect(response.status, what).toBe(403);
      expect(cookieSet(response, 'cms_session'), what).toBeNull();
      const html = await response.text();
      expect(html, what).toContain('The sign-in form has expired');
      // The form comes back, ready for a real sign-in.
      expect(html, what).toContain('name="pwd"');
    }
    // The forms themselves still work.
    expect((await postForm(url(), { action: 'login', log: login, pwd: password, token: secondToken }, secondCookie)).status).toBe(303);
  });

  it('keeps the form’s cookie only when it is one the site could have made', async () => {
    const response = await get(url(), 'cms_sign_in=<script>');
    expect(cookieSet(response, 'cms_sign_in')).toMatch(/^cms_sign_in=[A-Za-z0-9_-]{24}$/);
    const kept = await get(url(), 'cms_sign_in=abcdefghijklmnopqrstuvwx');
    expect(cookieSet(kept, 'cms_sign_in')).toBe('cms_sign_in=abcdefghijklmnopqrstuvwx');
  });

  it('signs in with the email address too', async () => {
    const cookie = await signIn(url(), 'author', `${site.users.author.login}@localhost.invalid`);
    const html = await (await get(url(), cookie)).text();
    expect(html).toContain(site.users.author.login);
  });

  it('shows the approval form, with a token, to a signed-in user', async () => {
    const { html, token } = await approvalForm(url(), 'editor');
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect(html).toContain('Phone app');
    expect(html).toContain(site.users.editor.login);
    expect(html).toContain('value="approve"');
    expect(html).toContain('value="reject"');
    expect(html).toContain('https://client.example');
  });

  it('does not accept a made-up session cookie', async () => {
    const html = await (await get(url(), 'cms_session=made-up-token')).text();
    expect(html).toContain('name="pwd"');
    expect(html).not.toContain('value="approve"');
  });
});

describe('approving', () => {
  it('refuses an approval without the form token, or with a wrong one (403), and creates nothing', async () => {
    const url = authUrl({ app_name: 'Forged', success_url: 'https://client.example/done' });
    const { cookie, token } = await approvalForm(url, 'author');
    const other = await approvalForm(url, 'author');
    expect(other.token).not.toBe(token);
    const before = appPasswordsOf('author').length;
    // One character changed: a token that happens to start with 'x' must not be "altered" into itself.
    const altered = (token.startsWith('x') ? 'y' : 'x') + token.slice(1);
    const forms: Record<string, string>[] = [{ action: 'approve' }, { action: 'approve', token: altered }, { action: 'approve', token: other.token }, { action: 'approve', token: '' }];
    for (const form of forms) {
      const response = await postForm(url, form, cookie);
      expect(response.status, JSON.stringify(form)).toBe(403);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('role="alert"');
    }
    expect(appPasswordsOf('author').length).toBe(before);
  });

  it('asks for a sign-in when an approval comes without a session, and creates nothing', async () => {
    const url = authUrl({ app_name: 'No session', success_url: 'https://client.example/done' });
    const { token } = await approvalForm(url, 'author');
    const before = appPasswordsOf('author').length;
    const response = await postForm(url, { action: 'approve', token });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('name="pwd"');
    expect(appPasswordsOf('author').length).toBe(before);
  });

  it('on approval sends the client site_url, user_login and a new password that works over Basic', async () => {
    const url = authUrl({ app_name: 'Desktop client', app_id: APP_ID, success_url: 'https://client.example/done?state=xyz' });
    const { cookie, token } = await approvalForm(url, 'contributor');
    const before = appPasswordsOf('contributor').length;
    const response = await postForm(url, { action: 'approve', token }, cookie);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://client.example/done');
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('site_url')).toBe(site.url);
    expect(location.searchParams.get('user_login')).toBe(site.users.contributor.login);
    const password = location.searchParams.get('password')!;
    expect(password).toMatch(/^[A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5}$/);

    expect(await whoIs(site.users.contributor.login, password)).toEqual({ status: 200, id: site.users.contributor.id });
    const created = await site.api('cms/v2/posts', {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${site.users.contributor.login}:${password}`).toString('base64')}` },
      body: { title: 'Written through the granted password' },
    });
    expect(created.status).toBe(201);
    expect(created.body.author).toBe(site.users.contributor.id);

    const rows = appPasswordsOf('contributor');
    expect(rows.length).toBe(before + 1);
    const row = rows.find((candidate) => candidate.name === 'Desktop client')!;
    expect(row).toMatchObject({ app_id: APP_ID, user_id: site.users.contributor.id });
    expect(row.password_hash).not.toContain(password.replace(/ /g, ''));
  });

  it('shows the password on the page, once, when there is no success_url', async () => {
    const url = authUrl({ app_name: 'Command-line tool' });
    const { cookie, token, html } = await approvalForm(url, 'subscriber');
    expect(html).toContain('shown on the next page');
    const response = await postForm(url, { action: 'approve', token }, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.text();
    const password = /<code>([A-Za-z0-9 ]+)<\/code>/.exec(page)![1];
    expect(password).toMatch(/^[A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5}$/);
    expect(page).toContain('Command-line tool');
    expect(await whoIs(site.users.subscriber.login, password)).toEqual({ status: 200, id: site.users.subscriber.id });
  });

  it('on rejection sends the client to reject_url with success=false and creates nothing', async () => {
    const url = authUrl({ app_name: 'Declined', success_url: 'https://client.example/done', reject_url: 'https://client.example/declined?state=1' });
    const { cookie, token } = await approvalForm(url, 'editor');
    const before = appPasswordsOf('editor').length;
    const response = await postForm(url, { action: 'reject', token }, cookie);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://client.example/declined');
    expect(location.searchParams.get('success')).toBe('false');
    expect(location.searchParams.get('state')).toBe('1');
    expect(location.searchParams.get('password')).toBeNull();
    expect(appPasswordsOf('editor').length).toBe(before);
  });

  it('on rejection without a reject_url goes back to the success_url with success=false', async () => {
    const url = authUrl({ app_name: 'Declined too', success_url: 'https://client.example/done' });
    const { cookie, token } = await approvalForm(url, 'editor');
    const response = await postForm(url, { action: 'reject', token }, cookie);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://client.example/done');
    expect(location.searchParams.get('success')).toBe('false');
    expect(location.searchParams.get('password')).toBeNull();
  });
});

describe('the request the client makes', () => {
  it.each([
    ['http://example.com/callback', 'success_url'],
    ['http://192.168.1.20/callback', 'success_url'],
    ['javascript:alert(1)', 'success_url'],
    ['data:text/html,hello', 'success_url'],
    ['not a url', 'success_url'],
    ['http://example.com/declined', 'reject_url'],
  ])('refuses %s as %s (400), before any sign-in', async (value, name) => {
    const params: Record<string, string> = { app_name: 'Client', [name]: value };
    const response = await get(authUrl(params));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(name);
    expect(html).not.toContain('name="pwd"');
    // Not even a correct sign-in gets past it.
    const login = await postForm(authUrl(params), { action: 'login', log: site.users.editor.login, pwd: site.users.editor.password });
    expect(login.status).toBe(400);
    expect(login.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    'https://client.example/callback',
    'http://127.0.0.1:45678/callback',
    'http://localhost:45678/callback',
    'inkwell://connect',
  ])('accepts %s as success_url and sends the password there', async (successUrl) => {
    const url = authUrl({ app_name: `Client for ${successUrl}`, success_url: successUrl });
    expect((await get(url)).status).toBe(200);
    const { cookie, token } = await approvalForm(url, 'administrator');
    const response = await postForm(url, { action: 'approve', token }, cookie);
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${successUrl}?`)).toBe(true);
    const params = new URL(location).searchParams;
    expect(params.get('user_login')).toBe(site.users.administrator.login);
    expect(params.get('site_url')).toBe(site.url);
    expect(await whoIs(site.users.administrator.login, params.get('password')!)).toEqual({ status: 200, id: site.users.administrator.id });
  });

  it('requires an application name (400)', async () => {
    const requests: Record<string, string>[] = [{}, { app_name: '' }, { app_name: '   ' }, { success_url: 'https://client.example/done' }];
    for (const params of requests) {
      const response = await get(authUrl(params));
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(await response.text()).toContain('app_name');
    }
  });

  it('requires app_id, when given, to be a UUID (400)', async () => {
    const response = await get(authUrl({ app_name: 'Client', app_id: 'not-a-uuid' }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('app_id');
    expect((await get(authUrl({ app_name: 'Client', app_id: APP_ID }))).status).toBe(200);
  });
});
