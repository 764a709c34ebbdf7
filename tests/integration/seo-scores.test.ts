// seo/v1 score widgets and statistics over HTTP: counts per score group from the index,
// filtered by content type and term, with Yoast's validation rules and edit_posts to read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';

let site: TestSite;
let categoryId: number;
const ENGLISH_TEXT = '<p>Green tea is good. It is calm. We like it. However, coffee is fine too.</p>';

async function post(body: Record<string, unknown>, as: TestRole = 'administrator', type = 'posts') {
  const created = await site.api(`/cms/v2/${type}`, { method: 'POST', as, body: { status: 'publish', ...body } });
  expect(created.status).toBe(201);
  return created.body as { id: number };
}

function amounts(body: { scores: { name: string; amount: number }[] }): Record<string, number> {
  return Object.fromEntries(body.scores.map((score) => [score.name, score.amount]));
}

beforeAll(async () => {
  site = await startTestSite('b');
  const category = await site.api('/cms/v2/categories', { method: 'POST', as: 'administrator', body: { name: 'Drinks' } });
  categoryId = category.body.id;
  // good: the keyphrase everywhere it is checked; bad: a keyphrase the text never mentions.
  const good = await post({ title: 'Green tea', slug: 'green-tea', content: `${ENGLISH_TEXT}<h2>Green tea</h2><p><a href="/x/">in</a> <a href="https://o.example/">out</a></p><img src="/a.jpg" alt="green tea">`, categories: [categoryId] });
  await site.api(`/seo/v1/post_settings/${good.id}`, { method: 'POST', as: 'administrator', body: { focus_keyphrase: 'green tea', meta_description: 'All about green tea.' } });
  const bad = await post({ title: 'Coffee', content: '<p>Coffee.</p>' }, 'author');
  await site.api(`/seo/v1/post_settings/${bad.id}`, { method: 'POST', as: 'administrator', body: { focus_keyphrase: 'mountain bikes' } });
  await post({ title: 'No keyphrase', content: ENGLISH_TEXT });
  const hidden = await post({ title: 'Hidden', content: ENGLISH_TEXT });
  await site.api(`/seo/v1/post_settings/${hidden.id}`, { method: 'POST', as: 'administrator', body: { noindex: true } });
  await post({ title: 'A draft', content: ENGLISH_TEXT, status: 'draft' });
  await post({ title: 'A page', content: ENGLISH_TEXT }, 'administrator', 'pages');
});
afterAll(async () => {
  await site.close();
});

