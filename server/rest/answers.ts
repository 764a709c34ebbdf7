// How the API's answers go out and are kept: every answer's headers (Cache-Control, Vary, the
// discovery Link), its bytes with an ETag, a cache of reads per user, and a 304 for a client
// whose copy is still fresh. It sits next to dispatch, so the HTTP adapter only moves bytes.
import type { HeaderValue, RequestUser, RestRequest, RestResponse } from './types.ts';
import { isFresh } from './conditional.ts';
import { RawBody, StreamBody } from './response.ts';
import { errorResponse } from './dispatch.ts';
import { ResponseCache, type CachedResponse } from './response-cache.ts';
import { AnswerBytes, answerBytes } from './answer-bytes.ts';

/** An answer as bytes: what is sent, and what the cache keeps. */
export type EncodedAnswer = CachedResponse;

/** An answer sent as it is produced: its headers at once, then its chunks. */
export interface StreamedAnswer {
  status: number;
  headers: Record<string, HeaderValue>;
  body: StreamBody;
}

/** What an answer's keeping depends on, known before the request's body is read. */
export interface Asked {
  method: string;
  route: string;
  /** The URL's query string as sent, `?` included. */
  search: string;
  headers: Record<string, string | undefined>;
  user?: RequestUser | null;
}

export interface AnswersOptions {
  apiRoot: string;
  dispatch(request: RestRequest): Promise<RestResponse>;
  /** Changes whenever the site's data does (Store.version): kept answers older than it are dropped. */
  version(): string;
  /** When something every answer is built from last changed (the site's settings), GMT: a client's copy older than that is not current. */
  sharedInputsModifiedGmt(): string | null;
}

/**
 * Every answer says how it may be kept: a browser (Chromium, so the desktop app) keeps an
 * answer without Cache-Control and reuses it heuristically, for months given an old
 * Last-Modified. `no-cache` lets a copy be kept but only used once the site confirms it
 * (a cheap 304); `private` keeps a user's answers out of shared caches; a route whose answer
 * must not be kept at all says `no-store` itself. `Vary: Authorization`: an item's ETag is
 * the same for every user, its answer is not (edit context, protected content), so a
 * browser never revalidates one user's copy for another.
 */
function cacheControl(credentialed: boolean): string {
  return credentialed ? 'private, no-cache' : 'no-cache';
}

const mayBeKept = (headers: Record<string, HeaderValue>) => !String(headers['cache-control']).includes('no-store');

function notModified(answer: EncodedAnswer): EncodedAnswer {
  return { status: 304, headers: answer.headers, payload: Buffer.alloc(0) };
}

export class Answers {
  private readonly cache: ResponseCache;

  constructor(private readonly options: AnswersOptions) {
    this.cache = new ResponseCache(options.version);
  }

  /** A request's answer: a read from the cache while nothing has changed, else by dispatch. `build` reads the body only when needed. */
  async answer(asked: Asked, build: () => Promise<RestRequest>): Promise<EncodedAnswer | StreamedAnswer> {
    const credentialed = asked.headers.authorization !== undefined;
    const reading = asked.method === 'GET' || asked.method === 'HEAD';
    // Reads are cached per user: authenticated first, so a revoked credential never gets a cached answer.
    const key = `${asked.user?.id ?? 0}\n${asked.route}\n${asked.search}`;
    const cached = reading ? this.cache.get(key) : undefined;
    if (cached) return this.revalidated(asked.headers, cached);
    const request = await build();
    const version = this.options.version();
    const response = await this.options.dispatch(request);
    if (response.body instanceof StreamBody) {
      return { status: response.status, headers: { ...this.headers(response, credentialed), 'content-type': response.body.contentType }, body: response.body };
    }
    const encoded = this.encode(response, credentialed, reading);
    if (!reading || encoded.status !== 200) return encoded;
    if (mayBeKept(encoded.headers)) this.cache.set(key, encoded, version);
    return this.revalidated(asked.headers, encoded);
  }

  /** The answer a client gets for a read: a 304 when the copy it holds is still this one. */
  private revalidated(requestHeaders: Record<string, string | undefined>, answer: EncodedAnswer): EncodedAnswer {
    return isFresh(requestHeaders, answer.headers, this.options.sharedInputsModifiedGmt) ? notModified(answer) : answer;
  }

  /** The answer to a request refused or failed before dispatch could answer it. */
  error(error: unknown, credentialed: boolean): EncodedAnswer {
    return this.encode(errorResponse(error), credentialed, false);
  }

  private headers(response: RestResponse, credentialed: boolean): Record<string, HeaderValue> {
    const discovery = `<${this.options.apiRoot}>; rel="https://api.w.org/"`;
    const headers: Record<string, HeaderValue> = {
      'content-type': 'application/json; charset=UTF-8',
      'x-content-type-options': 'nosniff',
      'cache-control': cacheControl(credentialed),
      vary: 'Authorization',
      link: discovery,
    };
    for (const [name, value] of Object.entries(response.headers)) {
      headers[name] = name === 'link' ? [discovery, ...[value].flat()].join(', ') : value;
    }
    return headers;
  }

  /**
   * The bytes and headers of an answer, as sent and as cached. A read's answer without a
   * validator of its own (a list, the index) gets an ETag of its bytes, so that it too is
   * revalidated with a 304, unless nothing may keep it.
   */
  private encode(response: RestResponse, credentialed: boolean, reading: boolean): EncodedAnswer {
    const headers = this.headers(response, credentialed);
    const bytes = response.body instanceof RawBody
      ? new AnswerBytes(response.body.bytes)
      : response.status === 304 ? new AnswerBytes(Buffer.alloc(0)) : answerBytes(response.body);
    if (response.body instanceof RawBody) headers['content-type'] = response.body.contentType;
    if (reading && response.status === 200 && headers.etag === undefined && mayBeKept(headers)) headers.etag = bytes.etag;
    return { status: response.status, headers, payload: bytes.payload };
  }
}
