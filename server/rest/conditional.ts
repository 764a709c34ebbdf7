// Conditional requests: ETag/Last-Modified on items, If-None-Match on reads, and
// If-Match/If-Unmodified-Since on writes so that a stale write changes nothing (412).
import type { RestRequest } from './types.ts';
import { RestError } from './errors.ts';
import { httpDate, gmtToMillis, parseHttpDate } from '../content/dates.ts';

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

/** Throws 412 when the client's precondition no longer holds for the stored item. */
export function checkWritePreconditions(request: RestRequest, current: Version): void {
  const ifMatch = request.headers['if-match'];
  if (ifMatch !== undefined && !etagMatches(ifMatch, current.etag)) throw preconditionFailed(current);
  const ifUnmodifiedSince = request.headers['if-unmodified-since'];
  if (ifMatch === undefined && ifUnmodifiedSince !== undefined) {
    const since = parseHttpDate(ifUnmodifiedSince);
    // HTTP dates have whole seconds; the stored date does too.
    if (since !== null && gmtToMillis(current.modifiedGmt) > since) throw preconditionFailed(current);
  }
}

function preconditionFailed(current: Version): RestError {
  return new RestError(
    'rest_precondition_failed',
    'The item has changed since you last read it; nothing was changed. Read it again and retry.',
    412,
    {},
    versionHeaders(current),
  );
}
