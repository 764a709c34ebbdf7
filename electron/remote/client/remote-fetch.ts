// HTTP to remote sites: a time limit on every request and network failures told in plain
// words. Where requests may go (and redirects) is site-origins.ts's; how much of an answer is
// read, bounded-body.ts's.
import { RemoteSiteError } from './errors.ts';

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface RemoteHttpOptions {
  /** Time limit of each request. */
  timeoutMs?: number;
  /** The fetch to use (tests count requests through it). */
  fetchImpl?: typeof fetch;
}

export function timedFetch(options: RemoteHttpOptions = {}): typeof fetch {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetchImpl ?? fetch;
  // A caller's signal (a cancelled sync) stops the request too, without lifting the time limit.
  return (input, init) => {
    const limit = AbortSignal.timeout(timeoutMs);
    return fetchImpl(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, limit]) : limit });
  };
}

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** Why a request to `address` failed before any answer came. */
export function networkFailure(error: unknown, address: string, timeoutMs = DEFAULT_TIMEOUT_MS): RemoteSiteError {
  const host = new URL(address).host;
  if ((error as Error).name === 'TimeoutError') {
    return new RemoteSiteError('timeout', `${host} did not answer within ${Math.round(timeoutMs / 1000)} seconds. Check the address, or try again later.`);
  }
  const code = causeCode(error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new RemoteSiteError('unreachable', `No site was found at ${host}: that name does not resolve. Check the address and your connection.`);
  }
  if (code === 'ECONNREFUSED') {
    return new RemoteSiteError('unreachable', `${host} refused the connection: nothing answers there. Check the address and that the site is running.`);
  }
  if (code?.startsWith('CERT_') || code?.includes('SELF_SIGNED') || code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE') {
    return new RemoteSiteError('unreachable', `The security certificate of ${host} could not be verified, so the app did not connect: the connection would not be private. Check that the address is the site's own (https:// and its exact name); if it is, ask the site's host for a certificate from a known authority.`);
  }
  return new RemoteSiteError('unreachable', `${host} could not be reached. Check the address and your connection, then try again.`);
}
