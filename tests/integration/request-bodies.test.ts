// A write's JSON body is an object of fields. An empty body, one that is not an object
// (`[]`, `"text"`, `1`, `null`, `true`) or one that is not JSON at all is refused with 400
// rest_invalid_json on every route that writes, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { expectError } from '../helpers/expect-api.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';

const NOT_OBJECTS = ['', '[]', '[{"title":"x"}]', '"a title"', '1', 'null', 'true', '{"title": ', '{"title": "x"} trailing', '\uFEFF{}'];

let site: TestSite;
let ids: { post: number; page: number; media: number; category: number; tag: number };

/** Everything a write could change: rows of every table that holds content, and their versions. */
function snapshot(): string {
  const store = site.running.site.context.store;
  return JSON.stringify([
    store.all('SELECT id, version, title, status, modified_gmt FROM posts ORDER BY id'),
    store.all('SELECT * FROM terms ORDER BY id'),
    store.all('SELECT id, name, description, url FROM users ORDER BY id'),
    store.all('SELECT * FROM media ORDER BY post_id'),
  ]);
}

beforeAll(async () => {
  site = await startTestSite('a');
  const create = async (route: string, body: Record<string, unknown>) => (await site.api(route, { method: 'POST', as: 'administrator', body })).body.id as number;
  ids = {
    post: await create('cms/v2/posts', { title: 'A post', status: 'draft' }),
    page: await create('cms/v2/pages', { title: 'A page', status: 'draft' }),
    media: (await uploadRaw(site, await solidImage(20, 20, 'png'), 'pic.png')).body.id,
    category: await create('cms/v2/categories', { name: 'A category' }),
    tag: await create('cms/v2/tags', { name: 'A tag' }),
  };
});
afterAll(async () => {
  await site.close();
});

describe('a JSON body that is not an object of fields', () => {
  const writes = () => [
    ['POST', 'cms/v2/posts'], ['POST', 'cms/v2/pages'], ['POST', 'cms/v2/categories'], ['POST', 'cms/v2/tags'],
    ['POST', `cms/v2/posts/${ids.post}`], ['PUT', `cms/v2/posts/${ids.post}`], ['PATCH', `cms/v2/posts/${ids.post}`],
    ['POST', `cms/v2/pages/${ids.page}`], ['POST', `cms/v2/media/${ids.media}`], ['POST', `cms/v2/categories/${ids.category}`],
    ['POST', `cms/v2/tags/${ids.tag}`], ['POST', 'cms/v2/users/me'], ['POST', `cms/v2/posts/${ids.post}/autosaves`], ['POST', 'batch/v1'],
  ] as const;

  it('is refused with 400 rest_invalid_json on every write route, and nothing is written', async () => {
    const before = snapshot();
    for (const [method, route] of writes()) {
      for (const body of NOT_OBJECTS) {
        const response = await site.api(route, { method, as: 'administrator', body, headers: { 'content-type': 'application/json' } });
        expectError(response, 400, 'rest_invalid_json');
        expect(typeof response.body.data.json_error_message, `${method} ${route} ${JSON.stringify(body)}`).toBe('string');
      }
    }
    expect(snapshot()).toBe(before);
  });

  it('is refused whatever the JSON content type is spelt like', async () => {
    for (const contentType of ['application/json; charset=utf-8', 'Application/JSON']) {
      expectError(await site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: '[]', headers: { 'content-type': contentType } }), 400, 'rest_invalid_json');
    }
  });

  it('is refused inside a batch, for that request alone', async () => {
    const before = snapshot();
    const response = await site.api('batch/v1', {
      method: 'POST', as: 'administrator',
      body: { requests: [{ method: 'POST', path: '/cms/v2/posts', body: [] }, { method: 'POST', path: '/cms/v2/posts', body: 'text' }] },
    });
    // Batch bodies are checked against the batch route's own schema: an invalid one fails the whole batch, as in the reference.
    expect(response.status).toBe(400);
    expect(snapshot()).toBe(before);
  });
});

describe('requests without a body to parse', () => {
  it('reads, deletes and actions that send no body are not refused for their JSON content type', async () => {
    const json = { 'content-type': 'application/json' };
    expect((await site.api(`cms/v2/posts/${ids.post}`, { as: 'editor', headers: json })).status).toBe(200);
    expect((await site.api('cms/v2/posts', { as: 'editor', headers: json, method: 'HEAD' })).status).toBe(200);
    const draft = (await site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'To trash' } })).body.id;
    expect((await site.api(`cms/v2/posts/${draft}`, { method: 'DELETE', as: 'editor', headers: json })).status).toBe(200);
  });

  it('a POST with no body and no content type is read as no fields', async () => {
    const response = await site.api(`cms/v2/posts/${ids.post}`, { method: 'POST', as: 'editor' });
    expect(response.status).toBe(200);
    expect(response.body.title.raw).toBe('A post');
  });
});
