// A per-client limit on submissions: at most `requests` in a window of `seconds` that opens
// at a client's first submission. Kept in memory: a restart forgives everyone.
import type { Store } from '../../store/db.ts';
import { getOption, setOption } from '../../store/options.ts';

export interface RateLimit {
  requests: number;
  seconds: number;
}

const OPTION = 'contact_form_rate_limit';
export const DEFAULT_RATE_LIMIT: RateLimit = { requests: 10, seconds: 60 };
/** Beyond this many clients tracked, windows that have closed are forgotten. */
const MAX_TRACKED = 10_000;

export function rateLimit(store: Store): RateLimit {
  return getOption<RateLimit>(store, OPTION) ?? DEFAULT_RATE_LIMIT;
}

export function setRateLimit(store: Store, limit: RateLimit): void {
  if (!Number.isInteger(limit.requests) || limit.requests < 1) throw new Error('The number of submissions must be a whole number of at least 1.');
  if (!Number.isInteger(limit.seconds) || limit.seconds < 1) throw new Error('The window must be a whole number of seconds, at least 1.');
  setOption(store, OPTION, limit);
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a request of `client`; returns the seconds to wait when it is over the limit. */
  hit(client: string, limit: RateLimit): { allowed: true } | { allowed: false; retryAfter: number } {
    const now = this.now();
    const windowMs = limit.seconds * 1000;
    let window = this.windows.get(client);
    if (!window || now - window.start >= windowMs) {
      if (this.windows.size >= MAX_TRACKED) this.forgetClosed(now, windowMs);
      window = { start: now, count: 0 };
      this.windows.set(client, window);
    }
    window.count++;
    if (window.count <= limit.requests) return { allowed: true };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
  }

  private forgetClosed(now: number, windowMs: number): void {
    for (const [client, window] of this.windows) if (now - window.start >= windowMs) this.windows.delete(client);
    // Still full: an attack from many addresses; start over rather than grow without bound.
    if (this.windows.size >= MAX_TRACKED) this.windows.clear();
  }
}
