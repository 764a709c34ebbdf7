// The port a site will listen on, known before it listens: the site's own address names its
// port, and the port must refuse connections until the site can answer them (a proxy then sends
// elsewhere at once, and no request waits on a site still opening). A port the system picks (0)
// is therefore bound first and listened on later. Node's public API binds and listens in one
// call (net.Server's listen), so the socket is made as net.Server makes its own: a TCP handle
// of the runtime's, bound alone, which net.Server's listen(handle) form then listens on. A
// runtime that gives no access to that handle (Node's permission model; process.binding is
// deprecated, in documentation only so far) gets a port that was free a moment before: taken
// meanwhile by another program, the listen fails with EADDRINUSE and the start says so.
import type http from 'node:http';
import net from 'node:net';
import dns from 'node:dns/promises';
import util from 'node:util';

export interface PortToListenOn {
  port: number;
  /** Listens on the port; rejects with the system's error (EADDRINUSE among them). */
  listen(server: http.Server): Promise<void>;
  /** Lets a bound port go when the server will not listen on it (a site that could not open). */
  release(): void;
}

/** The TCP handle net.Server listens on (node's tcp_wrap): a negative number is the system's error. */
interface TcpHandle {
  bind(address: string, port: number): number;
  bind6(address: string, port: number, flags: number): number;
  getsockname(out: { port?: number }): number;
  close(): void;
}

interface TcpBinding {
  TCP: new (type: number) => TcpHandle;
  constants: { SERVER: number };
}

/** Node's TCP handle, or null where the runtime gives no access to it. */
function tcpBinding(): TcpBinding | null {
  try {
    return (process as unknown as { binding(name: 'tcp_wrap'): TcpBinding }).binding('tcp_wrap');
  } catch {
    return null;
  }
}

/** A port the system picks for `address`, free when this returns (its listener closed). */
function freePortNow(address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, address, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function systemError(errno: number, syscall: string, host: string): NodeJS.ErrnoException {
  const code = util.getSystemErrorName(errno);
  return Object.assign(new Error(`${syscall} ${code} ${host}`), { code, errno, syscall, address: host });
}

function listenWith(server: http.Server, listen: (listening: () => void) => void): Promise<void> {
  return new Promise((listening, failed) => {
    server.once('error', failed);
    listen(() => {
      server.off('error', failed);
      listening();
    });
  });
}

/** `port` of `host` as given, or (0) a port the system picks, bound now and refusing connections until listened on. */
export async function portToListenOn(port: number, host: string): Promise<PortToListenOn> {
  if (port !== 0) return { port, listen: (server) => listenWith(server, (done) => server.listen(port, host, done)), release() {} };
  // A name is looked up as net.Server's listen looks it up: its first address.
  const { address, family } = net.isIP(host) ? { address: host, family: net.isIP(host) } : await dns.lookup(host);
  const binding = tcpBinding();
  if (!binding) return portToListenOn(await freePortNow(address), host);
  const handle = new binding.TCP(binding.constants.SERVER);
  const bound = family === 6 ? handle.bind6(address, 0, 0) : handle.bind(address, 0);
  const name: { port?: number } = {};
  const error = bound || handle.getsockname(name);
  if (error) {
    handle.close();
    throw systemError(error, 'bind', host);
  }
  // Once given to the server, the handle is the server's: it closes it, even when listening fails.
  let given = false;
  return {
    port: name.port!,
    listen: (server) => {
      given = true;
      return listenWith(server, (done) => server.listen(handle, done));
    },
    release: () => {
      if (!given) handle.close();
      given = true;
    },
  };
}
