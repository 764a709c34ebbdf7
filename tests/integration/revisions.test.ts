// Revisions and autosaves of posts and pages over real HTTP: when a revision is kept, the
// list with its paging parameters and headers, reading one, deleting (force only), who
// may do what, and autosaves (the author's own draft in place, one per user otherwise).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { expectError, itemVersionTag } from '../helpers/expect-api.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite('a');
});
afterAll(async () => {
  await site.close();
});

interface Revision {
  id: number;
  parent: number;
  author: number;
  slug: string;
  date: string;
  date_gmt: string;
  modified: string;
  modified_gmt: string;
  guid: { rendered: string; raw?: string };
  title: { raw?: string; rendered: string };
  content: { raw?: string; rendered: string };
  excerpt: { raw?: string; rendered: string };
  preview_link?: string;
  _links: { parent: { href: string }[] };
}

const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

const TYPES = [
  { type: 'posts', owner: 'author', editors: ['editor', 'administrator'], denied: ['contributor', 'subscriber'] },
  { type: 'pages', owner: 'editor', editors: ['administrator'], denied: ['author', 'contributor', 'subscriber'] },
] as const;

describe.each(TYPES)('revisions of $type', ({ type, owner, editors, denied }) => {
  const other: TestRole = editors[0];

  const create = async (body: Record<string, unknown>, as: TestRole = owner) => {
    const result = await site.api(`cms/v2/${type}`, { method: 'POST', as, body });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body as { id: number; title: { raw: string }; content: { raw: string }; excerpt: { raw: string } };
  };
  const update = async (id: number, body: Record<string, unknown>, as: TestRole = owner) => {
    const result = await site.api(`cms/v2/${type}/${id}`, { method: 'POST', as, body });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body;
  };
  /**
   * An item created without text, then saved with `body`: its history starts with that
   * save, whether or not a site keeps a revision of the creation itself.
   */
  const createSaved = async (body: Record<string, unknown>, as: TestRole = owner) => {
    const { id } = await create({ status: body.status ?? 'publish' }, as);
    await update(id, body, as);
    return id;
  };
  const list = (id: number, query: Record<string, string | number | boolean | number[]> = {}, as: TestRole | null = owner) =>
    site.api<Revision[]>(`cms/v2/${type}/${id}/revisions`, { as, query });
  const editList = async (id: number, query: Record<string, string | number | boolean | number[]> = {}) => {
    const result = await list(id, { context: 'edit', ...query });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body;
  };
  const total = async (id: number) => Number((await list(id)).headers.get('x-wp-total'));

  describe('when they are kept', () => {
    // The other tests save the shared item again; each compares with what it found.
    const saveFirst = () => createSaved({ title: 'Title 1', content: 'Content 1', excerpt: 'Excerpt 1', status: 'publish' });
    let id: number;
    beforeAll(async () => {
      id = await saveFirst();
    });

    it('keeps the state after a save as the newest revision', async () => {
      const id = await saveFirst();
      const [latest, ...older] = await editList(id);
      expect(older).toEqual([]);
      expect(latest).toMatchObject({ parent: id, title: { raw: 'Title 1' }, content: { raw: 'Content 1' }, excerpt: { raw: 'Excerpt 1' } });
    });

    it.each([
      ['title', { title: 'Title 2' }],
      ['content', { content: 'Content 2' }],
      ['excerpt', { excerpt: 'Excerpt 2' }],
      ['title given as {raw}', { title: { raw: 'Title 3' } }],
    ])('keeps one more when the %s changes', async (_what, body) => {
      const before = await total(id);
      const saved = await update(id, body);
      expect(await total(id)).toBe(before + 1);
      const [latest] = await editList(id);
      expect(latest.title.raw).toBe(saved.title.raw);
      expect(latest.content.raw).toBe(saved.content.raw);
      expect(latest.excerpt.raw).toBe(saved.excerpt.raw);
    });

    it.each(['title', 'content', 'excerpt'] as const)('keeps one more when the %s changes only in letter case, then in a trailing space', async (field) => {
      const current = (await site.api(`cms/v2/${type}/${id}`, { as: owner, query: { context: 'edit' } })).body;
      const text = `${current[field].raw || field}`;
      for (const changed of [text.toUpperCase() === text ? text.toLowerCase() : text.toUpperCase(), `${text} `]) {
        const before = await total(id);
        await update(id, { [field]: changed });
        expect(await total(id)).toBe(before + 1);
        expect((await editList(id))[0][field].raw).toBe(changed);
      }
    });

    it('keeps none when nothing tracked changes', async () => {
      const before = await total(id);
      const current = (await site.api(`cms/v2/${type}/${id}`, { as: owner, query: { context: 'edit' } })).body;
      await update(id, { title: current.title.raw, content: current.content.raw, excerpt: current.excerpt.raw });
      await update(id, { slug: 'a-new-slug' });
      await update(id, { comment_status: 'closed', ping_status: 'closed' });
      await update(id, { date: '2020-01-02T03:04:05' });
      await update(id, { status: 'draft' });
      await update(id, { status: 'publish' });
      expect(await total(id)).toBe(before);
    });

    it('counts them in the item’s links, read alone or in a list', async () => {
      const item = (await site.api(`cms/v2/${type}/${id}`, { as: owner })).body;
      const listed = (await site.api(`cms/v2/${type}`, { as: owner, query: { include: [id], status: 'any' } })).body;
      const revisions = await editList(id);
      for (const shown of [item, listed[0]]) {
        expect(shown._links['version-history'][0]).toEqual({ count: revisions.length, href: `${site.apiRoot}cms/v2/${type}/${id}/revisions` });
        expect(shown._links['predecessor-version'][0]).toEqual({ id: revisions[0].id, href: `${site.apiRoot}cms/v2/${type}/${id}/revisions/${revisions[0].id}` });
      }
    });

    it('records who made each change as the revision’s author', async () => {
      await update(id, { content: `Changed by ${other}` }, other);
      const [latest, previous] = await editList(id);
      expect(latest.author).toBe(site.users[other].id);
      expect(previous.author).toBe(site.users[owner].id);
    });
  });

  describe('list and read', () => {
    let id: number;
    let otherId: number;
    /** Newest first. */
    let all: Revision[];

    beforeAll(async () => {
      id = await createSaved({ title: 'Paged 1', content: 'alpha one', excerpt: 'first', status: 'publish' });
      for (let n = 2; n <= 5; n++) await update(id, { title: `Paged ${n}`, content: n === 3 ? 'beta three' : `alpha ${n}` });
      otherId = await createSaved({ title: 'Another', content: 'Another', status: 'publish' });
      all = await editList(id);
    });

    it('lists every revision, newest first, with X-WP-Total and one page when per_page is not given', async () => {
      const result = await list(id, { context: 'edit' });
      expect(result.body.map((revision) => revision.title.raw)).toEqual(['Paged 5', 'Paged 4', 'Paged 3', 'Paged 2', 'Paged 1']);
      expect(result.headers.get('x-wp-total')).toBe('5');
      expect(result.headers.get('x-wp-totalpages')).toBe('1');
      expect(result.headers.get('link')).not.toMatch(/rel="(next|prev)"/);
    });

    it('gives each revision its fields in the edit context', () => {
      const [latest] = all;
      expect(latest).toMatchObject({ parent: id, author: site.users[owner].id, slug: `${id}-revision-v1` });
      for (const field of ['date', 'date_gmt', 'modified', 'modified_gmt'] as const) expect(latest[field]).toMatch(DATE);
      expect(latest.title).toEqual({ raw: 'Paged 5', rendered: 'Paged 5' });
      expect(latest.content.raw).toBe('alpha 5');
      expect(latest.content.rendered).toContain('alpha 5');
      expect(latest.excerpt.raw).toBe('first');
      expect(latest.guid.rendered).toMatch(/^http/);
      expect(latest._links.parent[0].href).toBe(`${site.apiRoot}cms/v2/${type}/${id}`);
      expect(new Set(all.map((revision) => revision.id)).size).toBe(5);
      expect(latest).not.toHaveProperty('preview_link');
    });

    it('leaves raw values out of the view context and more out of the embed context', async () => {
      const [view] = (await list(id)).body;
      expect(view.title).toEqual({ rendered: 'Paged 5' });
      expect(view.content).toEqual({ rendered: expect.stringContaining('alpha 5') });
      expect(view).toHaveProperty('date_gmt');
      const [embed] = (await list(id, { context: 'embed' })).body;
      expect(Object.keys(embed).sort()).toEqual(['_links', 'author', 'date', 'excerpt', 'id', 'parent', 'slug', 'title']);
      expect(embed.excerpt).toEqual({ rendered: expect.stringContaining('first') });
    });

    it('pages with per_page and page, with totals and prev/next links', async () => {
      const first = await list(id, { per_page: 2, context: 'edit' });
      expect(first.body.map((revision) => revision.id)).toEqual(all.slice(0, 2).map((revision) => revision.id));
      expect(first.headers.get('x-wp-total')).toBe('5');
      expect(first.headers.get('x-wp-totalpages')).toBe('3');
      const firstLinks = first.headers.get('link')!;
      expect(firstLinks).not.toContain('rel="prev"');
      const next = /<([^>]+)>; rel="next"/.exec(firstLinks)![1];
      const nextUrl = new URL(next);
      expect(`${nextUrl.origin}${nextUrl.pathname}`).toBe(`${site.apiRoot}cms/v2/${type}/${id}/revisions`);
      expect(nextUrl.searchParams.get('page')).toBe('2');
      expect(nextUrl.searchParams.get('per_page')).toBe('2');

      const second = await list(id, { per_page: 2, page: 2 });
      expect(second.body.map((revision) => revision.id)).toEqual(all.slice(2, 4).map((revision) => revision.id));
      expect(second.headers.get('link')).toMatch(/page=1[^>]*>; rel="prev"/);
      expect(second.headers.get('link')).toMatch(/page=3[^>]*>; rel="next"/);

      const third = await list(id, { per_page: 2, page: 3 });
      expect(third.body.map((revision) => revision.id)).toEqual([all[4].id]);
      expect(third.headers.get('link')).toContain('rel="prev"');
      expect(third.headers.get('link')).not.toContain('rel="next"');
    });

    it('refuses a page past the last with 400 rest_revision_invalid_page_number', async () => {
      expectError(await list(id, { per_page: 2, page: 4 }), 400, 'rest_revision_invalid_page_number');
      expectError(await list(id, { page: 2 }), 400, 'rest_revision_invalid_page_number');
    });

    it('skips with offset, and refuses an offset at or past the end with 400 rest_revision_invalid_offset_number', async () => {
      const result = await list(id, { offset: 1, per_page: 2 });
      expect(result.body.map((revision) => revision.id)).toEqual(all.slice(1, 3).map((revision) => revision.id));
      expect(result.headers.get('x-wp-total')).toBe('5');
      expectError(await list(id, { offset: 5 }), 400, 'rest_revision_invalid_offset_number');
      expectError(await list(id, { offset: 9, per_page: 2 }), 400, 'rest_revision_invalid_offset_number');
    });

    it('orders by date, id or title, either way', async () => {
      const ids = all.map((revision) => revision.id);
      expect((await list(id, { order: 'asc' })).body.map((revision) => revision.id)).toEqual([...ids].reverse());
      expect((await list(id, { orderby: 'id', order: 'asc' })).body.map((revision) => revision.id)).toEqual([...ids].sort((a, b) => a - b));
      expect((await list(id, { orderby: 'title', order: 'asc', context: 'edit' })).body.map((revision) => revision.title.raw))
        .toEqual(['Paged 1', 'Paged 2', 'Paged 3', 'Paged 4', 'Paged 5']);
    });

    it('filters with include and exclude, and orders by include', async () => {
      const picked = [all[3].id, all[0].id, all[2].id];
      const included = await list(id, { include: picked, orderby: 'include' });
      expect(included.body.map((revision) => revision.id)).toEqual(picked);
      expect(included.headers.get('x-wp-total')).toBe('3');
      const excluded = await list(id, { exclude: [all[0].id, all[1].id] });
      expect(excluded.body.map((revision) => revision.id)).toEqual(all.slice(2).map((revision) => revision.id));
    });

    it('searches the revisions’ text', async () => {
      const found = await list(id, { search: 'beta', context: 'edit' });
      expect(found.body.map((revision) => revision.content.raw)).toEqual(['beta three']);
      expect(found.headers.get('x-wp-total')).toBe('1');
      expect((await list(id, { search: 'Paged 4', context: 'edit' })).body.map((revision) => revision.title.raw)).toEqual(['Paged 4']);
      expect((await list(id, { search: 'alpha', orderby: 'relevance' })).body).toHaveLength(4);
      const none = await list(id, { search: 'nowhere-to-be-found' });
      expect(none.body).toEqual([]);
      expect(none.headers.get('x-wp-total')).toBe('0');
    });

    it('refuses orderby relevance without a search and orderby include without include (400)', async () => {
      expectError(await list(id, { orderby: 'relevance' }), 400, 'rest_no_search_term_defined');
      expectError(await list(id, { orderby: 'include' }), 400, 'rest_orderby_include_missing_include');
    });

    it('validates the paging parameters (400 rest_invalid_param)', async () => {
      const queries: Record<string, string | number>[] = [{ per_page: 0 }, { per_page: 101 }, { page: 0 }, { order: 'sideways' }, { orderby: 'author' }, { context: 'print' }];
      for (const query of queries) {
        expectError(await list(id, query), 400, 'rest_invalid_param');
      }
      expect((await list(id, { per_page: 100 })).status).toBe(200);
    });

    it('reads one revision by id, the same as in the list', async () => {
      const result = await site.api<Revision>(`cms/v2/${type}/${id}/revisions/${all[2].id}`, { as: owner, query: { context: 'edit' } });
      expect(result.status).toBe(200);
      expect(result.body).toEqual(all[2]);
      const view = await site.api<Revision>(`cms/v2/${type}/${id}/revisions/${all[2].id}`, { as: owner });
      expect(view.body.title).toEqual({ rendered: all[2].title.rendered });
    });

    it('answers 404 for a revision of another item, an id that is no revision, and a missing or wrong parent', async () => {
      const [otherRevision] = await editList(otherId);
      expectError(await site.api(`cms/v2/${type}/${id}/revisions/${otherRevision.id}`, { as: owner }), 404, 'rest_revision_parent_id_mismatch');
      expectError(await site.api(`cms/v2/${type}/${id}/revisions/${otherId}`, { as: owner }), 404, 'rest_post_invalid_id');
      expectError(await site.api(`cms/v2/${type}/${id}/revisions/999999`, { as: owner }), 404, 'rest_post_invalid_id');
      expectError(await site.api(`cms/v2/${type}/999999/revisions`, { as: owner }), 404, 'rest_post_invalid_parent');
      expectError(await site.api(`cms/v2/${type}/999999/revisions/${all[0].id}`, { as: owner }), 404, 'rest_post_invalid_parent');
      const otherType = type === 'posts' ? 'pages' : 'posts';
      expectError(await site.api(`cms/v2/${otherType}/${id}/revisions`, { as: 'administrator' }), 404, 'rest_post_invalid_parent');
    });
  });

  describe('delete', () => {
    /** An item saved three times. */
    const doomed = async () => {
      const id = await createSaved({ title: 'Doomed 1', content: 'x', status: 'publish' });
      await update(id, { title: 'Doomed 2' });
      await update(id, { title: 'Doomed 3' });
      return id;
    };
    let id: number;
    beforeAll(async () => {
      id = await doomed();
    });

    it('refuses to trash a revision: 501 rest_trash_not_supported, saying to use force, and keeps it', async () => {
      const [latest] = await editList(id);
      const queries: Record<string, string | boolean>[] = [{}, { force: false }, { force: 'false' }];
      for (const query of queries) {
        const result = await site.api(`cms/v2/${type}/${id}/revisions/${latest.id}`, { method: 'DELETE', as: owner, query });
        expectError(result, 501, 'rest_trash_not_supported');
        expect(result.body.message).toMatch(/trash/i);
        expect(result.body.message).toContain('force');
      }
      expect((await site.api(`cms/v2/${type}/${id}/revisions/${latest.id}`, { as: owner })).status).toBe(200);
    });

    it('deletes it with force=true, answering with the revision as it was', async () => {
      // An item of its own: the test of who may delete deletes the shared item's newest revision.
      const id = await doomed();
      const [latest, previous] = await editList(id);
      const before = await total(id);
      const result = await site.api(`cms/v2/${type}/${id}/revisions/${latest.id}`, { method: 'DELETE', as: owner, query: { force: true } });
      expect(result.status).toBe(200);
      expect(result.body.deleted).toBe(true);
      expect(result.body.previous).toMatchObject({ id: latest.id, parent: id, title: { raw: 'Doomed 3' } });
      expectError(await site.api(`cms/v2/${type}/${id}/revisions/${latest.id}`, { as: owner }), 404, 'rest_post_invalid_id');
      expect(await total(id)).toBe(before - 1);
      // The item itself is untouched, and its links point at the revision now newest.
      const item = (await site.api(`cms/v2/${type}/${id}`, { as: owner, query: { context: 'edit' } })).body;
      expect(item.title.raw).toBe('Doomed 3');
      expect(item._links['predecessor-version'][0].id).toBe(previous.id);
    });

    it('lets only those who may delete the item delete its revisions', async () => {
      const [latest] = await editList(id);
      for (const role of denied) {
        expectError(await site.api(`cms/v2/${type}/${id}/revisions/${latest.id}`, { method: 'DELETE', as: role, query: { force: true } }), 403, 'rest_cannot_delete');
      }
      expectError(await site.api(`cms/v2/${type}/${id}/revisions/${latest.id}`, { method: 'DELETE', as: null, query: { force: true } }), 401, 'rest_cannot_delete');
      expect((await site.api(`cms/v2/${type}/${id}/revisions/${latest.id}`, { as: owner })).status).toBe(200);
      const deleted = await site.api(`cms/v2/${type}/${id}/revisions/${latest.id}`, { method: 'DELETE', as: other, query: { force: true } });
      expect(deleted.status).toBe(200);
      expectError(await site.api(`cms/v2/${type}/${id}/revisions/${latest.id}`, { method: 'DELETE', as: owner, query: { force: true } }), 404, 'rest_post_invalid_id');
    });

    it('goes with the item when the item is deleted for good', async () => {
      const doomed = await createSaved({ title: 'Gone 1', content: 'x', status: 'publish' });
      await update(doomed, { title: 'Gone 2' });
      await site.api(`cms/v2/${type}/${doomed}/autosaves`, { method: 'POST', as: other, body: { title: 'Gone 3', content: 'y', excerpt: '' } });
      const children = () => site.running.site.context.store.get<{ n: number }>("SELECT COUNT(*) AS n FROM posts WHERE parent = ? AND type = 'revision'", doomed)!.n;
      expect(children()).toBe(3);
      // Trashing keeps the history.
      expect((await site.api(`cms/v2/${type}/${doomed}`, { method: 'DELETE', as: owner })).status).toBe(200);
      expect(children()).toBe(3);
      expect((await site.api(`cms/v2/${type}/${doomed}`, { method: 'DELETE', as: owner, query: { force: true } })).status).toBe(200);
      expect(children()).toBe(0);
      expectError(await site.api(`cms/v2/${type}/${doomed}/revisions`, { as: owner }), 404, 'rest_post_invalid_parent');
    });
  });

  describe('who may read them', () => {
    let id: number;
    let revisionId: number;
    beforeAll(async () => {
      id = await createSaved({ title: 'Guarded', content: 'x', status: 'publish' });
      revisionId = (await editList(id))[0].id;
    });

    it.each([owner, ...editors])('lets the %s, who may edit the item', async (role) => {
      expect((await list(id, {}, role)).status).toBe(200);
      expect((await site.api(`cms/v2/${type}/${id}/revisions/${revisionId}`, { as: role })).status).toBe(200);
    });

    it.each(denied)('refuses the %s (403 rest_cannot_read)', async (role) => {
      expectError(await list(id, {}, role), 403, 'rest_cannot_read');
      expectError(await site.api(`cms/v2/${type}/${id}/revisions/${revisionId}`, { as: role }), 403, 'rest_cannot_read');
    });

    it('refuses a visitor without credentials (401 rest_cannot_read), even for a published item', async () => {
      expectError(await list(id, {}, null), 401, 'rest_cannot_read');
      expectError(await list(id, { context: 'embed' }, null), 401, 'rest_cannot_read');
      expectError(await site.api(`cms/v2/${type}/${id}/revisions/${revisionId}`), 401, 'rest_cannot_read');
    });

    if (type === 'posts') {
      it('follows the contributor’s rights: own drafts yes, own published posts no', async () => {
        const draft = await createSaved({ title: 'Contributor draft', content: 'x', status: 'draft' }, 'contributor');
        await update(draft, { title: 'Contributor draft 2' }, 'contributor');
        expect((await list(draft, {}, 'contributor')).body).toHaveLength(2);
        await update(draft, { status: 'publish' }, 'editor');
        expectError(await list(draft, {}, 'contributor'), 403, 'rest_cannot_read');
      });
    }
  });
});

