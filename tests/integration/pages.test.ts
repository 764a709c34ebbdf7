// Pages over real HTTP against a real site in a temp dir, in both deployments: what differs
// from posts (parent, menu_order, no format/sticky/terms, the page capabilities of the
// standard roles), their writes, and their collection's filters and order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import type { QueryParams } from '../helpers/http-request.ts';
import type { DeploymentName } from '../../server/site-context.ts';
import { expectError, expectInvalidParam, sorted } from '../helpers/expect-api.ts';

const PAGE_EDIT_FIELDS = [
  'id', 'date', 'date_gmt', 'guid', 'modified', 'modified_gmt', 'slug', 'status', 'type', 'link', 'password',
  'permalink_template', 'generated_slug', 'parent', 'title', 'content', 'author', 'excerpt', 'featured_media',
  'comment_status', 'ping_status', 'menu_order', 'meta', 'template', '_links',
];
const PAGE_VIEW_FIELDS = PAGE_EDIT_FIELDS.filter((field) => !['password', 'permalink_template', 'generated_slug'].includes(field));
const EMBED_FIELDS = ['id', 'date', 'slug', 'type', 'link', 'title', 'author', 'excerpt', 'featured_media', '_links'];
const META_DEFAULTS: Record<DeploymentName, Record<string, unknown>> = {
  a: { inline_featured_image: false, footnotes: '' },
  b: { _ext_changed: false, _builder_hide_in_design_set: false, _builder_tags: '', footnotes: '' },
};

