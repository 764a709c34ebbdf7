// Conditional requests: ETag/Last-Modified on items, If-None-Match/If-Modified-Since on reads
// (304), and If-Match/If-Unmodified-Since/If-None-Match on writes, so that a stale write
// changes nothing (412) and tells the client what it would have overwritten.
import fresh from 'fresh';
import type { HeaderValue, RestRequest } from './types.ts';
import { RestError } from './errors.ts';
import { httpDate, gmtToMillis, parseHttpDate } from '../../shared/dates.ts';

export interface Version {
  etag: string;
  modifiedGmt: string;
}

export function versionHeaders(version: Version): Record<string, string> {
  return { etag: version.etag, 'last-modified': httpDate(version.modifiedGmt) };
}

const strip = (tag: string): string => tag.trim().replace(/^W\//, '');

/** Weak comparison, as If-None-Match and (for our weak tags) If-Match use. */
export function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const wanted = strip(etag);
  return header.split(',').some((candidate) => strip(candidate) === wanted);
}

/** Whether a read's If-None-Match (or, without it, If-Modified-Since) says the client's copy is current. */
export function isFresh(requestHeaders: Record<string, string | undefined>, responseHeaders: Record<string, HeaderValue>): boolean {
  const validator = (name: string) => (typeof responseHeaders[name] === 'string' ? (responseHeaders[name] as string) : undefined);
  // Only the validators: fetch() adds `Cache-Control: no-cache` to any request that sets a
  // conditional header itself, which `fresh` would take as a reload and never answer 304.
  const conditions = { 'if-none-match': requestHeaders['if-none-match'], 'if-modified-since': requestHeaders['if-modified-since'] };
  return fresh(conditions, { etag: validator('etag'), 'last-modified': validator('last-modified') });
}

/**
 * Throws 412 when the client's precondition no longer holds for the stored item. Call it in
 * the same transaction as the write, with no await between them, so that of many writers
 * that read one version exactly one gets through. `present` shows the stored item in the
 * 412's data, so a client can set its own version beside it without another read.
 */
export function checkWritePreconditions(request: RestRequest, current: Version, present?: () => unknown): void {
  if (!preconditionsHold(request, current)) throw preconditionFailed(current, present?.());
}

function preconditionsHold(request: RestRequest, current: Version): boolean {
  const ifMatch = request.headers['if-match'];
  if (ifMatch !== undefined) return etagMatches(ifMatch, current.etag);
  const ifUnmodifiedSince = request.headers['if-unmodified-since'];
  const since = ifUnmodifiedSince === undefined ? null : parseHttpDate(ifUnmodifiedSince);
  // HTTP dates have whole seconds, as the stored date; writers never give an item the same
  // modified date twice (nextModified), so a write in the second the client read is seen.
  if (since !== null && gmtToMillis(current.modifiedGmt) > since) return false;
  // `If-None-Match: *` asks to write only where nothing exists yet; `If-None-Match: <tag>`, only over another version.
  const ifNoneMatch = request.headers['if-none-match'];
  return ifNoneMatch === undefined || !etagMatches(ifNoneMatch, current.etag);
}

function preconditionFailed(current: Version, item: unknown): RestError {
  return new RestError(
    'rest_precondition_failed',
    'The item has changed since you last read it; nothing was changed. Read it again and retry.',
    412,
    {
      etag: current.etag,
      last_modified: httpDate(current.modifiedGmt),
      modified_gmt: current.modifiedGmt,
      ...(item === undefined ? {} : { current: item }),
    },
    versionHeaders(current),
  );
}
