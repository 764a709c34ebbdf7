// The address of the client a request comes from: the peer's, or behind a reverse proxy the
// operator trusts (--trusted-proxy), the address that proxy received it from. Per-client
// limits (sign-in attempts, contact-form submissions) count clients, not the proxy.
import type http from 'node:http';

/** 127.0.0.1 as an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is 127.0.0.1. */
const plain = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * Proxies append the address they received a request from to X-Forwarded-For, after what the
 * client sent (which the client may have made up): read from the right, the first address
 * that is not a trusted proxy is the client.
 */
export function clientAddress(req: http.IncomingMessage, trustedProxies: ReadonlySet<string>): string | undefined {
  const peer = req.socket.remoteAddress === undefined ? undefined : plain(req.socket.remoteAddress);
  if (peer === undefined || !trustedProxies.has(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = [header ?? []].flat().join(',').split(',').map(plain).filter((hop) => hop !== '');
  for (let index = hops.length - 1; index >= 0; index--) if (!trustedProxies.has(hops[index])) return hops[index];
  return hops[0] ?? peer;
}

/** The set of trusted proxy addresses from `--trusted-proxy A,B`. */
export function trustedProxySet(addresses: readonly string[] = []): ReadonlySet<string> {
  return new Set(addresses.map(plain));
}
