// The posts collection over real HTTP, in both deployments: every filter, order and paging
// parameter of the spec, the paging headers, and who may list which statuses. The site is
// seeded once with a fixed set of posts; the tests only read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import type { ApiResult, QueryParams } from '../helpers/http-request.ts';
import { getSettings, saveSettings } from '../../server/content/settings.ts';
import { expectError, expectInvalidParam } from '../helpers/expect-api.ts';

const EMBED_FIELDS = ['id', 'date', 'slug', 'type', 'link', 'title', 'author', 'excerpt', 'featured_media', '_links'];
const VIEW_FIELDS = [
  'id', 'date', 'date_gmt', 'guid', 'modified', 'modified_gmt', 'slug', 'status', 'type', 'link', 'title', 'content',
  'author', 'excerpt', 'featured_media', 'comment_status', 'ping_status', 'format', 'meta', 'sticky', 'template',
  'categories', 'tags', '_links',
];

/** The Link header's relations (besides the API discovery link), as URLs. */
function pageLinks(result: ApiResult): Record<string, URL> {
  const links: Record<string, URL> = {};
  for (const part of (result.headers.get('link') ?? '').split(/,\s*(?=<)/)) {
    const match = /^<([^>]*)>;\s*rel="([^"]*)"$/.exec(part.trim());
    if (match && (match[2] === 'prev' || match[2] === 'next')) links[match[2]] = new URL(match[1]);
  }
  return links;
}

