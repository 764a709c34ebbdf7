// Conditional requests over real HTTP, in both deployments: items carry ETag and
// Last-Modified; a read with a current If-None-Match is answered 304; a write or delete
// whose If-Match or If-Unmodified-Since no longer holds is refused with 412 and changes
// nothing; a matching precondition, or none, lets the request through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';
import { expectError } from '../helpers/expect-api.ts';

const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const LONG_AGO = 'Sat, 01 Jan 2000 00:00:00 GMT';

/** An HTTP date `days` before another one. */
function daysBefore(httpDate: string, days: number): string {
  return new Date(Date.parse(httpDate) - days * 86_400_000).toUTCString();
}

describe.each([
  ['a', 'posts'],
  ['a', 'pages'],
  ['b', 'posts'],
  ['b', 'pages'],
] as const)('conditional requests on %s %s', (deployment, base) => {
  let site: TestSite;
  const path = (id: number) => `/cms/v2/${base}/${id}`;
  const create = async (title: string) => {
    const result = await site.api(`/cms/v2/${base}`, { method: 'POST', as: 'editor', body: { title, content: `${title} content`, status: 'publish' } });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result;
  };
  const read = (id: number, headers: Record<string, string> = {}) => site.api(path(id), { as: 'editor', query: { context: 'edit' }, headers });
  const stored = async (id: number) => (await read(id)).body;
  const versionOf = async (id: number) => {
    const result = await read(id);
    return { etag: result.headers.get('etag')!, lastModified: result.headers.get('last-modified')! };
  };
  const revisionCount = async (id: number) =>
    Number((await site.api(`${path(id)}/revisions`, { as: 'editor' })).headers.get('x-wp-total'));

  beforeAll(async () => {
    site = await startTestSite(deployment);
  });
  afterAll(() => site.close());

  describe('validators', () => {
    it('gives an item ETag and Last-Modified on read, create and update, and a new ETag after each change', async () => {
      const created = await create('Validators');
      const id = created.body.id;
      expect(created.headers.get('etag')).toMatch(/^(W\/)?"[^"]+"$/);
      expect(created.headers.get('last-modified')).toMatch(HTTP_DATE);

      // The creator's answer is the edit context's: a read of it has the same bytes, so the same tag.
      const first = await read(id);
      const etag = first.headers.get('etag')!;
      expect(etag).toBe(created.headers.get('etag'));
      expect(first.headers.get('last-modified')).toBe(new Date(`${first.body.modified_gmt}Z`).toUTCString());

      const updated = await site.api(path(id), { method: 'PUT', as: 'editor', body: { title: 'Validators changed' } });
      expect(updated.status).toBe(200);
      const newEtag = updated.headers.get('etag')!;
      expect(newEtag).not.toBe(etag);
      expect(Date.parse(updated.headers.get('last-modified')!)).toBeGreaterThanOrEqual(Date.parse(first.headers.get('last-modified')!));
      expect((await read(id)).headers.get('etag')).toBe(newEtag);
      // A visitor's answer shows other bytes (no raw fields): another tag, for the same version of the item.
      expect((await site.api(path(id))).headers.get('etag')).not.toBe(newEtag);
    });
  });

  describe('reads', () => {
    it('answers 304 with no body to a current If-None-Match, on a first read and on a repeated one', async () => {
      const id = (await create('Not modified')).body.id;
      const { etag } = await versionOf(id);
      const url = `${site.apiRoot}cms/v2/${base}/${id}?context=edit`;
      const conditional = () => fetch(url, { headers: { authorization: site.authHeader('editor'), 'if-none-match': etag } });
      // First without any answer to reuse, then after a plain read that the site may keep.
      const first = await conditional();
      const plain = await fetch(url, { headers: { authorization: site.authHeader('editor') } });
      expect(plain.status).toBe(200);
      expect((await plain.json()).id).toBe(id);
      const repeated = await conditional();
      for (const response of [first, repeated]) {
        expect(response.status).toBe(304);
        expect(await response.text()).toBe('');
        expect(response.headers.get('etag')).toBe(etag);
      }
    });

    it('keeps an enveloped answer a 200 that carries the 304', async () => {
      const id = (await create('Enveloped')).body.id;
      const { etag } = await versionOf(id);
      const result = await site.api(path(id), { as: 'editor', query: { _envelope: '1', context: 'edit' }, headers: { 'if-none-match': etag } });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ status: 304, body: null });
      expect(result.body.headers.etag).toBe(etag);
    });

    it('compares weakly and accepts a list of tags or *', async () => {
      const id = (await create('Weak tags')).body.id;
      const { etag } = await versionOf(id);
      const opaque = etag.replace(/^W\//, '');
      for (const header of [opaque, `W/${opaque}`, `"other", ${etag}`, '*']) {
        const result = await read(id, { 'if-none-match': header });
        expect(result.status, header).toBe(304);
      }
      const other = await read(id, { 'if-none-match': '"something-else"' });
      expect(other.status).toBe(200);
      expect(other.body.id).toBe(id);
    });

    it('answers 200 with the new item once it changed, even after a cached read', async () => {
      const id = (await create('Changes under a cache')).body.id;
      const first = await read(id);
      const etag = first.headers.get('etag')!;
      expect((await read(id, { 'if-none-match': etag })).status).toBe(304);
      await site.api(path(id), { method: 'PATCH', as: 'editor', body: { title: 'Changed under a cache' } });
      const after = await read(id, { 'if-none-match': etag });
      expect(after.status).toBe(200);
      expect(after.body.title.raw).toBe('Changed under a cache');
      expect(after.headers.get('etag')).not.toBe(etag);
    });

    it('never answers 304 to someone who may not read the item', async () => {
      const draft = await site.api(`/cms/v2/${base}`, { method: 'POST', as: 'editor', body: { title: 'Private draft', status: 'draft' } });
      const etag = draft.headers.get('etag')!;
      const anonymous = await site.api(path(draft.body.id), { headers: { 'if-none-match': etag } });
      expectError(anonymous, 401, 'rest_forbidden');
      const subscriber = await site.api(path(draft.body.id), { as: 'subscriber', headers: { 'if-none-match': '*' } });
      expectError(subscriber, 403, 'rest_forbidden');
    });
  });

  describe('writes', () => {
    it('refuses an update with a stale If-Match with 412, changing nothing, and names the current version', async () => {
      const id = (await create('Stale match')).body.id;
      const stale = (await versionOf(id)).etag;
      await site.api(path(id), { method: 'PUT', as: 'editor', body: { title: 'First writer' } });
      const current = await versionOf(id);
      const revisions = await revisionCount(id);
      for (const method of ['PUT', 'POST', 'PATCH']) {
        const result = await site.api(path(id), { method, as: 'editor', headers: { 'if-match': stale }, body: { title: `Second writer ${method}`, content: 'lost' } });
        expectError(result, 412, 'rest_precondition_failed');
        expect(result.headers.get('etag')).toBe(current.etag);
      }
      const now = await stored(id);
      expect([now.title.raw, now.content.raw]).toEqual(['First writer', 'Stale match content']);
      expect((await versionOf(id)).etag).toBe(current.etag);
      expect(await revisionCount(id)).toBe(revisions);
    });

    it('refuses an update with an If-Unmodified-Since before the last change with 412', async () => {
      const id = (await create('Stale date')).body.id;
      const { lastModified } = await versionOf(id);
      const result = await site.api(path(id), { method: 'PATCH', as: 'editor', headers: { 'if-unmodified-since': daysBefore(lastModified, 1) }, body: { title: 'Too late' } });
      expectError(result, 412, 'rest_precondition_failed');
      expect((await stored(id)).title.raw).toBe('Stale date');
    });

    it('lets an update through with a matching If-Match, *, a current If-Unmodified-Since, or no precondition', async () => {
      const id = (await create('Matching')).body.id;
      let version = await versionOf(id);
      const attempts: Record<string, string>[] = [
        { 'if-match': version.etag },
        { 'if-match': '*' },
        { 'if-unmodified-since': version.lastModified },
        { 'if-unmodified-since': 'Fri, 01 Jan 2100 00:00:00 GMT' },
        {},
      ];
      for (const [index, headers] of attempts.entries()) {
        // Each precondition names the item as the previous update left it (updates may cross a second).
        if (headers['if-match'] && headers['if-match'] !== '*') headers['if-match'] = version.etag;
        if (index === 2) headers['if-unmodified-since'] = version.lastModified;
        const result = await site.api(path(id), { method: 'PUT', as: 'editor', headers, body: { title: `Matching ${index}` } });
        expect(result.status, JSON.stringify(headers)).toBe(200);
        expect(result.body.title.raw).toBe(`Matching ${index}`);
        version = { etag: result.headers.get('etag')!, lastModified: result.headers.get('last-modified')! };
      }
      expect((await stored(id)).title.raw).toBe(`Matching ${attempts.length - 1}`);
    });

    it('refuses an update with If-None-Match naming the stored version or *, and ignores an If-Unmodified-Since that is no date', async () => {
      const id = (await create('None match')).body.id;
      const { etag } = await versionOf(id);
      for (const header of ['*', etag]) {
        const result = await site.api(path(id), { method: 'PUT', as: 'editor', headers: { 'if-none-match': header }, body: { title: 'Overwritten' } });
        expectError(result, 412, 'rest_precondition_failed');
      }
      expect((await stored(id)).title.raw).toBe('None match');
      const other = await site.api(path(id), { method: 'PUT', as: 'editor', headers: { 'if-none-match': '"another"', 'if-unmodified-since': 'yesterday-ish' }, body: { title: 'Not a date' } });
      expect(other.status).toBe(200);
    });

    it('lets If-Match decide when both preconditions are sent', async () => {
      const id = (await create('Both headers')).body.id;
      const { etag } = await versionOf(id);
      const result = await site.api(path(id), { method: 'PUT', as: 'editor', headers: { 'if-match': etag, 'if-unmodified-since': LONG_AGO }, body: { title: 'If-Match wins' } });
      expect(result.status).toBe(200);
      expect((await stored(id)).title.raw).toBe('If-Match wins');
    });
  });

  describe('deletes', () => {
    it('refuses a stale DELETE with 412 and leaves the item where it was', async () => {
      const id = (await create('Stale delete')).body.id;
      const stale = (await versionOf(id)).etag;
      await site.api(path(id), { method: 'PUT', as: 'editor', body: { title: 'Edited before delete' } });
      const byTag = await site.api(path(id), { method: 'DELETE', as: 'editor', headers: { 'if-match': stale } });
      expectError(byTag, 412, 'rest_precondition_failed');
      const forced = await site.api(path(id), { method: 'DELETE', as: 'editor', query: { force: true }, headers: { 'if-match': stale } });
      expectError(forced, 412, 'rest_precondition_failed');
      const byDate = await site.api(path(id), { method: 'DELETE', as: 'editor', query: { force: true }, headers: { 'if-unmodified-since': LONG_AGO } });
      expectError(byDate, 412, 'rest_precondition_failed');
      const now = await stored(id);
      expect([now.title.raw, now.status]).toEqual(['Edited before delete', 'publish']);
    });

    it('deletes with a matching precondition or none', async () => {
      const trashed = (await create('Delete matching')).body.id;
      const { etag } = await versionOf(trashed);
      const result = await site.api(path(trashed), { method: 'DELETE', as: 'editor', headers: { 'if-match': etag } });
      expect(result.status).toBe(200);
      expect(result.body.status).toBe('trash');
      const removed = (await create('Delete plain')).body.id;
      const plain = await site.api(path(removed), { method: 'DELETE', as: 'editor', query: { force: true } });
      expect(plain.body.deleted).toBe(true);
      expectError(await read(removed), 404, 'rest_post_invalid_id');
    });

    it('answers 404, not 412, for an item that no longer exists', async () => {
      const id = (await create('Gone')).body.id;
      const { etag } = await versionOf(id);
      await site.api(path(id), { method: 'DELETE', as: 'editor', query: { force: true } });
      expectError(await site.api(path(id), { method: 'PUT', as: 'editor', headers: { 'if-match': etag }, body: { title: 'x' } }), 404, 'rest_post_invalid_id');
    });
  });
});

