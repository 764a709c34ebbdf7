// Network trouble during sync is retried a few times with growing waits; what still fails
// ends the run as offline. Only failures that may pass are retried: no answer, a gateway
// that gave up, or a site asking to slow down. Waits are injectable so tests do not sleep.
import { SiteError } from '../../../shared/site-client.ts';
import { RemoteSiteError } from './errors.ts';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before try `n + 1` (n from 1). */
  delayMs: (attempt: number) => number;
  /** Waits `ms`, or rejects when `signal` aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  delayMs: (attempt) => 500 * 2 ** (attempt - 1),
  sleep: abortableSleep,
};

const TRANSIENT_STATUSES = new Set([0, 429, 502, 503, 504]);

/** No answer within the time limit: the remote may still be at work on the request. */
function isTimeout(error: unknown): boolean {
  if (error instanceof SiteError) return error.code === 'timeout';
  return error instanceof RemoteSiteError ? error.reason === 'timeout' : (error as Error).name === 'TimeoutError';
}

function isTransient(error: unknown): boolean {
  if (error instanceof SiteError) return TRANSIENT_STATUSES.has(error.status);
  if (error instanceof RemoteSiteError) return error.reason === 'unreachable' || error.reason === 'timeout';
  return isTimeout(error);
}

/**
 * Whether a create may be sent again in the run after this failure: only one that came back in
 * time. One not answered in time may still be in the making there, where looking now would not
 * find it: the run ends (offline) and the next sync looks for it (wordpress-lost-creates).
 */
export function answeredInTime(error: unknown): boolean {
  return isTransient(error) && !isTimeout(error);
}

/**
 * Whether the error ends the whole run: cancelled, no network, or the credentials refused.
 * Any other failure (the remote's rules or rights, a bad answer, content this app cannot
 * handle) concerns one item: it is reported with that item, and sync goes on with the others.
 */
export function endsTheRun(error: unknown): boolean {
  if ((error as Error).name === 'AbortError' || isTransient(error)) return true;
  if (error instanceof SiteError) return error.status === 401;
  return error instanceof RemoteSiteError && error.reason === 'wrong_credentials';
}

/** The error's own words, for a message that names the item it concerns. */
export function causeOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * Runs `work` until it succeeds, fails for good, or the tries are spent. `work` must be safe to
 * run again; `mayRetry` says which failures it may be run again after (default: the transient ones).
 */
export async function withRetry<T>(policy: RetryPolicy, signal: AbortSignal | undefined, work: () => Promise<T>, mayRetry = isTransient): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    try {
      return await work();
    } catch (error) {
      if (attempt >= policy.attempts || !mayRetry(error) || signal?.aborted) throw error;
      await policy.sleep(policy.delayMs(attempt), signal);
    }
  }
}
