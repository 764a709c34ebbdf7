// The tests' HTTP client (tests/helpers/http-request.ts) is node:http with fetch's meaning: a
// server sees the same request from it as from fetch (headers, body, content type and length,
// for every body kind and method), redirects are followed as fetch follows them, and the answer
// reads the same (status, headers with every Set-Cookie, a gzipped body, a BOM, bytes not UTF-8).
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type RequestOptions } from '../helpers/http-request.ts';

interface Seen { method: string; url: string; headers: [string, string][]; body: string }

let server: http.Server;
let origin = '';
const seen: Seen[] = [];

/** What each path answers. */
const ANSWERS: Record<string, (res: http.ServerResponse) => void> = {
  '/json': (res) => res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'], 'x-total': '3' }).end('{"ok":true}'),
  '/gzip': (res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync('{"zipped":1}')),
  '/bom': (res) => res.writeHead(200).end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('text é'), Buffer.from([0xff])])),
  '/empty': (res) => res.writeHead(204).end(),
  '/see-other': (res) => res.writeHead(303, { location: '/json' }).end(),
  '/moved': (res) => res.writeHead(301, { location: `${origin}/json?moved=1` }).end(),
  '/temporary': (res) => res.writeHead(307, { location: '/json' }).end(),
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => {
      const headers = Array.from({ length: req.rawHeaders.length / 2 }, (_, index) => [req.rawHeaders[2 * index].toLowerCase(), req.rawHeaders[2 * index + 1]] as [string, string]);
      seen.push({ method: req.method!, url: req.url!, headers: headers.filter(([name]) => name !== 'host').sort(), body: Buffer.concat(chunks).toString('latin1') });
      (ANSWERS[new URL(req.url!, origin).pathname] ?? ANSWERS['/json'])(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What the server saw of `ask`'s requests, and what `ask` answered. */
async function through<T>(ask: () => Promise<T>): Promise<{ seen: Seen[]; answer: T }> {
  seen.length = 0;
  const answer = await ask();
  return { seen: [...seen], answer };
}

/** fetch with the options as `request` reads them: its own JSON body, its headers. */
async function byFetch(path: string, options: RequestOptions) {
  const json = options.body !== undefined && typeof options.body !== 'string' && !Buffer.isBuffer(options.body);
  const headers = { ...(json ? { 'content-type': 'application/json' } : {}), ...options.headers };
  const body = json ? JSON.stringify(options.body) : Buffer.isBuffer(options.body) ? new Uint8Array(options.body) : (options.body as string | undefined);
  const response = await fetch(`${origin}${path}`, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  return { status: response.status, headers: [...response.headers], setCookies: response.headers.getSetCookie(), text };
}
async function byRequest(path: string, options: RequestOptions) {
  const answer = await request(`${origin}${path}`, options);
  return { status: answer.status, headers: [...answer.headers], setCookies: answer.headers.getSetCookie(), body: answer.body as unknown };
}
const parsed = (text: string) => { try { return text === '' ? null : JSON.parse(text); } catch { return text; } };

const REQUESTS: [string, RequestOptions][] = [
  ['a GET', {}],
  ['a GET with headers of its own (any case)', { headers: { Accept: 'application/json', 'X-Custom': 'y' } }],
  ['a POST of JSON', { method: 'POST', body: { title: 'é', n: [1, 2] } }],
  ['a POST of a string', { method: 'POST', body: 'plain é' }],
  ['a POST of a string with its type', { method: 'POST', body: '<p>x</p>', headers: { 'content-type': 'text/html' } }],
  ['a PUT of bytes', { method: 'PUT', body: Buffer.from([0, 1, 255]), headers: { 'content-type': 'image/png' } }],
  ['a POST of bytes named in raw UTF-8 (its Content-Disposition)', { method: 'POST', body: Buffer.from('abc'), headers: { 'content-disposition': `attachment; filename="${Buffer.from('日本語 写真.png').toString('latin1')}"` } }],
  ['a POST without a body', { method: 'POST' }],
  ['a PATCH without a body', { method: 'PATCH' }],
  ['a DELETE', { method: 'DELETE' }],
];

describe('the tests\' client sends what fetch sends', () => {
  it.each(REQUESTS)('%s', async (_name, options) => {
    const fetched = await through(() => byFetch('/json', options));
    const requested = await through(() => request(`${origin}/json`, options));
    expect(requested.seen).toEqual(fetched.seen);
  });

  it.each(['/see-other', '/moved', '/temporary'])('follows %s as fetch does, for a GET and a POST', async (path) => {
    for (const options of [{}, { method: 'POST', body: { a: 1 } }]) {
      const fetched = await through(() => byFetch(path, options));
      const requested = await through(() => request(`${origin}${path}`, options));
      expect(requested.seen).toEqual(fetched.seen);
    }
  });
});

describe('the tests\' client reads an answer as fetch does', () => {
  it.each(['/json', '/gzip', '/bom', '/empty', '/see-other'])('%s', async (path) => {
    const fetched = await byFetch(path, {});
    const requested = await byRequest(path, {});
    expect({ ...requested, headers: requested.headers.filter(([name]) => name !== 'date') })
      .toEqual({ status: fetched.status, headers: fetched.headers.filter(([name]) => name !== 'date'), setCookies: fetched.setCookies, body: parsed(fetched.text) });
  });
});