describe('seo_scores and readability_scores', () => {
  it('counts published, indexable posts per SEO score group with a link to each list', async () => {
    const response = await site.api('/seo/v1/seo_scores', { as: 'contributor', query: { contentType: 'post' } });
    expect(response.status).toBe(200);
    expect(response.body.scores.map((score: { name: string }) => score.name)).toEqual(['good', 'ok', 'bad', 'notAnalyzed']);
    // The page, the draft and the noindexed post are not counted.
    expect(amounts(response.body)).toEqual({ good: 1, ok: 0, bad: 1, notAnalyzed: 1 });
    const view = new URL(response.body.scores[0].links.view);
    expect(Object.fromEntries(view.searchParams)).toEqual({ post_status: 'publish', post_type: 'post', seo_filter: 'good' });
    expect(response.body.query_time).toBeUndefined();
  });

  it('counts readability scores, and pages separately', async () => {
    const posts = await site.api('/seo/v1/readability_scores', { as: 'editor', query: { contentType: 'post' } });
    // Every published post has text, so each is analysed (readability needs no keyphrase).
    expect(amounts(posts.body)).toEqual({ good: 3, ok: 0, bad: 0, notAnalyzed: 0 });
    expect(new URL(posts.body.scores[3].links.view).searchParams.get('readability_filter')).toBe('na');
    const pages = await site.api('/seo/v1/readability_scores', { as: 'editor', query: { contentType: 'page' } });
    expect(amounts(pages.body)).toEqual({ good: 1, ok: 0, bad: 0, notAnalyzed: 0 });
  });

  it('filters by a term of the content type\'s taxonomy and links the filtered lists', async () => {
    const response = await site.api('/seo/v1/seo_scores', { as: 'editor', query: { contentType: 'post', taxonomy: 'category', term: categoryId } });
    expect(amounts(response.body)).toEqual({ good: 1, ok: 0, bad: 0, notAnalyzed: 0 });
    expect(new URL(response.body.scores[0].links.view).searchParams.get('category_name')).toBe('drinks');
  });

  it('adds timing and sizes with troubleshooting', async () => {
    const response = await site.api('/seo/v1/seo_scores', { as: 'editor', query: { contentType: 'post', troubleshooting: true } });
    expect(response.body).toMatchObject({ cache_used: false, rows_counted: 3 });
    expect(typeof response.body.query_time).toBe('number');
  });

  it.each([
    [{}, 'rest_missing_callback_param'],
    [{ contentType: 'product' }, 'Invalid content type.'],
    [{ contentType: 'post', taxonomy: 'post_tag', term: 1 }, 'Invalid taxonomy.'],
    [{ contentType: 'post', taxonomy: 'category' }, 'Taxonomy needs a provided term.'],
    [{ contentType: 'post', term: 1 }, 'Term needs a provided taxonomy.'],
    [{ contentType: 'post', taxonomy: 'category', term: 987654 }, 'Invalid term.'],
    [{ contentType: 'post', term: 'one' }, 'rest_invalid_param'],
  ])('answers 400 for %j', async (query, expected) => {
    for (const route of ['seo_scores', 'readability_scores']) {
      const response = await site.api(`/seo/v1/${route}`, { as: 'editor', query: query as Record<string, string> });
      expect(response.status).toBe(400);
      expect([response.body.code, response.body.message]).toContain(expected);
    }
  });

  it('needs edit_posts', async () => {
    expect((await site.api('/seo/v1/seo_scores', { as: 'subscriber', query: { contentType: 'post' } })).status).toBe(403);
    expect((await site.api('/seo/v1/readability_scores', { query: { contentType: 'post' } })).status).toBe(401);
  });

  it('lists the arguments of the spec in the index', async () => {
    const index = await site.api('/seo/v1');
    expect(index.body.routes['/seo/v1/seo_scores'].endpoints[0].args).toEqual({
      contentType: { type: 'string', required: true },
      taxonomy: { type: 'string', default: '', required: false },
      term: { type: 'integer', default: null, required: false },
      troubleshooting: { type: 'boolean', default: null, required: false },
    });
  });
});

describe('statistics', () => {
  it('summarises the SEO scores of posts as Yoast\'s dashboard does, without empty ranks', async () => {
    const response = await site.api('/seo/v1/statistics', { as: 'editor' });
    expect(response.status).toBe(200);
    expect(response.body.scores.map((rank: { seo_rank: string; count: number }) => [rank.seo_rank, rank.count])).toEqual([
      ['na', 1], ['bad', 1], ['good', 1], ['noindex', 1],
    ]);
    expect(response.body.scores[0]).toMatchObject({ label: 'Posts without a focus keyphrase' });
    expect(response.body.division).toEqual({ na: 0.25, bad: 0.25, ok: 0, good: 0.25, noindex: 0.25 });
  });

  it('counts only their own posts for writers who may not edit others\' posts', async () => {
    const response = await site.api('/seo/v1/statistics', { as: 'author' });
    expect(response.body.scores.map((rank: { seo_rank: string; count: number }) => [rank.seo_rank, rank.count])).toEqual([['bad', 1]]);
    const contributor = await site.api('/seo/v1/statistics', { as: 'contributor' });
    expect(contributor.body).toEqual({ scores: [], division: false });
  });

  it('needs edit_posts', async () => {
    expect((await site.api('/seo/v1/statistics', { as: 'subscriber' })).status).toBe(403);
    expect((await site.api('/seo/v1/statistics')).status).toBe(401);
  });
});
