// A connected site is reached only at its own origins: the address the writer typed and its
// API root's (both agreed when it was connected). Redirects are followed by hand and only
// there; one to another origin stops with a SentElsewhereError for the writer to confirm, so
// no credentials and no request reach an origin the writer did not agree to.
import dns from 'node:dns/promises';
import net from 'node:net';
import { RemoteSiteError, SentElsewhereError } from './errors.ts';

/** Real sites redirect once or twice (http to https, a bare name to www). */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function originOf(url: string): string {
  return new URL(url).origin;
}

/** The origins a connected site is reached at. */
export function siteOrigins(site: { address: string; apiRoot: string }): string[] {
  return [...new Set([originOf(site.address), originOf(site.apiRoot)])];
}

/** Where a redirect leads; a 303 (and a 301/302 after a POST, as browsers do) becomes a GET without a body. */
function redirected(init: RequestInit | undefined, status: number): RequestInit | undefined {
  const method = (init?.method ?? 'GET').toUpperCase();
  if (status === 303 ? method === 'HEAD' : !((status === 301 || status === 302) && method === 'POST')) return init;
  const { body: _body, ...rest } = init ?? {};
  const headers = new Headers(init?.headers);
  headers.delete('content-type');
  return { ...rest, method: 'GET', headers };
}

/** A fetch that asks only `origins`, following redirects only within them. */
export function sameSiteFetch(fetchImpl: typeof fetch, origins: readonly string[]): typeof fetch {
  return async (input, init) => {
    let url = String(input instanceof Request ? input.url : input);
    let options = init;
    let from = origins[0];
    for (let hops = 0; ; hops++) {
      if (!origins.includes(originOf(url))) throw new SentElsewhereError(originOf(url), from);
      const response = await fetchImpl(url, { ...options, redirect: 'manual' });
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || location === null) return response;
      await response.body?.cancel();
      if (hops === MAX_REDIRECTS) throw new RemoteSiteError('http_error', `${new URL(url).host} sent the app from address to address more than ${MAX_REDIRECTS} times. Check the site's address, or ask its administrator.`, response.status);
      from = url;
      url = new URL(location, url).href;
      options = redirected(options, response.status);
    }
  };
}

/** Loopback, private, link-local and unique-local ranges: this computer and the local network. */
const LOCAL_NETWORK = new net.BlockList();
for (const [address, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) LOCAL_NETWORK.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) LOCAL_NETWORK.addSubnet(address, prefix, 'ipv6');

function isLocalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isLocalAddress(mapped);
  return LOCAL_NETWORK.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

/** Whether `url`'s host is on this computer or the local network (a name counts when any address it resolves to is). */
export async function onLocalNetwork(url: string): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return isLocalAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  try {
    return (await dns.lookup(host, { all: true })).some(({ address }) => isLocalAddress(address));
  } catch {
    return false;
  }
}

/**
 * Whether the writer may be asked to confirm `origin` (or, for media, the app may fetch from it), named by a site at `home`: an origin on
 * this computer or the local network only for a site that is there itself, never for a site
 * on the internet (it would reach past it, into other services).
 */
export async function confirmable(origin: string, home: string): Promise<void> {
  if ((await onLocalNetwork(origin)) && !(await onLocalNetwork(home))) {
    throw new RemoteSiteError('local_address', `${new URL(home).host} sends the app to ${origin}, an address on this computer or your local network. A site on the internet is never followed there: connect it by its own address, or ask its administrator.`);
  }
}