describe('conditional requests on media items (deployment a)', () => {
  let site: TestSite;
  let id: number;
  beforeAll(async () => {
    site = await startTestSite('a');
    const upload = await uploadRaw(site, await solidImage(20, 20), 'conditional.jpg', { as: 'editor', contentType: 'image/jpeg' });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    expect(upload.headers.get('etag')).toBeTruthy();
    id = upload.body.id;
  });
  afterAll(() => site.close());

  it('carries validators, answers 304, and refuses stale updates and deletes with 412', async () => {
    const first = await site.api(`/cms/v2/media/${id}`, { as: 'editor' });
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('last-modified')).toMatch(HTTP_DATE);
    expect((await site.api(`/cms/v2/media/${id}`, { as: 'editor', headers: { 'if-none-match': etag } })).status).toBe(304);

    const updated = await site.api(`/cms/v2/media/${id}`, { method: 'POST', as: 'editor', headers: { 'if-match': etag }, body: { alt_text: 'first' } });
    expect(updated.status).toBe(200);
    const stale = await site.api(`/cms/v2/media/${id}`, { method: 'POST', as: 'editor', headers: { 'if-match': etag }, body: { alt_text: 'second' } });
    expectError(stale, 412, 'rest_precondition_failed');
    const staleDelete = await site.api(`/cms/v2/media/${id}`, { method: 'DELETE', as: 'editor', query: { force: true }, headers: { 'if-match': etag } });
    expectError(staleDelete, 412, 'rest_precondition_failed');
    const now = await site.api(`/cms/v2/media/${id}`, { as: 'editor', query: { context: 'edit' } });
    expect(now.status).toBe(200);
    expect(now.body.alt_text).toBe('first');
  });
});

