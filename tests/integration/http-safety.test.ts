// The HTTP door of the site, in both deployments: Host headers that are not the site's
// own are refused (DNS rebinding), bodies over the limit are refused before they are read
// whole, no permissive CORS, `?rest_route=` reaches the same routes, and the API root is
// advertised by a Link header on the home page and on every API response.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import sharp from 'sharp';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request through node:http, which (unlike fetch) may set any Host header. */
function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Sends the request head and only part of the body, and resolves with the answer as soon as it comes. */
function partialRequest(url: string, headers: Record<string, string>, firstBytes: Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') });
        request.destroy();
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // Cutting the connection once the answer is in is expected; an error before it is not.
      if (!request.destroyed || error.code !== 'ECONNRESET') reject(error);
    });
    request.write(firstBytes);
    // The rest of the body is never sent: an answer proves the server did not wait for it.
  });
}

/** A raw HTTP/1.0 request without any Host header. */
function requestWithoutHost(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.0\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

const discoveryOf = (apiRoot: string) => `<${apiRoot}>; rel="https://api.w.org/"`;

describe.each(['a', 'b'] as const)('deployment %s', (deployment) => {
  let site: TestSite;
  let port: string;
  beforeAll(async () => {
    site = await startTestSite(deployment);
    port = new URL(site.url).port;
  });
  afterAll(() => site.close());

  describe('Host header', () => {
    it('refuses a foreign Host with 421 rest_invalid_host, on the API and on the pages', async () => {
      for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.evil.example:${port}`, 'localhost', `localhost:${Number(port) + 1}`]) {
        for (const target of [site.apiRoot, `${site.apiRoot}cms/v2/posts`, `${site.url}/`, `${site.url}/authorize-application?app_name=x`]) {
          const response = await rawRequest(target, { headers: { host } });
          expect(response.status, `${host} ${target}`).toBe(421);
          expect(JSON.parse(response.body).code).toBe('rest_invalid_host');
        }
      }
    });

    it('runs no write that comes with a foreign Host, even with valid credentials', async () => {
      const response = await rawRequest(`${site.apiRoot}cms/v2/posts`, {
        method: 'POST',
        headers: { host: 'rebound.example', authorization: site.authHeader('administrator'), 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Rebound write', status: 'publish' }),
      });
      expect(response.status).toBe(421);
      const listed = await site.api('/cms/v2/posts', { as: 'administrator', query: { search: 'Rebound', status: 'any' } });
      expect(listed.body).toEqual([]);
    });

    it('refuses a request without a Host header', async () => {
      const answer = await requestWithoutHost(Number(port), '/cms-json/');
      expect(answer).toMatch(/^HTTP\/1\.[01] 421 /);
      expect(answer).toContain('rest_invalid_host');
    });

    it('accepts its own address and the loopback names at its port, in any case', async () => {
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LocalHost:${port}`, `[::1]:${port}`]) {
        const response = await rawRequest(site.apiRoot, { headers: { host } });
        expect(response.status, host).toBe(200);
        expect(JSON.parse(response.body).url).toBe(site.url);
      }
      expect((await rawRequest(`${site.url}/`, { headers: { host: `localhost:${port}` } })).status).toBe(200);
    });
  });

  describe('CORS', () => {
    it('sends no Access-Control-Allow-Origin to another origin, on any answer', async () => {
      const origin = { origin: 'https://evil.example' };
      const answers = [
        await fetch(site.apiRoot, { headers: origin }),
        await fetch(`${site.apiRoot}cms/v2/posts`, { headers: origin }),
        await fetch(`${site.apiRoot}cms/v2/posts/999999`, { headers: origin }),
        await fetch(`${site.apiRoot}cms/v2/posts`, { method: 'POST', headers: { ...origin, 'content-type': 'application/json' }, body: '{}' }),
        await fetch(`${site.apiRoot}cms/v2/posts`, { method: 'OPTIONS', headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' } }),
        await fetch(`${site.apiRoot}cms/v2/users/me`, { headers: { ...origin, authorization: site.authHeader('editor') } }),
        await fetch(`${site.url}/`, { headers: origin }),
      ];
      for (const answer of answers) {
        expect(answer.headers.get('access-control-allow-origin'), answer.url).toBeNull();
        expect(answer.headers.get('access-control-allow-credentials'), answer.url).toBeNull();
        await answer.arrayBuffer();
      }
    });
  });

  describe('routes by URL and by ?rest_route=', () => {
    it('reaches the same routes as the API root path', async () => {
      const post = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Reached by rest_route', status: 'publish' } });
      const direct = await site.api('/cms/v2/posts');
      const viaQuery = await fetch(`${site.url}/?rest_route=/cms/v2/posts`);
      expect(viaQuery.status).toBe(200);
      expect(viaQuery.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await viaQuery.json()).toEqual(direct.body);
      expect(viaQuery.headers.get('x-wp-total')).toBe(direct.headers.get('x-wp-total'));

      expect(await (await fetch(`${site.url}/?rest_route=/`)).json()).toEqual((await site.api('/')).body);
      const withoutSlash = await fetch(`${site.url}/?rest_route=cms/v2/posts/${post.body.id}`);
      expect((await withoutSlash.json()).id).toBe(post.body.id);
      const edit = await fetch(`${site.url}/?rest_route=/cms/v2/posts/${post.body.id}&context=edit`, { headers: { authorization: site.authHeader('editor') } });
      expect((await edit.json()).title.raw).toBe('Reached by rest_route');
      const encoded = await fetch(`${site.url}/?rest_route=%2Fcms%2Fv2%2Fposts%2F${post.body.id}&_fields=id`);
      expect(await encoded.json()).toEqual({ id: post.body.id });
    });

    it('takes a trailing slash as the same route, by path and by rest_route', async () => {
      const post = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Trailing slash', status: 'publish' } });
      const list = await (await fetch(`${site.apiRoot}cms/v2/posts/`)).json();
      expect(list).toEqual((await site.api('/cms/v2/posts')).body);
      expect((await (await fetch(`${site.apiRoot}cms/v2/posts/${post.body.id}/`)).json()).id).toBe(post.body.id);
      expect((await (await fetch(`${site.url}/?rest_route=/cms/v2/posts/${post.body.id}/`)).json()).id).toBe(post.body.id);
      expect((await (await fetch(`${site.apiRoot}cms/v2/`)).json()).namespace).toBe('cms/v2');
      expect((await (await fetch(`${site.url}/cms-json`)).json()).url).toBe(site.url);
    });

    it('takes writes and answers errors as the API does', async () => {
      const created = await fetch(`${site.url}/?rest_route=/cms/v2/posts`, {
        method: 'POST',
        headers: { authorization: site.authHeader('editor'), 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Written by rest_route' }),
      });
      expect(created.status).toBe(201);
      const body = await created.json();
      expect((await site.api(`/cms/v2/posts/${body.id}`, { as: 'editor', query: { context: 'edit' } })).body.title.raw).toBe('Written by rest_route');
      const missing = await fetch(`${site.url}/?rest_route=/cms/v2/nothing`);
      expect(missing.status).toBe(404);
      expect((await missing.json()).code).toBe('rest_no_route');
      const anonymous = await fetch(`${site.url}/?rest_route=/cms/v2/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"x"}' });
      expect(anonymous.status).toBe(401);
      await anonymous.arrayBuffer();
    });
  });

  describe('discovery', () => {
    it('advertises the API root on the home page with a Link header', async () => {
      const home = await fetch(`${site.url}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toMatch(/^text\/html/);
      expect(home.headers.get('link')).toBe(discoveryOf(site.apiRoot));
      expect(await home.text()).toContain(site.apiRoot);
    });

    it('sends the same Link header with every API response, beside paging links', async () => {
      const discovery = discoveryOf(site.apiRoot);
      const created = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Linked', status: 'publish' } });
      await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Linked too', status: 'publish' } });
      const answers = [
        created,
        await site.api('/'),
        await site.api('/cms/v2'),
        await site.api(`/cms/v2/posts/${created.body.id}`),
        await site.api('/cms/v2/posts/999999'),
        await site.api('/cms/v2/nothing'),
        await site.api('/cms/v2/posts', { method: 'POST', body: { title: 'x' } }),
        await site.api('/cms/v2/posts', { method: 'OPTIONS' }),
        await site.api('/batch/v1', { method: 'POST', as: 'editor', body: { requests: [] } }),
      ];
      for (const answer of answers) expect(answer.headers.get('link'), JSON.stringify(answer.body).slice(0, 80)).toBe(discovery);

      const paged = await site.api('/cms/v2/posts', { query: { per_page: 1 } });
      const parts = paged.headers.get('link')!.split(/,\s*(?=<)/);
      expect(parts[0]).toBe(discovery);
      expect(parts.slice(1).some((part) => /; rel="next"$/.test(part))).toBe(true);
      const head = await fetch(site.apiRoot, { method: 'HEAD' });
      expect(head.headers.get('link')).toBe(discovery);
    });
  });
});

describe('body size limit', () => {
  const LIMIT = 1024;
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite('a', { maxBodyBytes: LIMIT, maxUploadBytes: 1024 * 1024 });
  });
  afterAll(() => site.close());

  const countPosts = async () =>
    Number((await site.api('/cms/v2/posts', { as: 'administrator', query: { status: 'any', per_page: 1 } })).headers.get('x-wp-total'));

  it('takes a body within the limit', async () => {
    const body = { title: 'Small enough', content: 'x'.repeat(LIMIT - 100) };
    expect(JSON.stringify(body).length).toBeLessThanOrEqual(LIMIT);
    const result = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body });
    expect(result.status).toBe(201);
  });

  it('refuses a body over the limit with 413 and runs nothing', async () => {
    const before = await countPosts();
    const result = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Too large', content: 'x'.repeat(LIMIT * 4) } });
    expect(result.status).toBe(413);
    expect(result.body).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
    const form = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: `title=${'y'.repeat(LIMIT * 2)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(413);
    expect(await countPosts()).toBe(before);
  });

  it('answers 413 to a declared length over the limit without waiting for the body', async () => {
    const response = await partialRequest(
      `${site.apiRoot}cms/v2/posts`,
      { 'content-type': 'application/json', 'content-length': String(64 * 1024 * 1024), authorization: site.authHeader('editor') },
      Buffer.from(`{"title":"${'z'.repeat(100)}`),
    );
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body).code).toBe('rest_request_too_large');
  });

  it('answers 413 to a chunked body as soon as it passes the limit', async () => {
    const response = await partialRequest(
      `${site.apiRoot}cms/v2/posts`,
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked', authorization: site.authHeader('editor') },
      Buffer.from(`{"title":"${'z'.repeat(LIMIT * 2)}`),
    );
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body).code).toBe('rest_request_too_large');
  });

  it('applies the limit to pages outside the API too', async () => {
    const response = await fetch(`${site.url}/authorize-application?app_name=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `action=login&log=${'a'.repeat(LIMIT * 2)}`,
    });
    expect(response.status).toBe(413);
    await response.arrayBuffer();
  });

  it('lets a file upload use the larger upload limit', async () => {
    // A fixed pattern that does not compress: the file is several times the body limit.
    const pixels = Buffer.alloc(64 * 64 * 3);
    let state = 0x9e3779b9;
    for (let index = 0; index < pixels.length; index += 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      pixels[index] = (state >>> 24) & 0xff;
    }
    const image = await sharp(pixels, { raw: { width: 64, height: 64, channels: 3 } }).png().toBuffer();
    expect(image.length).toBeGreaterThan(LIMIT);
    const result = await site.api('/cms/v2/media', {
      method: 'POST', as: 'editor', body: image,
      headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="over-the-body-limit.png"' },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
  });
});
