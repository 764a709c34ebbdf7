// The site's essentials over real HTTP: batch in both validation modes, conditional
// requests, credentials, the credential-grant page, and the safety of a local server.
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { postSignIn } from '../helpers/grant-page.ts';
import { serveSite } from '../../server/http.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite('a');
});
afterAll(() => site.close());

const newPost = async (title: string) =>
  (await site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title, status: 'draft' } })).body as { id: number };

describe('batch', () => {
  it('runs each request independently in normal mode and answers 207 with every result in order', async () => {
    const post = await newPost('Batch target');
    const { status, body } = await site.api('batch/v1', {
      method: 'POST', as: 'editor',
      body: { requests: [
        { path: `/cms/v2/posts/${post.id}`, body: { title: 'Renamed in batch' } },
        { path: '/cms/v2/posts', body: { title: 'Created in batch', status: 'nope' } },
        { method: 'DELETE', path: `/cms/v2/posts/${post.id}` },
      ] },
    });
    expect(status).toBe(207);
    expect(body.responses.map((response: { status: number }) => response.status)).toEqual([200, 400, 200]);
    expect(body.responses[1].body.code).toBe('rest_invalid_param');
    const after = (await site.api(`cms/v2/posts/${post.id}`, { as: 'editor', query: { context: 'edit' } })).body;
    expect(after.title.raw).toBe('Renamed in batch');
    expect(after.status).toBe('trash');
  });

  it('runs nothing in require-all-validate mode when one request is invalid, and says which', async () => {
    const post = await newPost('Untouched');
    const { status, body } = await site.api('batch/v1', {
      method: 'POST', as: 'editor',
      body: { validation: 'require-all-validate', requests: [
        { path: `/cms/v2/posts/${post.id}`, body: { title: 'Should not land' } },
        { path: '/cms/v2/posts', body: { status: 'not-a-status' } },
      ] },
    });
    expect(status).toBe(207);
    expect(body.failed).toBe('validation');
    expect(body.responses[0]).toBeNull();
    expect(body.responses[1].body.code).toBe('rest_invalid_param');
    expect((await site.api(`cms/v2/posts/${post.id}`, { as: 'editor', query: { context: 'edit' } })).body.title.raw).toBe('Untouched');
  });

  it('refuses more than 25 requests before running any, and routes that do not allow batch', async () => {
    const many = Array.from({ length: 26 }, (_, index) => ({ path: '/cms/v2/posts', body: { title: `Too many ${index}` } }));
    const tooMany = await site.api('batch/v1', { method: 'POST', as: 'editor', body: { requests: many } });
    expect(tooMany.status).toBe(400);
    expect((await site.api('cms/v2/posts', { as: 'editor', query: { search: 'Too many', status: 'draft' } })).body).toEqual([]);
    const notAllowed = await site.api('batch/v1', { method: 'POST', as: 'editor', body: { requests: [{ method: 'POST', path: '/cms/v2/media/1/post-process', body: { action: 'create-image-subsizes' } }] } });
    expect(notAllowed.body.responses[0].body.code).toBe('rest_batch_not_allowed');
  });
});

