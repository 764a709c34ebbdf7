// One HTTP request as the tests make it: an object body goes as JSON, the answer's body comes
// back parsed when it is JSON (as text otherwise). Every test client of a site is built on it.
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

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

/**
 * What fetch sends unless told otherwise (undici's defaults, as a server sees them): the site
 * receives the same request whichever client the test used.
 */
const FETCH_DEFAULT_HEADERS = { accept: '*/*', 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node', 'accept-encoding': 'gzip, deflate' };
/** Statuses fetch follows (at most 20 in a row); 303, and 301/302 after a POST, go on as a GET without the body. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/**
 * Connections kept between requests as fetch keeps them: idle ones closed after 4 s, or a second
 * before the server's own Keep-Alive timeout; unreferenced while idle, so none keeps a worker alive.
 */
const agents = { 'http:': new http.Agent({ keepAlive: true, timeout: 4000 }), 'https:': new https.Agent({ keepAlive: true, timeout: 4000 }) };

/**
 * One request with fetch's meaning (its default headers, a string body sent as text/plain, its
 * redirects followed, the answer decompressed and read as UTF-8 text) through node:http: undici's
 * fetch cost a third of an integration file's CPU (its Headers, streams and WebAssembly parser,
 * per request; visibility-invariant's profile), node:http a fraction of that.
 */
export async function request<T = any>(address: string | URL, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(address);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(`${name}[]`, String(item));
    else url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = { ...FETCH_DEFAULT_HEADERS, ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])) };
  let body: Buffer | undefined;
  if (typeof options.body === 'string') {
    body = Buffer.from(options.body);
    headers['content-type'] ??= 'text/plain;charset=UTF-8';
  } else if (Buffer.isBuffer(options.body)) body = options.body;
  else if (options.body !== undefined) {
    body = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] ??= 'application/json';
  }
  let method = options.method ?? 'GET';
  for (let redirects = 0; ; redirects++) {
    const answer = await exchange(url, method, headers, body);
    const location = answer.headers.get('location');
    if (!REDIRECTS.has(answer.status) || location === null || redirects === 20) {
      return { status: answer.status, headers: answer.headers, body: parsedBody(answer.text) as T };
    }
    if (answer.status === 303 ? method !== 'HEAD' : method === 'POST' && answer.status !== 307 && answer.status !== 308) {
      method = 'GET';
      body = undefined;
      for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) delete headers[name];
    }
    Object.assign(url, { href: new URL(location, url).href });
  }
}

/** One request and its whole answer, over a kept connection. */
function exchange(url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined): Promise<{ status: number; headers: Headers; text: string }> {
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  const length = body ? { 'content-length': String(body.length) } : ['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method.toUpperCase()) ? {} : { 'content-length': '0' };
  return new Promise((resolve, reject) => {
    const sent = (protocol === 'https:' ? https : http).request(url, { method, headers: { ...headers, ...length }, agent: agents[protocol] }, (response) => {
      const chunks: Buffer[] = [];
      const encoding = response.headers['content-encoding'];
      const decoded = encoding === 'gzip' || encoding === 'x-gzip' ? response.pipe(zlib.createGunzip()) : encoding === 'deflate' ? response.pipe(zlib.createInflate()) : response;
      decoded.on('data', (chunk: Buffer) => chunks.push(chunk)).once('error', reject).once('end', () => {
        const answered = new Headers();
        for (const [name, value] of Object.entries(response.headers)) for (const each of [value ?? []].flat()) answered.append(name, each);
        resolve({ status: response.statusCode!, headers: answered, text: new TextDecoder().decode(Buffer.concat(chunks)) });
      });
    });
    sent.once('error', reject);
    // Written before the end: given to end(), node:http re-reads a Content-Disposition as UTF-8
    // (its header then no longer the bytes fetch sends).
    if (body) sent.write(body);
    sent.end();
  });
}

/**
 * Headers that let the site close the connection once it has answered. The site command's SIGTERM
 * (an operator's stop) goes on answering kept connections until they close, up to 5 s
 * (server/http/lifecycle.ts): a test that stops it after its requests sends these, or the stop
 * waits for the client's idle keep-alive to end.
 */
export const CONNECTION_CLOSE = { connection: 'close' } as const;

/**
 * fetch, keeping no connection open after the answer (CONNECTION_CLOSE). The body is read at once:
 * a body left unread past what the client buffers (an API index grown with a route) holds its
 * socket open after the site has stopped, though the caller looked only at the status.
 */
export async function fetchOnce(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), ...CONNECTION_CLOSE } });
  const body = await response.arrayBuffer();
  const { status, statusText, headers } = response;
  return new Response(NO_BODY.includes(status) ? null : body, { status, statusText, headers });
}

/** Statuses a Response may not be made with a body. */
const NO_BODY = [101, 204, 205, 304];

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
