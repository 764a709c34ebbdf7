// Lists are assembled from kept pieces (a page's ids, each item's JSON, the list's bytes and
// ETag: server/store/post-query.ts, server/rest/answer-bytes.ts), shared by every URL that
// lists the same items. None of them may outlive a change: after an update, the next list of
// every form shows it, whether it is asked at a URL answered before or at a new one, on the
// instance that wrote or on another instance of the same database, and its ETag changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { request, routeUrl } from '../helpers/http-request.ts';
import { twoInstancesForFile } from '../helpers/instances.ts';

const POSTS = 12;

/** Every form a list of the updated post takes: first page, another page, search, filters, fields, an unknown parameter. */
const LIST_FORMS: { name: string; query: Record<string, string> }[] = [
  { name: 'the first page', query: { per_page: '10' } },
  { name: 'a page by offset', query: { per_page: '5', offset: String(POSTS - 5), order: 'asc' } },
  { name: 'a page by number', query: { per_page: '4', page: String(POSTS / 4), order: 'asc' } },
  { name: 'oldest first', query: { per_page: '20', order: 'asc' } },
  { name: 'a search', query: { search: 'listed' } },
  { name: 'included ids', query: { include: '' } },
  { name: 'some fields', query: { _fields: 'id,title' } },
  { name: 'the embed context', query: { context: 'embed' } },
];

/** A list URL: the form's query, the post's id where it names ids, and `extra` (a parameter no route declares, which caches do not know). */
function listUrl(api: string, query: Record<string, string>, id: number, extra: Record<string, string> = {}): URL {
  const url = routeUrl(api, '/cms/v2/posts');
  for (const [name, value] of Object.entries({ ...query, ...extra })) url.searchParams.set(name, name === 'include' ? String(id) : value);
  return url;
}

/** The title the list shows for post `id` (the list must hold it), and the list's ETag. */
async function listed(url: URL, id: number, headers: Record<string, string> = {}): Promise<{ title: string; etag: string | null }> {
  const answer = await request<{ id: number; title: { rendered: string } }[]>(url, { headers });
  expect(answer.status, url.href).toBe(200);
  const item = answer.body.find((entry) => entry.id === id);
  expect(item, `${url.href} lists post ${id}`).toBeDefined();
  return { title: item!.title.rendered, etag: answer.headers.get('etag') };
}

/** Posts "Listed post N", newest last; the newest (on every first page) is the one updated. */
async function makePosts(create: (body: unknown) => Promise<{ status: number; body: { id: number } }>): Promise<number> {
  let newest = 0;
  for (let index = 0; index < POSTS; index++) {
    const created = await create({ title: `Listed post ${index}`, content: 'Some listed text.', status: 'publish', date: `2024-01-${String(index + 1).padStart(2, '0')}T10:00:00` });
    expect(created.status).toBe(201);
    newest = created.body.id;
  }
  return newest;
}

describe('a list after an update of an item it shows', () => {
  let site: TestSite;
  let id = 0;
  let round = 0;

  beforeAll(async () => {
    site = await startTestSite('a');
    id = await makePosts((body) => site.api('/cms/v2/posts', { as: 'administrator', method: 'POST', body }));
  });
  afterAll(() => site.close());

  it.each(LIST_FORMS)('shows it in $name, at a URL answered before and at a new one', async ({ query }) => {
    const before = await listed(listUrl(site.apiRoot, query, id), id);
    // Another URL listing the same items shares the pieces of the one before.
    expect((await listed(listUrl(site.apiRoot, query, id, { unknown: 'first' }), id)).title).toBe(before.title);
    const title = `Listed post updated ${++round}`;
    expect((await site.api(`/cms/v2/posts/${id}`, { as: 'administrator', method: 'POST', body: { title } })).status).toBe(200);
    const again = await listed(listUrl(site.apiRoot, query, id), id);
    expect(again.title).toBe(title);
    expect(again.etag).not.toBe(before.etag);
    expect((await listed(listUrl(site.apiRoot, query, id, { unknown: `after ${round}` }), id)).title).toBe(title);
  });
});

describe('a list after an update through another instance of the same database', () => {
  const pair = twoInstancesForFile();
  let id = 0;
  let round = 0;
  const auth = () => ({ authorization: pair.instances.editorAuth });

  beforeAll(async () => {
    id = await makePosts((body) => request(routeUrl(pair.b.api, '/cms/v2/posts'), { method: 'POST', headers: auth(), body }));
  });

  it.each(LIST_FORMS)('shows it in $name on the instance that did not write', async ({ query }) => {
    const before = await listed(listUrl(pair.a.api, query, id), id);
    expect((await listed(listUrl(pair.a.api, query, id, { unknown: 'first' }), id)).title).toBe(before.title);
    const title = `Listed post updated elsewhere ${++round}`;
    expect((await request(routeUrl(pair.b.api, `/cms/v2/posts/${id}`), { method: 'POST', headers: auth(), body: { title } })).status).toBe(200);
    const again = await listed(listUrl(pair.a.api, query, id), id);
    expect(again.title).toBe(title);
    expect(again.etag).not.toBe(before.etag);
    expect((await listed(listUrl(pair.a.api, query, id, { unknown: `after ${round}` }), id)).title).toBe(title);
  });
});
