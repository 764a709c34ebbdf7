// The credential-grant page at {auth_url}: a client sends the user here with `app_name`
// (and optionally `app_id`, `success_url`, `reject_url`); the user signs in with the
// account password, approves, and the client receives a new application password. Both
// forms carry a token another site cannot know: the sign-in form's is bound to a cookie set
// with the form, the approval's to the session.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PageRequest, PageResponse, SiteContext } from '../site-context.ts';
import { htmlPage } from './html.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import { createSession, sessionUserId } from '../store/sessions.ts';
import { getUserById, getUserByLogin, type UserRow } from '../store/users.ts';
import { createAppPasswordFor } from '../auth/account-commands.ts';
import { siteSecret } from '../auth/site-secret.ts';
import { UNMATCHABLE_HASH, verifyAccountPassword } from '../auth/passwords.ts';
import { RestError } from '../rest/errors.ts';

export const SESSION_COOKIE = 'cms_session';
/** Set with the sign-in form; its token proves a sign-in was posted from that form (no login CSRF). */
export const SIGN_IN_COOKIE = 'cms_sign_in';
const SIGN_IN_NONCE = /^[A-Za-z0-9_-]{24}$/;
const SESSION_LIFETIME_MS = 2 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DANGEROUS_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:']);

interface GrantRequest {
  appName: string;
  appId: string;
  successUrl: URL | null;
  rejectUrl: URL | null;
}

/** Credentials must not travel in clear text to another machine: https, loopback http, or an app's own scheme. */
function redirectTarget(value: string | null, name: string): URL | null | string {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `The ${name} is not a valid URL.`;
  }
  if (DANGEROUS_SCHEMES.has(url.protocol)) return `The ${name} may not use the ${url.protocol} scheme.`;
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !loopback) return `The ${name} must use https (or http on this machine).`;
  return url;
}

function readGrantRequest(url: URL): GrantRequest | string {
  const appName = url.searchParams.get('app_name')?.trim() ?? '';
  const appId = url.searchParams.get('app_id') ?? '';
  if (appName === '') return 'The application name (app_name) is required.';
  if (appId !== '' && !UUID.test(appId)) return 'The app_id must be a UUID.';
  const successUrl = redirectTarget(url.searchParams.get('success_url'), 'success_url');
  if (typeof successUrl === 'string') return successUrl;
  const rejectUrl = redirectTarget(url.searchParams.get('reject_url'), 'reject_url');
  if (typeof rejectUrl === 'string') return rejectUrl;
  return { appName, appId, successUrl, rejectUrl };
}

/**
 * A form's token is bound to a cookie value (the session, or the sign-in form's nonce), so
 * another site, which can neither read nor set this site's cookies, cannot forge a post.
 */
function formToken(site: SiteContext, purpose: 'grant' | 'sign-in', cookie: string): string {
  return createHmac('sha256', siteSecret(site.store)).update(`${purpose}:${cookie}`).digest('base64url');
}

function tokenMatches(expected: string, given: string | undefined): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given ?? '');
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

const STYLE = '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}label,input,button{display:block;margin:.4rem 0}input{width:100%;padding:.4rem}button{padding:.5rem 1rem}.error{color:#b00020}code{font-size:1.2rem;background:#eee;padding:.2rem .4rem}</style>';

/** The page's own forms post to it and are then sent on to the application (which form-action would refuse in Chromium). */
const GRANT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

function view(status: number, body: string, headers: Record<string, string | string[]> = {}): PageResponse {
  return htmlPage(status, 'Authorize application', `${STYLE}<h1>Authorize application</h1>${body}`, { 'content-security-policy': GRANT_POLICY, ...headers });
}

function redirect(location: URL | string, headers: Record<string, string | string[]> = {}): PageResponse {
  return { status: 303, headers: { location: String(location), 'cache-control': 'no-store', ...headers }, body: '' };
}

function cookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

/** The sign-in form with its token; its cookie is kept when the browser sent one, else made. */
function loginForm(site: SiteContext, request: PageRequest, action: string, grant: GrantRequest, error?: { status: number; message: string; headers?: Record<string, string> }): PageResponse {
  const sent = cookieValue(request.headers.cookie, SIGN_IN_COOKIE);
  const nonce = sent && SIGN_IN_NONCE.test(sent) ? sent : randomBytes(18).toString('base64url');
  const headers = { ...error?.headers, 'set-cookie': cookie(SIGN_IN_COOKIE, nonce, SESSION_LIFETIME_MS / 1000, request.secure) };
  return view(error?.status ?? 200, `<p>Sign in to let <strong>${escapeHtml(grant.appName)}</strong> connect to this site.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error.message)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="login"><input type="hidden" name="token" value="${formToken(site, 'sign-in', nonce)}">
<label for="log">Username or email address</label><input id="log" name="log" autocomplete="username" required>
<label for="pwd">Password</label><input id="pwd" name="pwd" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`, headers);
}

