// Sign-in attempts limited per client: account passwords on the grant page, and wrong
// HTTP Basic credentials. Guessing then costs an attacker time, not the site its CPU.
import { RateLimiter, type RateLimit } from '../rest/rate-limiter.ts';
import { RestError } from '../rest/errors.ts';

/** Generous for a person who mistypes; a guessing script gets ten tries a minute. */
export const SIGN_IN_LIMIT: RateLimit = { requests: 10, seconds: 60 };

export class SignInGuard {
  private readonly limiter = new RateLimiter();

  constructor(private readonly limit: RateLimit = SIGN_IN_LIMIT) {}

  /** Counts an attempt of the client at `remoteAddress`; throws 429 once it is over the limit. */
  count(remoteAddress: string | undefined): void {
    // In-process requests (batch sub-requests have a user already, tests) share one count.
    const verdict = this.limiter.hit(remoteAddress ?? 'in-process', this.limit);
    if (!verdict.allowed) {
      throw new RestError('too_many_sign_in_attempts', `Too many sign-in attempts. Try again in ${verdict.retryAfter} seconds.`, 429, {}, { 'retry-after': String(verdict.retryAfter) });
    }
  }
}
