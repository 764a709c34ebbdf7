// One HTTP request as the tests make it: an object body goes as JSON, the answer's body comes
// back parsed when it is JSON (as text otherwise). Every test client of a site is built on it.

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
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}
