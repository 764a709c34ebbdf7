// The Host names a site answers to. A local server checks every request's Host header: a
// foreign one is how DNS rebinding lets a web page reach a server on this machine.
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** The Host header values this site answers to: its own address, plus loopback names when bound there. */
export function allowedHosts(baseUrl: string, bindHost: string, port: number): Set<string> {
  const hosts = new Set([new URL(baseUrl).host.toLowerCase()]);
  if (isLoopback(bindHost)) for (const name of LOOPBACK_NAMES) hosts.add(`${name}:${port}`);
  return hosts;
}
