// A remote client whose reads (GET: item pages, id lists, terms, revisions, users, media)
// are retried on network trouble with the run's policy: reading again is harmless, and real
// networks and proxies reset idle keep-alive connections. Writes go through unchanged (a
// create is not safe to send twice; updates are retried where they are guarded).
import type { RequestOptions, SiteClient } from '../../../shared/site-client.ts';
import { withRetry, type RetryPolicy } from './retry.ts';

export function retryingReads<T extends SiteClient>(client: T, retry: RetryPolicy, signal?: AbortSignal): T {
  const reads: T = Object.create(client) as T;
  const request = (method: string, route: string, options: RequestOptions = {}) => {
    if (method !== 'GET') return client.request(method, route, options);
    return withRetry(retry, signal, () => client.request(method, route, { signal, ...options }));
  };
  // The client's own method wrapped, with its overloads: each caller is checked against them.
  reads.request = request as SiteClient['request'];
  return reads;
}
