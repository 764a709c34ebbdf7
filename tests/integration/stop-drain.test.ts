// Who drains on stop (server/http/lifecycle.ts): only an operator's stop, SIGTERM or SIGINT of
// the site command (served in one process or through workers), goes on answering a proxy's kept
// connections (up to STOP_DRAIN_MS) before it stops listening, each answer then saying
// `Connection: close`. Every other stop (the desktop's site, a test's site) lets an idle
// keep-alive client go at once: it is over well inside the drain, and the client's kept
// connection is closed by the site.
import http from 'node:http';
import fs from 'node:fs';
import net, { type Socket } from 'node:net';
import { describe, expect, it, type TestContext } from 'vitest';
import { STOP_DRAIN_MS } from '../../server/http/lifecycle.ts';
import { startSignedInApp } from '../helpers/app-host-fixture.ts';
import { prepareInstances } from '../helpers/instances.ts';
import { listeningTcpPorts } from '../helpers/child-processes.ts';
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

/** An instance of the site command for one test, closed when that test ends (the tests that sit out a drain run together). */
async function instanceForTest(options: string[], onTestFinished: TestContext['onTestFinished']) {
  const instances = prepareInstances(undefined, false);
  onTestFinished(() => instances.close());
  return instances.start(...options);
}

/** The operator's stops: each signal, and SIGTERM of the front process that serves through workers (worker-pool.ts). */
const OPERATOR_STOPS: [string, NodeJS.Signals, string[]][] = [
  ['SIGTERM', 'SIGTERM', []],
  ['SIGINT', 'SIGINT', []],
  ['SIGTERM with --workers 2', 'SIGTERM', ['--workers', '2']],
];

describe('the site command stopped by an operator', () => {
  it.for(OPERATOR_STOPS)('%s: answers on a kept connection after the stop began, saying Connection: close, then exits 0', async ([, signal, options], { onTestFinished }) => {
    const instance = await instanceForTest(options, onTestFinished);
    const client = keepAliveClient(`http://127.0.0.1:${instance.port}`);
    try {
      expect((await client.get('/cms-json/')).status).toBe(200);
      instance.child.kill(signal);
      // The stop has begun (it says so); the kept connection is still served.
      while (!instance.output().includes('Stopping')) await new Promise((resolve) => setTimeout(resolve, 10));
      const during = await client.get('/cms-json/');
      expect(during).toMatchObject({ status: 200, connection: 'close', reused: true });
      // With that connection let go, nothing is left to drain (the front of --workers holds no
      // connection to itself): the command ends at once, not at the drain's end.
      const letGoAt = performance.now();
      expect(await instance.exited).toEqual({ code: 0, signal: null });
      expect(performance.now() - letGoAt).toBeLessThan(AT_ONCE_MS);
    } finally {
      client.close();
    }
  });
});

/** Resolves with the raw answer read on `socket` to `request`, until the site closes it ('' when it was cut instead). */
function rawExchange(socket: Socket, request: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.once('close', () => resolve(answer));
    if (socket.destroyed) resolve(answer);
    else socket.write(request);
  });
}

/**
 * Whether the system holds the site's end of a connection from `clientPort` to `port` (/proc/net/tcp,
 * state ESTABLISHED): a client sees its connection made before the site's end exists.
 */
function siteEndMade(port: number, clientPort: number): boolean {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  return fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').some((line) => {
    const [, local, remote, state] = line.trim().split(/\s+/);
    return local?.endsWith(`:${hex(port)}`) && remote?.endsWith(`:${hex(clientPort)}`) && state === '01';
  });
}

/** A raw connection to the port, once the system has made both its ends (the site may not have taken it yet); its errors are the exchange's to see. */
async function rawConnection(port: number): Promise<Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  while (!siteEndMade(port, socket.localPort!)) await new Promise((resolve) => setTimeout(resolve, 5));
  return socket;
}

/** Resolves once the process is stopped (SIGSTOP): its state in /proc is T. */
async function processStopped(pid: number): Promise<void> {
  while (!/^\d+ \(.*\) T/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))) await new Promise((resolve) => setTimeout(resolve, 5));
}

const requestOn = (port: number) => `GET /cms-json/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;

describe('the site command stopped by an operator, with connections the system made while the port listened', () => {
  // A proxy makes a connection and sends its request at once: every connection made while the
  // port listened is answered (nginx answers 502 to a POST on a connection reset under it, and
  // never sends it elsewhere). Closing a listening socket resets the connections still waiting
  // in its queue: one made just before the drain ends must be taken first. The process is held
  // stopped while the system makes it and until the drain's time is over, so that the stop's
  // next step is to close the port. Each sits out the drain: the three run together.
  it.concurrent.for(OPERATOR_STOPS)('%s: answers a connection still waiting to be taken when the drain ends', async ([, signal, options], { expect, onTestFinished }) => {
    const instance = await instanceForTest(options, onTestFinished);
    const client = keepAliveClient(`http://127.0.0.1:${instance.port}`);
    try {
      // A kept connection holds the drain for its whole time.
      expect((await client.get('/cms-json/')).status).toBe(200);
      const signalledAt = Date.now();
      instance.child.kill(signal);
      while (!instance.output().includes('Stopping')) await new Promise((resolve) => setTimeout(resolve, 10));
      instance.child.kill('SIGSTOP');
      await processStopped(instance.child.pid!);
      const waiting = await rawConnection(instance.port);
      while (Date.now() < signalledAt + STOP_DRAIN_MS + 200) await new Promise((resolve) => setTimeout(resolve, 50));
      instance.child.kill('SIGCONT');
      const answer = await rawExchange(waiting, requestOn(instance.port));
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(await instance.exited).toEqual({ code: 0, signal: null });
    } finally {
      client.close();
    }
  });
});

describe('the site command stopped by an operator, with a connection taken before its request came', () => {
  // A proxy's request may follow its connection by a moment: a connection the system made before
  // the signal, taken by the site as its stop began, and whose request comes only after the port
  // closed, has its request answered. It has sent nothing yet, which http.Server's
  // closeIdleConnections counts as idle: the stop cut it under the request, within half a second
  // of the signal. The process is held stopped while the system makes the connection and the
  // signal arrives, so that the site takes both in the same turn of its loop. The connection
  // holds the drain for its whole time (it is taken, and idle): the three run together.
  it.concurrent.for(OPERATOR_STOPS)('%s: answers it, saying Connection: close, then exits 0', async ([, signal, options], { expect, onTestFinished }) => {
    const instance = await instanceForTest(options, onTestFinished);
    const pid = instance.child.pid!;
    instance.child.kill('SIGSTOP');
    await processStopped(pid);
    const waiting = await rawConnection(instance.port);
    instance.child.kill(signal);
    instance.child.kill('SIGCONT');
    while (listeningTcpPorts(pid).includes(instance.port)) await new Promise((resolve) => setTimeout(resolve, 10));
    const answer = await rawExchange(waiting, requestOn(instance.port));
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(await instance.exited).toEqual({ code: 0, signal: null });
  });
});
