// Many writers, one version: 20 clients that read the same version of an item and write at
// once with If-Match or If-Unmodified-Since get exactly one 200 and 19 × 412, and the item
// holds the winner's words, on updates of posts, pages, media, contact forms and a post's
// search settings, on autosaves of the author's own draft, and in batch sub-requests. The site's clock is held still, so every
// write lands in the same second as the version read (the case HTTP dates cannot tell apart).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import type { ApiResult } from '../helpers/http-request.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';
import { expectError } from '../helpers/expect-api.ts';

const WRITERS = 20;

let site: TestSite;
/** Deployment b, for its search settings. */
let siteB: TestSite;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-04T05:06:07.250Z') });
  site = await startTestSite('a');
  siteB = await startTestSite('b');
});
afterAll(async () => {
  await site.close();
  await siteB.close();
  vi.useRealTimers();
});

interface Kind {
  name: string;
  as: TestRole;
  /** The site the item lives on (deployment a unless said). */
  on?: () => TestSite;
  /** The item's route, which the writers read and whose version they name. */
  path(id: number): string;
  /** Makes an item and answers its id. */
  create(): Promise<number>;
  /** One writer's request: its words go in `text`. */
  write(id: number, text: string, headers: Record<string, string>): Promise<ApiResult>;
  /** The words the item holds now. */
  stored(id: number): Promise<string>;
}

const rawOf = (result: ApiResult, field: string) => (result.body[field] as { raw: string }).raw;

function postKind(base: 'posts' | 'pages'): Kind {
  return {
    name: `updates of ${base}`,
    as: 'editor',
    path: (id) => `/cms/v2/${base}/${id}`,
    create: async () => (await site.api(`/cms/v2/${base}`, { method: 'POST', as: 'editor', body: { title: 'Raced', content: 'First words', status: 'publish' } })).body.id,
    write: (id, text, headers) => site.api(`/cms/v2/${base}/${id}`, { method: 'PUT', as: 'editor', headers, body: { content: text } }),
    stored: async (id) => rawOf(await site.api(`/cms/v2/${base}/${id}`, { as: 'editor', query: { context: 'edit' } }), 'content'),
  };
}

