// The typed HTTP client of the site interface, used by the renderer (and by anything else
// that talks to a site): credentials, query encoding, paging headers, errors, batch. A path
// from the route table (api-routes.ts) types each method's arguments (the server's
// declarations, generated) and its answer, so a wrong body, query or answer type does not
// compile, nor a body or query that is a loose record or holds an argument the route does not
// declare (`Exactly`); only a plain string path (another site's route, a test's literal)
// answers what its caller names.
import type { BatchRequest, BatchResult, ErrorBody, RouteOptions } from './site-types.ts';
import { batchApi, rooted, type AnswerOf, type ApiPath, type ArgsOf, type Method, type PathFor, type PlainPath } from './api-routes.ts';

export interface SiteCredentials {
  login: string;
  password: string;
}

/** An error answered by the site (or the network), in plain words for the user. */
export class SiteError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly data: ErrorBody['data'] = {},
    /** How long the site asked to wait before trying again (its Retry-After), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** Null when the account may not read it (or the site has no such route): not an error for the writer. */
export async function unlessRefused<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof SiteError && [400, 401, 403, 404].includes(error.status)) return null;
    throw error;
  }
}

/** A Retry-After header's seconds (a date is rarer, and read as the time until it); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined | null;
/** The query of a plain string path, which no declaration types. */
export type Query = Record<string, QueryValue>;

/** Parameters every route takes besides its declared arguments: the server shapes any answer by them. */
export interface ShapingQuery {
  _fields?: string | readonly string[];
  _embed?: boolean | string | readonly string[];
}
/** The query of `method` at a path of the table (a POST's may hold any of its arguments). */
export type QueryFor<P, M extends Method> = M extends 'POST' ? PostQuery<ArgsOf<P, M>> : QueryOf<ArgsOf<P, M>>;
/** The item of a list answer. */
export type ItemOf<L> = L extends readonly (infer Item)[] ? Item : never;
/** A route's arguments in a query, with the shaping ones (a route of no arguments takes only those). */
type QueryOf<A> = A extends Record<string, never> ? ShapingQuery : A & ShapingQuery;
/** Any of a route's declared arguments (a POST's may come in the query too). */
type AnyOf<A> = string extends keyof A ? A : Partial<A>;
/**
 * What `Exactly` adds to a value `V` sent as arguments `A`: a property `A` does not declare is
 * `never`, and a loose record (an index signature `A` lacks) is refused whole, since any record
 * would pass for arguments that are all optional. Arguments that are themselves a record
 * (another site's route) take any.
 */
type NoneBut<V, A> = string extends keyof A ? unknown
  : V extends Blob ? unknown // an upload's bytes
  : V extends unknown ? (string extends keyof V ? never : { [K in Exclude<keyof V, keyof A>]: never }) : never;
/** A body or query `V` (inferred at the call) that compiles only as exactly arguments `A`. */
export type Exactly<V, A> = V & NoneBut<V, A>;
/** The query of a POST: any of its arguments, with the shaping ones. */
type PostQuery<A> = QueryOf<AnyOf<A>>;
/**
 * What a call of `method` sends to a route of arguments `A`, body `B` and query `Q` being what
 * the call gives: a POST's arguments in its body (or any of them in the query), others' in the query.
 */
type Sent<M extends Method, A, B, Q> = M extends 'POST'
  // The body's check apart, so a body of either of two shapes is inferred whole.
  ? { body?: B; query?: Exactly<Q, PostQuery<A>> } & { body?: NoneBut<B, A> }
  : { body?: never; query?: Exactly<Q, QueryOf<A>> };

export interface ListResult<T> {
  items: T[];
  total: number;
  totalPages: number;
}

/** Every item of a paged list: page after page until the last the paging headers count. */
export async function everyPage<T>(readPage: (page: number) => Promise<ListResult<T>>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const result = await readPage(page);
    all.push(...result.items);
    pages = result.totalPages;
  }
  return all;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}
/** The options of a call to a path of the table by `method`: its body and query typed by the route's arguments (`B` and `Q`, what the call gives, checked as exactly them). */
export type TypedOptions<M extends Method, A, B = A, Q = M extends 'POST' ? PostQuery<A> : QueryOf<A>> = Omit<RequestOptions, 'query' | 'body'> & Sent<M, A, B, Q>;

