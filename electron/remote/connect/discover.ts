// Connecting starts here: from the address the user typed to the site's API root (the
// home page's Link header with rel https://api.w.org/, else `?rest_route=/`), and from its
// index to what the app needs to know: name, namespaces, content namespace, deployment,
// credential-grant page, batch limit and time zone. Discovery stays on the typed address's
// origin (and those the writer confirmed): a redirect or an API link elsewhere is asked first.
import type { DeploymentName } from '../../../server/local-copy/index.ts';
import { isValidZone } from '../../../shared/dates.ts';
import { RemoteSiteError, SentElsewhereError, statusMessage } from '../client/errors.ts';
import { batchApi, CONTENT_NAMESPACES, NAMESPACES, rooted, type ContentNamespace } from '../../../shared/api-routes.ts';
import { findLink } from '../client/link-header.ts';
import { DEFAULT_TIMEOUT_MS, networkFailure, timedFetch, type RemoteHttpOptions } from '../client/remote-fetch.ts';
import { BODY_LIMITS, boundedResponse, type BodyLimit } from '../client/bounded-body.ts';
import { confirmable, originOf, sameSiteFetch } from '../client/site-origins.ts';

export const API_LINK_REL = 'https://api.w.org/';
/** What the interface allows when the batch route does not say. */
export const DEFAULT_BATCH_MAX = 25;

export interface DiscoveredSite {
  /** The home address, as normalised from what the user typed. */
  address: string;
  /** `{api_root}`: ends with `/`, or with `?rest_route=/` on sites without pretty links. */
  apiRoot: string;
  name: string;
  namespaces: string[];
  /** The namespace of posts and pages: this interface's, or the one it is modelled on. */
  contentNamespace: ContentNamespace;
  /** B when the site has the page-builder or search-optimisation namespace. */
  deployment: DeploymentName;
  /** The credential-grant page, when the site advertises one. */
  authUrl: string | null;
  /** Most sub-requests per batch call; null when the site has no batch route. */
  batchMax: number | null;
  /** The site's time zone: an IANA name, or a fixed offset such as `UTC+5:30`. */
  timezone: string;
}

type Json = Record<string, unknown>;

/** `example.com` means https; a loopback name without a scheme means http. */
export function normaliseAddress(input: string): string {
  const text = input.trim();
  const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/i.test(text);
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `${loopback ? 'http' : 'https'}://${text}`;
  const url = URL.canParse(withScheme) ? new URL(withScheme) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new RemoteSiteError('invalid_address', `"${text}" is not a web address. Type the address of the site, such as https://example.com.`);
  }
  url.hash = '';
  return url.href;
}

