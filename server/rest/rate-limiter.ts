// A per-client limit: at most `requests` in a window of `seconds` that opens at a client's
// first counted request. Kept in memory: a restart forgives everyone. Used by contact-form
// submissions and by sign-in attempts.

export interface RateLimit {
  requests: number;
  seconds: number;
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfter: number };

/** Beyond this many clients tracked, windows that have closed are forgotten. */
const MAX_TRACKED = 10_000;

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a request of `client`; returns the seconds to wait when it is over the limit. */
  hit(client: string, limit: RateLimit): RateVerdict {
    const window = this.openWindow(client, limit);
    window.count++;
    return this.verdict(window, limit);
  }

  private openWindow(client: string, limit: RateLimit): { start: number; count: number } {
    const now = this.now();
    const windowMs = limit.seconds * 1000;
    let window = this.windows.get(client);
    if (!window || now - window.start >= windowMs) {
      if (this.windows.size >= MAX_TRACKED) this.forgetClosed(now, windowMs);
      window = { start: now, count: 0 };
      this.windows.set(client, window);
    }
    return window;
  }

  private verdict(window: { start: number; count: number }, limit: RateLimit): RateVerdict {
    if (window.count <= limit.requests) return { allowed: true };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((window.start + limit.seconds * 1000 - this.now()) / 1000)) };
  }

  private forgetClosed(now: number, windowMs: number): void {
    for (const [client, window] of this.windows) if (now - window.start >= windowMs) this.windows.delete(client);
    // Still full: an attack from many addresses; start over rather than grow without bound.
    if (this.windows.size >= MAX_TRACKED) this.windows.clear();
  }
}
