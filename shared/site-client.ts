// The typed HTTP client of the site interface, used by the renderer (and by anything else
// that talks to a site): credentials, query encoding, paging headers, errors, batch. A path
// from the route table (api-routes.ts) types the answer of each method; `request` and plain
// strings answer what the caller names.
import type { BatchRequest, BatchResult, ErrorBody } from './site-types.ts';
import { batchApi, type ApiPath } from './api-routes.ts';

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

/** A Retry-After header's seconds (a date is rarer, and read as the time until it); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined | null;
export type Query = Record<string, QueryValue>;

export interface ListResult<T> {
  items: T[];
  total: number;
  totalPages: number;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ClientResponse<T> {
  body: T;
  status: number;
  headers: Headers;
}

export const BATCH_LIMIT = 25;

function encodeQuery(url: URL, query: Query | undefined): void {
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
}

function basic(credentials: SiteCredentials): string {
  const bytes = new TextEncoder().encode(`${credentials.login}:${credentials.password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

export class SiteClient {
  constructor(
    /** `{api_root}` with its trailing slash. */
    readonly apiRoot: string,
    private readonly credentials: SiteCredentials | null,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {}

  url(route: string, query?: Query): URL {
    const url = new URL(route.replace(/^\//, ''), this.apiRoot);
    encodeQuery(url, query);
    return url;
  }

  authHeaders(): Record<string, string> {
    return this.credentials ? { authorization: basic(this.credentials) } : {};
  }

  async request<T>(method: string, route: string, options: RequestOptions = {}): Promise<ClientResponse<T>> {
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
    return { body: parsed as T, status: response.status, headers: response.headers };
  }

  async get<T>(route: ApiPath<{ GET: T }>, query?: Query): Promise<T> {
    return (await this.request<T>('GET', route, { query })).body;
  }

  async list<T>(route: ApiPath<{ GET: T[] }>, query?: Query): Promise<ListResult<T>> {
    const response = await this.request<T[]>('GET', route, { query });
    return {
      items: response.body,
      total: Number(response.headers.get('x-wp-total') ?? response.body.length),
      totalPages: Number(response.headers.get('x-wp-totalpages') ?? 1),
    };
  }

  async post<T>(route: ApiPath<{ POST: T }>, body: unknown, query?: Query): Promise<T> {
    return (await this.request<T>('POST', route, { body, query })).body;
  }

  async delete<T>(route: ApiPath<{ DELETE: T }>, query?: Query): Promise<T> {
    return (await this.request<T>('DELETE', route, { query })).body;
  }

  /** Runs requests through the batch route in chunks of 25; results keep the requests' order. */
  async batch<T = unknown>(requests: readonly BatchRequest[]): Promise<BatchResult<T>[]> {
    const results: BatchResult<T>[] = [];
    for (let start = 0; start < requests.length; start += BATCH_LIMIT) {
      const chunk = requests.slice(start, start + BATCH_LIMIT);
      const response = await this.post(batchApi.batch<T>(), { validation: 'normal', requests: chunk });
      results.push(...response.responses);
    }
    return results;
  }
}