const KINDS: Kind[] = [
  postKind('posts'),
  postKind('pages'),
  {
    name: 'updates of media items',
    as: 'editor',
    path: (id) => `/cms/v2/media/${id}`,
    create: async () => (await uploadRaw(site, await solidImage(8, 8), 'raced.jpg', { as: 'editor', contentType: 'image/jpeg' })).body.id,
    write: (id, text, headers) => site.api(`/cms/v2/media/${id}`, { method: 'POST', as: 'editor', headers, body: { alt_text: text } }),
    stored: async (id) => (await site.api(`/cms/v2/media/${id}`, { as: 'editor', query: { context: 'edit' } })).body.alt_text,
  },
  {
    name: 'autosaves of the author’s own draft',
    as: 'author',
    path: (id) => `/cms/v2/posts/${id}`,
    create: async () => (await site.api('/cms/v2/posts', { method: 'POST', as: 'author', body: { title: 'Raced draft', content: 'First words', status: 'draft' } })).body.id,
    write: (id, text, headers) => site.api(`/cms/v2/posts/${id}/autosaves`, { method: 'POST', as: 'author', headers, body: { title: 'Raced draft', content: text } }),
    stored: async (id) => rawOf(await site.api(`/cms/v2/posts/${id}`, { as: 'author', query: { context: 'edit' } }), 'content'),
  },
  {
    name: 'updates of contact forms',
    as: 'administrator',
    path: (id) => `/contact-form/v1/contact-forms/${id}`,
    create: async () => (await site.api('/contact-form/v1/contact-forms', { method: 'POST', as: 'administrator', body: { title: 'Raced form' } })).body.id,
    write: (id, text, headers) => site.api(`/contact-form/v1/contact-forms/${id}`, { method: 'POST', as: 'administrator', headers, body: { title: text } }),
    stored: async (id) => (await site.api(`/contact-form/v1/contact-forms/${id}`, { as: 'administrator' })).body.title,
  },
  {
    name: 'updates of a post’s search settings',
    as: 'administrator',
    on: () => siteB,
    path: (id) => `/seo/v1/post_settings/${id}`,
    create: async () => (await siteB.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Raced settings', status: 'publish' } })).body.id,
    write: (id, text, headers) => siteB.api(`/seo/v1/post_settings/${id}`, { method: 'POST', as: 'administrator', headers, body: { meta_description: text } }),
    stored: async (id) => (await siteB.api(`/seo/v1/post_settings/${id}`, { as: 'administrator' })).body.settings.meta_description,
  },
];

/** Reads the item once, then sends all writers at once with the precondition that read gives. */
async function race(kind: Kind, precondition: 'if-match' | 'if-unmodified-since') {
  const id = await kind.create();
  const read = await (kind.on?.() ?? site).api(kind.path(id), { as: kind.as, query: { context: 'edit' } });
  const validator = read.headers.get(precondition === 'if-match' ? 'etag' : 'last-modified')!;
  expect(validator).toBeTruthy();
  const results = await Promise.all(Array.from({ length: WRITERS }, (_, index) => kind.write(id, `Words of writer ${index}`, { [precondition]: validator })));
  return { id, read, results };
}

describe.each(KINDS)('$name', (kind) => {
  it.each(['if-match', 'if-unmodified-since'] as const)('lets exactly one of 20 writers with %s through, in the second of the version read', async (precondition) => {
    const { id, read, results } = await race(kind, precondition);
    const winners = results.flatMap((result, index) => (result.status === 200 ? [index] : []));
    expect(winners, JSON.stringify(results.map((result) => result.status))).toHaveLength(1);
    for (const result of results.filter((each) => each.status !== 200)) expectError(result, 412, 'rest_precondition_failed');
    expect(await kind.stored(id)).toBe(`Words of writer ${winners[0]}`);
    // The winner's answer is a new version, a second past the one read although the clock stood still.
    const winner = results[winners[0]];
    expect(winner.headers.get('etag')).not.toBe(read.headers.get('etag'));
    expect(Date.parse(winner.headers.get('last-modified')!) - Date.parse(read.headers.get('last-modified')!)).toBe(1000);
  });
});

describe('a refused writer', () => {
  it('is told the version and the words it would have overwritten', async () => {
    const { id, results } = await race(postKind('posts'), 'if-match');
    const current = await site.api(`/cms/v2/posts/${id}`, { as: 'editor', query: { context: 'edit' } });
    const refused = results.find((result) => result.status === 412)!;
    expect(refused.headers.get('etag')).toBe(current.headers.get('etag'));
    expect(refused.headers.get('last-modified')).toBe(current.headers.get('last-modified'));
    expect(refused.body.data).toMatchObject({
      status: 412,
      etag: current.headers.get('etag'),
      last_modified: current.headers.get('last-modified'),
      modified_gmt: current.body.modified_gmt,
      current: { id, content: { raw: current.body.content.raw }, modified_gmt: current.body.modified_gmt },
    });
  });
});

describe('batch sub-requests', () => {
  it.each(['if-match', 'if-unmodified-since'] as const)('honour %s one after another: the second writer of one version is refused', async (precondition) => {
    const id = await postKind('posts').create();
    const read = await site.api(`/cms/v2/posts/${id}`, { as: 'editor' });
    const headers = { [precondition]: read.headers.get(precondition === 'if-match' ? 'etag' : 'last-modified')! };
    const batch = await site.api('/batch/v1', {
      method: 'POST',
      as: 'editor',
      body: { requests: ['Batch writer 1', 'Batch writer 2'].map((content) => ({ method: 'PUT', path: `/cms/v2/posts/${id}`, headers, body: { content } })) },
    });
    expect(batch.status).toBe(207);
    const [first, second] = batch.body.responses;
    expect(first.status).toBe(200);
    expect(second.status).toBe(412);
    expect(second.body).toMatchObject({ code: 'rest_precondition_failed', data: { status: 412, etag: first.headers.etag } });
    expect(await postKind('posts').stored(id)).toBe('Batch writer 1');
  });

  it('refuses a stale sub-request while the others of the batch go through', async () => {
    const kept = await postKind('posts').create();
    const stale = await postKind('posts').create();
    const staleTag = (await site.api(`/cms/v2/posts/${stale}`, { as: 'editor' })).headers.get('etag')!;
    await site.api(`/cms/v2/posts/${stale}`, { method: 'PUT', as: 'editor', body: { content: 'Changed elsewhere' } });
    const batch = await site.api('/batch/v1', {
      method: 'POST',
      as: 'editor',
      body: {
        requests: [
          { method: 'PUT', path: `/cms/v2/posts/${stale}`, headers: { 'If-Match': staleTag }, body: { content: 'Stale batch write' } },
          { method: 'PUT', path: `/cms/v2/posts/${kept}`, body: { content: 'Fresh batch write' } },
        ],
      },
    });
    expect(batch.body.responses.map((response: { status: number }) => response.status)).toEqual([412, 200]);
    expect(await postKind('posts').stored(stale)).toBe('Changed elsewhere');
    expect(await postKind('posts').stored(kept)).toBe('Fresh batch write');
  });
});

describe('one item written many times in one second', () => {
  it('dates an autosave written after the saves after them, so that it reads as the newer', async () => {
    const id = (await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Saved twice', content: 'One', status: 'publish' } })).body.id;
    await site.api(`/cms/v2/posts/${id}`, { method: 'PUT', as: 'editor', body: { content: 'Two' } });
    const saved = await site.api(`/cms/v2/posts/${id}`, { method: 'PUT', as: 'editor', body: { content: 'Three' } });
    const autosave = await site.api(`/cms/v2/posts/${id}/autosaves`, { method: 'POST', as: 'editor', body: { content: 'Four, not saved yet' } });
    expect(autosave.body.id).not.toBe(id);
    expect(autosave.body.modified_gmt > saved.body.modified_gmt, `${autosave.body.modified_gmt} after ${saved.body.modified_gmt}`).toBe(true);
  });

  it('never shows two versions with one Last-Modified', async () => {
    const kind = postKind('posts');
    const id = await kind.create();
    const seen = new Set<string>();
    for (let write = 0; write < 5; write++) {
      const result = await kind.write(id, `Write ${write}`, {});
      expect(result.status).toBe(200);
      seen.add(result.headers.get('last-modified')!);
    }
    expect(seen.size).toBe(5);
  });
});
