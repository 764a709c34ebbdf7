// `npm run site -- --workers N`: the site served by N worker processes behind a front process,
// so that a slow or stalled database holds the requests that need it and not the instance.
// The front accepts every connection, answers the API index itself (index-cache.ts) and hands
// each other request, streamed, to the least busy worker (request-worker.ts: its own site and
// store connection, on a private socket). A request with no answer within the request timeout
// is answered 503 with Retry-After, a write only if it has committed nothing (commit-claim.ts);
// one that has is waited for. The store stays synchronous; each worker's loop waits for it.
// Processes, not worker threads: PostgreSQL's driver (libpq's addon) loads in one thread of a
// process only.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { API_PREFIX } from '../../shared/api-routes.ts';
import { listenForWrites, siteUrls, type SiteConfig } from '../site.ts';
import { errorResponse } from '../rest/dispatch.ts';
import { outcomeUnknown, RestError, serviceUnavailable } from '../rest/errors.ts';
import { errorPage } from '../pages/routes.ts';
import type { BodyLimits } from './body-limits.ts';
import { CommitClaims } from './commit-claim.ts';
import { clientAddress, trustedProxySet } from './client-address.ts';
import { allowedHosts } from './hosts.ts';
import { answerHeaders, changesIndex, IndexCache, isIndexRequest, type KeptAnswer } from './index-cache.ts';
import { KeptReads, STALL_WAIT_MS } from './kept-reads.ts';
import { restPath } from './rest-path.ts';
import { gracefulStop, siteAddress, STOP_DRAIN_MS, STOP_GRACE_MS } from './lifecycle.ts';
import { portToListenOn } from './listening-port.ts';
import { CLAIM_HEADER, CLIENT_HEADER, COMMITTING_HEADER, WORKER_ENV, type RequestWorkerData, type WorkerMessage } from './request-worker.ts';
import { sendPage } from './send.ts';
import { discardBody } from './body.ts';

/** How long a request waits for its worker's answer before it is answered 503 (when it wrote nothing). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;

export interface WorkerPoolOptions {
  site: Omit<SiteConfig, 'baseUrl'>;
  host: string;
  port: number;
  url?: string;
  limits: BodyLimits;
  trustedProxies?: readonly string[];
  workers: number;
  requestTimeoutMs?: number;
  /** The module a worker process starts from (the site's command line, which runs runRequestWorker there). */
  entry: URL;
}

export interface PooledSite {
  address: string;
  url: string;
  apiRoot: string;
  initialAdminPassword: string | null;
  mediaDescription: string;
  /** As RunningSite's close: `drain` for an operator's stop behind a proxy. */
  close(options?: { drain?: boolean }): Promise<void>;
}

interface PoolWorker {
  process: ChildProcess;
  socketPath: string;
  /**
   * Connections kept for requests without a body. A request with one gets a connection of its
   * own: one the worker cut (a refused upload) is never used again.
   */
  reads: http.Agent;
  /** Requests handed to the worker that it has not finished (answered or not). */
  inFlight: number;
}

function startWorker(
  entry: URL, data: RequestWorkerData, onFinished: (worker: PoolWorker, message: Extract<WorkerMessage, { type: 'finished' }>) => void,
): Promise<{ worker: PoolWorker; mediaDescription: string; initialAdminPassword: string | null }> {
  // Node as this process runs (under tsx, its loader), the worker's settings in its environment.
  const child = fork(fileURLToPath(entry), [], { env: { ...process.env, [WORKER_ENV]: JSON.stringify(data) }, stdio: 'inherit' });
  const worker: PoolWorker = { process: child, socketPath: data.socketPath, reads: new http.Agent({ keepAlive: true }), inFlight: 0 };
  return new Promise((resolve, reject) => {
    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') resolve({ worker, mediaDescription: message.mediaDescription, initialAdminPassword: message.initialAdminPassword });
      else if (message.type === 'failed') reject(new Error(message.message));
      else onFinished(worker, message);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`A worker process exited (${code}) before it was ready.`)));
  });
}

