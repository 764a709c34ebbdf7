// The per-client limit on submissions a site sets (the limiter itself is the REST core's).
import type { Store } from '../../store/db.ts';
import type { RateLimit } from '../../store/rate-limits.ts';
import { getOption, setOption } from '../../store/options.ts';

const OPTION = 'contact_form_rate_limit';
export const DEFAULT_RATE_LIMIT: RateLimit = { requests: 10, seconds: 60 };

export function rateLimit(store: Store): RateLimit {
  return getOption<RateLimit>(store, OPTION) ?? DEFAULT_RATE_LIMIT;
}

export function setRateLimit(store: Store, limit: RateLimit): void {
  if (!Number.isInteger(limit.requests) || limit.requests < 1) throw new Error('The number of submissions must be a whole number of at least 1.');
  if (!Number.isInteger(limit.seconds) || limit.seconds < 1) throw new Error('The window must be a whole number of seconds, at least 1.');
  setOption(store, OPTION, limit);
}