describe('validators follow what an answer shows, when something else changes (deployment a)', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite('a');
  });
  afterAll(() => site.close());

  const make = async (route: string, body: Record<string, unknown>) => {
    const made = await site.api(route, { method: 'POST', as: 'editor', body: { status: 'publish', ...body } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body;
  };
  const read = (route: string, etag?: string) =>
    site.api(route, { as: 'editor', query: { context: 'edit' }, headers: etag ? { 'if-none-match': etag } : {} });
  /** The item's ETag before `change`, then checks that a read with it is answered in full, with a new one. */
  const expectNewVersion = async (route: string, change: () => Promise<void>) => {
    const before = await read(route);
    await change();
    const after = await read(route, before.headers.get('etag')!);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    return after.body;
  };

  it('deleting a revision gives its post a new version, with the count of revisions', async () => {
    const post = await make('/cms/v2/posts', { title: 'Revised', content: 'one' });
    await site.api(`/cms/v2/posts/${post.id}`, { method: 'POST', as: 'editor', body: { content: 'two' } });
    const revisions = (await site.api(`/cms/v2/posts/${post.id}/revisions`, { as: 'editor' })).body;
    expect(revisions.length).toBe(2);
    const after = await expectNewVersion(`/cms/v2/posts/${post.id}`, async () => {
      const deleted = await site.api(`/cms/v2/posts/${post.id}/revisions/${revisions[0].id}`, { method: 'DELETE', as: 'editor', query: { force: true } });
      expect(deleted.status).toBe(200);
    });
    expect(after._links['version-history'][0].count).toBe(1);
    expect(after._links['predecessor-version'][0].id).toBe(revisions[1].id);
  });

  it('deleting a featured image leaves no item pointing at it, each with a new version', async () => {
    const image = await uploadRaw(site, await solidImage(10, 10), 'featured.jpg', { as: 'editor', contentType: 'image/jpeg' });
    const post = await make('/cms/v2/posts', { title: 'Featured', featured_media: image.body.id });
    const page = await make('/cms/v2/pages', { title: 'Featured page', featured_media: image.body.id });
    const routes = [`/cms/v2/posts/${post.id}`, `/cms/v2/pages/${page.id}`];
    const before = await Promise.all(routes.map((route) => read(route)));
    expect((await site.api(`/cms/v2/media/${image.body.id}`, { method: 'DELETE', as: 'editor', query: { force: true } })).status).toBe(200);
    for (const [index, route] of routes.entries()) {
      const after = await read(route, before[index]!.headers.get('etag')!);
      expect(after.status).toBe(200);
      expect(after.body.featured_media).toBe(0);
      expect(after.body._links['wp:featuredmedia']).toBeUndefined();
    }
  });

  it('deleting a post moves its attached media up (to no parent), each with a new version', async () => {
    const post = await make('/cms/v2/posts', { title: 'With attachment' });
    const image = await uploadRaw(site, await solidImage(10, 10), 'attached.jpg', { as: 'editor', contentType: 'image/jpeg', query: { post: post.id } });
    expect(image.body.post).toBe(post.id);
    const after = await expectNewVersion(`/cms/v2/media/${image.body.id}`, async () => {
      expect((await site.api(`/cms/v2/posts/${post.id}`, { method: 'DELETE', as: 'editor', query: { force: true } })).status).toBe(200);
    });
    expect(after.post).toBeNull();
  });

  it('renaming or trashing a page gives every page below it a new version, with its new address', async () => {
    const top = await make('/cms/v2/pages', { title: 'Top' });
    const middle = await make('/cms/v2/pages', { title: 'Middle', parent: top.id });
    const bottom = await make('/cms/v2/pages', { title: 'Bottom', parent: middle.id });
    const renamed = await expectNewVersion(`/cms/v2/pages/${bottom.id}`, async () => {
      expect((await site.api(`/cms/v2/pages/${top.id}`, { method: 'POST', as: 'editor', body: { slug: 'renamed' } })).status).toBe(200);
    });
    expect(renamed.link).toBe(`${site.url}/renamed/middle/bottom/`);
    await expectNewVersion(`/cms/v2/pages/${bottom.id}`, async () => {
      expect((await site.api(`/cms/v2/pages/${middle.id}`, { method: 'DELETE', as: 'editor' })).status).toBe(200);
    });
  });
});
