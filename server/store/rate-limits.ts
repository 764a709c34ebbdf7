// Per-client rate limits (sign-in attempts, contact-form submissions): at most `requests` in
// a window of `seconds` that opens at a client's first counted request. Counted in the
// database, so every instance of the site counts together: one atomic upsert per counted
// request, in SQL that SQLite and PostgreSQL both run.
import type { Store } from './db.ts';

export interface RateLimit {
  requests: number;
  seconds: number;
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfter: number };

/** Closed windows are deleted at most this often (per process): a sweep is a write. */
const SWEEP_INTERVAL_MS = 10 * 60_000;
const lastSweep = new WeakMap<Store, number>();

interface Window {
  count: number;
  window_ends: number;
}

/**
 * Counts a request of `client` against `limit`. A client already refused in its window is
 * not written again: a flood of refused requests costs one read each, no write.
 */
export function hitRateLimit(store: Store, client: string, limit: RateLimit, now = Date.now()): RateVerdict {
  const current = store.get<Window>('SELECT count, window_ends FROM rate_limits WHERE client = ?', client);
  if (current && Number(current.window_ends) > now && current.count > limit.requests) {
    return rateVerdict(current.count, Number(current.window_ends), limit, now);
  }
  if (!current) sweepClosedWindows(store, now);
  const counted = store.get<Window>(
    `INSERT INTO rate_limits (client, window_ends, count) VALUES (?, ?, 1)
     ON CONFLICT (client) DO UPDATE SET
       count = CASE WHEN rate_limits.window_ends <= ? THEN 1 ELSE rate_limits.count + 1 END,
       window_ends = CASE WHEN rate_limits.window_ends <= ? THEN excluded.window_ends ELSE rate_limits.window_ends END
     RETURNING count, window_ends`,
    client, now + limit.seconds * 1000, now, now,
  )!;
  return rateVerdict(counted.count, Number(counted.window_ends), limit, now);
}

function sweepClosedWindows(store: Store, now: number): void {
  if (now - (lastSweep.get(store) ?? 0) < SWEEP_INTERVAL_MS) return;
  lastSweep.set(store, now);
  store.run('DELETE FROM rate_limits WHERE window_ends <= ?', now);
}

/** The verdict on a client's `count`th request of a window that ends at `windowEnds` (ms). */
function rateVerdict(count: number, windowEnds: number, limit: RateLimit, now: number): RateVerdict {
  if (count <= limit.requests) return { allowed: true };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((windowEnds - now) / 1000)) };
}
