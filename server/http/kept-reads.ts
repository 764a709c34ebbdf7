// Public API reads as the front process of `--workers N` keeps them on PostgreSQL, to answer
// while the database is stalled (the workers then wait for it). A read is answered from here
// only when its worker has not answered within STALL_WAIT_MS, and only if no write was heard
// (WriteVersions: a listener the front holds on the database) since the kept answer was asked
// for: were another instance's write acknowledged before the request came, it was committed,
// and so heard, before the stall began.
import type http from 'node:http';
import type { KeptAnswer } from './index-cache.ts';
import { restPath } from './rest-path.ts';

/** How long a read waits for its worker before a kept answer is looked for. */
export const STALL_WAIT_MS = 30;
/** How long the look waits for the database to vouch that nothing was written meanwhile. */
const CAUGHT_UP_WAIT_MS = 30;
/** The answers kept at most, and their bodies' bytes at most (the oldest go first): distinct URLs of large lists must not fill the front's memory. */
const MOST_KEPT = 500;
const MOST_KEPT_BYTES = 32 * 1024 * 1024;

/** The writes committed on the database as the front hears them. */
export interface WriteVersions {
  /** Changes at every write heard; null while not listening. */
  readonly version: number | null;
  /** True once every write committed before now is heard; false when the database did not say so within `ms`. */
  caughtUp(ms: number): Promise<boolean>;
}

export class KeptReads {
  private readonly kept = new Map<string, KeptAnswer & { version: number }>();
  private keptBytes = 0;

  constructor(private readonly writes: WriteVersions) {}

  /** The key of a read answered alike for every visitor (an API GET or HEAD without credentials), else null. */
  static key(req: http.IncomingMessage, url: URL): string | null {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') return null;
    if (req.headers.authorization !== undefined || req.headers.cookie !== undefined || restPath(url) === null) return null;
    return `${req.headers.host ?? ''} ${req.headers['accept-encoding'] ?? ''} ${url.pathname}${url.search}`;
  }

  /** What has been heard as a read is asked for (to keep its answer with keep). */
  get asked(): number | null {
    return this.writes.version;
  }

  keep(key: string, answer: KeptAnswer, asked: number | null): void {
    if (asked === null || answer.status !== 200 || asked !== this.writes.version) return;
    // An answer the site says must not be kept (or is one user's) is not.
    if (/no-store|private/.test(String(answer.headers['cache-control'] ?? ''))) return;
    if (answer.body.length > MOST_KEPT_BYTES) return;
    this.forget(key);
    this.kept.set(key, { ...answer, version: asked });
    this.keptBytes += answer.body.length;
    while (this.kept.size > MOST_KEPT || this.keptBytes > MOST_KEPT_BYTES) this.forget(this.kept.keys().next().value!);
  }

  private forget(key: string): void {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.keptBytes -= kept.body.length;
    this.kept.delete(key);
  }

  /** The kept answer of `key` that no write heard since has changed, once the database has vouched for it or is found stalled. */
  async answer(key: string): Promise<KeptAnswer | null> {
    if (!this.kept.has(key)) return null;
    // Answered: nothing committed before now is unheard. Not: the database stalled, and what it committed before was heard as it committed.
    await this.writes.caughtUp(CAUGHT_UP_WAIT_MS);
    const kept = this.kept.get(key);
    return kept && kept.version === this.writes.version ? kept : null;
  }
}