/** The 503 of a request given up: the interface's error shape, or a page for a reader. */
function unavailable(res: http.ServerResponse, page: boolean): void {
  console.error('Answered 503: a request waited past the request timeout; given up before it wrote anything.');
  sendError(res, page, serviceUnavailable());
}

/** An error of the front's own: the interface's error shape, or a page for a reader; the connection ends with it. */
function sendError(res: http.ServerResponse, page: boolean, error: RestError): void {
  res.setHeader('connection', 'close');
  if (page) return sendPage(res, errorPage(error));
  const answer = errorResponse(error);
  res.writeHead(answer.status, { ...answer.headers, 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(answer.body));
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the front does with a read's answer: keeps it, and may answer from what it kept when the worker is slow. */
interface Keeping {
  keep(answer: KeptAnswer): void;
  fallback?: () => Promise<KeptAnswer | null>;
}

function isApiRequest(url: URL): boolean {
  return restPath(url) !== null;
}

export function serveThroughWorkers(options: WorkerPoolOptions): Promise<PooledSite> {
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const trusted = trustedProxySet(options.trustedProxies);
  // In memory where there is such a folder: a write's claim is a file (commit-claim.ts).
  const socketDir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'inkwell-workers-'));
  const claims = new CommitClaims(path.join(socketDir, 'claims'));
  const server = http.createServer({ keepAliveTimeout: 5000 });
  const stop = gracefulStop(server);
  let workers: PoolWorker[] = [];
  let stopping = false;
  let refreshIndex = async (): Promise<void> => {};
  const index = new IndexCache(() => refreshIndex());
  // On PostgreSQL, public reads are kept too, to be answered through a stall (kept-reads.ts).
  const writeListener = listenForWrites(options.site);
  const keptReads = writeListener && new KeptReads(writeListener);

  const finished = (worker: PoolWorker, { claim }: { claim: number | undefined }) => {
    worker.inFlight--;
    if (claim !== undefined) claims.release(claim);
  };

  /** Hands the request to the least busy worker and streams its answer back (or a 503 in time). */
  const forward = (req: http.IncomingMessage, res: http.ServerResponse, url: URL, kept: Keeping | null) => {
    // None at the moment (the only one died, its replacement is starting): nothing can be written.
    if (workers.length === 0) {
      discardBody(req);
      return unavailable(res, !isApiRequest(url));
    }
    const worker = workers.reduce((best, candidate) => (candidate.inFlight < best.inFlight ? candidate : best));
    worker.inFlight++;
    // A read writes nothing worth a claim (a credential's last use at most): it is given up freely.
    const claim = READS.has(req.method ?? 'GET') ? undefined : claims.take();
    const headers: http.OutgoingHttpHeaders = { ...req.headers, [CLIENT_HEADER]: clientAddress(req, trusted) ?? '' };
    delete headers[CLAIM_HEADER];
    if (claim !== undefined) headers[CLAIM_HEADER] = String(claim);
    delete headers.connection;
    delete headers['keep-alive'];
    const length = req.headers['content-length'];
    const bodiless = req.headers['transfer-encoding'] === undefined && (length === undefined ? READS.has(req.method ?? 'GET') : Number(length) === 0);
    const agent = bodiless ? worker.reads : false;
    // A body goes only once the worker asks for it: one it refuses (checked before it reads) is not sent at all.
    const clientWaits = /100-continue/i.test(req.headers.expect ?? '');
    if (!bodiless) headers.expect = '100-continue';
    const upstream = http.request({ socketPath: worker.socketPath, agent, method: req.method, path: req.url, headers });
    let answered = false;
    // Looked for now, so that the database's vouching (kept-reads.ts) runs while the worker is
    // waited for, not after: a kept answer is ready when the wait ends.
    const fallback = kept?.fallback?.();
    const stalled = fallback && setTimeout(() => void fallback.then((answer) => {
      if (answered || !answer) return;
      answered = true;
      clearTimeout(timer);
      res.writeHead(answer.status, answer.headers);
      res.end(req.method === 'HEAD' ? undefined : answer.body);
    }), STALL_WAIT_MS);
    const timer = setTimeout(() => {
      if (answered || (claim !== undefined && !claims.giveUp(claim))) return;
      answered = true;
      unavailable(res, !isApiRequest(url));
      if (!req.complete) {
        req.unpipe(upstream);
        discardBody(req);
      }
    }, timeoutMs);
    upstream.on('continue', () => {
      if (clientWaits) res.writeContinue();
      req.pipe(upstream);
    });
    upstream.on('response', (answer) => {
      clearTimeout(timer);
      clearTimeout(stalled || undefined);
      if (answered) return void answer.resume();
      answered = true;
      const status = answer.statusCode ?? 502;
      // Before the client hears of it: what it asks next is answered after what it wrote.
      if (claim !== undefined && changesIndex(url, status)) index.drop();
      // Answered before its whole body came (refused): the rest is the front's to drop, as one process drops it.
      if (!req.complete) {
        req.unpipe(upstream);
        discardBody(req);
      }
      // A write that began to commit whose answer then failed for want of the database: made or
      // not, never a 503 (which says nothing was written).
      if (status === 503 && answer.headers[COMMITTING_HEADER] !== undefined) {
        answer.resume();
        return sendError(res, !isApiRequest(url), outcomeUnknown());
      }
      const keptHeaders = answerHeaders(answer.headers);
      delete keptHeaders[COMMITTING_HEADER];
      // The worker's own connection is the front's to end (the worker may close one whose body it
      // refused); the client's stays open while the front reads and drops the rest of its body
      // (discardBody), as one process does, so the client still sending reads the answer.
      res.writeHead(status, keptHeaders);
      if (kept && req.method === 'GET') {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => kept.keep({ status, headers: keptHeaders, body: Buffer.concat(chunks) }));
      }
      answer.pipe(res);
    });
    upstream.on('error', () => {
      // The worker's socket failed: the worker refused a body and cut it, or it died (and a new
      // one takes its place, see below).
      clearTimeout(timer);
      clearTimeout(stalled || undefined);
      if (!req.complete) {
        req.unpipe(upstream);
        discardBody(req);
      }
      // An answer cut short is cut short for the client too; one already sent stands (a worker that
      // refused an upload may close its socket while the body still comes).
      if (answered) {
        if (!res.writableFinished) res.destroy();
        return;
      }
      answered = true;
      // A write the worker had begun to commit may have been made: no 503 (which says nothing
      // was), but the connection cut, as a process that died there would leave it.
      if (claim !== undefined && !claims.giveUp(claim)) return void res.destroy();
      unavailable(res, !isApiRequest(url));
    });
    // A client that leaves takes its request with it, as it would without workers.
    res.on('close', () => {
      if (res.writableFinished) return;
      // Nobody waits for the answer now: no 503 is owed, and a write runs on as it would without workers.
      clearTimeout(timer);
      clearTimeout(stalled || undefined);
      upstream.destroy();
    });
    if (bodiless) req.pipe(upstream);
    // The headers go now; the body waits for the worker's 100 Continue.
    else upstream.flushHeaders();
  };

  return (async (): Promise<PooledSite> => {
    // The port opens once the workers can answer: a proxy finds it closed until then and sends to
    // another instance at once, instead of waiting on this one while its workers start (a port
    // the system picks is bound meanwhile: listening-port.ts).
    const listening = await portToListenOn(options.port, options.host);
    try {
      const { port, address } = siteAddress(options.host, listening.port);
      const site: SiteConfig = { ...options.site, baseUrl: options.url ?? address };
      const urls = siteUrls(site.baseUrl);
      const hosts = allowedHosts(urls.base, options.host, port);
      const start = (n: number) => startWorker(options.entry, {
        kind: 'inkwell-request-worker', site, limits: options.limits, hosts: [...hosts],
        socketPath: path.join(socketDir, `worker-${n}.sock`), claimsDir: claims.dir,
      }, finished);
      // The first alone: it initialises a new site (and has its password), which the others then open.
      const first = await start(0);
      workers = [first.worker];
      const others = await Promise.all(Array.from({ length: options.workers - 1 }, (_, n) => start(n + 1)));
      /** A worker that dies is left out at once and replaced by a new one on its socket. */
      const watch = (worker: PoolWorker, n: number) => {
        worker.process.removeAllListeners('error').removeAllListeners('exit');
        worker.process.on('exit', (code, signal) => {
          if (stopping) return;
          workers = workers.filter((each) => each !== worker);
          worker.reads.destroy();
          console.error(`A worker process stopped (${code ?? signal}); a new one takes its place.`);
          fs.rmSync(worker.socketPath, { force: true });
          start(n).then(({ worker: replacement }) => {
            if (stopping) return void replacement.process.kill('SIGKILL');
            workers.push(replacement);
            watch(replacement, n);
          }, (error: Error) => {
            // One that cannot start again will not start at the next try either: the instance stops, for its supervisor.
            console.error(`A worker process could not be started again (${error.message}); the site stops.`);
            process.exit(1);
          });
        });
      };
      workers = [first, ...others].map((each) => each.worker);
      workers.forEach(watch);
      // Through this server like any request, which keeps the answer as it passes (forward). On a
      // connection of its own that ends with the answer: one kept open would hold an operator's
      // stop, which drains until no connection is open, for as long as it stays idle (5 s).
      refreshIndex = () => new Promise((done, fail) => {
        const headers = { host: new URL(urls.base).host, 'cache-control': 'no-cache' };
        http.get(`${address}${API_PREFIX}/`, { headers, agent: false }, (answer) => answer.resume().on('end', done).on('error', fail)).on('error', fail);
      });
      const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
        const url = new URL(req.url ?? '/', urls.base);
        const cacheable = isIndexRequest(req, url) && hosts.has((req.headers.host ?? '').toLowerCase());
        const kept = cacheable && req.headers['cache-control'] !== 'no-cache' ? index.answer() : null;
        if (kept) {
          res.writeHead(kept.status, kept.headers);
          res.end(req.method === 'HEAD' ? undefined : kept.body);
          return;
        }
        if (cacheable) {
          const asked = index.asked;
          return forward(req, res, url, { keep: (answer) => index.keep(answer, asked) });
        }
        const readKey = keptReads && KeptReads.key(req, url);
        if (keptReads && readKey) {
          const asked = keptReads.asked;
          return forward(req, res, url, { keep: (answer) => keptReads.keep(readKey, answer, asked), fallback: () => keptReads.answer(readKey) });
        }
        forward(req, res, url, null);
      };
      server.on('request', handler);
      server.on('checkContinue', handler);
      await listening.listen(server);
      // Kept before the instance says it is ready: a health check that first comes during a
      // stall finds it (a refresh that fails leaves it to the first request that asks).
      await refreshIndex().catch(() => {});
      return {
        address,
        url: urls.base,
        apiRoot: urls.apiRoot,
        initialAdminPassword: first.initialAdminPassword,
        mediaDescription: first.mediaDescription,
        close: async (closeOptions) => {
          stopping = true;
          await stop(undefined, closeOptions?.drain ? STOP_DRAIN_MS : 0);
          writeListener?.close();
          await Promise.all(workers.map((worker) => new Promise<void>((done) => {
            const cut = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS);
            worker.process.once('exit', () => {
              clearTimeout(cut);
              done();
            });
            worker.process.send('stop');
            worker.reads.destroy();
          })));
          fs.rmSync(socketDir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      listening.release();
      writeListener?.close();
      for (const worker of workers) worker.process.kill('SIGKILL');
      throw error;
    }
  })();
}
