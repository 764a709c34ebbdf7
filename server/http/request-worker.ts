// One worker process of a site served with `--workers N` (worker-pool.ts): its own site and
// store connection, answering on a private socket the requests the front process hands it.
// Its store waits for the database on this process's loop, never on the front's. A write
// commits only while the front has not given it up (commit-claim.ts).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequestHandler } from '../http.ts';
import { createSite, type SiteConfig } from '../site.ts';
import { serviceUnavailable } from '../rest/errors.ts';
import type { BodyLimits } from './body-limits.ts';
import { mayCommit } from './commit-claim.ts';
import { siteOpened } from './site-opening.ts';

/** Where the front puts a worker's settings for it (the environment of the process it starts). */
export const WORKER_ENV = 'INKWELL_REQUEST_WORKER';

/** Headers only the front sets (it overwrites any a client sent): the client's address, a write's claim. */
export const CLIENT_HEADER = 'x-inkwell-client';
export const CLAIM_HEADER = 'x-inkwell-claim';
/** Set by a worker on the answer of a write that began to commit (its claim taken): the front never answers that one 503. */
export const COMMITTING_HEADER = 'x-inkwell-committing';

export interface RequestWorkerData {
  kind: 'inkwell-request-worker';
  site: SiteConfig;
  limits: BodyLimits;
  /** The Host names the site answers to (checked here, as the front forwards them). */
  hosts: string[];
  socketPath: string;
  claimsDir: string;
}

/** What a worker tells the front. */
export type WorkerMessage =
  | { type: 'ready'; mediaDescription: string; initialAdminPassword: string | null }
  | { type: 'failed'; message: string }
  /** A request is over here (`claim`: a write's). */
  | { type: 'finished'; claim: number | undefined };


/** The settings of this process when the front started it as a worker (and takes them from its environment). */
export function requestWorkerData(): RequestWorkerData | undefined {
  const given = process.env[WORKER_ENV];
  delete process.env[WORKER_ENV];
  return given === undefined ? undefined : (JSON.parse(given) as RequestWorkerData);
}

export async function runRequestWorker(data: RequestWorkerData): Promise<void> {
  const say = (message: WorkerMessage) => process.send?.(message);
  // The front is gone (killed): so is this worker, its connections, and the folder of sockets and claims.
  process.on('disconnect', () => {
    fs.rmSync(path.dirname(data.socketPath), { recursive: true, force: true });
    process.exit(0);
  });
  // A stop signal sent to every process of the instance (Ctrl+C, a supervisor's) is the front's
  // to act on: it lets what is in flight finish, then tells each worker to stop.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
  let site: ReturnType<typeof createSite>;
  try {
    site = createSite(data.site);
    await siteOpened(site);
  } catch (error) {
    say({ type: 'failed', message: (error as Error).message });
    return;
  }
  const currentClaim = new AsyncLocalStorage<number | undefined>();
  /** Claims of the writes in flight here: a timer a request armed keeps its context, but not its claim, once it is over. */
  const open = new Set<number>();
  /** Claims whose write began to commit: whatever fails after, the answer cannot say nothing was written. */
  const committing = new Set<number>();
  site.context.store.commitGuard = () => {
    const claim = currentClaim.getStore();
    if (claim === undefined || !open.has(claim)) return;
    // The front answered 503 already: the transaction rolls back, and this answer is not read.
    if (!mayCommit(data.claimsDir, claim)) throw serviceUnavailable();
    committing.add(claim);
  };
  const closing = new AbortController();
  const handler = createRequestHandler(site, new Set(data.hosts), data.limits, [], closing.signal, (req) => req.headers[CLIENT_HEADER] as string | undefined);
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const given = req.headers[CLAIM_HEADER];
    const claim = typeof given === 'string' ? Number(given) : undefined;
    if (claim !== undefined) {
      open.add(claim);
      // Said as the answer's headers go (an answer built after its commit may still fail: a read of the database lost).
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
      res.writeHead = ((...args: unknown[]) => {
        if (committing.has(claim)) res.setHeader(COMMITTING_HEADER, '1');
        return writeHead(...args);
      }) as typeof res.writeHead;
    }
    void currentClaim.run(claim, () => handler(req, res)).finally(() => {
      if (claim !== undefined) {
        open.delete(claim);
        committing.delete(claim);
      }
      say({ type: 'finished', claim });
    });
  };
  const server = http.createServer({ keepAliveTimeout: 60_000 }, listener);
  // A client that waits before sending its body is told to go on by the handler, once allowed.
  server.on('checkContinue', listener);
  server.listen(data.socketPath, () => say({
    type: 'ready', mediaDescription: site.context.media.description, initialAdminPassword: site.initialAdminPassword,
  }));
  process.on('message', (message: unknown) => {
    if (message !== 'stop') return;
    closing.abort();
    server.close(() => {
      site.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  });
}