describe.each(['a', 'b'] as const)('pages: writes and reads (deployment %s)', (deployment) => {
  let site: TestSite;

  const create = async (body: Record<string, unknown>, as: TestRole = 'editor') => {
    const result = await site.api('/cms/v2/pages', { method: 'POST', as, body });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body;
  };
  const read = (id: number, as: TestRole | null = null, query: Record<string, string | number> = {}) =>
    site.api(`/cms/v2/pages/${id}`, { as, query });
  const update = (id: number, body: Record<string, unknown>, as: TestRole = 'editor') =>
    site.api(`/cms/v2/pages/${id}`, { method: 'POST', as, body });
  const remove = (id: number, as: TestRole = 'editor', query: Record<string, string> = {}) =>
    site.api(`/cms/v2/pages/${id}`, { method: 'DELETE', as, query });

  beforeAll(async () => {
    site = await startTestSite(deployment);
  });
  afterAll(async () => {
    await site.close();
  });

  it('creates a draft page with the page fields and page defaults', async () => {
    const result = await site.api('/cms/v2/pages', { method: 'POST', as: 'editor', body: { title: 'About us', content: 'Who we are.' } });
    expect(result.status).toBe(201);
    const page = result.body;
    expect(result.headers.get('location')).toBe(`${site.apiRoot}cms/v2/pages/${page.id}`);
    expect(sorted(Object.keys(page))).toEqual(sorted(PAGE_EDIT_FIELDS));
    expect(page).toMatchObject({
      type: 'page', status: 'draft', parent: 0, menu_order: 0, comment_status: 'closed', ping_status: 'closed',
      author: site.users.editor.id, slug: '', generated_slug: 'about-us', template: '', meta: META_DEFAULTS[deployment],
      title: { raw: 'About us', rendered: 'About us' }, content: { raw: 'Who we are.', rendered: '<p>Who we are.</p>\n', protected: false },
    });
    expect(page.link).toBe(`${site.url}/?page_id=${page.id}`);
    expect(page.permalink_template).toBe(`${site.url}/%pagename%/`);
  });

  it('returns exactly the page fields of each context', async () => {
    const page = await create({ title: 'Context page', status: 'publish' });
    const view = await read(page.id);
    expect(sorted(Object.keys(view.body))).toEqual(sorted(PAGE_VIEW_FIELDS));
    expect(sorted(Object.keys(view.body.content))).toEqual(['protected', 'rendered']);
    const embed = await read(page.id, null, { context: 'embed' });
    expect(sorted(Object.keys(embed.body))).toEqual(sorted(EMBED_FIELDS));
    const edit = await read(page.id, 'editor', { context: 'edit' });
    expect(sorted(Object.keys(edit.body))).toEqual(sorted(PAGE_EDIT_FIELDS));
    expect(sorted(Object.keys(edit.body.title))).toEqual(['raw', 'rendered']);
    expectError(await read(page.id, null, { context: 'edit' }), 401, 'rest_forbidden_context');
  });

  it('ignores the post-only fields', async () => {
    const page = await create({ title: 'No terms', format: 'aside', sticky: true, categories: [987654], tags: [987654] });
    for (const field of ['format', 'sticky', 'categories', 'tags']) expect(page[field]).toBeUndefined();
    expect(site.running.site.context.store.get('SELECT 1 FROM term_relationships WHERE post_id = ?', page.id)).toBeUndefined();
  });

  it('nests pages under a parent, in their links and paths', async () => {
    const parent = await create({ title: 'Parent Page', status: 'publish' });
    const child = await create({ title: 'Child Page', status: 'publish', parent: parent.id, menu_order: 5 });
    expect(child).toMatchObject({ parent: parent.id, menu_order: 5 });
    expect(child.link).toBe(`${site.url}/parent-page/child-page/`);
    expect(child.permalink_template).toBe(`${site.url}/parent-page/%pagename%/`);
    const links = (await read(child.id)).body._links;
    expect(links.up).toEqual([{ embeddable: true, href: `${site.apiRoot}cms/v2/pages/${parent.id}` }]);
    expect(links.self).toEqual([{ href: `${site.apiRoot}cms/v2/pages/${child.id}` }]);
    expect(links.collection).toEqual([{ href: `${site.apiRoot}cms/v2/pages` }]);
    expect(links.author).toEqual([{ embeddable: true, href: `${site.apiRoot}cms/v2/users/${site.users.editor.id}` }]);
    expect(links['version-history'][0].href).toBe(`${site.apiRoot}cms/v2/pages/${child.id}/revisions`);
    expect(links['wp:term']).toBeUndefined();
    expect((await read(parent.id)).body._links.up).toBeUndefined();
    // The path follows a renamed parent.
    expect((await update(parent.id, { slug: 'renamed-parent' })).status).toBe(200);
    expect((await read(child.id)).body.link).toBe(`${site.url}/renamed-parent/child-page/`);
    // Moving back to the top level.
    const top = await update(child.id, { parent: 0 });
    expect(top.body.parent).toBe(0);
    expect(top.body._links.up).toBeUndefined();
    expect(top.body.link).toBe(`${site.url}/child-page/`);
  });

  it('refuses an unknown parent and invalid page fields', async () => {
    expectError(await site.api('/cms/v2/pages', { method: 'POST', as: 'editor', body: { title: 'Orphan', parent: 987654 } }), 400, 'rest_post_invalid_id');
    const page = await create({ title: 'Valid parent later' });
    expectError(await update(page.id, { parent: 987654 }), 400, 'rest_post_invalid_id');
    expectInvalidParam(await site.api('/cms/v2/pages', { method: 'POST', as: 'editor', body: { title: 'x', parent: 'top' } }), 'parent', 'rest_invalid_type');
    expectInvalidParam(await site.api('/cms/v2/pages', { method: 'POST', as: 'editor', body: { title: 'x', menu_order: 'first' } }), 'menu_order', 'rest_invalid_type');
    expectInvalidParam(await site.api('/cms/v2/pages', { method: 'POST', as: 'editor', body: { title: 'x', status: 'bogus' } }), 'status', 'rest_not_in_enum');
  });

  it('refuses a parent that would make a page its own ancestor, and writes nothing', async () => {
    const top = await create({ title: 'Cycle top' });
    const middle = await create({ title: 'Cycle middle', parent: top.id });
    const bottom = await create({ title: 'Cycle bottom', parent: middle.id });
    for (const [page, parent] of [[top, bottom], [top, middle], [middle, bottom], [top, top]]) {
      const before = await read(page.id, 'editor', { context: 'edit' });
      expectError(await update(page.id, { parent: parent.id, title: 'Moved' }), 400, 'rest_post_invalid_id');
      const after = await read(page.id, 'editor', { context: 'edit' });
      expect(after.body).toEqual(before.body);
      expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    }
    const batch = await site.api('/batch/v1', { method: 'POST', as: 'editor', body: { validation: 'require-all-validate', requests: [
      { method: 'PUT', path: `/cms/v2/pages/${top.id}`, body: { parent: bottom.id } },
    ] } });
    expect(batch.body.responses[0].status).toBe(400);
    expect((await read(top.id, 'editor')).body.parent).toBe(0);
    // Moving a subtree elsewhere, or a page up its own chain, is no cycle.
    expect((await update(bottom.id, { parent: top.id })).body.parent).toBe(top.id);
    expect((await update(middle.id, { parent: bottom.id })).body.parent).toBe(bottom.id);
  });

  it('answers 404 rest_post_invalid_id for unknown ids and for posts', async () => {
    expectError(await read(987654), 404, 'rest_post_invalid_id');
    const post = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'A post', status: 'publish' } });
    expectError(await read(post.body.id), 404, 'rest_post_invalid_id');
    expectError(await update(post.body.id, { title: 'x' }), 404, 'rest_post_invalid_id');
    expectError(await remove(post.body.id), 404, 'rest_post_invalid_id');
  });

  it('keeps page slugs unique with -2, -3', async () => {
    const first = await create({ title: 'Services', status: 'publish' });
    const second = await create({ title: 'Services', status: 'publish' });
    const third = await create({ title: 'Other', slug: 'services', status: 'publish' });
    expect([first.slug, second.slug, third.slug]).toEqual(['services', 'services-2', 'services-3']);
  });

  it('gives pages to editors and administrators only, as the standard roles do', async () => {
    expectError(await site.api('/cms/v2/pages', { method: 'POST', body: { title: 'x' } }), 401, 'rest_cannot_create');
    for (const role of ['subscriber', 'contributor', 'author'] as const) {
      expectError(await site.api('/cms/v2/pages', { method: 'POST', as: role, body: { title: 'x' } }), 403, 'rest_cannot_create');
    }
    const byAdmin = await create({ title: 'Admin page', status: 'publish' }, 'administrator');
    const assigned = await create({ title: 'Assigned to the author', author: site.users.author.id }, 'administrator');
    expect(assigned.author).toBe(site.users.author.id);
    // Even the page's own author may not edit or delete it without the page rights; they may read
    // it, as owners read their own items whatever the status (the reference's read_post; WordPress 6.1 answers 200).
    expectError(await update(assigned.id, { title: 'x' }, 'author'), 403, 'rest_cannot_edit');
    expect((await read(assigned.id, 'author')).status).toBe(200);
    expectError(await read(assigned.id, 'author', { context: 'edit' }), 403, 'rest_forbidden_context');
    expectError(await remove(assigned.id, 'author'), 403, 'rest_cannot_delete');
    expectError(await update(byAdmin.id, { title: 'x' }, 'contributor'), 403, 'rest_cannot_edit');
    // Editors may edit, publish, read and delete others' pages.
    expect((await read(assigned.id, 'editor')).status).toBe(200);
    expect((await update(assigned.id, { status: 'publish' }, 'editor')).body.status).toBe('publish');
    expect((await update(byAdmin.id, { title: 'Edited by editor' }, 'editor')).status).toBe(200);
    const priv = await create({ title: 'Private page', status: 'private' }, 'administrator');
    expectError(await read(priv.id), 401, 'rest_forbidden');
    expectError(await read(priv.id, 'author'), 403, 'rest_forbidden');
    expect((await read(priv.id, 'editor')).status).toBe(200);
    expect((await remove(byAdmin.id, 'editor')).body.status).toBe('trash');
    // Published pages are public.
    expect((await read(assigned.id)).status).toBe(200);
    expect((await read(assigned.id, 'subscriber')).status).toBe(200);
  });

  it('trashes by default, answers 410 the second time, and removes with force', async () => {
    const page = await create({ title: 'Temporary', status: 'publish' });
    const trashed = await remove(page.id);
    expect(trashed.status).toBe(200);
    expect(trashed.body).toMatchObject({ id: page.id, status: 'trash', type: 'page' });
    expectError(await remove(page.id), 410, 'rest_already_trashed');
    const deleted = await remove(page.id, 'editor', { force: 'true' });
    expect(deleted.body).toMatchObject({ deleted: true, previous: { id: page.id, status: 'trash', type: 'page' } });
    expect(sorted(Object.keys(deleted.body.previous))).toEqual(sorted(PAGE_EDIT_FIELDS));
    expectError(await read(page.id, 'administrator'), 404, 'rest_post_invalid_id');
    expectError(await site.api(`/cms/v2/pages/${page.id}`, { method: 'DELETE' }), 404, 'rest_post_invalid_id');
  });

  it('moves the children of a deleted page up to its parent', async () => {
    const grandparent = await create({ title: 'Grandparent', status: 'publish' });
    const parent = await create({ title: 'Middle', status: 'publish', parent: grandparent.id });
    const child = await create({ title: 'Youngest', status: 'publish', parent: parent.id });
    // Trashing keeps the tree.
    expect((await remove(parent.id)).body.status).toBe('trash');
    expect((await read(child.id)).body.parent).toBe(parent.id);
    expect((await remove(parent.id, 'editor', { force: 'true' })).body.deleted).toBe(true);
    const moved = (await read(child.id)).body;
    expect(moved.parent).toBe(grandparent.id);
    expect(moved._links.up).toEqual([{ embeddable: true, href: `${site.apiRoot}cms/v2/pages/${grandparent.id}` }]);
    expect(moved.link).toBe(`${site.url}/grandparent/youngest/`);
    expect((await remove(grandparent.id, 'editor', { force: 'true' })).body.deleted).toBe(true);
    expect((await read(child.id)).body.parent).toBe(0);
  });

  it('schedules, protects and renders pages as posts', async () => {
    const future = await create({ title: 'Coming soon', status: 'publish', date_gmt: '2099-01-01T00:00:00' });
    expect(future.status).toBe('future');
    expect(future.link).toBe(`${site.url}/?page_id=${future.id}`);
    expectError(await read(future.id), 401, 'rest_forbidden');

    const locked = await create({ title: 'Members', content: 'Members only', password: 'pw', status: 'publish' });
    expect((await read(locked.id)).body.content).toEqual({ rendered: '', protected: true });
    expect((await read(locked.id, null, { password: 'pw' })).body.content.rendered).toBe('<p>Members only</p>\n');
    expectError(await read(locked.id, null, { password: 'nope' }), 403, 'rest_post_incorrect_password');

    const blocks = await create({ title: 'Blocky', content: '<!-- wp:paragraph -->\n<p>Page block</p>\n<!-- /wp:paragraph -->', status: 'publish' });
    expect((await read(blocks.id)).body.content.rendered).toBe('\n<p>Page block</p>\n');
    expect((await read(blocks.id, null, { excerpt_length: 1 })).body.excerpt.rendered).toBe('<p>Page [&hellip;]</p>\n');
  });

  it('keeps only the deployment’s meta fields', async () => {
    const key = deployment === 'a' ? 'inline_featured_image' : '_ext_changed';
    const page = await create({ title: 'Meta page', meta: { [key]: true, stray: 'x' } });
    expect(page.meta).toEqual({ ...META_DEFAULTS[deployment], [key]: true });
    const again = await update(page.id, { meta: { footnotes: 'f' } });
    expect(again.body.meta).toEqual({ ...META_DEFAULTS[deployment], [key]: true, footnotes: 'f' });
    expect(site.running.site.context.store.get<{ meta: string }>('SELECT meta FROM posts WHERE id = ?', page.id)!.meta).not.toContain('stray');
  });
});

