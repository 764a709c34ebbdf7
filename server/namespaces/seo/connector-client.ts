// Requests from the site to the keyword-research and rank-tracking services: JSON over
// HTTP with a time limit (an unreachable service is a clear error, never a hang), the
// OAuth-style code exchange and refresh, and the stored tokens as a bearer credential.
//
// These requests do not go through server/net/fetch-remote.ts and its private-network
// guard: that guard keeps a REST client from making the site fetch an address of its
// choosing, but a service's base URL is set only by the site owner on the command line, and
// a self-hosted service (or a test double) on loopback or the local network is legitimate.
import type { SiteContext } from '../../site-context.ts';
import { RestError } from '../../rest/errors.ts';
import { SERVICE_NAMES, serviceSettings, type Service } from './connector-services.ts';
import { readSecret, saveSecret } from './connector-secrets.ts';

/** The client id the site presents to both services. */
export const CLIENT_ID = 'inkwell';
/** Answers larger than this are not a service's JSON. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

export interface Tokens {
  access_token: string;
  refresh_token: string | null;
  /** Milliseconds since the epoch; null when the service gave no lifetime. */
  expires_at: number | null;
  created_at: number;
}

interface ServiceRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Below the service's base URL, e.g. `keywords/related`. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
}

/** The service's base URL, or the error that says how to set it. */
export function serviceUrl(site: SiteContext, service: Service): URL {
  const url = serviceSettings(site.store)[`${service}_url`];
  if (!url) {
    throw new RestError('seo_service_not_configured',
      `No ${SERVICE_NAMES[service]} service is set for this site: run \`npm run site -- seo set-service --${service}-url URL\`.`, 503);
  }
  return new URL(url);
}

/** Why a request failed before any answer came: the cause's code (ECONNREFUSED) or message. */
function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** One request; the parsed JSON answer, or a RestError that names the service and what went wrong. */
export async function callService(site: SiteContext, service: Service, request: ServiceRequest): Promise<unknown> {
  const base = serviceUrl(site, service);
  const url = new URL(request.path, base);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  const { timeout_ms: timeout } = serviceSettings(site.store);
  const name = SERVICE_NAMES[service];
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let response: Response;
  let bytes: Buffer;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      // A redirect would carry the request (and its credential) somewhere the owner did not set.
      redirect: 'error',
      signal: AbortSignal.timeout(timeout),
    });
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      throw new RestError('seo_service_timeout', `The ${name} service at ${base.origin} did not answer within ${timeout / 1000} s.`, 504, { service });
    }
    throw new RestError('seo_service_unreachable', `The ${name} service at ${base.origin} could not be reached (${networkCause(error)}).`, 502, { service });
  }
  let answer: unknown = null;
  try {
    answer = bytes.length === 0 ? null : bytes.length > MAX_ANSWER_BYTES ? undefined : JSON.parse(bytes.toString('utf8'));
  } catch {
    answer = undefined;
  }
  if (!response.ok) {
    const said = (answer as { message?: unknown; error?: unknown } | null | undefined);
    const detail = typeof said?.message === 'string' ? said.message : typeof said?.error === 'string' ? said.error : response.statusText;
    // The service refusing the request (a spent code, an unknown keyword) is the caller's to
    // fix; the service failing is not.
    const refused = response.status < 500;
    throw new RestError(refused ? 'seo_service_refused' : 'seo_service_error',
      `The ${name} service answered ${response.status}: ${detail}`, refused ? 400 : 502, { service, service_status: response.status });
  }
  if (answer === undefined) throw new RestError('seo_service_error', `The ${name} service did not answer with JSON of at most ${MAX_ANSWER_BYTES / 1024 / 1024} MB.`, 502, { service });
  return answer;
}

const tokenSecret = (service: Service) => `${service}_tokens`;

/** Exchanges a code or a refresh token at the service's token endpoint; the tokens it answered, not kept yet (keepTokens). */
export async function exchangeTokens(site: SiteContext, service: Service, grant: Record<string, string>): Promise<Tokens> {
  const answer = await callService(site, service, { method: 'POST', path: 'oauth/token', body: { client_id: CLIENT_ID, ...grant } }) as Record<string, unknown> | null;
  if (typeof answer?.access_token !== 'string' || answer.access_token === '') {
    throw new RestError('seo_service_error', `The ${SERVICE_NAMES[service]} service answered without an access token.`, 502, { service });
  }
  const now = Date.now();
  const tokens: Tokens = {
    access_token: answer.access_token,
    refresh_token: typeof answer.refresh_token === 'string' ? answer.refresh_token : null,
    expires_at: typeof answer.expires_in === 'number' ? now + answer.expires_in * 1000 : null,
    created_at: now,
  };
  return tokens;
}

/** Keeps the tokens as the site's connection to the service (sealed: connector-secrets.ts). */
export function keepTokens(site: SiteContext, service: Service, tokens: Tokens): void {
  saveSecret(site, tokenSecret(service), tokens);
}

/** What the answers of the authenticate routes say about the tokens: never the tokens themselves. */
export function tokenSummary(tokens: Tokens): Record<string, unknown> {
  return {
    expires: tokens.expires_at === null ? null : Math.floor(tokens.expires_at / 1000),
    has_expired: tokens.expires_at !== null && tokens.expires_at <= Date.now(),
    created_at: Math.floor(tokens.created_at / 1000),
  };
}

/** A request with the site's access token, refreshed first when it has expired. */
export async function callAuthorized(site: SiteContext, service: Service, request: Omit<ServiceRequest, 'token'>): Promise<unknown> {
  let tokens = readSecret<Tokens>(site, tokenSecret(service));
  if (!tokens) {
    throw new RestError('seo_not_connected', `This site is not connected to the ${SERVICE_NAMES[service]} service: authenticate first (${service}/authenticate).`, 400, { service });
  }
  if (tokens.expires_at !== null && tokens.expires_at <= Date.now()) {
    if (!tokens.refresh_token) {
      throw new RestError('seo_not_connected', `The connection to the ${SERVICE_NAMES[service]} service has expired: authenticate again.`, 400, { service });
    }
    const refreshed = await exchangeTokens(site, service, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    // Kept whatever becomes of the request (the old refresh token may be spent), and not as its write: a request id is recorded with that.
    site.store.unrecorded(() => keepTokens(site, service, refreshed));
    tokens = refreshed;
  }
  return callService(site, service, { ...request, token: tokens.access_token });
}
