// Embed data for another site's URL: from a known or configured provider, else by
// discovery on the page itself; cached in the database, and served from the cache even
// after it expires when the provider cannot be reached.
import type { SiteContext } from '../../site-context.ts';
import { RestError } from '../../rest/errors.ts';
import { DEFAULT_FETCH_LIMITS, fetchRemote, RemoteFetchError, type FetchLimits } from '../../net/fetch-remote.ts';
import { readEmbed, writeEmbed } from './store/oembed-cache.ts';
import { providerFor } from './providers.ts';
import { discoverLinks } from './discovery.ts';

const FRESH_MS = 24 * 60 * 60 * 1000;
const LIMITS: Omit<FetchLimits, 'allowPrivateNetwork'> = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 };

export interface EmbedRequest {
  url: string;
  maxwidth: number;
  maxheight?: number;
  discover: boolean;
}

function notFound(): RestError {
  return new RestError('oembed_invalid_url', 'Not Found: no embed information could be found for this URL.', 404);
}

function withSize(endpoint: string, request: EmbedRequest): URL {
  const url = new URL(endpoint.replace('{format}', 'json'));
  url.searchParams.set('url', request.url);
  url.searchParams.set('format', 'json');
  url.searchParams.set('maxwidth', String(request.maxwidth));
  if (request.maxheight) url.searchParams.set('maxheight', String(request.maxheight));
  return url;
}

async function fetchJson(site: SiteContext, url: URL | string): Promise<Record<string, unknown>> {
  const fetched = await fetchRemote(String(url), { ...DEFAULT_FETCH_LIMITS, ...LIMITS, allowPrivateNetwork: site.allowPrivateNetwork });
  let data: unknown;
  try {
    data = JSON.parse(fetched.bytes.toString('utf8'));
  } catch {
    throw notFound();
  }
  if (typeof data !== 'object' || data === null || typeof (data as { type?: unknown }).type !== 'string') throw notFound();
  return data as Record<string, unknown>;
}

async function fetchEmbed(site: SiteContext, request: EmbedRequest): Promise<Record<string, unknown>> {
  const provider = providerFor(site.store, request.url);
  if (provider) return fetchJson(site, withSize(provider.endpoint, request));
  if (!request.discover) throw notFound();
  const page = await fetchRemote(request.url, { ...DEFAULT_FETCH_LIMITS, ...LIMITS, allowPrivateNetwork: site.allowPrivateNetwork });
  const links = discoverLinks(page.bytes.toString('utf8'), page.url);
  if (!links.json) throw notFound();
  const endpoint = new URL(links.json);
  endpoint.searchParams.set('maxwidth', String(request.maxwidth));
  if (request.maxheight) endpoint.searchParams.set('maxheight', String(request.maxheight));
  return fetchJson(site, endpoint);
}

export async function remoteEmbed(site: SiteContext, request: EmbedRequest): Promise<Record<string, unknown>> {
  const key = JSON.stringify([request.url, request.maxwidth, request.maxheight ?? null, request.discover]);
  const cached = readEmbed(site.store, key);
  if (cached && Date.now() - cached.fetched < FRESH_MS) return cached.data;
  try {
    const data = await fetchEmbed(site, request);
    writeEmbed(site.store, key, data, Date.now());
    return data;
  } catch (error) {
    if (cached) return cached.data; // offline or the provider is down: the last answer still serves
    if (!(error instanceof RemoteFetchError)) throw error;
    if (error.reason === 'blocked' || error.reason === 'invalid_url') {
      throw new RestError('oembed_invalid_url', `This URL cannot be embedded: ${error.message}`, 400);
    }
    if (error.reason === 'http_status') throw notFound();
    throw new RestError('oembed_fetch_failed', `The embed could not be fetched: ${error.message}`, 502, { reason: error.reason });
  }
}
