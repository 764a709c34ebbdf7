// A site's port is known before it listens and refuses connections until then, on every kind of
// host the site is given (an IPv4 or IPv6 address, a name), whether the system picks the port
// (through the runtime's TCP handle, or without it) or the operator names it; once listened on,
// it is the server's, at the port said.
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { portToListenOn } from '../../server/http/listening-port.ts';
import { freePort } from '../helpers/free-port.ts';

/** Connects once: 'connected', or the error's code. */
function connectOnce(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const HOSTS = ['127.0.0.1', '::1', 'localhost'];
const KINDS = ['the system picks', 'given', 'the system picks, without the runtime\'s TCP handle'] as const;

type WithBinding = { binding(name: string): unknown };

/** What portToListenOn gives, in a runtime that gives access to its TCP handle or (`withoutHandle`) not. */
async function reserve(port: number, host: string, withoutHandle: boolean) {
  const runtime = process as unknown as WithBinding;
  const binding = runtime.binding;
  if (withoutHandle) {
    runtime.binding = () => {
      throw new Error('Access to this API has been restricted');
    };
  }
  try {
    return await portToListenOn(port, host);
  } finally {
    runtime.binding = binding;
  }
}

describe('the port a site will listen on', () => {
  it.each(HOSTS.flatMap((host) => KINDS.map((kind) => [host, kind] as const)))('%s, a port %s: refused until listened on, then served there', async (host, kind) => {
    const asked = kind === 'given' ? await freePort() : 0;
    const reserved = await reserve(asked, host, kind.includes('without'));
    if (asked) expect(reserved.port).toBe(asked);
    else expect(reserved.port).toBeGreaterThan(0);
    expect(await connectOnce(host, reserved.port)).toBe('ECONNREFUSED');

    const server = http.createServer((_req, res) => res.end('open'));
    await reserved.listen(server);
    try {
      expect((server.address() as net.AddressInfo).port).toBe(reserved.port);
      const answer = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${reserved.port}/`);
      expect(await answer.text()).toBe('open');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('lets a port the system picked go when the site will not listen on it', async () => {
    const reserved = await portToListenOn(0, '127.0.0.1');
    reserved.release();
    const other = net.createServer();
    await new Promise<void>((resolve, reject) => other.once('error', reject).listen(reserved.port, '127.0.0.1', resolve));
    await new Promise((resolve) => other.close(resolve));
  });
});