/** The API root of a site without pretty links: its home with `?rest_route=/`. */
function restRouteRoot(home: string): string {
  const url = new URL(home);
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return `${url.origin}${path}?rest_route=/`;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function batchLimit(routes: Json): number | null {
  const route = routes[rooted(batchApi.batch())];
  if (!isObject(route)) return null;
  const endpoints = Array.isArray(route.endpoints) ? route.endpoints : [];
  for (const endpoint of endpoints) {
    const requests = isObject(endpoint) && isObject(endpoint.args) ? endpoint.args.requests : undefined;
    if (isObject(requests) && typeof requests.maxItems === 'number') return requests.maxItems;
  }
  return DEFAULT_BATCH_MAX;
}

/** The grant page, when it is on one of the site's origins (the writer signs in there). */
function grantPage(index: Json, origins: readonly string[]): string | null {
  const auth = isObject(index.authentication) ? index.authentication['application-passwords'] : undefined;
  const endpoints = isObject(auth) ? auth.endpoints : undefined;
  const page = isObject(endpoints) && typeof endpoints.authorization === 'string' && URL.canParse(endpoints.authorization) ? endpoints.authorization : null;
  return page !== null && origins.includes(originOf(page)) ? page : null;
}

/** What a site's index says of it now: its name (else `fallbackName`) and its zone. */
export function siteDetailsOf(index: Json, fallbackName: string): { name: string; timezone: string } {
  return { name: typeof index.name === 'string' ? index.name : fallbackName, timezone: zoneOf(index) };
}

/** Sites set to a manual offset have no zone name, only `gmt_offset` in hours. */
function zoneOf(index: Json): string {
  const name = index.timezone_string;
  if (typeof name === 'string' && name !== '' && isValidZone(name)) return name;
  const minutes = Math.round(Number(index.gmt_offset ?? 0) * 60);
  if (!Number.isFinite(minutes) || minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

function describeSite(address: string, apiRoot: string, index: Json, origins: readonly string[]): DiscoveredSite {
  const host = new URL(apiRoot).host;
  const namespaces = Array.isArray(index.namespaces) ? index.namespaces.filter((name): name is string => typeof name === 'string') : null;
  if (!namespaces || !isObject(index.routes)) {
    throw new RemoteSiteError('not_a_site', `${host} answers, but not as a site this app can connect to: its API index has no namespaces or routes.`);
  }
  const contentNamespace = CONTENT_NAMESPACES.find((name) => namespaces.includes(name));
  if (!contentNamespace) {
    throw new RemoteSiteError('not_a_site', `${host} has an API, but without posts and pages this app can edit (no ${CONTENT_NAMESPACES.join(' or ')} namespace).`);
  }
  return {
    address,
    apiRoot,
    name: typeof index.name === 'string' ? index.name : host,
    namespaces,
    contentNamespace,
    deployment: namespaces.includes(NAMESPACES.seo) || namespaces.includes(NAMESPACES.builder) ? 'b' : 'a',
    authUrl: grantPage(index, origins),
    batchMax: batchLimit(index.routes),
    timezone: zoneOf(index),
  };
}

/** An origin the writer confirmed, as the UI sent it back. */
function confirmedOrigin(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw new RemoteSiteError('invalid_address', `"${value}" is not a web address to connect to.`);
  return originOf(value);
}

/** The site at `address`; `confirmed` are other origins the writer agreed to be sent to (asked by a `sent_elsewhere` failure). */
export async function discoverSite(address: string, options: RemoteHttpOptions = {}, confirmed: readonly string[] = []): Promise<DiscoveredSite> {
  const home = normaliseAddress(address);
  const origins = [...new Set([originOf(home), ...confirmed.map(confirmedOrigin)])];
  const fetchRemote = sameSiteFetch(timedFetch(options), origins);
  /** Asks `origins` only; a way elsewhere is the writer's to confirm, unless it leads from the internet into the local network. */
  const elsewhere = async (origin: string, from: string): Promise<never> => {
    await confirmable(origin, home);
    throw new SentElsewhereError(origin, from);
  };
  const get = async (url: string, limit: BodyLimit): Promise<Response> => {
    try {
      return boundedResponse(await fetchRemote(url, { headers: { accept: 'application/json, text/html;q=0.9, */*;q=0.8' } }), limit, url);
    } catch (error) {
      if (error instanceof SentElsewhereError) return elsewhere(error.origin, url);
      if (error instanceof RemoteSiteError) throw error;
      throw networkFailure(error, url, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    }
  };

  const homeResponse = await get(home, BODY_LIMITS.lookPage);
  await homeResponse.body?.cancel();
  const finalHome = homeResponse.url || home;
  const linked = findLink(homeResponse.headers.get('link'), API_LINK_REL, finalHome);
  if (linked !== null && !origins.includes(originOf(linked))) await elsewhere(originOf(linked), finalHome);
  // A linked root can be broken where pretty links are (no rewrite rules): `?rest_route=` still works there.
  const candidates = [...new Set([linked, restRouteRoot(finalHome)].filter((root): root is string => root !== null))];
  let firstError: unknown;
  for (const apiRoot of candidates) {
    try {
      const { index, answeredAt } = await readIndex(get, apiRoot);
      return describeSite(home, answeredAt, index, origins);
    } catch (error) {
      firstError ??= error;
    }
  }
  throw firstError;
}

/** The index, and the API root that answered it: where a redirect (http to https, or to an origin the writer confirmed) led. */
async function readIndex(get: (url: string, limit: BodyLimit) => Promise<Response>, apiRoot: string): Promise<{ index: Json; answeredAt: string }> {
  const host = new URL(apiRoot).host;
  const response = await get(apiRoot, BODY_LIMITS.index);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (!response.ok) throw httpError(host, response.status, null);
    throw new RemoteSiteError('not_a_site', notASite(host), response.status);
  }
  if (!response.ok) throw httpError(host, response.status, isObject(body) && typeof body.message === 'string' ? body.message : null);
  if (!isObject(body)) throw new RemoteSiteError('not_a_site', `${host} answers, but its API index is not one this app understands.`);
  return { index: body, answeredAt: response.url || apiRoot };
}

/** A web page without the REST API of a WordPress (or of a site of this app's kind). */
function notASite(host: string): string {
  return `${host} answers, but it is not a site this app can connect to: no content API was found there. Check that the address is the site's home page (such as https://example.com); for a WordPress, ask its administrator whether the REST API is turned off.`;
}

function httpError(host: string, status: number, message: string | null): RemoteSiteError {
  if (status === 404) return new RemoteSiteError('not_a_site', notASite(host), status);
  if (status === 401 || status === 403) {
    // A plugin that closes the REST API to visitors: discovery asks before signing in.
    return new RemoteSiteError('not_a_site', `${host} keeps its REST API closed to apps${message ? ` (the site said: “${message}”)` : ''}, so the app cannot find out what the site is. Ask the site's administrator to open the REST API to apps that sign in with an application password.`, status);
  }
  return new RemoteSiteError('http_error', statusMessage(host, status, message), status);
}