describe.each(['a', 'b'] as const)('posts collection (deployment %s)', (deployment) => {
  let site: TestSite;
  const ids: Record<string, number> = {};
  const terms: Record<string, number> = {};
  let defaultCategory: number;

  /** Lists as `as` and returns the result, checking it answered 200. */
  const list = async (query: QueryParams = {}, as: TestRole | null = null) => {
    const result = await site.api('/cms/v2/posts', { as, query });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result;
  };
  /** The names (keys of `ids`) of the listed posts, in order. */
  const names = async (query: QueryParams = {}, as: TestRole | null = null) => {
    const result = await list(query, as);
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    const listed = (result.body as { id: number }[]).map((post) => byId.get(post.id) ?? `#${post.id}`);
    expect(Number(result.headers.get('x-wp-total'))).toBeGreaterThanOrEqual(listed.length);
    return listed;
  };
  const attempt = (query: QueryParams, as: TestRole | null = null) => site.api('/cms/v2/posts', { as, query });

  beforeAll(async () => {
    site = await startTestSite(deployment);
    const term = async (taxonomy: 'categories' | 'tags', name: string, parent?: number) => {
      const result = await site.api(`/cms/v2/${taxonomy}`, { method: 'POST', as: 'administrator', body: { name, ...(parent ? { parent } : {}) } });
      expect(result.status).toBe(201);
      terms[name] = result.body.id;
    };
    await term('categories', 'news');
    await term('categories', 'sport', terms.news);
    await term('categories', 'tech');
    await term('tags', 'red');
    await term('tags', 'blue');
    defaultCategory = (await site.api('/cms/v2/categories', { query: { slug: 'uncategorized' } })).body[0].id;

    const create = async (name: string, body: Record<string, unknown>, as: TestRole = 'administrator') => {
      const result = await site.api('/cms/v2/posts', { method: 'POST', as, body });
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      ids[name] = result.body.id;
    };
    const { users } = site;
    await create('P1', { title: 'Alpha apples', content: 'An orchard of fruit.', status: 'publish', date_gmt: '2021-01-01T10:00:00', categories: [terms.news], tags: [terms.red] });
    await create('P2', { title: 'Beta bananas', content: 'Tropical fruit.', excerpt: 'Yellow and curved', status: 'publish', date_gmt: '2021-01-02T10:00:00', author: users.editor.id, categories: [terms.sport], tags: [terms.red, terms.blue], format: 'aside' });
    await create('P3', { title: 'Gamma grapes', content: 'Vines and wine.', status: 'publish', date_gmt: '2021-01-03T10:00:00', author: users.author.id, categories: [terms.tech], tags: [terms.blue], sticky: true, format: 'gallery' });
    await create('P4', { title: 'Delta dates', content: 'Not apples but dates.', status: 'publish', date_gmt: '2021-01-04T10:00:00', categories: [terms.news, terms.tech] });
    await create('P5', { title: 'Epsilon elderberry', content: 'Small dark berries.', status: 'publish', date_gmt: '2021-01-05T10:00:00', author: users.author.id, sticky: true });
    await create('D1', { title: 'Zeta draft apples', content: 'Unfinished.' }, 'author');
    await create('C1', { title: 'Mu contributor draft' }, 'contributor');
    await create('V1', { title: 'Eta private', status: 'private', date_gmt: '2021-01-07T10:00:00' }, 'editor');
    await create('PD', { title: 'Theta pending', status: 'pending' }, 'contributor');
    await create('F1', { title: 'Iota future', status: 'future', date_gmt: '2099-01-01T00:00:00' });
    await create('T1', { title: 'Kappa trashed', status: 'publish', date_gmt: '2021-01-10T10:00:00' });
    expect((await site.api(`/cms/v2/posts/${ids.T1}`, { method: 'DELETE', as: 'administrator' })).body.status).toBe('trash');
    if (deployment === 'b') await create('U1', { title: 'Lambda unread', status: 'unread', date_gmt: '2021-01-08T10:00:00' });
    // Modification dates in the reverse order of publication, to tell the two apart.
    const store = site.running.site.context.store;
    for (const [name, modified] of [['P1', '2021-02-05'], ['P2', '2021-02-04'], ['P3', '2021-02-03'], ['P4', '2021-02-02'], ['P5', '2021-02-01']]) {
      store.run('UPDATE posts SET modified = ?, modified_gmt = ? WHERE id = ?', `${modified}T00:00:00`, `${modified}T00:00:00`, ids[name]);
    }
  });
  afterAll(async () => {
    await site.close();
  });

  describe('defaults and paging', () => {
    it('lists published posts, newest first, with the total headers', async () => {
      const result = await list();
      expect(await names()).toEqual(['P5', 'P4', 'P3', 'P2', 'P1']);
      expect(result.headers.get('x-wp-total')).toBe('5');
      expect(result.headers.get('x-wp-totalpages')).toBe('1');
      expect(pageLinks(result)).toEqual({});
      for (const post of result.body) {
        expect(Object.keys(post).sort()).toEqual([...VIEW_FIELDS].sort());
        expect(post.status).toBe('publish');
      }
      expect(result.body[3]).toMatchObject({ id: ids.P2, categories: [terms.sport], format: 'aside', sticky: false });
      expect([...result.body[3].tags].sort()).toEqual([terms.red, terms.blue].sort());
      expect(result.body[0].categories).toEqual([defaultCategory]);
      expect(result.body[0].sticky).toBe(true);
    });

    it('pages with per_page and page, with prev/next links that keep the query', async () => {
      const first = await list({ per_page: 2 });
      expect(first.body.map((post: { id: number }) => post.id)).toEqual([ids.P5, ids.P4]);
      expect([first.headers.get('x-wp-total'), first.headers.get('x-wp-totalpages')]).toEqual(['5', '3']);
      let links = pageLinks(first);
      expect(Object.keys(links)).toEqual(['next']);
      expect(links.next.href.startsWith(`${site.apiRoot}cms/v2/posts?`)).toBe(true);
      expect(links.next.searchParams.get('page')).toBe('2');
      expect(links.next.searchParams.get('per_page')).toBe('2');

      const second = await list({ per_page: 2, page: 2, orderby: 'date' });
      expect(second.body.map((post: { id: number }) => post.id)).toEqual([ids.P3, ids.P2]);
      links = pageLinks(second);
      expect(Object.keys(links).sort()).toEqual(['next', 'prev']);
      expect(links.prev.searchParams.get('page')).toBe('1');
      expect(links.next.searchParams.get('page')).toBe('3');
      expect(links.next.searchParams.get('orderby')).toBe('date');

      const third = await list({ per_page: 2, page: 3 });
      expect(third.body.map((post: { id: number }) => post.id)).toEqual([ids.P1]);
      expect(Object.keys(pageLinks(third))).toEqual(['prev']);
      expect(pageLinks(third).prev.searchParams.get('page')).toBe('2');

      // Following the next links walks the whole collection once.
      const seen: number[] = [];
      let url: URL | undefined = new URL(`${site.apiRoot}cms/v2/posts?per_page=2`);
      while (url) {
        const response = await fetch(url);
        expect(response.status).toBe(200);
        seen.push(...((await response.json()) as { id: number }[]).map((post) => post.id));
        const links = pageLinks({ status: response.status, headers: response.headers, body: null });
        url = links.next;
      }
      expect(seen).toEqual([ids.P5, ids.P4, ids.P3, ids.P2, ids.P1]);
    });

    it('answers 400 rest_post_invalid_page_number beyond the last page, but not for an empty collection', async () => {
      expectError(await attempt({ per_page: 2, page: 4 }), 400, 'rest_post_invalid_page_number');
      expectError(await attempt({ page: 2 }), 400, 'rest_post_invalid_page_number');
      const empty = await list({ search: 'nothing-matches-this', page: 3 });
      expect(empty.body).toEqual([]);
      expect([empty.headers.get('x-wp-total'), empty.headers.get('x-wp-totalpages')]).toEqual(['0', '0']);
      const emptyFirst = await list({ search: 'nothing-matches-this' });
      expect(emptyFirst.body).toEqual([]);
      expect(pageLinks(emptyFirst)).toEqual({});
    });

    it('keeps per_page within 1 to 100 and page at least 1', async () => {
      expectInvalidParam(await attempt({ per_page: 0 }), 'per_page', 'rest_out_of_bounds');
      expectInvalidParam(await attempt({ per_page: 101 }), 'per_page', 'rest_out_of_bounds');
      expectInvalidParam(await attempt({ per_page: 'many' }), 'per_page', 'rest_invalid_type');
      expectInvalidParam(await attempt({ page: 0 }), 'page', 'rest_out_of_bounds');
      expectInvalidParam(await attempt({ page: -1 }), 'page', 'rest_out_of_bounds');
      expectInvalidParam(await attempt({ page: 'first' }), 'page', 'rest_invalid_type');
      const hundred = await list({ per_page: 100 });
      expect(hundred.body).toHaveLength(5);
      expect(hundred.headers.get('x-wp-totalpages')).toBe('1');
      const one = await list({ per_page: 1, page: 5 });
      expect(one.body.map((post: { id: number }) => post.id)).toEqual([ids.P1]);
      expect(one.headers.get('x-wp-totalpages')).toBe('5');
    });

    it('skips offset items, keeping the totals', async () => {
      const result = await list({ offset: 1, per_page: 2 });
      expect(result.body.map((post: { id: number }) => post.id)).toEqual([ids.P4, ids.P3]);
      expect([result.headers.get('x-wp-total'), result.headers.get('x-wp-totalpages')]).toEqual(['5', '3']);
      expect(await names({ offset: 4 })).toEqual(['P1']);
      expect(await names({ offset: 10 })).toEqual([]);
      expectInvalidParam(await attempt({ offset: 'some' }), 'offset', 'rest_invalid_type');
    });

    it('shows the fields of the embed context and needs the right to edit posts for the edit context', async () => {
      const embed = await list({ context: 'embed' });
      for (const post of embed.body) expect(Object.keys(post).sort()).toEqual([...EMBED_FIELDS].sort());
      expectError(await attempt({ context: 'edit' }), 401, 'rest_forbidden_context');
      expectError(await attempt({ context: 'edit' }, 'subscriber'), 403, 'rest_forbidden_context');
      const edit = await list({ context: 'edit' }, 'editor');
      expect(edit.body[0].title.raw).toBe('Epsilon elderberry');
      expect(edit.body[0].content.raw).toBe('Small dark berries.');
      expect((await list({ context: 'edit' }, 'contributor')).status).toBe(200);
      expectInvalidParam(await attempt({ context: 'everything' }), 'context', 'rest_not_in_enum');
    });
  });

  describe('order', () => {
    it('orders by date either way, and by id, title, slug, modified and author', async () => {
      expect(await names({ order: 'asc' })).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
      expect(await names({ orderby: 'date', order: 'desc' })).toEqual(['P5', 'P4', 'P3', 'P2', 'P1']);
      expect(await names({ orderby: 'id', order: 'asc' })).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
      expect(await names({ orderby: 'id' })).toEqual(['P5', 'P4', 'P3', 'P2', 'P1']);
      expect(await names({ orderby: 'title', order: 'asc' })).toEqual(['P1', 'P2', 'P4', 'P5', 'P3']);
      expect(await names({ orderby: 'title', order: 'desc' })).toEqual(['P3', 'P5', 'P4', 'P2', 'P1']);
      expect(await names({ orderby: 'slug', order: 'asc' })).toEqual(['P1', 'P2', 'P4', 'P5', 'P3']);
      expect(await names({ orderby: 'modified' })).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
      expect(await names({ orderby: 'modified', order: 'asc' })).toEqual(['P5', 'P4', 'P3', 'P2', 'P1']);
      const byAuthor = (await list({ orderby: 'author', order: 'asc' })).body.map((post: { author: number }) => post.author);
      expect(byAuthor).toEqual([...byAuthor].sort((a, b) => a - b));
      expect(new Set(byAuthor)).toEqual(new Set([site.users.administrator.id, site.users.editor.id, site.users.author.id]));
      const byAuthorDesc = (await list({ orderby: 'author', order: 'desc' })).body.map((post: { author: number }) => post.author);
      expect(byAuthorDesc).toEqual([...byAuthorDesc].sort((a, b) => b - a));
      expect(await names({ orderby: 'parent' })).toHaveLength(5);
    });

    it('orders by the include list with orderby=include, which needs include', async () => {
      expect(await names({ include: [ids.P3, ids.P1, ids.P4], orderby: 'include' })).toEqual(['P3', 'P1', 'P4']);
      expect(await names({ include: [ids.P3, ids.P1, ids.P4], orderby: 'include', order: 'asc' })).toEqual(['P3', 'P1', 'P4']);
      expectError(await attempt({ orderby: 'include' }), 400, 'rest_orderby_include_missing_include');
    });

    it('orders by the slug list with orderby=include_slugs', async () => {
      expect(await names({ slug: ['gamma-grapes', 'alpha-apples', 'delta-dates'], orderby: 'include_slugs' })).toEqual(['P3', 'P1', 'P4']);
    });

    it('orders by relevance only with a search', async () => {
      expectError(await attempt({ orderby: 'relevance' }), 400, 'rest_no_search_term_defined');
      expectError(await attempt({ orderby: 'relevance', search: '' }), 400, 'rest_no_search_term_defined');
      // The title match first, although the content match is newer.
      expect(await names({ search: 'apples', orderby: 'relevance' })).toEqual(['P1', 'P4']);
      expect(await names({ search: 'apples' })).toEqual(['P4', 'P1']);
    });

    it('refuses unknown order values, and menu_order for posts', async () => {
      expectInvalidParam(await attempt({ orderby: 'popularity' }), 'orderby', 'rest_not_in_enum');
      expectInvalidParam(await attempt({ orderby: 'menu_order' }), 'orderby', 'rest_not_in_enum');
      expectInvalidParam(await attempt({ order: 'sideways' }), 'order', 'rest_not_in_enum');
    });
  });

  describe('filters', () => {
    it('includes and excludes ids, in every list form', async () => {
      expect(await names({ include: [ids.P1, ids.P3] })).toEqual(['P3', 'P1']);
      expect(await names({ include: `${ids.P1},${ids.P3}` })).toEqual(['P3', 'P1']);
      expect(await names({ exclude: [ids.P5, ids.P4] })).toEqual(['P3', 'P2', 'P1']);
      expect(await names({ include: [ids.P1, ids.P2, ids.P3], exclude: [ids.P2] })).toEqual(['P3', 'P1']);
      // An unpublished item stays out even when asked for by id.
      expect(await names({ include: [ids.D1, ids.P1] })).toEqual(['P1']);
      const result = await list({ include: [ids.P1, ids.P2] });
      expect(result.headers.get('x-wp-total')).toBe('2');
      expectInvalidParam(await attempt({ include: ['x'] }), 'include', 'rest_invalid_type');
      expectInvalidParam(await attempt({ exclude: ['x'] }), 'exclude', 'rest_invalid_type');
    });

    it('matches slugs', async () => {
      expect(await names({ slug: 'alpha-apples' })).toEqual(['P1']);
      expect(await names({ slug: ['alpha-apples', 'beta-bananas'] })).toEqual(['P2', 'P1']);
      expect(await names({ slug: 'alpha-apples,gamma-grapes' })).toEqual(['P3', 'P1']);
      expect(await names({ slug: 'no-such-slug' })).toEqual([]);
      expect(await names({ slug: 'kappa-trashed' })).toEqual([]);
    });

    it('filters by author and author_exclude', async () => {
      const { users } = site;
      expect(await names({ author: [users.editor.id] })).toEqual(['P2']);
      expect(await names({ author: [users.administrator.id, users.author.id] })).toEqual(['P5', 'P4', 'P3', 'P1']);
      expect(await names({ author: `${users.administrator.id},${users.editor.id}` })).toEqual(['P4', 'P2', 'P1']);
      expect(await names({ author_exclude: [users.administrator.id] })).toEqual(['P5', 'P3', 'P2']);
      expect(await names({ author: [users.author.id], author_exclude: [users.author.id] })).toEqual([]);
      expect(await names({ author: [users.subscriber.id] })).toEqual([]);
      expectInvalidParam(await attempt({ author: ['someone'] }), 'author', 'rest_invalid_type');
    });

    it('filters by publication date, after and before being exclusive', async () => {
      expect(await names({ after: '2021-01-03T00:00:00' })).toEqual(['P5', 'P4', 'P3']);
      expect(await names({ before: '2021-01-03T00:00:00' })).toEqual(['P2', 'P1']);
      expect(await names({ after: '2021-01-02T00:00:00', before: '2021-01-04T00:00:00' })).toEqual(['P3', 'P2']);
      expect(await names({ after: '2021-01-03T10:00:00' })).toEqual(['P5', 'P4']);
      expect(await names({ before: '2021-01-03T10:00:00' })).toEqual(['P2', 'P1']);
      expect(await names({ after: '2021-01-03T09:00:00-02:00' })).toEqual(['P5', 'P4']);
      expect(await names({ after: '2021-01-03T09:00:00Z' })).toEqual(['P5', 'P4', 'P3']);
      expectInvalidParam(await attempt({ after: 'last tuesday' }), 'after', 'rest_invalid_date');
      expectInvalidParam(await attempt({ before: '2021-13-45' }), 'before', 'rest_invalid_date');
    });

    it('reads dates without an offset in the site time zone', async () => {
      const store = site.running.site.context.store;
      const settings = getSettings(store);
      saveSettings(store, { ...settings, timezone_string: 'America/New_York' });
      try {
        // 05:30 in New York is 10:30 GMT: the post of the 3rd (10:00 GMT) is before it.
        expect(await names({ after: '2021-01-03T05:30:00' })).toEqual(['P5', 'P4']);
        expect(await names({ before: '2021-01-03T05:30:00' })).toEqual(['P3', 'P2', 'P1']);
        expect(await names({ after: '2021-01-03T05:30:00Z' })).toEqual(['P5', 'P4', 'P3']);
        // 21:00 in New York on the 3rd is 02:00 GMT on the 4th, after P2's modification.
        expect(await names({ modified_after: '2021-02-03T21:00:00' })).toEqual(['P1']);
      } finally {
        saveSettings(store, settings);
      }
      expect(await names({ after: '2021-01-03T05:30:00' })).toEqual(['P5', 'P4', 'P3']);
      expect(await names({ modified_after: '2021-02-03T21:00:00' })).toEqual(['P2', 'P1']);
    });

    it('filters by modification date', async () => {
      expect(await names({ modified_after: '2021-02-03T12:00:00' })).toEqual(['P2', 'P1']);
      expect(await names({ modified_before: '2021-02-02T12:00:00' })).toEqual(['P5', 'P4']);
      expect(await names({ modified_after: '2021-02-01T12:00:00', modified_before: '2021-02-04T12:00:00' })).toEqual(['P4', 'P3', 'P2']);
      expect(await names({ modified_after: '2021-02-03T00:00:00' })).toEqual(['P2', 'P1']);
      expect(await names({ modified_before: '2000-01-01T00:00:00' })).toEqual([]);
      expectInvalidParam(await attempt({ modified_after: 'soon' }), 'modified_after', 'rest_invalid_date');
      expectInvalidParam(await attempt({ modified_before: 'soon' }), 'modified_before', 'rest_invalid_date');
    });

    it('searches title, excerpt and content, case-insensitively, with phrases and exclusions', async () => {
      expect(await names({ search: 'apples' })).toEqual(['P4', 'P1']);
      expect(await names({ search: 'APPLES' })).toEqual(['P4', 'P1']);
      expect(await names({ search: 'fruit' })).toEqual(['P2', 'P1']);
      expect(await names({ search: 'yellow' })).toEqual(['P2']);
      expect(await names({ search: 'fruit -tropical' })).toEqual(['P1']);
      expect(await names({ search: 'orchard fruit' })).toEqual(['P1']);
      expect(await names({ search: '"dark berries"' })).toEqual(['P5']);
      expect(await names({ search: '"berries dark"' })).toEqual([]);
      const result = await list({ search: 'apples' });
      expect(result.headers.get('x-wp-total')).toBe('2');
      // Drafts are searched only by those who may see them.
      expect(await names({ search: 'apples', status: 'draft' }, 'editor')).toEqual(['D1']);
    });

    it('limits the search to search_columns', async () => {
      expect(await names({ search: 'apples', search_columns: ['post_title'] })).toEqual(['P1']);
      expect(await names({ search: 'apples', search_columns: ['post_content'] })).toEqual(['P4']);
      expect(await names({ search: 'yellow', search_columns: ['post_excerpt'] })).toEqual(['P2']);
      expect(await names({ search: 'yellow', search_columns: ['post_title', 'post_content'] })).toEqual([]);
      expect(await names({ search: 'apples', search_columns: ['post_title', 'post_content'] })).toEqual(['P4', 'P1']);
      expectInvalidParam(await attempt({ search: 'apples', search_columns: ['post_author'] }), 'search_columns', 'rest_not_in_enum');
    });

    it('matches whole fields with search_semantics=exact', async () => {
      expect(await names({ search: 'alpha apples', search_semantics: 'exact' })).toEqual(['P1']);
      expect(await names({ search: 'Alpha Apples', search_semantics: 'exact' })).toEqual(['P1']);
      expect(await names({ search: 'alpha', search_semantics: 'exact' })).toEqual([]);
      expect(await names({ search: 'Yellow and curved', search_semantics: 'exact' })).toEqual(['P2']);
      expect(await names({ search: 'Yellow and curved', search_semantics: 'exact', search_columns: ['post_title'] })).toEqual([]);
      expectInvalidParam(await attempt({ search: 'alpha', search_semantics: 'fuzzy' }), 'search_semantics', 'rest_not_in_enum');
    });

    it('filters by categories, with children and operators, and by excluded categories', async () => {
      expect(await names({ categories: [terms.news] })).toEqual(['P4', 'P1']);
      expect(await names({ categories: `${terms.news},${terms.tech}` })).toEqual(['P4', 'P3', 'P1']);
      expect(await names({ 'categories[terms]': [terms.news] })).toEqual(['P4', 'P1']);
      expect(await names({ 'categories[terms]': [terms.news], 'categories[include_children]': true })).toEqual(['P4', 'P2', 'P1']);
      expect(await names({ 'categories[terms]': [terms.news, terms.tech], 'categories[operator]': 'AND' })).toEqual(['P4']);
      expect(await names({ 'categories[terms]': [terms.news, terms.tech], 'categories[operator]': 'OR' })).toEqual(['P4', 'P3', 'P1']);
      expect(await names({ categories: [defaultCategory] })).toEqual(['P5']);
      expect(await names({ categories_exclude: [terms.news] })).toEqual(['P5', 'P3', 'P2']);
      expect(await names({ 'categories_exclude[terms]': [terms.news], 'categories_exclude[include_children]': true })).toEqual(['P5', 'P3']);
      expect(await names({ categories: [terms.news], categories_exclude: [terms.tech] })).toEqual(['P1']);
      expect(await names({ categories: [terms.sport] })).toEqual(['P2']);
    });

    it('filters by tags, with operators, and by excluded tags', async () => {
      expect(await names({ tags: [terms.red] })).toEqual(['P2', 'P1']);
      expect(await names({ tags: [terms.red, terms.blue] })).toEqual(['P3', 'P2', 'P1']);
      expect(await names({ 'tags[terms]': [terms.red, terms.blue], 'tags[operator]': 'AND' })).toEqual(['P2']);
      expect(await names({ tags_exclude: [terms.blue] })).toEqual(['P5', 'P4', 'P1']);
      expect(await names({ 'tags_exclude[terms]': [terms.blue] })).toEqual(['P5', 'P4', 'P1']);
      expect(await names({ tags: [terms.red], tags_exclude: [terms.blue] })).toEqual(['P1']);
    });

    it('reads term ids in the taxonomy of the parameter: a category id names no tag, a tag id no category', async () => {
      // Every form: plain list, object form with each operator, exclusions, with children.
      expect(await names({ tags: [terms.news] })).toEqual([]);
      expect(await names({ 'tags[terms]': [terms.news] })).toEqual([]);
      expect(await names({ 'tags[terms]': [terms.news, terms.red], 'tags[operator]': 'OR' })).toEqual(['P2', 'P1']);
      expect(await names({ 'tags[terms]': [terms.red, terms.news], 'tags[operator]': 'AND' })).toEqual([]);
      expect(await names({ tags_exclude: [terms.news] })).toEqual(['P5', 'P4', 'P3', 'P2', 'P1']);
      expect(await names({ 'tags_exclude[terms]': [terms.news] })).toEqual(['P5', 'P4', 'P3', 'P2', 'P1']);
      expect(await names({ categories: [terms.red] })).toEqual([]);
      expect(await names({ 'categories[terms]': [terms.red], 'categories[include_children]': true })).toEqual([]);
      expect(await names({ categories_exclude: [terms.blue] })).toEqual(['P5', 'P4', 'P3', 'P2', 'P1']);
      expect(await names({ 'categories_exclude[terms]': [terms.blue], 'categories_exclude[include_children]': true })).toEqual(['P5', 'P4', 'P3', 'P2', 'P1']);
      expect(await names({ categories: [terms.red], tags: [terms.red], tax_relation: 'OR' })).toEqual(['P2', 'P1']);
    });

    it('combines taxonomies with AND by default and OR with tax_relation', async () => {
      expect(await names({ categories: [terms.tech], tags: [terms.blue] })).toEqual(['P3']);
      expect(await names({ categories: [terms.tech], tags: [terms.blue], tax_relation: 'AND' })).toEqual(['P3']);
      expect(await names({ categories: [terms.tech], tags: [terms.red], tax_relation: 'OR' })).toEqual(['P4', 'P3', 'P2', 'P1']);
      expectInvalidParam(await attempt({ categories: [terms.tech], tax_relation: 'XOR' }), 'tax_relation', 'rest_not_in_enum');
    });

    it('refuses term filters outside the forms the spec lists', async () => {
      expectInvalidParam(await attempt({ 'categories[colour]': 'red' }), 'categories');
      expectInvalidParam(await attempt({ 'categories[operator]': 'XOR', 'categories[terms]': [terms.news] }), 'categories');
      expectInvalidParam(await attempt({ 'categories_exclude[operator]': 'AND', 'categories_exclude[terms]': [terms.news] }), 'categories_exclude');
      expectInvalidParam(await attempt({ 'tags[include_children]': true, 'tags[terms]': [terms.red] }), 'tags');
      expectInvalidParam(await attempt({ 'tags_exclude[operator]': 'AND', 'tags_exclude[terms]': [terms.red] }), 'tags_exclude');
      expectInvalidParam(await attempt({ 'tags_exclude[include_children]': true, 'tags_exclude[terms]': [terms.red] }), 'tags_exclude');
      expectInvalidParam(await attempt({ categories: ['news'] }), 'categories');
    });

    it('filters sticky and not sticky posts, and puts sticky ones first when not ignored', async () => {
      expect(await names({ sticky: true })).toEqual(['P5', 'P3']);
      expect(await names({ sticky: false })).toEqual(['P4', 'P2', 'P1']);
      expect(await names({ sticky: true, include: [ids.P3, ids.P1] })).toEqual(['P3']);
      expect(await names({ ignore_sticky: true })).toEqual(['P5', 'P4', 'P3', 'P2', 'P1']);
      expect(await names({ ignore_sticky: false, order: 'asc' })).toEqual(['P3', 'P5', 'P1', 'P2', 'P4']);
      expectInvalidParam(await attempt({ sticky: 'sometimes' }), 'sticky', 'rest_invalid_type');
    });

    it('filters by format', async () => {
      expect(await names({ format: ['aside'] })).toEqual(['P2']);
      expect(await names({ format: ['gallery', 'aside'] })).toEqual(['P3', 'P2']);
      expect(await names({ format: ['standard'] })).toEqual(['P5', 'P4', 'P1']);
      expect(await names({ format: ['video'] })).toEqual([]);
      expectInvalidParam(await attempt({ format: ['poem'] }), 'format', 'rest_not_in_enum');
      expectInvalidParam(await attempt({ format: ['aside', 'aside'] }), 'format', 'rest_duplicate_items');
    });
  });

  describe('statuses', () => {
    it('lets only those who may edit posts ask for other statuses than publish', async () => {
      expect(await names({ status: 'publish' })).toEqual(['P5', 'P4', 'P3', 'P2', 'P1']);
      for (const status of ['draft', 'any', 'private', 'trash']) {
        const anonymous = await attempt({ status });
        expectInvalidParam(anonymous, 'status', 'rest_forbidden_status');
        expect(anonymous.body.data.details.status.data.status).toBe(401);
        const subscriber = await attempt({ status }, 'subscriber');
        expectInvalidParam(subscriber, 'status', 'rest_forbidden_status');
        expect(subscriber.body.data.details.status.data.status).toBe(403);
      }
      expectInvalidParam(await attempt({ status: ['publish', 'draft'] }), 'status', 'rest_forbidden_status');
    });

    it('shows editors every item of the statuses asked for', async () => {
      expect(await names({ status: 'draft' }, 'editor')).toEqual(['C1', 'D1'].sort((a, b) => ids[b] - ids[a]));
      expect(await names({ status: 'private' }, 'editor')).toEqual(['V1']);
      expect(await names({ status: 'pending' }, 'editor')).toEqual(['PD']);
      expect(await names({ status: 'future' }, 'administrator')).toEqual(['F1']);
      expect(await names({ status: 'trash' }, 'editor')).toEqual(['T1']);
      expect(await names({ status: ['draft', 'pending'], orderby: 'id', order: 'asc' }, 'editor')).toEqual(['D1', 'C1', 'PD']);
      const any = await names({ status: 'any', orderby: 'id', order: 'asc', per_page: 20 }, 'editor');
      const expected = ['P1', 'P2', 'P3', 'P4', 'P5', 'D1', 'C1', 'V1', 'PD', 'F1'];
      if (deployment === 'b') expected.push('U1');
      expect(any).toEqual(expected);
      expect(any).not.toContain('T1');
      const result = await list({ status: 'any' }, 'editor');
      expect(result.headers.get('x-wp-total')).toBe(String(expected.length));
    });

    it('shows authors and contributors only their own unpublished items', async () => {
      expect(await names({ status: 'draft' }, 'author')).toEqual(['D1']);
      expect(await names({ status: 'draft' }, 'contributor')).toEqual(['C1']);
      expect(await names({ status: 'private' }, 'author')).toEqual([]);
      expect(await names({ status: 'pending' }, 'author')).toEqual([]);
      expect(await names({ status: 'pending' }, 'contributor')).toEqual(['PD']);
      expect(await names({ status: 'future' }, 'author')).toEqual([]);
      expect(await names({ status: 'any', orderby: 'id', order: 'asc' }, 'author')).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'D1']);
      expect(await names({ status: 'any', orderby: 'id', order: 'asc' }, 'contributor')).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'C1', 'PD']);
      expect((await list({ status: 'draft' }, 'author')).headers.get('x-wp-total')).toBe('1');
    });

    it('accepts exactly the deployment’s filter statuses', async () => {
      expectInvalidParam(await attempt({ status: 'bogus' }, 'administrator'), 'status', 'rest_not_in_enum');
      for (const status of ['auto-draft', 'inherit', 'request-pending', 'request-confirmed', 'request-failed', 'request-completed']) {
        expect(await names({ status }, 'administrator')).toEqual([]);
      }
      for (const status of ['ext-disabled', 'read', 'ext-rewrite-republish']) {
        if (deployment === 'a') expectInvalidParam(await attempt({ status }, 'administrator'), 'status', 'rest_not_in_enum');
        else expect(await names({ status }, 'administrator')).toEqual([]);
      }
      if (deployment === 'a') expectInvalidParam(await attempt({ status: 'unread' }, 'administrator'), 'status', 'rest_not_in_enum');
      else expect(await names({ status: 'unread' }, 'administrator')).toEqual(['U1']);
    });
  });
});
