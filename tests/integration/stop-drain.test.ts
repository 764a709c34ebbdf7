// Who drains on stop (server/http/lifecycle.ts): only an operator's stop, SIGTERM or SIGINT of
// the site command (served in one process or through workers), goes on answering a proxy's kept
// connections (up to STOP_DRAIN_MS) before it stops listening, each answer then saying
// `Connection: close`. Every other stop (the desktop's site, a test's site) lets an idle
// keep-alive client go at once: it is over well inside the drain, and the client's kept
// connection is closed by the site.
import http from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { STOP_DRAIN_MS } from '../../server/http/lifecycle.ts';
import { startSignedInApp } from '../helpers/app-host-fixture.ts';
import { prepareInstances, type InstanceSet } from '../helpers/instances.ts';
import { startTestSite } from '../helpers/test-site.ts';

/** A stop that does not drain is over in well under the drain, however loaded the machine. */
const AT_ONCE_MS = STOP_DRAIN_MS / 2;

/** A client that keeps its one connection to the site open between requests, as a proxy's pool does. */
function keepAliveClient(origin: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(origin);
  const get = (path: string) => new Promise<{ status: number; connection: string | undefined; reused: boolean; socket: Socket }>((resolve, reject) => {
    const req = http.get({ hostname, port, path, agent }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, reused: req.reusedSocket, socket: req.socket! }));
    });
    req.once('error', reject);
  });
  return { get, close: () => agent.destroy() };
}

/** Resolves once `socket` is closed (by the site: the client never closes it here). */
const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

/** Each stop that must not drain: it starts its site and gives the address and the stop. */
const STOPS_AT_ONCE: Record<string, () => Promise<{ origin: string; stop(): Promise<void> }>> = {
  "a test's site (RunningSite.close)": async () => {
    const site = await startTestSite();
    return { origin: site.url, stop: () => site.close() };
  },
  "the desktop's site (the app host's close, as its site process stops)": async () => {
    const app = await startSignedInApp();
    return { origin: app.host.running.url, stop: () => app.close() };
  },
};

describe('a stop other than the site command\'s, with an idle keep-alive client', () => {
  it.each(Object.keys(STOPS_AT_ONCE))('%s: is over at once and closes the kept connection', async (name) => {
    const { origin, stop } = await STOPS_AT_ONCE[name]();
    const client = keepAliveClient(origin);
    try {
      const answered = await client.get('/cms-json/');
      expect(answered.status).toBe(200);
      const keptClosed = closed(answered.socket);
      const stoppedAt = performance.now();
      await stop();
      const took = performance.now() - stoppedAt;
      await keptClosed;
      expect(took).toBeLessThan(AT_ONCE_MS);
    } finally {
      client.close();
    }
  });
});

let instances: InstanceSet | undefined;
afterEach(async () => {
  await instances?.close();
  instances = undefined;
});

/** The operator's stops: each signal, and SIGTERM of the front process that serves through workers (worker-pool.ts). */
const OPERATOR_STOPS: [string, NodeJS.Signals, string[]][] = [
  ['SIGTERM', 'SIGTERM', []],
  ['SIGINT', 'SIGINT', []],
  ['SIGTERM with --workers 2', 'SIGTERM', ['--workers', '2']],
];

describe('the site command stopped by an operator', () => {
  it.each(OPERATOR_STOPS)('%s: answers on a kept connection after the stop began, saying Connection: close, then exits 0', async (_name, signal, options) => {
    instances = prepareInstances(undefined, false);
    const instance = await instances.start(...options);
    const client = keepAliveClient(`http://127.0.0.1:${instance.port}`);
    try {
      expect((await client.get('/cms-json/')).status).toBe(200);
      instance.child.kill(signal);
      // The stop has begun (it says so); the kept connection is still served.
      while (!instance.output().includes('Stopping')) await new Promise((resolve) => setTimeout(resolve, 10));
      const during = await client.get('/cms-json/');
      expect(during).toMatchObject({ status: 200, connection: 'close', reused: true });
      // With that connection let go, nothing is left to drain: the command ends.
      expect(await instance.exited).toEqual({ code: 0, signal: null });
    } finally {
      client.close();
    }
  });
});
