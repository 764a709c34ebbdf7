// Handlers return plain data (status 200) or a response made here.
import type { HeaderValue, RestResponse } from './types.ts';

const RESPONSE = Symbol('rest-response');

export function respond(body: unknown, status = 200, headers: Record<string, HeaderValue> = {}): RestResponse {
  return { [RESPONSE]: true, status, headers, body } as RestResponse;
}

/** An answer no cache may keep: it changes without a write the site's read cache could see. */
export function respondUncached(body: unknown, status = 200, headers: Record<string, HeaderValue> = {}): RestResponse {
  return respond(body, status, { 'cache-control': 'no-store', ...headers });
}

export function isResponse(value: unknown): value is RestResponse {
  return typeof value === 'object' && value !== null && RESPONSE in value;
}

/** A body sent as these bytes with its own type (XML, a zip) instead of as JSON. */
export class RawBody {
  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
  ) {}
}

export function respondRaw(bytes: Buffer, contentType: string, status = 200, headers: Record<string, HeaderValue> = {}): RestResponse {
  return respond(new RawBody(bytes, contentType), status, headers);
}

/**
 * A body written as it is produced (server-sent events): chunks are sent as they come, and
 * `signal` aborts when the client goes away or the server closes, so the producer can stop.
 */
export class StreamBody {
  constructor(
    readonly contentType: string,
    readonly produce: (signal: AbortSignal) => AsyncIterable<string>,
  ) {}
}

export function respondStream(contentType: string, produce: (signal: AbortSignal) => AsyncIterable<string>, status = 200, headers: Record<string, HeaderValue> = {}): RestResponse {
  return respondUncached(new StreamBody(contentType, produce), status, headers);
}