function approveForm(action: string, grant: GrantRequest, user: UserRow, token: string): PageResponse {
  const destination = grant.successUrl
    ? `<p>You will be sent back to <strong>${escapeHtml(grant.successUrl.origin === 'null' ? grant.successUrl.protocol : grant.successUrl.origin)}</strong> with the new password.</p>`
    : '<p>The new password will be shown on the next page, once.</p>';
  return view(200, `<p>Would you like to give <strong>${escapeHtml(grant.appName)}</strong> access to your account <strong>${escapeHtml(user.login)}</strong> on this site?</p>${destination}
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${token}">
<button type="submit" name="action" value="approve">Yes, I approve of this connection</button>
<button type="submit" name="action" value="reject">No, I do not approve of this connection</button></form>`);
}

function withParams(url: URL, params: Record<string, string>): URL {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target;
}

/**
 * A sign-in: the form's token first, then the client's attempt count, then the password. An
 * unknown login is checked against a hash too, so the answer's timing does not tell which
 * logins exist. Returns the user, or the form again with what went wrong.
 */
async function signIn(site: SiteContext, request: PageRequest, action: string, grant: GrantRequest): Promise<UserRow | PageResponse> {
  const nonce = cookieValue(request.headers.cookie, SIGN_IN_COOKIE);
  if (!nonce || !tokenMatches(formToken(site, 'sign-in', nonce), request.form.token)) {
    return loginForm(site, request, action, grant, { status: 403, message: 'The sign-in form has expired. Sign in again.' });
  }
  try {
    const user = await site.signIns.attempt(request.remoteAddress, async () => {
      const candidate = getUserByLogin(site.store, request.form.log ?? '');
      const matches = await verifyAccountPassword(request.form.pwd ?? '', candidate?.password_hash ?? UNMATCHABLE_HASH);
      return candidate && matches ? candidate : undefined;
    });
    return user ?? loginForm(site, request, action, grant, { status: 401, message: 'The username or password is incorrect.' });
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    return loginForm(site, request, action, grant, { status: error.status, message: error.message, headers: error.headers });
  }
}

export async function handleGrantPage(site: SiteContext, request: PageRequest): Promise<PageResponse> {
  const grant = readGrantRequest(request.url);
  if (typeof grant === 'string') return view(400, `<p class="error" role="alert">${escapeHtml(grant)}</p>`);
  if (request.method !== 'GET' && request.method !== 'POST') return view(405, '<p>Method not allowed.</p>', { allow: 'GET, POST' });
  const action = request.url.pathname + request.url.search;
  const session = cookieValue(request.headers.cookie, SESSION_COOKIE);
  const userId = session ? sessionUserId(site.store, session) : null;
  const user = userId === null ? undefined : getUserById(site.store, userId);

  if (request.method === 'POST' && request.form.action === 'login') {
    const signedIn = await signIn(site, request, action, grant);
    if (!('id' in signedIn)) return signedIn;
    const token = createSession(site.store, signedIn.id, SESSION_LIFETIME_MS);
    return redirect(action, { 'set-cookie': cookie(SESSION_COOKIE, token, SESSION_LIFETIME_MS / 1000, request.secure) });
  }
  if (!user || !session) return loginForm(site, request, action, grant);
  const token = formToken(site, 'grant', session);
  if (request.method === 'GET') return approveForm(action, grant, user, token);

  if (!tokenMatches(token, request.form.token)) return view(403, '<p class="error" role="alert">The form has expired. Go back, reload the page and try again.</p>');
  if (request.form.action === 'reject') {
    const target = grant.rejectUrl ?? grant.successUrl;
    return target ? redirect(withParams(target, { success: 'false' })) : view(200, '<p>You did not approve the connection. No password was created.</p>');
  }
  if (request.form.action !== 'approve') return view(400, '<p class="error" role="alert">Unknown action.</p>');
  const created = createAppPasswordFor(site.store, user, grant.appName, grant.appId);
  if (grant.successUrl) {
    return redirect(withParams(grant.successUrl, { site_url: site.urls.base, user_login: user.login, password: created.password }));
  }
  return view(200, `<p>Your new password for <strong>${escapeHtml(grant.appName)}</strong> is:</p><p><code>${escapeHtml(created.password)}</code></p><p>Be sure to save it in a safe place. You will not be able to see it again.</p>`);
}
