// Conditional requests: ETag/Last-Modified on items, If-None-Match/If-Modified-Since on reads
// (304), and If-Match/If-Unmodified-Since/If-None-Match on writes, so that a stale write
// changes nothing (412) and tells the client what it would have overwritten.
import { hash } from 'node:crypto';
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

/** Separates an item's version from the digest of one answer about it (representationTag). */
const REPRESENTATION_MARK = ':';

/**
 * The ETag of one answer about an item: the item's version, and a digest of the answer's
 * bytes. The bytes depend on more than the item (the site's zone, the asking user, the
 * fields asked for), so a read is only answered 304 when every byte would be the same.
 */
export function representationTag(itemTag: string, bytes: string): string {
  // The one-shot hash: no Hash object (a stream) made and dropped for every answer.
  const digest = hash('sha1', bytes, 'base64url').slice(0, 16);
  return `W/${strip(itemTag).replace(/"$/, `${REPRESENTATION_MARK}${digest}"`)}`;
}

/** The item's version a tag names, without the digest of the answer it came with. */
const itemVersionOf = (tag: string): string => strip(tag).replace(new RegExp(`${REPRESENTATION_MARK}[^"${REPRESENTATION_MARK}]*"$`), '"');

/**
 * Weak comparison of the item's version, as write preconditions use: a tag from any answer
 * about this version of the item matches, whatever else that answer showed (a change of
 * the site's zone changes the answer, not the item a writer would overwrite).
 */
export function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const wanted = itemVersionOf(etag);
  return header.split(',').some((candidate) => itemVersionOf(candidate) === wanted);
}

/**
 * Whether a read's If-None-Match (or, without it, If-Modified-Since) says the client's copy is
 * current. `sharedModifiedGmt`: when something every answer is built from last changed (the
 * site's settings); a copy older than that is not current, whatever its item's date. The
 * answer's Last-Modified stays the item's own, which write preconditions compare against.
 */
export function isFresh(requestHeaders: Record<string, string | undefined>, responseHeaders: Record<string, HeaderValue>, sharedModifiedGmt: () => string | null): boolean {
  // Only the validators: fetch() adds `Cache-Control: no-cache` to any request that sets a
  // conditional header itself, which `fresh` would take as a reload and never answer 304.
  const conditions = { 'if-none-match': requestHeaders['if-none-match'], 'if-modified-since': requestHeaders['if-modified-since'] };
  // Most reads hold no copy to confirm: nothing to compare, nothing to read for it.
  if (conditions['if-none-match'] === undefined && conditions['if-modified-since'] === undefined) return false;
  const validator = (name: string) => (typeof responseHeaders[name] === 'string' ? (responseHeaders[name] as string) : undefined);
  const lastModified = validator('last-modified');
  const shared = lastModified === undefined ? null : sharedModifiedGmt();
  return fresh(conditions, { etag: validator('etag'), 'last-modified': lastModified && shared ? later(lastModified, shared) : lastModified });
}

/** The later of an HTTP date and a GMT date. */
function later(httpDateValue: string, gmt: string): string {
  return (parseHttpDate(httpDateValue) ?? 0) >= gmtToMillis(gmt) ? httpDateValue : httpDate(gmt);
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

/** The 412 names the stored version as a read of `item` would (its tag with the answer's digest). */
function preconditionFailed(stored: Version, item: unknown): RestError {
  const current = item === undefined ? stored : { ...stored, etag: representationTag(stored.etag, JSON.stringify(item)) };
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
