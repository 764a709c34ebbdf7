// Why a remote site cannot be used, as a reason the code can branch on and a sentence the
// user can act on. Messages never carry credentials.
import { SiteError } from '../../../shared/site-client.ts';

export type RemoteFailure =
  | 'invalid_address'
  | 'unreachable'
  | 'timeout'
  | 'not_a_site'
  | 'http_error'
  | 'wrong_credentials'
  | 'not_allowed'
  | 'already_connected'
  /** Discovery or a request leads to another origin: the writer confirms it first. */
  | 'sent_elsewhere'
  /** Another origin on this computer or the local network, named by a site that is not there. */
  | 'local_address'
  /** An answer larger (or deeper) than its purpose ever needs. */
  | 'too_large';

export class RemoteSiteError extends Error {
  constructor(
    readonly reason: RemoteFailure,
    message: string,
    /** The HTTP status the remote answered with, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RemoteSiteError';
  }
}

/** The site sends the app to `origin`, which is not its own: nothing is sent there until the writer confirms it. */
export class SentElsewhereError extends RemoteSiteError {
  constructor(
    readonly origin: string,
    from: string,
  ) {
    super('sent_elsewhere', `${new URL(from).host} sends you to ${origin}, which is not the address you typed. Confirm that ${origin} belongs to this site to connect there; until you do, nothing (and no password) is sent to it.`);
  }
}

/** Keeping the local version was refused: the site's version changed again since the conflict was shown (it is refreshed). */
export class ConflictChangedError extends Error {
  constructor() {
    super('The site\'s version changed again since it was shown, so nothing was overwritten. The newest version is shown now: compare again and choose.');
    this.name = 'ConflictChangedError';
  }
}

/** A failed request of the shared client, told as a reason for this remote site. */
export function explainSiteError(error: unknown, apiRoot: string): unknown {
  if (!(error instanceof SiteError)) return error;
  const host = new URL(apiRoot).host;
  if (error.status === 0) {
    return new RemoteSiteError('unreachable', `${host} could not be reached. Check your connection and that the site is running.`);
  }
  if (error.code === 'application_passwords_disabled') {
    return new RemoteSiteError('wrong_credentials', `${host} has application passwords turned off, so the app cannot sign in. WordPress offers them only on sites served over https://, unless the site turns them on: ask the site's administrator to turn them on, or use the site's https:// address.`, 401);
  }
  if (error.status === 401 && error.code === 'rest_not_logged_in') {
    // WordPress answers so both to a wrong password and to a request whose credentials a server dropped: the likelier first.
    return new RemoteSiteError('wrong_credentials', `${host} did not accept this user name and application password. Check both (an application password, made on the site under Users > Profile, not the account's own password), or create a new one. If they are right, the server may be dropping the Authorization header: ask the site's host to pass it through.`, 401);
  }
  if (error.status === 401) {
    return new RemoteSiteError('wrong_credentials', `${host} did not accept this user name and application password. Check both, or create a new application password on the site.`, 401);
  }
  if (error.status === 403) {
    return new RemoteSiteError('not_allowed', `This account is not allowed to do that on ${host} (the site said: “${error.message}”). Ask an administrator of the site for a role that may, or connect with another account.`, 403);
  }
  return new RemoteSiteError('http_error', statusMessage(host, error.status, error.code === 'invalid_response' ? null : error.message), error.status);
}

/** What a failed answer of a remote site means for the writer, by its status, with a next step. */
export function statusMessage(host: string, status: number, siteSaid: string | null): string {
  const said = siteSaid ? ` (the site said: “${siteSaid}”)` : '';
  if (status === 404) {
    return `${host} could not find what the app asked for${said}: the site may have moved, or a plugin may hide part of its REST API. Check the site's address, or ask the site's administrator.`;
  }
  if (status >= 500) {
    return `${host} had an error of its own (HTTP ${status}) and could not answer. Try again in a few minutes; if it goes on, tell the site's administrator.`;
  }
  if (status === 429) {
    return `${host} asked the app to slow down (too many requests). Wait a few minutes, then try again.`;
  }
  if (status >= 200 && status < 300) {
    return `${host} answered with a page instead of data: a plugin, a firewall or a sign-in page may stand in the way. Try again; if it goes on, ask the site's administrator.`;
  }
  return `${host} refused the request (HTTP ${status})${said}. Try again; if it goes on, ask the site's administrator.`;
}

/** Codes of a remote that refuses this account one item (WordPress: context=edit, edit, delete). */
const ITEM_REFUSALS = new Set(['rest_forbidden_context', 'rest_cannot_edit', 'rest_cannot_delete', 'rest_forbidden']);

/**
 * Whether the remote refused this account one item for want of rights (403, or one of
 * WordPress's refusal codes): a matter of that item alone, never of the whole run.
 */
export function isItemRefusal(error: unknown): boolean {
  return error instanceof SiteError && (error.status === 403 || (error.status !== 401 && ITEM_REFUSALS.has(error.code)));
}
