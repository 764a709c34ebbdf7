// POST seo/v1/import/<plugin>/<type> (deployment B): what Rank Math and All in One SEO left in
// post meta moves to the posts' own search settings, 25 posts per call, never over a value
// a post already has; the answer reports what moved, and next_url says whether to call again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { getPost, updatePost } from '../../server/store/posts.ts';
import { readPostSeoMeta } from '../../server/namespaces/seo/post-seo-meta.ts';
import { indexableOfObject } from '../../server/namespaces/seo/store/indexables.ts';

let site: TestSite;
const store = () => site.running.site.context.store;
const runImport = (plugin: string, type: string, as: TestRole | null = 'administrator') =>
  site.api(`/seo/v1/import/${plugin}/${type}`, { method: 'POST', as });

/** A published post carrying the meta another plugin wrote beside it (cms/v2 keeps only registered keys). */
async function postWithMeta(title: string, meta: Record<string, unknown>): Promise<number> {
  const { body } = await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title, content: `<p>${title} text</p>`, status: 'publish' } });
  const stored = JSON.parse(getPost(store(), body.id)!.meta) as Record<string, unknown>;
  updatePost(store(), body.id, { meta: JSON.stringify({ ...stored, ...meta }) });
  return body.id;
}

beforeAll(async () => {
  site = await startTestSite('b');
});
afterAll(async () => {
  await site?.close();
});

describe('import/rankmath/posts', () => {
  // The first import runs once, before the tests: each reads what it moved, or calls again.
  let first: Awaited<ReturnType<typeof runImport>>;
  let full: number;
  let indexed: number;
  let owned: number;
  let untouched: number;

  beforeAll(async () => {
    full = await postWithMeta('Sourdough', {
      rank_math_title: ' Sourdough at home %sep% %sitename% %page% ', rank_math_description: 'Flour, water, patience.', rank_math_focus_keyword: 'sourdough starter,bread,baking', rank_math_robots: ['noindex', 'nofollow'],
    });
    indexed = await postWithMeta('Rye', { rank_math_robots: 'a:1:{i:0;s:5:"index";}', rank_math_description: '' });
    owned = await postWithMeta('Spelt', { rank_math_title: 'Imported spelt title', rank_math_focus_keyword: 'spelt', _seo_title: 'My own title' });
    untouched = await postWithMeta('Plain', {});
    first = await runImport('rankmath', 'posts');
  });

  it('moves title, description, focus keyphrase and robots choice, and reports them', () => {
    const { status, body } = first;
    expect(status).toBe(200);
    expect(body.next_url).toBe('seo/v1/import/rankmath/posts');
    expect(body.objects).toEqual([
      { post_id: full, imported: { seo_title: 'Sourdough at home %%sep%% %%sitename%% %page%', meta_description: 'Flour, water, patience.', focus_keyphrase: 'sourdough starter', noindex: true }, kept: [] },
      { post_id: indexed, imported: { noindex: false }, kept: [] },
      { post_id: owned, imported: { focus_keyphrase: 'spelt' }, kept: ['seo_title'] },
    ]);
    expect(readPostSeoMeta(getPost(store(), full)!)).toMatchObject({ seo_title: 'Sourdough at home %%sep%% %%sitename%% %page%', meta_description: 'Flour, water, patience.', focus_keyphrase: 'sourdough starter', noindex: true });
    expect(readPostSeoMeta(getPost(store(), indexed)!).noindex).toBe(false);
    expect(readPostSeoMeta(getPost(store(), owned)!)).toMatchObject({ seo_title: 'My own title', focus_keyphrase: 'spelt' });
    expect(readPostSeoMeta(getPost(store(), untouched)!)).toMatchObject({ seo_title: '', focus_keyphrase: '', noindex: null });
    // The other plugin's keys stay where they were.
    expect(JSON.parse(getPost(store(), full)!.meta).rank_math_title).toBe(' Sourdough at home %sep% %sitename% %page% ');
  });

  it('brings the indexables up to date with what it moved', () => {
    expect(indexableOfObject(store(), 'post', full)).toMatchObject({ primary_focus_keyword: 'sourdough starter', is_robots_noindex: 1 });
    expect(indexableOfObject(store(), 'post', indexed)?.is_robots_noindex).toBe(0);
  });

  it('says the import is complete on the next call, and starts over after that without moving anything again', async () => {
    expect((await runImport('rankmath', 'posts')).body).toEqual({ objects: [], next_url: false });
    const again = await runImport('RankMath', 'posts');
    expect(again.body.objects.map((object: { imported: object }) => object.imported)).toEqual([{}, {}, {}]);
    expect(again.body.objects[0].kept).toEqual(['seo_title', 'meta_description', 'focus_keyphrase', 'noindex']);
  });
});

describe('import/aioseo/posts in batches of 25', () => {
  it('works through every post carrying the data, 25 per call', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 27; index++) {
      ids.push(await postWithMeta(`Old post ${index}`, { _aioseop_title: `Old title ${index} | %blog_title%`, _aioseop_noindex: index === 26 ? 'on' : 'off' }));
    }
    const first = await runImport('aioseo', 'posts');
    expect(first.body.objects).toHaveLength(25);
    expect(first.body.next_url).toBe('seo/v1/import/aioseo/posts');
    const second = await runImport('aioseo', 'posts');
    expect(second.body.objects.map((object: { post_id: number }) => object.post_id)).toEqual(ids.slice(25));
    expect(second.body.objects[1].imported).toEqual({ seo_title: 'Old title 26 | %%sitename%%', noindex: true });
    expect((await runImport('aioseo', 'posts')).body).toEqual({ objects: [], next_url: false });
    expect(readPostSeoMeta(getPost(store(), ids[3])!)).toMatchObject({ seo_title: 'Old title 3 | %%sitename%%', noindex: false });
  });
});

describe('unknown importers and permissions', () => {
  it('answers 404 naming the importers there are', async () => {
    for (const [plugin, type] of [['seopress', 'posts'], ['rankmath', 'terms']]) {
      const { status, body } = await runImport(plugin, type);
      expect(status).toBe(404);
      expect(body.code).toBe('rest_no_route');
      expect(body.message).toContain(`"${plugin}/${type}"`);
      expect(body.data.importers).toEqual(['rankmath/posts', 'aioseo/posts']);
    }
    expect((await runImport('rank.math', 'posts')).status).toBe(404);
  });

  it('needs the right to edit every post', async () => {
    // On a site of its own: the import it lets through would be the Rank Math tests' next call.
    const own = await startTestSite('b');
    try {
      const runOwn = (as: TestRole | null) => own.api('/seo/v1/import/rankmath/posts', { method: 'POST', as });
      expect((await runOwn(null)).status).toBe(401);
      for (const role of ['author', 'contributor', 'subscriber'] as const) expect((await runOwn(role)).status).toBe(403);
      expect((await runOwn('editor')).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('is listed with no arguments', async () => {
    const { body } = await site.api('/seo/v1');
    expect(body.routes['/seo/v1/import/(?P<plugin>[\\w-]+)/(?P<type>[\\w-]+)'].endpoints).toEqual([{ methods: ['POST'], args: [] }]);
  });
});
