// How answers may be kept: every kind of API answer says Cache-Control (Chromium, and so the
// desktop app, otherwise reuses an answer heuristically, for months given an old
// Last-Modified), `no-cache` for anyone's, `private, no-cache` for a user's, `no-store` where
// nothing may be kept; and revalidation stays a cheap 304 for items (If-None-Match,
// If-Modified-Since) and lists (If-None-Match), through the site's response cache too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type ApiOptions, type TestSite } from '../helpers/test-site.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';

let site: TestSite;
let postId: number;
let draftId: number;
beforeAll(async () => {
  site = await startTestSite('a');
  postId = (await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Cached', content: 'Words', status: 'publish' } })).body.id;
  draftId = (await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Draft', status: 'draft' } })).body.id;
});
afterAll(() => site.close());

/** Every kind of answer, as a visitor and as a user may get it. */
const ANSWERS: [string, string, ApiOptions][] = [
  ['an item', '/cms/v2/posts/{post}', {}],
  ['an item in edit context', '/cms/v2/posts/{post}', { query: { context: 'edit' } }],
  ['a list', '/cms/v2/posts', {}],
  ['a list of terms', '/cms/v2/categories', {}],
  ['the index', '/', {}],
  ['a namespace index', '/cms/v2', {}],
  ['an error (404)', '/cms/v2/posts/999999', {}],
  ['an error (no route)', '/cms/v2/nothing-here', {}],
  ['an error (invalid parameter)', '/cms/v2/posts', { query: { per_page: 1000 } }],
  ['OPTIONS', '/cms/v2/posts', { method: 'OPTIONS' }],
  ['HEAD of an item', '/cms/v2/posts/{post}', { method: 'HEAD' }],
  ['HEAD of a list', '/cms/v2/posts', { method: 'HEAD' }],
  ['an enveloped answer', '/cms/v2/posts/{post}', { query: { _envelope: 1 } }],
  ['a batch', '/batch/v1', { method: 'POST', body: { requests: [{ method: 'POST', path: '/cms/v2/posts', body: { title: 'In a batch' } }] } }],
];

const fill = (route: string) => route.replace('{post}', String(postId));

describe.each([
  ['a visitor', null, 'no-cache'],
  ['a user', 'editor', 'private, no-cache'],
] as const)('answers to %s', (_who, as, expected) => {
  it.each(ANSWERS)('say Cache-Control on %s', async (_kind, route, options) => {
    const result = await site.api(fill(route), { ...options, as });
    expect(result.status).toBeLessThan(600);
    expect(result.headers.get('cache-control'), `${result.status}`).toBe(expected);
    // One URL answers each user in their own way, under the same item ETag.
    expect(result.headers.get('vary')).toBe('Authorization');
  });
});

describe('answers to a user', () => {
  it('say private, no-cache on writes, their 412 and a failed sign-in', async () => {
    const created = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Written' } });
    expect(created.headers.get('cache-control')).toBe('private, no-cache');
    const updated = await site.api(`/cms/v2/posts/${created.body.id}`, { method: 'PUT', as: 'editor', body: { title: 'Rewritten' } });
    expect(updated.headers.get('cache-control')).toBe('private, no-cache');
    const refused = await site.api(`/cms/v2/posts/${created.body.id}`, { method: 'PUT', as: 'editor', headers: { 'if-match': '"old"' }, body: { title: 'Stale' } });
    expect(refused.status).toBe(412);
    expect(refused.headers.get('cache-control')).toBe('private, no-cache');
    const autosave = await site.api(`/cms/v2/posts/${draftId}/autosaves`, { method: 'POST', as: 'editor', body: { content: 'Autosaved' } });
    expect(autosave.headers.get('cache-control')).toBe('private, no-cache');
    const wrong = await site.api('/cms/v2/posts', { headers: { authorization: `Basic ${Buffer.from('editor1:wrong').toString('base64')}` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('keep no-store where a route says nothing may be kept', async () => {
    const form = await site.api('/contact-form/v1/contact-forms', { method: 'POST', as: 'administrator', body: { title: 'Quiz form', form: '[text your-name]' } });
    expect(form.status, JSON.stringify(form.body)).toBeLessThan(300);
    const schema = await site.api(`/contact-form/v1/contact-forms/${form.body.id}/feedback/schema`);
    expect(schema.headers.get('cache-control')).toBe('no-store');
    // Nothing keeps it, so nothing revalidates it.
    expect(schema.headers.get('etag')).toBeNull();
  });
});

describe('uploaded files', () => {
  // A file's name never names other bytes (an edit makes a new item), but a cheap check is kept.
  it('keep their own caching: revalidated before every use (max-age=0), with validators', async () => {
    const upload = await uploadRaw(site, await solidImage(8, 8), 'kept.jpg', { as: 'editor', contentType: 'image/jpeg' });
    const file = await fetch(upload.body.source_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=0');
    expect(file.headers.get('etag')).toBeTruthy();
    expect(file.headers.get('last-modified')).toBeTruthy();
  });
});

describe('revalidation', () => {
  const item = (headers: Record<string, string> = {}) => site.api(`/cms/v2/posts/${postId}`, { as: 'editor', headers });

  it('answers 304 to If-Modified-Since at or after an item’s Last-Modified, and 200 before it', async () => {
    const first = await item();
    const lastModified = first.headers.get('last-modified')!;
    const notModified = await item({ 'if-modified-since': lastModified });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('cache-control')).toBe('private, no-cache');
    expect(notModified.headers.get('etag')).toBe(first.headers.get('etag'));
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await item({ 'if-modified-since': earlier })).status).toBe(200);
    // If-None-Match decides when both are sent.
    expect((await item({ 'if-modified-since': lastModified, 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('gives a list an ETag and answers 304 to it until the list changes', async () => {
    const list = () => site.api('/cms/v2/posts', { as: 'editor', query: { per_page: 5 } });
    const first = await list();
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"[^"]+"$/);
    const cached = await list();
    // The second answer comes from the site's response cache, the same bytes and headers.
    expect(cached.headers.get('etag')).toBe(tag);
    expect(cached.headers.get('cache-control')).toBe('private, no-cache');
    const revalidated = await site.api('/cms/v2/posts', { as: 'editor', query: { per_page: 5 }, headers: { 'if-none-match': tag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();

    await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Makes the list change', status: 'publish' } });
    const changed = await site.api('/cms/v2/posts', { as: 'editor', query: { per_page: 5 }, headers: { 'if-none-match': tag } });
    expect(changed.status).toBe(200);
    expect(changed.body[0].title.rendered).toBe('Makes the list change');
    expect(changed.headers.get('etag')).not.toBe(tag);
  });

  it('answers a user’s list and a visitor’s with their own tags', async () => {
    const mine = await site.api('/cms/v2/posts', { as: 'editor', query: { status: 'draft' } });
    const tag = mine.headers.get('etag')!;
    const visitor = await site.api('/cms/v2/posts', { headers: { 'if-none-match': tag } });
    expect(visitor.status).toBe(200);
  });

  it('never answers one user’s read with the answer kept for another', async () => {
    const query = { status: 'draft', context: 'edit' };
    const ids = (body: unknown) => (Array.isArray(body) ? body.map((post: { id: number }) => post.id) : []);
    // Asked twice, so the second answer is the kept one.
    for (let round = 0; round < 2; round++) expect(ids((await site.api('/cms/v2/posts', { as: 'editor', query })).body)).toContain(draftId);
    // The visitor first, straight after: another credential's use is recorded, which changes the site and drops what was kept.
    for (const as of [null, 'author', 'subscriber'] as const) {
      const other = await site.api('/cms/v2/posts', { as, query });
      expect(ids(other.body), `${as}`).not.toContain(draftId);
    }
  });
});
