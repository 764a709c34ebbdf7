// One HTTP request as the tests make it: an object body goes as JSON, the answer's body comes
// back parsed when it is JSON (as text otherwise). Every test client of a site is built on it.
import http from 'node:http';

export interface ApiResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export type QueryParams = Record<string, string | number | boolean | (string | number)[]>;

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** JSON body (objects) or a raw string/Buffer body with its own content type. */
  body?: unknown;
  /** Added to the address; an array as `name[]` once per item, as PHP reads it. */
  query?: QueryParams;
}

/** A route of the API at `apiRoot`, written with or without its leading slash. */
export function routeUrl(apiRoot: string, route: string): URL {
  return new URL(route.replace(/^\//, ''), apiRoot);
}

export async function request<T = any>(address: string | URL, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(address);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(`${name}[]`, String(item));
    else url.searchParams.set(name, String(value));
  }
  const headers = { ...options.headers };
  let body: BodyInit | undefined;
  if (typeof options.body === 'string') body = options.body;
  else if (Buffer.isBuffer(options.body)) body = new Uint8Array(options.body);
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method: options.method ?? 'GET', headers, body });
  return { status: response.status, headers: response.headers, body: parsedBody(await response.text()) as T };
}

/**
 * Headers that let the site close the connection once it has answered. The site command's SIGTERM
 * (an operator's stop) goes on answering kept connections until they close, up to 5 s
 * (server/http/lifecycle.ts): a test that stops it after its requests sends these, or the stop
 * waits for the client's idle keep-alive to end.
 */
export const CONNECTION_CLOSE = { connection: 'close' } as const;

/** fetch, keeping no connection open after the answer (CONNECTION_CLOSE). */
export function fetchOnce(url: string | URL, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), ...CONNECTION_CLOSE } });
}

/** An answer's body: parsed when it is JSON, the text otherwise. */
function parsedBody(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return text; // not JSON
  }
}

/**
 * A GET sent from the loopback address `from` (127.0.0.2, …): another client, as a site or a
 * proxy counts clients by their address, so a test's tries are counted apart from other tests'.
 */
export function getFrom<T = any>(from: string, address: string | URL, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
  return new Promise((resolve, reject) => {
    http.get(address, { localAddress: from, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        const answered = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) answered.set(name, [value].flat().join(', '));
        resolve({ status: response.statusCode!, headers: answered, body: parsedBody(text) as T });
      });
    }).on('error', reject);
  });
}
