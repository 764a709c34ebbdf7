// Sign-in attempts limited per client: account passwords on the grant page, and wrong
// HTTP Basic credentials. Guessing then costs an attacker time, not the site its CPU.
// Counted in the database, so the limit holds across every instance of the site.
import pLimit from 'p-limit';
import { RestError } from '../rest/errors.ts';
import type { Store } from '../store/db.ts';
import { hitRateLimit, type RateLimit } from '../store/rate-limits.ts';

/** Generous for a person who mistypes; a guessing script gets ten tries a minute. */
export const SIGN_IN_LIMIT: RateLimit = { requests: 10, seconds: 60 };

export class SignInGuard {
  /**
   * Password sign-ins are checked one after another, in order of arrival. Their hashes run one
   * at a time anyway (~50 ms each); queueing the count and the login's lookup with them keeps a
   * burst of a hundred from doing its few hundred database round trips at once, ahead of
   * everyone else's requests.
   */
  private readonly queue = pLimit(1);

  constructor(
    private readonly store: Store,
    private readonly limit: RateLimit = SIGN_IN_LIMIT,
  ) {}

  /** Counts a password sign-in of the client at `remoteAddress`, then checks it, in its turn. */
  attempt<T>(remoteAddress: string | undefined, check: () => Promise<T>): Promise<T> {
    return this.queue(async () => {
      this.count(remoteAddress);
      return check();
    });
  }

  /** Counts an attempt of the client at `remoteAddress`; throws 429 once it is over the limit. */
  count(remoteAddress: string | undefined): void {
    // In-process requests (batch sub-requests have a user already, tests) share one count.
    const verdict = hitRateLimit(this.store, `sign-in ${remoteAddress ?? 'in-process'}`, this.limit);
    if (!verdict.allowed) {
      throw new RestError('too_many_sign_in_attempts', `Too many sign-in attempts. Try again in ${verdict.retryAfter} seconds.`, 429, {}, { 'retry-after': String(verdict.retryAfter) });
    }
  }
}
