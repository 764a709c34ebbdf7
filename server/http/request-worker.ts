// One worker thread of a site served with `--workers N` (worker-pool.ts): its own site and
// store connection, answering on a private socket the requests the front thread hands it. Its
// store waits for the database on this thread's loop, never on the front's. A request's writes
// commit only while the front has not given it up (commit-claim.ts).
import http from 'node:http';
import { AsyncLocalStorage } from 'node:async_hooks';
import { parentPort } from 'node:worker_threads';
import { createRequestHandler } from '../http.ts';
import { createSite, type SiteConfig } from '../site.ts';
import { StoreUnavailableError } from '../store/db.ts';
import type { BodyLimits } from './body-limits.ts';
import { mayCommit } from './commit-claim.ts';

/** Headers only the front thread sets (it overwrites any a client sent). */
export const CLIENT_HEADER = 'x-inkwell-client';
export const CLAIM_HEADER = 'x-inkwell-claim';

export interface RequestWorkerData {
  kind: 'inkwell-request-worker';
  site: SiteConfig;
  limits: BodyLimits;
  /** The Host names the site answers to (checked here, as the front forwards them). */
  hosts: string[];
  socketPath: string;
  claims: SharedArrayBuffer;
}

/** What a worker tells the front thread. */
export type WorkerMessage =
  | { type: 'ready'; mediaDescription: string }
  | { type: 'failed'; message: string }
  /** A request is over here: its claim slot may be used again; `wrote` when it may have written. */
  | { type: 'finished'; slot: number; wrote: boolean };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isRequestWorkerData(data: unknown): data is RequestWorkerData {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'inkwell-request-worker';
}

export async function runRequestWorker(data: RequestWorkerData): Promise<void> {
  const port = parentPort!;
  const say = (message: WorkerMessage) => port.postMessage(message);
  let site: ReturnType<typeof createSite>;
  try {
    site = createSite(data.site);
    await site.ready;
  } catch (error) {
    say({ type: 'failed', message: (error as Error).message });
    return;
  }
  const currentSlot = new AsyncLocalStorage<number>();
  site.context.store.commitGuard = () => {
    const slot = currentSlot.getStore();
    if (slot !== undefined && !mayCommit(data.claims, slot)) {
      throw new StoreUnavailableError('The request waited too long and was answered 503 before its write: nothing was written.');
    }
  };
  const closing = new AbortController();
  const handler = createRequestHandler(site, new Set(data.hosts), data.limits, [], closing.signal, (req) => req.headers[CLIENT_HEADER] as string | undefined);
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    const slot = Number(req.headers[CLAIM_HEADER]);
    const wrote = !READS.has((req.method ?? 'GET').toUpperCase());
    void currentSlot.run(slot, () => handler(req, res)).finally(() => say({ type: 'finished', slot, wrote }));
  });
  server.listen(data.socketPath, () => say({ type: 'ready', mediaDescription: site.context.media.description }));
  port.on('message', (message: unknown) => {
    if (message !== 'stop') return;
    closing.abort();
    server.close(() => {
      site.close();
      port.close();
    });
    server.closeIdleConnections();
  });
}
