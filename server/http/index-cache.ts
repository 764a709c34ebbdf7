// The API index as the front process of `--workers N` keeps it: answered without a worker, so
// that it (the site's health check) answers while the database is slow or stalled. It is
// dropped when a worker of this instance has changed what it shows (changesIndex: not at every
// write, or a stall that begins under writes finds it dropped), and asked for again in the
// background once it is older than MAX_AGE_MS (another instance's settings reach it so); a
// refresh that times out (the database stalled: nothing can have committed there) keeps it.
import type http from 'node:http';
import { API_PREFIX, api, rooted } from '../../shared/api-routes.ts';
import { restPath } from './rest-path.ts';

export const INDEX_MAX_AGE_MS = 1000;

export interface KeptAnswer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

/** Headers of one hop, not of the answer. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

export function answerHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));
}

/** A visitor's request for the index itself (no credentials, no query): the same answer for everyone. */
export function isIndexRequest(req: http.IncomingMessage, url: URL): boolean {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (req.headers.authorization !== undefined || req.headers.cookie !== undefined) return false;
  if (url.search !== '') return url.pathname === '/' && url.search === '?rest_route=/';
  return url.pathname === API_PREFIX || url.pathname === `${API_PREFIX}/`;
}

/**
 * Whether a write's answer tells of a change of what the index shows: the site's description
 * (its settings: server/site.ts builds the index from them), which only the settings route
 * writes, and only when it succeeds. The routes the index lists are the code's.
 */
export function changesIndex(url: URL, status: number): boolean {
  return status >= 200 && status < 300 && restPath(url) === SETTINGS_ROUTE;
}

const SETTINGS_ROUTE = rooted(api.settings());

export class IndexCache {
  private kept: (KeptAnswer & { at: number }) | null = null;
  private refreshing = false;
  /** Counts drops: an answer asked for before one is not kept after it. */
  private drops = 0;

  /** `refresh` asks for the index again, with Cache-Control: no-cache, so that it is kept as it passes. */
  constructor(private readonly refresh: () => Promise<void>) {}

  /** The kept answer, when there is one (refreshed in the background once it is old). */
  answer(): KeptAnswer | null {
    const kept = this.kept;
    if (kept && Date.now() - kept.at > INDEX_MAX_AGE_MS && !this.refreshing) {
      this.refreshing = true;
      // A failure (a timeout: the database stalled) keeps what is kept.
      void this.refresh().catch(() => {}).finally(() => {
        this.refreshing = false;
      });
    }
    return kept;
  }

  /** When an answer about to be asked for is asked (to keep it with keep). */
  get asked(): number {
    return this.drops;
  }

  keep(answer: KeptAnswer, asked: number): void {
    if (answer.status === 200 && asked === this.drops) this.kept = { ...answer, at: Date.now() };
  }

  /** This instance may have changed what the index shows. */
  drop(): void {
    this.drops++;
    this.kept = null;
  }
}