export interface ClientResponse<T> {
  body: T;
  status: number;
  headers: Headers;
}

export const BATCH_LIMIT = 25;


/** A query parameter as the site reads it: a list comma separated, an object's fields in brackets. */
function encodeParam(params: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) params.set(name, value.join(','));
  else if (typeof value === 'object') for (const [key, nested] of Object.entries(value)) encodeParam(params, `${name}[${key}]`, nested);
  else params.set(name, String(value));
}

function basic(credentials: SiteCredentials): string {
  const bytes = new TextEncoder().encode(`${credentials.login}:${credentials.password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

declare const answered: unique symbol;
/** A batch sub-request that carries what its route answers (a plain BatchRequest answers unknown). */
export type SubRequest<T = unknown> = BatchRequest & { readonly [answered]?: T };

/** A sub-request of a batch to a path of the table: a POST's arguments in its body, a DELETE's in its query. */
export function subRequest<P extends PathFor<'POST'>, B extends ArgsOf<P, 'POST'>>(method: 'POST', route: P, args: Exactly<B, ArgsOf<P, 'POST'>>, headers?: Record<string, string>): SubRequest<AnswerOf<P, 'POST'>>;
export function subRequest<P extends PathFor<'DELETE'>, Q extends QueryFor<P, 'DELETE'>>(method: 'DELETE', route: P, args?: Exactly<Q, QueryFor<P, 'DELETE'>>, headers?: Record<string, string>): SubRequest<AnswerOf<P, 'DELETE'>>;
export function subRequest(method: 'POST' | 'DELETE', route: string, args: object = {}, headers?: Record<string, string>): BatchRequest {
  const path = rooted(route);
  const given = headers ? { headers } : {};
  if (method === 'POST') return { method, path, body: { ...args }, ...given };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) encodeParam(query, name, value);
  return { method, path: query.size > 0 ? `${path}?${query}` : path, ...given };
}

export class SiteClient {
  constructor(
    /** `{api_root}` with its trailing slash. */
    readonly apiRoot: string,
    private readonly credentials: SiteCredentials | null,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {}

  url(route: string, query?: object): URL {
    const url = new URL(route.replace(/^\//, ''), this.apiRoot);
    for (const [name, value] of Object.entries(query ?? {})) encodeParam(url.searchParams, name, value);
    return url;
  }

  /** The same site's client with no account: for public files, whose address the site names and may put on another host. */
  withoutCredentials(): SiteClient {
    return new SiteClient(this.apiRoot, null, this.fetchImpl);
  }

  authHeaders(): Record<string, string> {
    return this.credentials ? { authorization: basic(this.credentials) } : {};
  }

  /** A call whose status or headers matter (preconditions, validators), typed as the other methods are. */
  request<M extends Method, P extends PathFor<M>, B extends ArgsOf<P, M> | Blob, Q extends QueryFor<P, M>>(
    method: M, route: P, options?: TypedOptions<M, ArgsOf<P, M>, B, Q>,
  ): Promise<ClientResponse<AnswerOf<P, M>>>;
  /** Another site's route, or a method the table does not type: the caller names the answer. */
  request<T = unknown>(method: string, route: PlainPath, options?: RequestOptions): Promise<ClientResponse<T>>;
  async request(method: string, route: string, options: Omit<RequestOptions, 'query'> & { query?: object } = {}): Promise<ClientResponse<unknown>> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.authHeaders(), ...options.headers };
    let body: RequestInit['body'];
    if (options.body instanceof Blob || typeof options.body === 'string') body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    let response: Response;
    try {
      // Always revalidate: a browser may otherwise keep an answer heuristically and show a stale item.
      // (Node's fetch types do not list `cache`, so the options are not a literal at the call.)
      const init = { method, headers, body, signal: options.signal, cache: 'no-cache' as const };
      response = await this.fetchImpl(this.url(route, options.query), init);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      // Told apart: a request not answered in time may still be at work on the site (a create is not sent again then).
      if ((error as Error).name === 'TimeoutError') throw new SiteError('timeout', 'The site did not answer in time. Check that it is running and try again.', 0);
      throw new SiteError('network_error', 'The site could not be reached. Check that it is running and try again.', 0);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The connection ended mid-answer (fetch says so with a TypeError): as unreachable as no
      // answer at all. Any other error is the reader's own refusal (an answer over its limit).
      if (!(error instanceof TypeError)) throw error;
      throw new SiteError('network_error', 'The site could not be reached. Check that it is running and try again.', 0);
    }
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      throw new SiteError('invalid_response', `The site answered with something that is not JSON (status ${response.status}).`, response.status, {}, retryAfterSeconds(response.headers.get('retry-after')));
    }
    if (!response.ok && response.status !== 304) {
      const error = (parsed ?? {}) as Partial<ErrorBody>;
      throw new SiteError(error.code ?? 'http_error', error.message ?? `The site answered ${response.status}.`, response.status, error.data, retryAfterSeconds(response.headers.get('retry-after')));
    }
    return { body: parsed, status: response.status, headers: response.headers };
  }

  get<P extends PathFor<'GET'>, Q extends QueryFor<P, 'GET'>>(route: P, query?: Exactly<Q, QueryFor<P, 'GET'>>): Promise<AnswerOf<P, 'GET'>>;
  get<T = unknown>(route: PlainPath, query?: Query): Promise<T>;
  async get(route: string, query?: object): Promise<unknown> {
    return (await this.request('GET', route as PlainPath, { query: query as Query })).body;
  }

  list<P extends PathFor<'GET'>, Q extends QueryFor<P, 'GET'>>(route: P, query?: Exactly<Q, QueryFor<P, 'GET'>>): Promise<ListResult<ItemOf<AnswerOf<P, 'GET'>>>>;
  list<T = unknown>(route: PlainPath, query?: Query): Promise<ListResult<T>>;
  async list(route: string, query?: object): Promise<ListResult<unknown>> {
    const response = await this.request<unknown[]>('GET', route as PlainPath, { query: query as Query });
    return {
      items: response.body,
      total: Number(response.headers.get('x-wp-total') ?? response.body.length),
      totalPages: Number(response.headers.get('x-wp-totalpages') ?? 1),
    };
  }

  post<P extends PathFor<'POST'>, B extends ArgsOf<P, 'POST'>, Q extends QueryFor<P, 'POST'>>(
    route: P, body: Exactly<B, ArgsOf<P, 'POST'>>, query?: Exactly<Q, QueryFor<P, 'POST'>>,
  ): Promise<AnswerOf<P, 'POST'>>;
  post<T = unknown>(route: PlainPath, body: unknown, query?: Query): Promise<T>;
  async post(route: string, body: unknown, query?: object): Promise<unknown> {
    return (await this.request('POST', route as PlainPath, { body, query: query as Query })).body;
  }

  delete<P extends PathFor<'DELETE'>, Q extends QueryFor<P, 'DELETE'>>(route: P, query?: Exactly<Q, QueryFor<P, 'DELETE'>>): Promise<AnswerOf<P, 'DELETE'>>;
  delete<T = unknown>(route: PlainPath, query?: Query): Promise<T>;
  async delete(route: string, query?: object): Promise<unknown> {
    return (await this.request('DELETE', route as PlainPath, { query: query as Query })).body;
  }

  /** What a route says of itself: its methods and arguments, and for a collection its item's schema. */
  async options(route: ApiPath): Promise<RouteOptions> {
    return (await this.request<RouteOptions>('OPTIONS', route as string as PlainPath)).body;
  }

  /** Runs requests through the batch route in chunks of 25; results keep the requests' order, each typed by its sub-request's route. */
  async batch<T>(requests: readonly SubRequest<T>[], signal?: AbortSignal): Promise<BatchResult<T>[]> {
    const results: BatchResult<T>[] = [];
    for (let start = 0; start < requests.length; start += BATCH_LIMIT) {
      const chunk = requests.slice(start, start + BATCH_LIMIT);
      const response = await this.request('POST', batchApi.batch(), { body: { validation: 'normal', requests: chunk }, signal });
      // The batch route answers each sub-request as its own route does: what each SubRequest carries.
      results.push(...(response.body.responses as BatchResult<T>[]));
    }
    return results;
  }
}