describe('conditional requests', () => {
  it('answers 304 for a current ETag and 412 for a stale one, changing nothing', async () => {
    const post = await newPost('Versioned');
    const first = await site.api(`cms/v2/posts/${post.id}`, { as: 'editor' });
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('last-modified')).toMatch(/GMT$/);
    const unchanged = await new Promise<number>((resolve) => {
      http.get(`${site.apiRoot}cms/v2/posts/${post.id}`, { headers: { authorization: site.authHeader('editor'), 'if-none-match': etag } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
    });
    expect(unchanged).toBe(304);
    expect((await site.api(`cms/v2/posts/${post.id}`, { method: 'POST', as: 'editor', headers: { 'if-match': etag }, body: { title: 'First writer' } })).status).toBe(200);
    const stale = await site.api(`cms/v2/posts/${post.id}`, { method: 'POST', as: 'editor', headers: { 'if-match': etag }, body: { title: 'Second writer' } });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('rest_precondition_failed');
    const staleDelete = await site.api(`cms/v2/posts/${post.id}`, { method: 'DELETE', as: 'editor', headers: { 'if-unmodified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' } });
    expect(staleDelete.status).toBe(412);
    const now = (await site.api(`cms/v2/posts/${post.id}`, { as: 'editor', query: { context: 'edit' } })).body;
    expect([now.title.raw, now.status]).toEqual(['First writer', 'draft']);
  });
});

describe('credentials', () => {
  it('accepts an application password with or without spaces, by login or email', async () => {
    const { login, appPassword } = site.users.author;
    for (const user of [login, `${login.toLowerCase()}@localhost.invalid`]) {
      for (const password of [appPassword, appPassword.replace(/ /g, '')]) {
        const response = await site.api('cms/v2/users/me', { headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` } });
        expect(response.status).toBe(200);
        expect(response.body.id).toBe(site.users.author.id);
      }
    }
  });

  it('refuses wrong credentials and account passwords with 401 and a clear code', async () => {
    const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
    expect((await site.api('cms/v2/posts', { headers: basic('nobody', 'x') })).body.code).toBe('invalid_username');
    expect((await site.api('cms/v2/posts', { headers: basic(site.users.author.login, 'wrong') })).body.code).toBe('incorrect_password');
    const account = await site.api('cms/v2/posts', { headers: basic(site.users.author.login, site.users.author.password) });
    expect(account.status).toBe(401);
    expect(account.body.code).toBe('incorrect_password');
  });
});

describe('the credential-grant page', () => {
  const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0];

  it('signs a user in, and on approval sends the client a working application password', async () => {
    const page = `${site.url}/authorize-application?app_name=Inkwell%20Desktop&success_url=${encodeURIComponent('inkwell://connected')}&reject_url=${encodeURIComponent('https://example.com/no')}`;
    const login = await postSignIn(page, site.users.editor.login, site.users.editor.password);
    expect(login.status).toBe(303);
    const setCookie = login.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const cookie = cookieOf(login);
    const form = await (await fetch(page, { headers: { cookie } })).text();
    const token = /name="token" value="([^"]+)"/.exec(form)![1];
    const forged = await fetch(page, { method: 'POST', redirect: 'manual', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'approve', token: 'forged' }) });
    expect(forged.status).toBe(403);
    const approved = await fetch(page, { method: 'POST', redirect: 'manual', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'approve', token }) });
    expect(approved.status).toBe(303);
    const target = new URL(approved.headers.get('location')!);
    expect(target.protocol).toBe('inkwell:');
    expect(target.searchParams.get('site_url')).toBe(site.url);
    expect(target.searchParams.get('user_login')).toBe(site.users.editor.login);
    const password = target.searchParams.get('password')!;
    const me = await site.api('cms/v2/users/me', { headers: { authorization: `Basic ${Buffer.from(`${site.users.editor.login}:${password}`).toString('base64')}` } });
    expect(me.status).toBe(200);
    const rejected = await fetch(page, { method: 'POST', redirect: 'manual', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'reject', token }) });
    expect(new URL(rejected.headers.get('location')!).searchParams.get('success')).toBe('false');
  });

  it('refuses a wrong account password and success URLs that would send the password in clear', async () => {
    const page = `${site.url}/authorize-application?app_name=X`;
    const wrong = await postSignIn(page, site.users.editor.login, 'nope');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).not.toContain('cms_session');
    expect((await fetch(`${page}&success_url=${encodeURIComponent('http://example.com/cb')}`)).status).toBe(400);
    expect((await fetch(`${page}&success_url=${encodeURIComponent('http://127.0.0.1:9/cb')}`)).status).toBe(200);
    expect((await fetch(`${site.url}/authorize-application`)).status).toBe(400);
  });
});

describe('a local server’s safety', () => {
  const rawGet = (url: string, host: string) =>
    new Promise<number>((resolve) => {
      http.get(url, { headers: { host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
    });

  it('refuses a Host header that is not its own (DNS rebinding), accepts its loopback names', async () => {
    const port = new URL(site.url).port;
    expect(await rawGet(`${site.apiRoot}`, 'evil.example')).toBe(421);
    expect(await rawGet(`${site.apiRoot}`, `localhost:${port}`)).toBe(200);
  });

  it('sends no permissive CORS and advertises the API on the home page', async () => {
    const home = await fetch(`${site.url}/`, { headers: { origin: 'https://evil.example' } });
    expect(home.headers.get('access-control-allow-origin')).toBeNull();
    expect(home.headers.get('link')).toBe(`<${site.apiRoot}>; rel="https://api.w.org/"`);
    const viaQuery = await fetch(`${site.url}/?rest_route=/cms/v2/posts`);
    expect(viaQuery.status).toBe(200);
    expect(Array.isArray(await viaQuery.json())).toBe(true);
  });

  it('refuses a body over the limit with 413 before reading it whole', async () => {
    const small = await serveSite({ dataDir: site.dataDir + '-small', deployment: 'a', host: '127.0.0.1', port: 0, maxBodyBytes: 1024 });
    try {
      const response = await fetch(`${small.url}/cms-json/cms/v2/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x'.repeat(5000) }) });
      expect(response.status).toBe(413);
      expect((await response.json()).code).toBe('rest_request_too_large');
    } finally {
      await small.close();
      fs.rmSync(site.dataDir + '-small', { recursive: true, force: true });
    }
  });
});