describe.each(TYPES)('autosaves of $type', ({ type, owner, editors, denied }) => {
  const other: TestRole = editors[0];

  const create = async (body: Record<string, unknown>, as: TestRole = owner) => {
    const result = await site.api(`cms/v2/${type}`, { method: 'POST', as, body });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body as { id: number; link: string };
  };
  const autosave = (id: number, body: Record<string, unknown>, as: TestRole | null) =>
    site.api<Revision>(`cms/v2/${type}/${id}/autosaves`, { method: 'POST', as, body });
  const autosaves = (id: number, as: TestRole = owner, context = 'edit') =>
    site.api<Revision[]>(`cms/v2/${type}/${id}/autosaves`, { as, query: { context } });
  const read = async (id: number) => (await site.api(`cms/v2/${type}/${id}`, { as: owner, query: { context: 'edit' } })).body;
  const revisionCount = async (id: number) => Number((await site.api(`cms/v2/${type}/${id}/revisions`, { as: owner })).headers.get('x-wp-total'));

  it('saves the author’s own draft in place, keeping no autosave and no revision', async () => {
    const draft = await create({ title: 'Draft v1', content: 'Body v1', excerpt: 'Short v1', status: 'draft' });
    const revisions = await revisionCount(draft.id);
    const result = await autosave(draft.id, { title: 'Draft v2', content: 'Body v2', excerpt: 'Short v2' }, owner);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ id: draft.id, parent: 0, title: { raw: 'Draft v2' }, content: { raw: 'Body v2' }, excerpt: { raw: 'Short v2' } });
    expect(result.body.preview_link).toContain('preview=true');
    expect(result.body.preview_link).toContain(String(draft.id));
    const saved = await read(draft.id);
    expect(saved).toMatchObject({ status: 'draft', title: { raw: 'Draft v2' }, content: { raw: 'Body v2' }, excerpt: { raw: 'Short v2' } });
    expect((await autosaves(draft.id)).body).toEqual([]);
    expect(await revisionCount(draft.id)).toBe(revisions);
  });

  it('keeps another user’s changes to a draft in their own autosave, leaving the draft alone', async () => {
    const draft = await create({ title: 'Owned draft', content: 'Original', excerpt: '', status: 'draft' });
    const result = await autosave(draft.id, { title: 'Owned draft', content: `Suggested by ${other}`, excerpt: '' }, other);
    expect(result.status).toBe(200);
    expect(result.body.id).not.toBe(draft.id);
    expect(result.body).toMatchObject({ parent: draft.id, author: site.users[other].id, slug: `${draft.id}-autosave-v1`, content: { raw: `Suggested by ${other}` } });
    expect((await read(draft.id)).content.raw).toBe('Original');
  });

  it('keeps one autosave per user and item, replaced by the next, and changes neither the item nor its revisions', async () => {
    const published = await create({ title: 'Live title', content: 'Live body', excerpt: 'Live excerpt', status: 'publish' });
    const revisions = await revisionCount(published.id);

    const ownFirst = await autosave(published.id, { title: 'Live title', content: 'Owner edit 1', excerpt: 'Live excerpt' }, owner);
    expect(ownFirst.status).toBe(200);
    expect(ownFirst.body.id).not.toBe(published.id);
    const otherFirst = (await autosave(published.id, { title: 'Other title', content: 'Other edit 1', excerpt: 'Other excerpt' }, other)).body;
    const otherSecond = (await autosave(published.id, { title: 'Other title 2', content: 'Other edit 2', excerpt: 'Other excerpt' }, other)).body;
    expect(otherSecond.id).toBe(otherFirst.id);
    expect(otherSecond.id).not.toBe(ownFirst.body.id);
    expect(otherSecond).toMatchObject({ parent: published.id, author: site.users[other].id, title: { raw: 'Other title 2' }, content: { raw: 'Other edit 2' } });

    const listed = await autosaves(published.id);
    expect(listed.status).toBe(200);
    const byAuthor = new Map(listed.body.map((item) => [item.author, item]));
    expect(listed.body).toHaveLength(2);
    expect(byAuthor.get(site.users[owner].id)).toMatchObject({ id: ownFirst.body.id, content: { raw: 'Owner edit 1' } });
    expect(byAuthor.get(site.users[other].id)).toMatchObject({ id: otherFirst.id, content: { raw: 'Other edit 2' }, title: { raw: 'Other title 2' } });

    const item = await read(published.id);
    expect(item).toMatchObject({ status: 'publish', title: { raw: 'Live title' }, content: { raw: 'Live body' }, excerpt: { raw: 'Live excerpt' } });
    expect(await revisionCount(published.id)).toBe(revisions);
    const storedAutosaves = site.running.site.context.store.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM posts WHERE parent = ? AND type = 'revision' AND autosave = 1", published.id,
    )!.n;
    expect(storedAutosaves).toBe(2);
  });

  describe('with a precondition on the item as the writer loaded it', () => {
    const versionOf = async (id: number) => {
      const result = await site.api(`cms/v2/${type}/${id}`, { as: owner, query: { context: 'edit' } });
      return { etag: result.headers.get('etag')!, lastModified: result.headers.get('last-modified')! };
    };
    const storedAutosaves = (id: number) => site.running.site.context.store.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM posts WHERE parent = ? AND type = 'revision' AND autosave = 1", id,
    )!.n;
    const PATHS = [
      { path: 'the author’s own draft', status: 'draft', as: owner },
      { path: 'an autosave revision', status: 'publish', as: owner },
      { path: 'another user’s autosave of a draft', status: 'draft', as: other },
    ] as const;

    describe.each(PATHS)('on $path', ({ status, as }) => {
      it.each(['if-match', 'if-unmodified-since'] as const)('refuses a stale %s with 412 and writes nothing', async (precondition) => {
        const item = await create({ title: 'Loaded', content: 'Loaded words', excerpt: '', status });
        const loaded = await versionOf(item.id);
        // Changed elsewhere after the writer loaded it (a second later, as every change is).
        await site.api(`cms/v2/${type}/${item.id}`, { method: 'PUT', as: owner, body: { content: 'Changed elsewhere' } });
        const header = precondition === 'if-match' ? loaded.etag : loaded.lastModified;
        const result = await site.api(`cms/v2/${type}/${item.id}/autosaves`, { method: 'POST', as, headers: { [precondition]: header }, body: { title: 'Loaded', content: 'Stale autosave' } });
        expectError(result, 412, 'rest_precondition_failed');
        expect(result.body.data.current.content.raw).toBe('Changed elsewhere');
        expect((await read(item.id)).content.raw).toBe('Changed elsewhere');
        expect(storedAutosaves(item.id)).toBe(0);
      });

      it('saves with a current precondition and answers the item’s version for the next write', async () => {
        const item = await create({ title: 'Loaded', content: 'Loaded words', excerpt: '', status });
        const loaded = await versionOf(item.id);
        const result = await site.api(`cms/v2/${type}/${item.id}/autosaves`, { method: 'POST', as, headers: { 'if-match': loaded.etag }, body: { title: 'Loaded', content: 'Fresh autosave' } });
        expect(result.status, JSON.stringify(result.body)).toBe(200);
        const after = await versionOf(item.id);
        // The answer shows the autosave, its tag names the item's version (with the digest of this answer).
        expect({ etag: itemVersionTag(result.headers.get('etag')), lastModified: result.headers.get('last-modified') })
          .toEqual({ ...after, etag: itemVersionTag(after.etag) });
        const next = await site.api(`cms/v2/${type}/${item.id}`, { method: 'PUT', as: owner, headers: { 'if-match': result.headers.get('etag')! }, body: { content: 'Saved after the autosave' } });
        expect(next.status, JSON.stringify(next.body)).toBe(200);
      });
    });
  });

  it('reads an autosave by id, with a preview link in the edit context only', async () => {
    const published = await create({ title: 'Previewed', content: 'Live', excerpt: '', status: 'publish' });
    const saved = (await autosave(published.id, { title: 'Previewed', content: 'Pending change', excerpt: '' }, other)).body;
    const edit = await site.api<Revision>(`cms/v2/${type}/${published.id}/autosaves/${saved.id}`, { as: other, query: { context: 'edit' } });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ id: saved.id, parent: published.id, content: { raw: 'Pending change' } });
    const preview = new URL(edit.body.preview_link!);
    expect(preview.origin).toBe(site.url);
    expect(preview.searchParams.get('preview')).toBe('true');
    expect(preview.searchParams.get('preview_id')).toBe(String(published.id));
    expect(edit.body._links.parent[0].href).toBe(`${site.apiRoot}cms/v2/${type}/${published.id}`);
    const view = await site.api<Revision>(`cms/v2/${type}/${published.id}/autosaves/${saved.id}`, { as: other });
    expect(view.status).toBe(200);
    expect(view.body).not.toHaveProperty('preview_link');
    expect(view.body.content).toEqual({ rendered: expect.stringContaining('Pending change') });
    expect((await autosaves(published.id, other, 'view')).body[0]).not.toHaveProperty('preview_link');
    expect((await autosaves(published.id, other, 'edit')).body[0].preview_link).toBe(edit.body.preview_link);
  });

  it('answers 404 for the autosave of an item that has none', async () => {
    const published = await create({ title: 'Never autosaved', content: 'Live', excerpt: '', status: 'publish' });
    expect((await autosaves(published.id, other)).body).toEqual([]);
    expect((await site.api(`cms/v2/${type}/${published.id}/autosaves/999999`, { as: other })).status).toBe(404);
  });

  it('lets only those who may edit the item autosave it or see its autosaves', async () => {
    const published = await create({ title: 'Locked', content: 'Live', excerpt: '', status: 'publish' });
    await autosave(published.id, { title: 'Locked', content: 'Mine', excerpt: '' }, other);
    for (const role of denied) {
      expectError(await autosave(published.id, { content: 'Not mine' }, role), 403, 'rest_cannot_edit');
      expectError(await autosaves(published.id, role), 403, 'rest_cannot_read');
    }
    expectError(await autosave(published.id, { content: 'Anonymous' }, null), 401, 'rest_cannot_edit');
    expectError(await site.api(`cms/v2/${type}/${published.id}/autosaves`), 401, 'rest_cannot_read');
    expect((await autosaves(published.id, owner)).body).toHaveLength(1);
  });

  it('answers 404 for an item that does not exist or is of another type', async () => {
    expectError(await autosave(999999, { content: 'x' }, 'administrator'), 404, 'rest_post_invalid_id');
    expectError(await site.api(`cms/v2/${type}/999999/autosaves`, { as: 'administrator' }), 404, 'rest_post_invalid_parent');
    const otherType = type === 'posts' ? 'pages' : 'posts';
    const item = await create({ title: 'Typed', status: 'publish' });
    expectError(await site.api(`cms/v2/${otherType}/${item.id}/autosaves`, { method: 'POST', as: 'administrator', body: { content: 'x' } }), 404, 'rest_post_invalid_id');
  });
});
