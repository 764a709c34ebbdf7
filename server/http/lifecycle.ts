// A listening server's stop, as an operator behind a proxy needs it: what is in flight
// finishes while every connection is let go once its answer is sent. (Its start: the port
// opens only once the site can answer, listening-port.ts.)
import type http from 'node:http';
import net from 'node:net';
import { acceptQueue } from './accept-queue.ts';

/** How long a stop waits for requests in flight before it cuts their connections. */
export const STOP_GRACE_MS = 10_000;

/**
 * How long an operator's stop (SIGTERM behind a proxy) goes on accepting at most before it stops
 * listening, each answer then saying `Connection: close`: a proxy's kept connections are used up
 * and let go by their answers, or closed by the proxy once idle (deploy/nginx-inkwell.conf:
 * `keepalive_timeout 4s`, under this), never cut by the instance under a request the proxy is
 * sending (nginx sends it on to another instance, and a write it sends on is answered as made if
 * it was, resent-writes.ts; a proxy configured otherwise answers a POST 502). It ends as soon as no connection is open. Other stops
 * (the desktop's site, a test's) do not drain: no proxy sends on their idle connections, and a
 * client's idle keep-alive connection would hold them for seconds.
 */
export const STOP_DRAIN_MS = 5000;
const DRAIN_CHECK_MS = 100;

/**
 * Follows the answers in flight so that a stop can let each connection go once its answer is
 * sent. Attach before any other request listener.
 */
export function gracefulStop(server: http.Server): (graceMs?: number, drainMs?: number) => Promise<void> {
  const inFlight = new Set<http.ServerResponse>();
  let stopping = false;
  let listening = true;
  const letGoAfter = (res: http.ServerResponse) => {
    // The answer says the connection ends, so a client or proxy does not send on it again.
    if (!res.headersSent) res.setHeader('connection', 'close');
    res.once('finish', () => setImmediate(() => {
      if (!listening) server.closeIdleConnections();
    }));
  };
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (stopping) letGoAfter(res);
  });
  return (graceMs = STOP_GRACE_MS, drainMs = 0) => new Promise<void>((done) => {
    stopping = true;
    for (const res of inFlight) letGoAfter(res);
    // The grace counts from the stop: draining included, what is open after it is cut.
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    cut.unref();
    const drainUntil = Date.now() + Math.min(drainMs, graceMs);
    const stopListening = () => closeListener(server, () => {
      clearTimeout(cut);
      done();
    }, () => {
      listening = false;
      server.closeIdleConnections();
    });
    const drain = () => server.getConnections((error, open) => {
      if (error || open === 0 || Date.now() >= drainUntil) stopListening();
      else setTimeout(drain, DRAIN_CHECK_MS);
    });
    drain();
  });
}

/** How long a stop waits at most for its port's queue to be empty before it closes the port anyway. */
const QUIET_ACCEPT_WAIT_MS = 1000;

/**
 * Stops listening once the connections the system has queued are accepted: closing a listening
 * socket resets every connection still in its queue, each one a client already sees as open (a
 * proxy has sent its request on it: nginx sends it on to another instance, where configured to for a POST). It closes
 * in a turn of the loop right after one that accepted nothing (a turn's poll takes one queued
 * connection, Node 20), and where the system says how many are queued (Linux, accept-queue.ts)
 * only once a look right before the close found none: a connection completed while that turn ran
 * its callbacks (milliseconds under load) is taken first, and only one the system completes
 * between the look and the close (a fraction of a millisecond) is still reset; where the queue
 * cannot be read, that turn's callbacks are the instant. A queue that never empties (connections
 * coming faster than one a turn) is closed with what it holds once the wait is over. That last
 * instant cannot be closed from here: the system completes handshakes on a listening socket by
 * itself, and every way to stop listening resets what it queued since the last accept (close;
 * shutdown, which on Linux ends a listening socket as close does), while a backlog of 0 still
 * queues one (each tried on Linux 6, loopback). Refusing new connections while the queued ones are
 * taken needs a packet filter on the socket (SO_ATTACH_FILTER, not in Node's API), or another
 * listener on the port to hand them to (SO_REUSEPORT, from Node 22.12, with Linux's
 * net.ipv4.tcp_migrate_req, a setting for root): a new instance on the same port, which a stop
 * alone does not have. An operator leaves no such instant by taking the instance out of the proxy
 * before stopping it.
 * `closed` as net.Server's close (once every connection has ended); `notListening` as soon as the
 * port is closed and what was read by then has reached its listener.
 */
function closeListener(server: http.Server, closed: () => void, notListening: () => void): void {
  let accepted = false;
  const onConnection = () => (accepted = true);
  server.on('connection', onConnection);
  const queued = acceptQueue(server);
  const giveUpAt = Date.now() + QUIET_ACCEPT_WAIT_MS;
  const closeAfterQuietTurn = () => {
    // The queue is read last, right before the close, and only after a turn that took nothing.
    if ((accepted || (queued?.() ?? 0) > 0) && Date.now() < giveUpAt) {
      accepted = false;
      return void setImmediate(closeAfterQuietTurn);
    }
    server.off('connection', onConnection);
    // Not http.Server's close, which also cuts every connection idle at that instant, one whose
    // request has arrived but is not read yet among them: net's, and those once read is done.
    net.Server.prototype.close.call(server, closed);
    setImmediate(notListening);
  };
  // Two hops: a stop that began in the loop's poll phase (a signal's handler) reaches its check
  // phase first, without polling; the next check phase comes after a poll.
  setImmediate(() => setImmediate(closeAfterQuietTurn));
}

/** A host and port as a URL (an IPv6 host in brackets). */
export function siteAddress(host: string, port: number): { port: number; address: string } {
  return { port, address: `http://${host.includes(':') ? `[${host}]` : host}:${port}` };
}