describe.each(['a', 'b'] as const)('pages collection (deployment %s)', (deployment) => {
  let site: TestSite;
  const ids: Record<string, number> = {};

  const attempt = (query: QueryParams, as: TestRole | null = null) => site.api('/cms/v2/pages', { as, query });
  const names = async (query: QueryParams = {}, as: TestRole | null = null) => {
    const result = await attempt(query, as);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    return (result.body as { id: number }[]).map((page) => byId.get(page.id) ?? `#${page.id}`);
  };

  beforeAll(async () => {
    site = await startTestSite(deployment);
    const create = async (name: string, body: Record<string, unknown>, as: TestRole = 'editor') => {
      const result = await site.api('/cms/v2/pages', { method: 'POST', as, body });
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      ids[name] = result.body.id;
    };
    await create('About', { title: 'About', content: 'The company.', status: 'publish', menu_order: 2, date_gmt: '2021-03-01T00:00:00' });
    await create('Contact', { title: 'Contact', content: 'Write to us.', status: 'publish', menu_order: 1, date_gmt: '2021-03-02T00:00:00' });
    await create('Team', { title: 'Team', content: 'The people of the company.', status: 'publish', parent: ids.About, menu_order: 0, date_gmt: '2021-03-03T00:00:00' });
    await create('History', { title: 'History', content: 'Since 1900.', status: 'publish', parent: ids.About, menu_order: 3, date_gmt: '2021-03-04T00:00:00' }, 'administrator');
    await create('Draft', { title: 'Draft page', parent: ids.Contact });
    // A post is not a page.
    expect((await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'About', status: 'publish' } })).status).toBe(201);
  });
  afterAll(async () => {
    await site.close();
  });

  it('lists published pages, newest first, with paging headers', async () => {
    const result = await attempt({});
    expect(result.status).toBe(200);
    expect(await names()).toEqual(['History', 'Team', 'Contact', 'About']);
    expect([result.headers.get('x-wp-total'), result.headers.get('x-wp-totalpages')]).toEqual(['4', '1']);
    for (const page of result.body) expect(sorted(Object.keys(page))).toEqual(sorted(PAGE_VIEW_FIELDS));
    const first = await attempt({ per_page: 3 });
    expect([first.headers.get('x-wp-total'), first.headers.get('x-wp-totalpages')]).toEqual(['4', '2']);
    expect(first.headers.get('link')).toContain('rel="next"');
    expect(first.headers.get('link')).not.toContain('rel="prev"');
    const second = await attempt({ per_page: 3, page: 2 });
    expect(second.body.map((page: { id: number }) => page.id)).toEqual([ids.About]);
    expect(second.headers.get('link')).toContain('rel="prev"');
    expect(second.headers.get('link')).not.toContain('rel="next"');
    expectError(await attempt({ per_page: 3, page: 3 }), 400, 'rest_post_invalid_page_number');
    expectInvalidParam(await attempt({ per_page: 101 }), 'per_page', 'rest_out_of_bounds');
    for (const page of (await attempt({ context: 'embed' })).body) expect(sorted(Object.keys(page))).toEqual(sorted(EMBED_FIELDS));
  });

  it('filters by parent and parent_exclude', async () => {
    expect(await names({ parent: [ids.About] })).toEqual(['History', 'Team']);
    expect(await names({ parent: [0] })).toEqual(['Contact', 'About']);
    expect(await names({ parent: [ids.About, 0] })).toEqual(['History', 'Team', 'Contact', 'About']);
    expect(await names({ parent: `${ids.About}` })).toEqual(['History', 'Team']);
    expect(await names({ parent_exclude: [ids.About] })).toEqual(['Contact', 'About']);
    expect(await names({ parent_exclude: [0] })).toEqual(['History', 'Team']);
    expect(await names({ parent: [ids.Contact] })).toEqual([]);
    expect(await names({ parent: [ids.Contact], status: 'draft' }, 'editor')).toEqual(['Draft']);
    expectInvalidParam(await attempt({ parent: ['top'] }), 'parent', 'rest_invalid_type');
    expectInvalidParam(await attempt({ parent_exclude: ['top'] }), 'parent_exclude', 'rest_invalid_type');
  });

  it('filters by menu_order and orders by it', async () => {
    expect(await names({ menu_order: 1 })).toEqual(['Contact']);
    expect(await names({ menu_order: 0 })).toEqual(['Team']);
    expect(await names({ menu_order: 9 })).toEqual([]);
    expect(await names({ orderby: 'menu_order', order: 'asc' })).toEqual(['Team', 'Contact', 'About', 'History']);
    expect(await names({ orderby: 'menu_order', order: 'desc' })).toEqual(['History', 'About', 'Contact', 'Team']);
    expectInvalidParam(await attempt({ menu_order: 'first' }), 'menu_order', 'rest_invalid_type');
  });

  it('orders by parent, title, include and include_slugs', async () => {
    const byParent = (await attempt({ orderby: 'parent', order: 'asc' })).body.map((page: { parent: number }) => page.parent);
    expect(byParent).toEqual([0, 0, ids.About, ids.About]);
    expect(await names({ orderby: 'title', order: 'asc' })).toEqual(['About', 'Contact', 'History', 'Team']);
    expect(await names({ include: [ids.Team, ids.About], orderby: 'include' })).toEqual(['Team', 'About']);
    expect(await names({ slug: ['team', 'contact'], orderby: 'include_slugs' })).toEqual(['Team', 'Contact']);
    expectError(await attempt({ orderby: 'relevance' }), 400, 'rest_no_search_term_defined');
    expect(await names({ search: 'company', orderby: 'relevance' })).toEqual(['Team', 'About']);
  });

  it('searches, filters by author and by date', async () => {
    expect(await names({ search: 'company' })).toEqual(['Team', 'About']);
    expect(await names({ search: 'company', search_columns: ['post_title'] })).toEqual([]);
    expect(await names({ search: 'team', search_semantics: 'exact' })).toEqual(['Team']);
    expect(await names({ author: [site.users.administrator.id] })).toEqual(['History']);
    expect(await names({ author_exclude: [site.users.administrator.id] })).toEqual(['Team', 'Contact', 'About']);
    expect(await names({ after: '2021-03-02T00:00:00' })).toEqual(['History', 'Team']);
    expect(await names({ before: '2021-03-02T00:00:00' })).toEqual(['About']);
    expect(await names({ slug: 'about' })).toEqual(['About']);
    expect(await names({ exclude: [ids.History, ids.Team] })).toEqual(['Contact', 'About']);
    expect(await names({ offset: 3 })).toEqual(['About']);
  });

  it('ignores the post-only filters', async () => {
    expect(await names({ sticky: true })).toEqual(['History', 'Team', 'Contact', 'About']);
    expect(await names({ categories: [1] })).toEqual(['History', 'Team', 'Contact', 'About']);
  });

  it('lets only those with the page rights list other statuses or use the edit context', async () => {
    expect(await names({ status: 'draft' }, 'editor')).toEqual(['Draft']);
    expect(await names({ status: 'any' }, 'administrator')).toEqual(['Draft', 'History', 'Team', 'Contact', 'About']);
    for (const [role, status] of [[null, 401], ['subscriber', 403], ['contributor', 403], ['author', 403]] as const) {
      const result = await attempt({ status: 'draft' }, role);
      expectInvalidParam(result, 'status', 'rest_forbidden_status');
      expect(result.body.data.details.status.data.status).toBe(status);
      expectError(await attempt({ context: 'edit' }, role), status, 'rest_forbidden_context');
    }
    const edit = await attempt({ context: 'edit' }, 'editor');
    expect(edit.status).toBe(200);
    expect(edit.body[0].title.raw).toBe('History');
  });
});
