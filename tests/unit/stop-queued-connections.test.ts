// A stop answers every connection the system made while its port listened (lifecycle.ts,
// closeListener): closing a listening socket resets the connections still in its queue, and a
// proxy has already sent its request on each (nginx answered such an upload 502 at a SIGTERM of
// the fault harness). The instant that cost it, made certain here: the system completes a
// connection while the loop runs the callbacks of the turn whose check phase closes the port,
// after that turn's poll looked for new connections and found none. A request handled in that
// turn holds the loop until the connection is in the port's queue, made by a worker thread.
import http from 'node:http';
import net from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulStop } from '../../server/http/lifecycle.ts';
import { acceptQueue } from '../../server/http/accept-queue.ts';

/** How long the handler holds the loop at most for the worker's connection (it comes in microseconds). */
const CONNECT_WAIT_MS = 5000;

/** The stop's grace here: long past the exchange, so that nothing is cut for want of time. */
const STOP_TEST_GRACE_MS = 10_000;

/** A worker thread that, when told, connects to the port, sends `request` and posts back what it read until the connection ended. */
const CONNECTOR = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
parentPort.once('message', () => {
  const socket = net.connect(workerData.port, '127.0.0.1');
  let answer = '';
  socket.on('connect', () => socket.write(workerData.request));
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.on('error', (error) => (answer += '[' + error.code + ']'));
  socket.on('close', () => parentPort.postMessage(answer));
});
parentPort.postMessage('ready');
`;

/** Every kind of request a proxy sends on a new connection: the stop takes none of them apart. */
const REQUESTS: Record<string, (port: number) => string> = {
  GET: (port) => `GET /read HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
  POST: (port) => `POST /write HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
  'an upload (chunked)': (port) => `POST /upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nPNG!\r\n0\r\n\r\n`,
  DELETE: (port) => `DELETE /remove HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0\r\n\r\n`,
};

/** Opens a raw connection that the server has taken, for requests written on it later. */
async function takenConnection(server: http.Server, port: number): Promise<net.Socket> {
  const taken = new Promise((resolve) => server.once('connection', resolve));
  const socket = net.connect(port, '127.0.0.1');
  await taken;
  return socket;
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('a stop, with a connection the system completes just before the port closes', () => {
  it.each(Object.keys(REQUESTS))('answers its %s, saying Connection: close', async (kind) => {
    const server = http.createServer({ keepAliveTimeout: 5000 });
    const stop = gracefulStop(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const queued = acceptQueue(server)!;
    const connector = new Worker(CONNECTOR, { eval: true, workerData: { port, request: REQUESTS[kind]!(port) } });
    cleanups.push(() => connector.terminate());
    await new Promise((resolve) => connector.once('message', resolve));
    const answered = new Promise<string>((resolve) => connector.once('message', resolve));

    // Two kept connections: `first`'s request is read in the turn after the stop's first hop,
    // and writes `second`'s, which is then read in the turn whose check phase closes the port.
    const first = await takenConnection(server, port);
    const second = await takenConnection(server, port);
    cleanups.push(() => first.destroy(), () => second.destroy());
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/first') second.write(`GET /hold HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
        if (req.url === '/hold') {
          connector.postMessage('connect');
          const giveUpAt = Date.now() + CONNECT_WAIT_MS;
          while (queued() === 0 && Date.now() < giveUpAt);
        }
        res.end(`${req.method} ${req.url}`);
      });
    });
    // From a check phase, as the stop's hops count their turns from there.
    const stopped = new Promise<void>((resolve) => setImmediate(() => {
      void stop(STOP_TEST_GRACE_MS).then(resolve);
      first.write(`GET /first HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    }));
    const answer = await answered;
    await stopped;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    // The handler's own answer: the request was read whole and served.
    expect(answer).toContain(REQUESTS[kind]!(port).split(' HTTP/1.1')[0]);
  });
});
