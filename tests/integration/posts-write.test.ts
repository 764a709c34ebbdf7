// Posts over real HTTP against a real site in a temp dir, in both deployments: create,
// read, update, delete, the fields of each context, rendering, slugs, dates, scheduling,
// sticky posts, terms, authors, meta, and what each role may do.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { serveSite } from '../../server/http.ts';
import { getSettings, saveSettings } from '../../server/content/settings.ts';
import type { DeploymentName } from '../../server/site-context.ts';
import { expectError, sorted } from '../helpers/expect-api.ts';

const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

const POST_EDIT_FIELDS = [
  'id', 'date', 'date_gmt', 'guid', 'modified', 'modified_gmt', 'slug', 'status', 'type', 'link', 'password',
  'permalink_template', 'generated_slug', 'title', 'content', 'author', 'excerpt', 'featured_media',
  'comment_status', 'ping_status', 'format', 'meta', 'sticky', 'template', 'categories', 'tags', '_links',
];
const EDIT_ONLY = ['password', 'permalink_template', 'generated_slug'];
const POST_VIEW_FIELDS = POST_EDIT_FIELDS.filter((field) => !EDIT_ONLY.includes(field));
const EMBED_FIELDS = ['id', 'date', 'slug', 'type', 'link', 'title', 'author', 'excerpt', 'featured_media', '_links'];

/** The meta fields of each deployment with their defaults, as the spec lists them. */
const META_DEFAULTS: Record<DeploymentName, Record<string, unknown>> = {
  a: { inline_featured_image: false, footnotes: '' },
  b: { _ext_changed: false, _builder_hide_in_design_set: false, _builder_tags: '', footnotes: '' },
};
const WRITABLE_STATUSES: Record<DeploymentName, string[]> = {
  a: ['publish', 'future', 'draft', 'pending', 'private'],
  b: ['publish', 'future', 'draft', 'pending', 'private', 'ext-disabled', 'unread', 'read'],
};

function gmtIn(milliseconds: number): string {
  return new Date(Date.now() + milliseconds).toISOString().slice(0, 19);
}

function words(count: number, prefix = 'word'): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);
}

describe.each(['a', 'b'] as const)('posts: writes and reads (deployment %s)', (deployment) => {
  let site: TestSite;
  let defaultCategory: number;

  const create = async (body: Record<string, unknown>, as: TestRole = 'administrator') => {
    const result = await site.api('/cms/v2/posts', { method: 'POST', as, body });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body;
  };
  const read = (id: number, options: { as?: TestRole | null; query?: Record<string, string | number> } = {}) =>
    site.api(`/cms/v2/posts/${id}`, { as: options.as ?? null, query: options.query });
  const update = (id: number, body: Record<string, unknown>, as: TestRole = 'administrator', method = 'POST') =>
    site.api(`/cms/v2/posts/${id}`, { method, as, body });
  const remove = (id: number, as: TestRole = 'administrator', query: Record<string, string> = {}) =>
    site.api(`/cms/v2/posts/${id}`, { method: 'DELETE', as, query });
  const postCount = () => site.running.site.context.store.get<{ n: number }>("SELECT COUNT(*) AS n FROM posts WHERE type = 'post'")!.n;

  beforeAll(async () => {
    site = await startTestSite(deployment);
    const categories = await site.api('/cms/v2/categories', { query: { slug: 'uncategorized' } });
    defaultCategory = categories.body[0].id;
  });
  afterAll(async () => {
    await site.close();
  });

  describe('create', () => {
    it('creates a draft by default, answers 201 with Location and the item in edit context', async () => {
      const result = await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'A first draft', content: 'Some words.' } });
      expect(result.status).toBe(201);
      const post = result.body;
      expect(result.headers.get('location')).toBe(`${site.apiRoot}cms/v2/posts/${post.id}`);
      expect(sorted(Object.keys(post))).toEqual(sorted(POST_EDIT_FIELDS));
      expect(post).toMatchObject({
        status: 'draft',
        type: 'post',
        author: site.users.administrator.id,
        slug: '',
        generated_slug: 'a-first-draft',
        password: '',
        comment_status: 'open',
        ping_status: 'open',
        format: 'standard',
        sticky: false,
        template: '',
        featured_media: 0,
        categories: [defaultCategory],
        tags: [],
        title: { raw: 'A first draft', rendered: 'A first draft' },
        content: { raw: 'Some words.', protected: false, block_version: 0 },
        excerpt: { raw: '', protected: false },
        meta: META_DEFAULTS[deployment],
      });
      expect(post.guid.raw).toBe(post.guid.rendered);
      expect(post.guid.rendered).toContain(String(post.id));
      expect(post.link).toBe(`${site.url}/?p=${post.id}`);
      for (const field of ['date', 'date_gmt', 'modified', 'modified_gmt']) expect(post[field]).toMatch(DATE);
      expect(post.permalink_template).toContain('%postname%');
    });

    it('accepts title, content and excerpt as strings or as {raw}', async () => {
      const post = await create({ title: { raw: 'Raw title' }, content: { raw: 'Raw content' }, excerpt: { raw: 'Raw excerpt' } });
      expect(post.title.raw).toBe('Raw title');
      expect(post.content.raw).toBe('Raw content');
      expect(post.excerpt.raw).toBe('Raw excerpt');
    });

    it('sets every writable field it is given', async () => {
      const post = await create({
        title: 'Full post', content: 'Body', excerpt: 'Short', status: 'publish', comment_status: 'closed',
        ping_status: 'closed', format: 'aside', template: '', slug: 'full-post-slug',
      });
      expect(post).toMatchObject({
        status: 'publish', comment_status: 'closed', ping_status: 'closed', format: 'aside', slug: 'full-post-slug',
      });
      expect(post.link).toBe(`${site.url}/${post.date.slice(0, 10).replace(/-/g, '/')}/full-post-slug/`);
    });

    it('refuses a body with an id', async () => {
      const existing = await create({ title: 'Exists' });
      const result = await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { id: existing.id, title: 'Again' } });
      expectError(result, 400, 'rest_post_exists');
    });

    it('answers 401 rest_cannot_create without credentials and 403 for a subscriber, storing nothing', async () => {
      const before = postCount();
      expectError(await site.api('/cms/v2/posts', { method: 'POST', body: { title: 'Nope' } }), 401, 'rest_cannot_create');
      expectError(await site.api('/cms/v2/posts', { method: 'POST', as: 'subscriber', body: { title: 'Nope' } }), 403, 'rest_cannot_create');
      expect(postCount()).toBe(before);
    });

    it('answers 400 rest_invalid_param with params and details for each invalid field', async () => {
      const before = postCount();
      const result = await site.api('/cms/v2/posts', {
        method: 'POST', as: 'administrator',
        body: { status: 'bogus', date: 'not a date', comment_status: 'maybe', format: 'poem', author: 'someone', categories: ['x'], sticky: 'perhaps' },
      });
      expectError(result, 400, 'rest_invalid_param');
      const names = ['status', 'date', 'comment_status', 'format', 'author', 'categories', 'sticky'];
      expect(sorted(Object.keys(result.body.data.params))).toEqual(sorted(names));
      expect(sorted(Object.keys(result.body.data.details))).toEqual(sorted(names));
      for (const name of names) {
        expect(typeof result.body.data.params[name]).toBe('string');
        expect(result.body.data.details[name].message).toBe(result.body.data.params[name]);
      }
      expect(result.body.data.details.status.code).toBe('rest_not_in_enum');
      expect(result.body.data.details.date.code).toBe('rest_invalid_date');
      expect(result.body.data.details.author.code).toBe('rest_invalid_type');
      expect(result.body.data.details.sticky.code).toBe('rest_invalid_type');
      for (const name of names) expect(result.body.message).toContain(name);
      expect(postCount()).toBe(before);
    });

    it('accepts exactly the deployment’s writable statuses', async () => {
      for (const status of WRITABLE_STATUSES[deployment]) {
        const body: Record<string, unknown> = { title: `Status ${status}`, status };
        if (status === 'future') body.date_gmt = '2099-01-01T00:00:00';
        const post = await create(body);
        expect(post.status).toBe(status);
      }
      for (const status of ['trash', 'auto-draft', 'inherit', 'any', ...(deployment === 'a' ? ['unread', 'read', 'ext-disabled'] : ['ext-rewrite-republish'])]) {
        const result = await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'x', status } });
        expectError(result, 400, 'rest_invalid_param');
        expect(Object.keys(result.body.data.params)).toEqual(['status']);
      }
    });
  });

  describe('read', () => {
    it('answers 404 rest_post_invalid_id for unknown ids and for items of another type', async () => {
      expectError(await read(987654), 404, 'rest_post_invalid_id');
      expectError(await read(987654, { as: 'administrator' }), 404, 'rest_post_invalid_id');
      const page = await site.api('/cms/v2/pages', { method: 'POST', as: 'administrator', body: { title: 'A page', status: 'publish' } });
      expect(page.status).toBe(201);
      expectError(await read(page.body.id), 404, 'rest_post_invalid_id');
      expectError(await update(987654, { title: 'x' }), 404, 'rest_post_invalid_id');
      expectError(await remove(987654), 404, 'rest_post_invalid_id');
      expectError(await remove(987654, 'administrator', { force: 'true' }), 404, 'rest_post_invalid_id');
    });

    it('returns exactly the fields of each context', async () => {
      const post = await create({ title: 'Context post', content: 'Context body', excerpt: 'Context excerpt', status: 'publish' });
      const view = await read(post.id);
      expect(view.status).toBe(200);
      expect(sorted(Object.keys(view.body))).toEqual(sorted(POST_VIEW_FIELDS));
      expect(sorted(Object.keys(view.body.title))).toEqual(['rendered']);
      expect(sorted(Object.keys(view.body.content))).toEqual(['protected', 'rendered']);
      expect(sorted(Object.keys(view.body.excerpt))).toEqual(['protected', 'rendered']);
      expect(sorted(Object.keys(view.body.guid))).toEqual(['rendered']);
      expect(view.body.meta).toEqual(META_DEFAULTS[deployment]);

      const embed = await read(post.id, { query: { context: 'embed' } });
      expect(embed.status).toBe(200);
      expect(sorted(Object.keys(embed.body))).toEqual(sorted(EMBED_FIELDS));
      expect(sorted(Object.keys(embed.body.title))).toEqual(['rendered']);
      expect(sorted(Object.keys(embed.body.excerpt))).toEqual(['protected', 'rendered']);

      const edit = await read(post.id, { as: 'editor', query: { context: 'edit' } });
      expect(edit.status).toBe(200);
      expect(sorted(Object.keys(edit.body))).toEqual(sorted(POST_EDIT_FIELDS));
      expect(sorted(Object.keys(edit.body.title))).toEqual(['raw', 'rendered']);
      expect(sorted(Object.keys(edit.body.content))).toEqual(['block_version', 'protected', 'raw', 'rendered']);
      expect(sorted(Object.keys(edit.body.excerpt))).toEqual(['protected', 'raw', 'rendered']);
      expect(sorted(Object.keys(edit.body.guid))).toEqual(['raw', 'rendered']);

      expect(view.body.id).toBe(post.id);
      expect(view.body.type).toBe('post');
      expect(view.body.title.rendered).toBe('Context post');
      expect(edit.body.content.raw).toBe('Context body');
      expect(edit.body.excerpt.raw).toBe('Context excerpt');
    });

    it('refuses an unknown context value', async () => {
      const post = await create({ title: 'Ctx', status: 'publish' });
      const result = await read(post.id, { query: { context: 'full' } });
      expectError(result, 400, 'rest_invalid_param');
      expect(Object.keys(result.body.data.params)).toEqual(['context']);
    });

    it('needs the right to edit the item for the edit context', async () => {
      const post = await create({ title: 'Edit ctx', status: 'publish' }, 'editor');
      expectError(await read(post.id, { query: { context: 'edit' } }), 401, 'rest_forbidden_context');
      expectError(await read(post.id, { as: 'subscriber', query: { context: 'edit' } }), 403, 'rest_forbidden_context');
      expectError(await read(post.id, { as: 'contributor', query: { context: 'edit' } }), 403, 'rest_forbidden_context');
      expectError(await read(post.id, { as: 'author', query: { context: 'edit' } }), 403, 'rest_forbidden_context');
      expect((await read(post.id, { as: 'editor', query: { context: 'edit' } })).status).toBe(200);
      expect((await read(post.id, { as: 'administrator', query: { context: 'edit' } })).status).toBe(200);
      const own = await create({ title: 'Own draft' }, 'contributor');
      expect((await read(own.id, { as: 'contributor', query: { context: 'edit' } })).status).toBe(200);
      // The edit context is checked before the right to read, as in the reference API.
      expectError(await read(own.id, { query: { context: 'edit' } }), 401, 'rest_forbidden_context');
      expectError(await read(own.id, { as: 'author', query: { context: 'edit' } }), 403, 'rest_forbidden_context');
    });

    it('embeds the author with _embed', async () => {
      const post = await create({ title: 'Embedded author', status: 'publish' }, 'author');
      const result = await read(post.id, { query: { _embed: 'author' } });
      expect(result.status).toBe(200);
      expect(result.body._embedded.author).toHaveLength(1);
      expect(result.body._embedded.author[0]).toMatchObject({ id: site.users.author.id, slug: 'author1' });
    });

    it('links to itself, its collection, its author, its versions and its terms', async () => {
      const post = await create({ title: 'Linked', content: 'one', status: 'publish' }, 'author');
      const links = (await read(post.id)).body._links;
      expect(links.self).toEqual([{ href: `${site.apiRoot}cms/v2/posts/${post.id}` }]);
      expect(links.collection).toEqual([{ href: `${site.apiRoot}cms/v2/posts` }]);
      expect(links.author).toEqual([{ embeddable: true, href: `${site.apiRoot}cms/v2/users/${site.users.author.id}` }]);
      expect(links['version-history'][0].href).toBe(`${site.apiRoot}cms/v2/posts/${post.id}/revisions`);
      expect(links.up).toBeUndefined();
      const terms = links['wp:term'];
      expect(terms.map((term: { taxonomy: string }) => term.taxonomy)).toEqual(['category', 'post_tag']);
      expect(terms[0].href).toBe(`${site.apiRoot}cms/v2/categories?post=${post.id}`);
      expect(terms[1].href).toBe(`${site.apiRoot}cms/v2/tags?post=${post.id}`);
      for (const term of terms) expect(term.embeddable).toBe(true);

      const countRevisions = async () => {
        const revisions = await site.api(`/cms/v2/posts/${post.id}/revisions`, { as: 'administrator' });
        expect(revisions.status).toBe(200);
        return revisions.body as { id: number }[];
      };
      const before = await countRevisions();
      expect(links['version-history'][0].count).toBe(before.length);
      expect((await update(post.id, { content: 'two' }, 'author')).status).toBe(200);
      const after = await countRevisions();
      expect(after.length).toBe(before.length + 1);
      const updated = (await read(post.id)).body._links;
      expect(updated['version-history'][0].count).toBe(after.length);
      expect(updated['predecessor-version']).toEqual([
        { id: after[0].id, href: `${site.apiRoot}cms/v2/posts/${post.id}/revisions/${after[0].id}` },
      ]);
      // A change that leaves title, content and excerpt alone makes no revision.
      expect((await update(post.id, { comment_status: 'closed' }, 'author')).status).toBe(200);
      expect((await countRevisions()).length).toBe(after.length);
    });

    it('serves a published post to everyone and answers 401/403 for drafts and private posts', async () => {
      const published = await create({ title: 'Public', status: 'publish' }, 'editor');
      expect((await read(published.id)).status).toBe(200);
      expect((await read(published.id, { as: 'subscriber' })).status).toBe(200);

      const draft = await create({ title: 'Secret draft' }, 'editor');
      expectError(await read(draft.id), 401, 'rest_forbidden');
      expectError(await read(draft.id, { as: 'subscriber' }), 403, 'rest_forbidden');
      expectError(await read(draft.id, { as: 'contributor' }), 403, 'rest_forbidden');
      expectError(await read(draft.id, { as: 'author' }), 403, 'rest_forbidden');
      expect((await read(draft.id, { as: 'editor' })).status).toBe(200);
      expect((await read(draft.id, { as: 'administrator' })).status).toBe(200);

      const priv = await create({ title: 'Private one', status: 'private' }, 'editor');
      expectError(await read(priv.id), 401, 'rest_forbidden');
      expectError(await read(priv.id, { as: 'subscriber' }), 403, 'rest_forbidden');
      expectError(await read(priv.id, { as: 'author' }), 403, 'rest_forbidden');
      expect((await read(priv.id, { as: 'administrator' })).body.status).toBe('private');

      const ownPrivate = await create({ title: 'Author private', status: 'private' }, 'author');
      expect((await read(ownPrivate.id, { as: 'author' })).status).toBe(200);

      const pending = await create({ title: 'Pending one', status: 'pending' }, 'contributor');
      expectError(await read(pending.id), 401, 'rest_forbidden');
      expect((await read(pending.id, { as: 'contributor' })).status).toBe(200);
      expect((await read(pending.id, { as: 'editor' })).status).toBe(200);
    });
  });

  describe('update', () => {
    it('updates with POST, PUT and PATCH, keeping fields that are not sent', async () => {
      const post = await create({ title: 'Before', content: 'Body stays', excerpt: 'Excerpt stays', status: 'publish', format: 'quote' });
      for (const method of ['POST', 'PUT', 'PATCH']) {
        const result = await update(post.id, { title: `After ${method}` }, 'administrator', method);
        expect(result.status).toBe(200);
        expect(sorted(Object.keys(result.body))).toEqual(sorted(POST_EDIT_FIELDS));
        expect(result.body).toMatchObject({
          id: post.id, title: { raw: `After ${method}` }, content: { raw: 'Body stays' }, excerpt: { raw: 'Excerpt stays' },
          status: 'publish', format: 'quote', slug: post.slug, date: post.date, date_gmt: post.date_gmt,
        });
        expect(result.body.modified_gmt >= post.modified_gmt).toBe(true);
      }
      expect((await read(post.id)).body.title.rendered).toBe('After PATCH');
    });

    it('answers 401 rest_cannot_edit without credentials and 403 for roles that may not edit', async () => {
      const post = await create({ title: 'Editor post', status: 'publish' }, 'editor');
      expectError(await site.api(`/cms/v2/posts/${post.id}`, { method: 'POST', body: { title: 'x' } }), 401, 'rest_cannot_edit');
      expectError(await update(post.id, { title: 'x' }, 'subscriber'), 403, 'rest_cannot_edit');
      expectError(await update(post.id, { title: 'x' }, 'contributor'), 403, 'rest_cannot_edit');
      expectError(await update(post.id, { title: 'x' }, 'author'), 403, 'rest_cannot_edit');
      expect((await read(post.id)).body.title.rendered).toBe('Editor post');
      expect((await update(post.id, { title: 'By admin' }, 'administrator')).status).toBe(200);
    });

    it('answers 400 rest_invalid_param for invalid fields and changes nothing', async () => {
      const post = await create({ title: 'Valid', status: 'publish' });
      const result = await update(post.id, { title: 'Changed', ping_status: 'sometimes', menu_order: 'x' });
      expectError(result, 400, 'rest_invalid_param');
      expect(Object.keys(result.body.data.params)).toEqual(['ping_status']);
      expect(result.body.data.details.ping_status.code).toBe('rest_not_in_enum');
      expect((await read(post.id)).body.title.rendered).toBe('Valid');
    });
  });

  describe('delete', () => {
    it('moves to trash by default, answers 410 rest_already_trashed the second time, and removes with force', async () => {
      const post = await create({ title: 'To delete', status: 'publish' });
      const trashed = await remove(post.id);
      expect(trashed.status).toBe(200);
      expect(trashed.body).toMatchObject({ id: post.id, status: 'trash', title: { raw: 'To delete' } });
      expect(sorted(Object.keys(trashed.body))).toEqual(sorted(POST_EDIT_FIELDS));
      expectError(await read(post.id), 401, 'rest_forbidden');
      expect((await read(post.id, { as: 'administrator' })).body.status).toBe('trash');
      expectError(await remove(post.id), 410, 'rest_already_trashed');
      expectError(await remove(post.id, 'administrator', { force: 'false' }), 410, 'rest_already_trashed');

      const deleted = await remove(post.id, 'administrator', { force: 'true' });
      expect(deleted.status).toBe(200);
      expect(deleted.body.deleted).toBe(true);
      expect(deleted.body.previous).toMatchObject({ id: post.id, status: 'trash', title: { raw: 'To delete' } });
      expect(sorted(Object.keys(deleted.body.previous))).toEqual(sorted(POST_EDIT_FIELDS));
      expectError(await read(post.id, { as: 'administrator' }), 404, 'rest_post_invalid_id');
      expect(site.running.site.context.store.get('SELECT 1 FROM posts WHERE id = ? OR parent = ?', post.id, post.id)).toBeUndefined();
    });

    it('keeps a trashed post in the trash on other edits, and restores it when given a status', async () => {
      const post = await create({ title: 'Restorable', status: 'publish' });
      expect((await remove(post.id)).body.status).toBe('trash');
      expect((await update(post.id, { title: 'Still trashed' })).body.status).toBe('trash');
      const restored = await update(post.id, { status: 'draft' });
      expect(restored.status).toBe(200);
      expect(restored.body.status).toBe('draft');
      expect((await remove(post.id)).body.status).toBe('trash');
    });

    it('shows a create and a trashing in the next list and its total at once', async () => {
      const total = async () => {
        const result = await site.api('/cms/v2/posts', { query: { per_page: 1, page: 1 } });
        return { total: Number(result.headers.get('x-wp-total')), pages: Number(result.headers.get('x-wp-totalpages')), first: result.body[0]?.id };
      };
      const before = await total();
      const post = await create({ title: 'Counted', status: 'publish' });
      expect(await total()).toEqual({ total: before.total + 1, pages: before.pages + 1, first: post.id });
      await remove(post.id);
      expect((await total()).total).toBe(before.total);
    });

    it('makes slugs as the reference does: accents removed, other scripts and emoji percent-encoded, "&" and "%" dropped', async () => {
      const cases: [string, string][] = [
        ['Привет мир', '%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82-%d0%bc%d0%b8%d1%80'],
        ['🎉 Launch', '%f0%9f%8e%89-launch'],
        ['🎉', '%f0%9f%8e%89'],
        ['Crème Brûlée', 'creme-brulee'],
        ['Salt & Pepper', 'salt-pepper'],
        ['100% Cotton', '100-cotton'],
      ];
      for (const [title, slug] of cases) {
        const draft = await create({ title });
        expect(draft.generated_slug, title).toBe(`${slug}`);
        const post = await create({ title: `${title}`, status: 'publish' });
        expect(post.slug, title).toMatch(new RegExp(`^${slug}(-\\d+)?$`));
        expect(post.link).toBe(`${site.url}/${post.date.slice(0, 10).replace(/-/g, '/')}/${post.slug}/`);
        // A slug asked for in a list is read as a slug too (spaces and commas separate slugs there).
        const found = await site.api('/cms/v2/posts', { query: { slug: title.replaceAll(' ', '-'), _fields: 'id' } });
        expect(found.body.map((item: { id: number }) => item.id)).toContain(post.id);
      }
      // A slug sent by a client is made a slug the same way.
      expect((await create({ title: 'x', slug: 'Ελληνικά Ü', status: 'publish' })).slug).toBe('%ce%b5%ce%bb%ce%bb%ce%b7%ce%bd%ce%b9%ce%ba%ce%ac-u');
    });

    it('frees the slug of a trashed post for new posts, and asks for it back on restore', async () => {
      const first = await create({ title: 'Trash slug test', status: 'publish' });
      expect(first.slug).toBe('trash-slug-test');
      const trashed = await remove(first.id);
      expect(trashed.body.slug).toBe('trash-slug-test__trashed');
      // Editing in the trash keeps the suffix, once.
      expect((await update(first.id, { title: 'Trash slug test' })).body.slug).toBe('trash-slug-test__trashed');
      const second = await create({ title: 'Trash slug test', status: 'publish' });
      expect(second.slug).toBe('trash-slug-test');
      // Its slug was taken meanwhile: the restored post gets the next free one.
      expect((await update(first.id, { status: 'publish' })).body.slug).toBe('trash-slug-test-2');
      expect((await remove(second.id)).body.slug).toBe('trash-slug-test__trashed');
      expect((await update(second.id, { status: 'draft' })).body.slug).toBe('trash-slug-test');
      // A slug sent with the restore wins over the old one.
      expect((await remove(second.id)).body.slug).toBe('trash-slug-test__trashed');
      expect((await update(second.id, { status: 'draft', slug: 'chosen-again' })).body.slug).toBe('chosen-again');
    });

    it('removes at once with force, sent in the body too', async () => {
      const post = await create({ title: 'Forced', content: 'with a revision', status: 'publish' });
      const deleted = await site.api(`/cms/v2/posts/${post.id}`, { method: 'DELETE', as: 'administrator', body: { force: true } });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ deleted: true, previous: { id: post.id, status: 'publish' } });
      expectError(await read(post.id, { as: 'administrator' }), 404, 'rest_post_invalid_id');
    });

    it('answers 401/403 rest_cannot_delete to those who may not delete', async () => {
      const post = await create({ title: 'Keep me', status: 'publish' }, 'editor');
      expectError(await site.api(`/cms/v2/posts/${post.id}`, { method: 'DELETE' }), 401, 'rest_cannot_delete');
      expectError(await remove(post.id, 'subscriber'), 403, 'rest_cannot_delete');
      expectError(await remove(post.id, 'contributor'), 403, 'rest_cannot_delete');
      expectError(await remove(post.id, 'author'), 403, 'rest_cannot_delete');
      expect((await read(post.id)).body.status).toBe('publish');
      expect((await remove(post.id, 'editor')).body.status).toBe('trash');

      const ownDraft = await create({ title: 'Contributor draft' }, 'contributor');
      expect((await remove(ownDraft.id, 'contributor')).body.status).toBe('trash');
      const ownPublished = await create({ title: 'Author published', status: 'publish' }, 'author');
      expect((await remove(ownPublished.id, 'author', { force: 'true' })).body.deleted).toBe(true);
    });
  });

  describe('rendering', () => {
    it('strips block comments without adding paragraphs', async () => {
      const raw = '<!-- wp:paragraph -->\n<p>Block text</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:heading {"level":2} -->\n<h2>Heading</h2>\n<!-- /wp:heading -->';
      const post = await create({ title: 'Blocks', content: raw, status: 'publish' });
      expect(post.content.raw).toBe(raw);
      expect(post.content.block_version).toBe(1);
      const rendered = (await read(post.id)).body.content.rendered as string;
      expect(rendered).not.toContain('<!--');
      expect(rendered).toContain('<p>Block text</p>');
      expect(rendered).toContain('<h2>Heading</h2>');
      expect(rendered).not.toContain('<p><h2>');
      expect((await read(post.id)).body.excerpt.rendered).toBe('<p>Block text Heading</p>\n');
    });

    it('forms paragraphs from line breaks in classic content', async () => {
      const post = await create({ title: 'Classic', content: 'First line\n\nSecond line\nstill second', status: 'publish' });
      const rendered = (await read(post.id)).body.content.rendered as string;
      expect(rendered).toContain('<p>First line</p>');
      expect(rendered).toContain('<p>Second line<br />\nstill second</p>');
    });

    it('generates the excerpt from the content, 55 words by default or excerpt_length', async () => {
      const text = words(60).join(' ');
      const post = await create({ title: 'Long', content: `<p>${text}</p>`, status: 'publish' });
      expect((await read(post.id)).body.excerpt.rendered).toBe(`<p>${words(55).join(' ')} [&hellip;]</p>\n`);
      expect((await read(post.id, { query: { excerpt_length: 5 } })).body.excerpt.rendered).toBe(`<p>${words(5).join(' ')} [&hellip;]</p>\n`);
      expect((await read(post.id, { query: { excerpt_length: 60 } })).body.excerpt.rendered).toBe(`<p>${text}</p>\n`);
      const embed = await read(post.id, { query: { excerpt_length: 3, context: 'embed' } });
      expect(embed.body.excerpt.rendered).toBe(`<p>${words(3).join(' ')} [&hellip;]</p>\n`);
      expectError(await read(post.id, { query: { excerpt_length: 'many' } }), 400, 'rest_invalid_param');

      const short = await create({ title: 'Short', content: 'Just three words', status: 'publish' });
      expect((await read(short.id)).body.excerpt.rendered).toBe('<p>Just three words</p>\n');
    });

    it('shows a written excerpt as it is, whatever excerpt_length says', async () => {
      const post = await create({ title: 'Written', content: words(80).join(' '), excerpt: 'Hand written summary here', status: 'publish' });
      expect((await read(post.id)).body.excerpt.rendered).toBe('<p>Hand written summary here</p>\n');
      expect((await read(post.id, { query: { excerpt_length: 2 } })).body.excerpt.rendered).toBe('<p>Hand written summary here</p>\n');
    });

    it('hides protected content and excerpt unless the password is given', async () => {
      const post = await create({ title: 'Protected', content: 'Hidden words', password: 'open sesame', status: 'publish' });
      expect(post.password).toBe('open sesame');
      const anonymous = (await read(post.id)).body;
      expect(anonymous.title.rendered).toBe('Protected');
      expect(anonymous.content).toEqual({ rendered: '', protected: true });
      expect(anonymous.excerpt).toEqual({ rendered: '', protected: true });
      expect(anonymous.password).toBeUndefined();
      expect((await read(post.id, { query: { context: 'embed' } })).body.excerpt).toEqual({ rendered: '', protected: true });

      const unlocked = (await read(post.id, { query: { password: 'open sesame' } })).body;
      expect(unlocked.content.rendered).toContain('Hidden words');
      expect(unlocked.content.protected).toBe(true);
      expect(unlocked.excerpt.rendered).toContain('Hidden words');

      expectError(await read(post.id, { query: { password: 'wrong' } }), 403, 'rest_post_incorrect_password');
      // As the reference API: even an editor needs the password outside the edit context.
      expectError(await read(post.id, { as: 'editor', query: { password: 'wrong' } }), 403, 'rest_post_incorrect_password');
      expect((await read(post.id, { as: 'editor' })).body.content.rendered).toBe('');
      const edit = (await read(post.id, { as: 'editor', query: { context: 'edit' } })).body;
      expect(edit.content.rendered).toContain('Hidden words');
      expect(edit.content.raw).toBe('Hidden words');
      expect(edit.password).toBe('open sesame');

      const list = await site.api('/cms/v2/posts', { query: { include: [post.id] } });
      expect(list.body[0].content).toEqual({ rendered: '', protected: true });
      const editList = await site.api('/cms/v2/posts', { as: 'editor', query: { include: [post.id], context: 'edit' } });
      expect(editList.body[0].content.rendered).toContain('Hidden words');

      // A password sent for an unprotected post does not match it either.
      const open = await create({ title: 'Open', content: 'Visible', status: 'publish' });
      expectError(await read(open.id, { query: { password: 'anything' } }), 403, 'rest_post_incorrect_password');
      expect((await read(open.id, { query: { password: '' } })).status).toBe(200);

      const cleared = await update(post.id, { password: '' });
      expect(cleared.body.content.protected).toBe(false);
      expect((await read(post.id)).body.content.rendered).toContain('Hidden words');
    });
  });

  describe('slugs', () => {
    it('keeps slugs unique within the type with -2, -3', async () => {
      const first = await create({ title: 'Same Title', status: 'publish' });
      const second = await create({ title: 'Same Title', status: 'publish' });
      const third = await create({ title: 'Same Title', status: 'private' });
      expect([first.slug, second.slug, third.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);
      const explicit = await create({ title: 'Other', slug: 'same-title', status: 'publish' });
      expect(explicit.slug).toBe('same-title-4');
      // A draft that asks for a taken slug gets a free one too.
      const draft = await create({ title: 'Draft with slug', slug: 'same-title' });
      expect(draft.slug).toBe('same-title-5');
      // Pages are another type: the slug is free there.
      const page = await site.api('/cms/v2/pages', { method: 'POST', as: 'administrator', body: { title: 'Same Title', status: 'publish' } });
      expect(page.body.slug).toBe('same-title');
      // Updating a post with its own slug keeps it.
      expect((await update(second.id, { slug: 'same-title-2', title: 'Renamed' })).body.slug).toBe('same-title-2');
      expect((await update(second.id, { slug: 'same-title' })).body.slug).not.toBe('same-title');
    });

    it('sanitises requested slugs', async () => {
      const post = await create({ title: 'x', slug: 'Hello World! Ça va?', status: 'publish' });
      expect(post.slug).toBe('hello-world-ca-va');
    });

    it('makes an empty slug, or one that sanitises to nothing, from the title (the id only without a title), on create and update, for every type and published status', async () => {
      for (const type of ['posts', 'pages']) {
        for (const status of ['publish', 'private']) {
          const write = (body: Record<string, unknown>, id?: number) =>
            site.api(`/cms/v2/${type}${id ? `/${id}` : ''}`, { method: 'POST', as: 'administrator', body: { status, ...body } });
          for (const slug of ['', '!!!', ' ']) {
            const title = `Empty slug ${type} ${status} ${slug.length}`;
            const made = await write({ title, slug });
            expect(made.status).toBe(201);
            expect(made.body.slug, `${type} ${status} ${JSON.stringify(slug)}`).toBe(title.toLowerCase().replace(/ /g, '-'));
            const renamed = await write({ title: `${title} renamed`, slug }, made.body.id);
            expect(renamed.body.slug).toBe(`${title} renamed`.toLowerCase().replace(/ /g, '-'));
          }
          const untitled = await write({ title: '', slug: '' });
          expect(untitled.body.slug).toBe(String(untitled.body.id));
        }
      }
      // A draft stays without a slug until published.
      expect((await create({ title: 'Draft, empty slug', slug: '' })).slug).toBe('');
    });

    it('gives drafts no slug until they are published, but a generated one to show', async () => {
      const draft = await create({ title: 'Publish Me Later' });
      expect(draft.slug).toBe('');
      expect(draft.generated_slug).toBe('publish-me-later');
      const published = await update(draft.id, { status: 'publish' });
      expect(published.body.slug).toBe('publish-me-later');
      expect(published.body.link).toBe(`${site.url}/${published.body.date.slice(0, 10).replace(/-/g, '/')}/publish-me-later/`);
    });
  });

  describe('dates', () => {
    it('writes date and date_gmt consistently in the site time zone', async () => {
      const store = site.running.site.context.store;
      const settings = getSettings(store);
      saveSettings(store, { ...settings, timezone_string: 'America/New_York' });
      try {
        const winter = await create({ title: 'Winter', date: '2024-01-15T10:00:00', status: 'publish' });
        expect([winter.date, winter.date_gmt]).toEqual(['2024-01-15T10:00:00', '2024-01-15T15:00:00']);
        const summer = await create({ title: 'Summer', date: '2024-07-15T10:00:00', status: 'publish' });
        expect([summer.date, summer.date_gmt]).toEqual(['2024-07-15T10:00:00', '2024-07-15T14:00:00']);
        const fromGmt = await create({ title: 'From GMT', date_gmt: '2024-01-15T15:00:00', status: 'publish' });
        expect([fromGmt.date, fromGmt.date_gmt]).toEqual(['2024-01-15T10:00:00', '2024-01-15T15:00:00']);
        const withZ = await create({ title: 'With Z', date: '2024-01-15T10:00:00Z', status: 'publish' });
        expect([withZ.date, withZ.date_gmt]).toEqual(['2024-01-15T05:00:00', '2024-01-15T10:00:00']);
        const withOffset = await create({ title: 'With offset', date: '2024-01-15T10:00:00+02:00', status: 'publish' });
        expect([withOffset.date, withOffset.date_gmt]).toEqual(['2024-01-15T03:00:00', '2024-01-15T08:00:00']);
        // The permalink uses the local date.
        const late = await create({ title: 'Late evening', date_gmt: '2024-03-02T03:00:00', status: 'publish' });
        expect(late.date).toBe('2024-03-01T22:00:00');
        expect(late.link).toBe(`${site.url}/2024/03/01/late-evening/`);

        const moved = await update(winter.id, { date_gmt: '2024-02-01T12:00:00' });
        expect([moved.body.date, moved.body.date_gmt]).toEqual(['2024-02-01T07:00:00', '2024-02-01T12:00:00']);
        expect((await read(winter.id)).body.date_gmt).toBe('2024-02-01T12:00:00');

        const now = await create({ title: 'Now in New York', status: 'publish' });
        const offsetHours = (Date.parse(`${now.date_gmt}Z`) - Date.parse(`${now.date}Z`)) / 3_600_000;
        expect([4, 5]).toContain(offsetHours);
        expect(Math.abs(Date.parse(`${now.date_gmt}Z`) - Date.now())).toBeLessThan(60_000);
        expect(Math.abs(Date.parse(`${now.modified_gmt}Z`) - Date.now())).toBeLessThan(60_000);
        expect((Date.parse(`${now.modified_gmt}Z`) - Date.parse(`${now.modified}Z`)) / 3_600_000).toBe(offsetHours);
      } finally {
        saveSettings(store, settings);
      }
    });

    it('has equal local and GMT dates in a UTC site', async () => {
      const post = await create({ title: 'UTC', date: '2023-05-05T05:05:05', status: 'publish' });
      expect([post.date, post.date_gmt]).toEqual(['2023-05-05T05:05:05', '2023-05-05T05:05:05']);
      expect(post.modified).toBe(post.modified_gmt);
    });
  });

  describe('scheduling', () => {
    it('schedules a post published with a future date, and publishes one given a past date', async () => {
      const future = await create({ title: 'Later', status: 'publish', date_gmt: '2099-06-01T12:00:00' });
      expect(future.status).toBe('future');
      expect(future.link).toBe(`${site.url}/?p=${future.id}`);
      expectError(await read(future.id), 401, 'rest_forbidden');
      const explicit = await create({ title: 'Explicit future', status: 'future', date: '2099-06-01T12:00:00' });
      expect(explicit.status).toBe('future');
      const past = await create({ title: 'Future in the past', status: 'future', date_gmt: '2001-01-01T00:00:00' });
      expect(past.status).toBe('publish');
      const draft = await create({ title: 'Draft with future date', date_gmt: '2099-01-01T00:00:00' });
      expect(draft.status).toBe('draft');
      const brought = await update(future.id, { date_gmt: '2002-02-02T00:00:00' });
      expect(brought.body.status).toBe('publish');
      expect((await read(future.id)).status).toBe(200);
    });
  });

  describe('sticky', () => {
    it('lets editors make posts sticky and not sticky', async () => {
      const post = await create({ title: 'Sticky', status: 'publish', sticky: true }, 'editor');
      expect(post.sticky).toBe(true);
      expect((await read(post.id)).body.sticky).toBe(true);
      expect((await update(post.id, { sticky: false }, 'editor')).body.sticky).toBe(false);
    });

    it('refuses sticky to contributors', async () => {
      expectError(await site.api('/cms/v2/posts', { method: 'POST', as: 'contributor', body: { title: 's', sticky: true } }), 403, 'rest_cannot_assign_sticky');
      const own = await create({ title: 'Contributor own' }, 'contributor');
      expectError(await update(own.id, { sticky: true }, 'contributor'), 403, 'rest_cannot_assign_sticky');
    });

    it('never lets a post be sticky and password protected', async () => {
      expectError(
        await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 's', sticky: true, password: 'pw' } }),
        400, 'rest_invalid_field',
      );
      const sticky = await create({ title: 'Sticky first', sticky: true, status: 'publish' });
      expectError(await update(sticky.id, { password: 'pw' }), 400, 'rest_invalid_field');
      expect((await read(sticky.id, { as: 'administrator', query: { context: 'edit' } })).body.password).toBe('');
      const protectedPost = await create({ title: 'Protected first', password: 'pw', status: 'publish' });
      expectError(await update(protectedPost.id, { sticky: true }), 400, 'rest_invalid_field');
      expect((await read(protectedPost.id, { as: 'administrator' })).body.sticky).toBe(false);
      // As the reference API, the stored password counts, even when the same request clears it.
      expectError(await update(protectedPost.id, { sticky: true, password: '' }), 400, 'rest_invalid_field');
      expect((await update(protectedPost.id, { password: '' })).body.content.protected).toBe(false);
      expect((await update(protectedPost.id, { sticky: true })).body.sticky).toBe(true);
      // An unsticky post may be given a password again.
      expect((await update(sticky.id, { sticky: false })).body.sticky).toBe(false);
      expect((await update(sticky.id, { password: 'pw' })).body.content.protected).toBe(true);
    });
  });

  describe('terms', () => {
    it('assigns existing categories and tags and ignores ids that name no term of the taxonomy, as the reference', async () => {
      const category = await site.api('/cms/v2/categories', { method: 'POST', as: 'administrator', body: { name: `Cat ${deployment}` } });
      const tag = await site.api('/cms/v2/tags', { method: 'POST', as: 'administrator', body: { name: `Tag ${deployment}` } });
      expect([category.status, tag.status]).toEqual([201, 201]);
      const post = await create({ title: 'Termed', categories: [category.body.id], tags: [tag.body.id], status: 'publish' });
      expect(post.categories).toEqual([category.body.id]);
      expect(post.tags).toEqual([tag.body.id]);
      expect((await read(post.id)).body.categories).toEqual([category.body.id]);

      for (const role of ['administrator', 'contributor'] as const) {
        const unknown = await site.api('/cms/v2/posts', { method: 'POST', as: role, body: { title: 'Unknown terms', categories: [987654, category.body.id], tags: [987654] } });
        expect(unknown.status).toBe(201);
        expect([unknown.body.categories, unknown.body.tags]).toEqual([[category.body.id], []]);
        // A tag id is not a category id, and the other way round.
        const crossed = await site.api('/cms/v2/posts', { method: 'POST', as: role, body: { title: 'Crossed', categories: [tag.body.id], tags: [category.body.id] } });
        expect(crossed.status).toBe(201);
        expect([crossed.body.categories, crossed.body.tags]).toEqual([[], []]);
        expect((await read(crossed.body.id, { as: role, query: { context: 'edit' } })).body.categories).toEqual([]);
      }
      // A parent that is no category of this taxonomy is a bad request, as the reference answers.
      for (const parent of [987654, tag.body.id]) {
        expectError(await site.api('/cms/v2/categories', { method: 'POST', as: 'administrator', body: { name: `Orphan ${parent}`, parent } }), 400, 'rest_term_invalid');
      }
      const updated = await update(post.id, { tags: [987654, tag.body.id] });
      expect(updated.status).toBe(200);
      expect(updated.body.tags).toEqual([tag.body.id]);
      expect((await read(post.id)).body.tags).toEqual([tag.body.id]);

      const cleared = await update(post.id, { tags: [], categories: [defaultCategory] });
      expect(cleared.body.tags).toEqual([]);
      expect(cleared.body.categories).toEqual([defaultCategory]);
    });
  });

  describe('the answer to a create', () => {
    it('is the item exactly as a read in the edit context gives it afterwards, with the same ETag', async () => {
      const made = await Promise.all(['Zebra', 'Apple', 'Mango'].map((name) =>
        site.api('/cms/v2/tags', { method: 'POST', as: 'administrator', body: { name: `${name} ${deployment} answer` } })));
      const [zebra, apple, mango] = made.map((result) => result.body.id as number);
      const category = (await site.api('/cms/v2/categories', { method: 'POST', as: 'administrator', body: { name: `Answer ${deployment}` } })).body.id;
      const bodies: Record<string, unknown>[] = [
        { title: 'Plain draft' },
        { title: 'With text', content: 'One line.', excerpt: 'Short.', status: 'publish' },
        { title: 'Block text', content: '<!-- wp:paragraph -->\n<p>Blocks</p>\n<!-- /wp:paragraph -->', status: 'private' },
        // Several terms come back ordered by name, duplicates once.
        { title: 'Many terms', tags: [zebra, apple, mango, apple], categories: [category, defaultCategory], status: 'publish' },
        { title: 'One of each', tags: [mango, mango], categories: [category], status: 'pending' },
        { title: 'No terms', tags: [], categories: [], status: 'draft' },
        // A title that gives no slug: a published item takes its id as slug (a second write).
        { title: '!!!', status: 'publish' },
        { title: 'Set slug', slug: 'chosen-slug', status: 'publish', sticky: true, comment_status: 'closed', format: 'aside', menu_order: 3 },
        { title: 'Protected', content: 'Secret', password: 'pw', status: 'publish' },
        { title: 'Scheduled', status: 'publish', date_gmt: gmtIn(86_400_000) },
        { title: 'Meta', meta: { footnotes: 'A note' }, status: 'draft' },
      ];
      for (const body of bodies) {
        const created = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const again = await site.api(`/cms/v2/posts/${created.body.id}`, { as: 'editor', query: { context: 'edit' } });
        expect(created.body, JSON.stringify(body)).toEqual(again.body);
        expect(created.headers.get('etag')).toBe(again.headers.get('etag'));
        expect(created.headers.get('last-modified')).toBe(again.headers.get('last-modified'));
      }
      const page = await site.api('/cms/v2/pages', { method: 'POST', as: 'editor', body: { title: 'A page answer', content: 'Text', status: 'publish', menu_order: 2 } });
      expect(page.status).toBe(201);
      expect(page.body).toEqual((await site.api(`/cms/v2/pages/${page.body.id}`, { as: 'editor', query: { context: 'edit' } })).body);
    });
  });

  describe('authors', () => {
    it('sets another author only with the right to edit others’ posts', async () => {
      const byEditor = await create({ title: 'For the author', author: site.users.author.id }, 'editor');
      expect(byEditor.author).toBe(site.users.author.id);
      expect(byEditor._links.author[0].href).toBe(`${site.apiRoot}cms/v2/users/${site.users.author.id}`);
      const self = await create({ title: 'Myself', author: site.users.author.id }, 'author');
      expect(self.author).toBe(site.users.author.id);
      expectError(await site.api('/cms/v2/posts', { method: 'POST', as: 'author', body: { title: 'x', author: site.users.editor.id } }), 403, 'rest_cannot_edit_others');
      expectError(await update(self.id, { author: site.users.editor.id }, 'author'), 403, 'rest_cannot_edit_others');
      const own = await create({ title: 'Contributor post' }, 'contributor');
      expectError(await update(own.id, { author: site.users.administrator.id }, 'contributor'), 403, 'rest_cannot_edit_others');
      expect((await update(self.id, { author: site.users.editor.id }, 'administrator')).body.author).toBe(site.users.editor.id);
    });

    it('answers 400 rest_invalid_author for an unknown author', async () => {
      expectError(await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'x', author: 987654 } }), 400, 'rest_invalid_author');
      const post = await create({ title: 'Keeps its author' });
      expectError(await update(post.id, { author: 987654 }), 400, 'rest_invalid_author');
      expect((await read(post.id, { as: 'administrator' })).body.author).toBe(site.users.administrator.id);
    });
  });

  describe('meta', () => {
    it('reads back the deployment’s meta fields with their defaults', async () => {
      const post = await create({ title: 'Meta defaults', status: 'publish' });
      expect(post.meta).toEqual(META_DEFAULTS[deployment]);
      expect((await read(post.id)).body.meta).toEqual(META_DEFAULTS[deployment]);
    });

    it('stores registered keys, keeps the others on partial updates, and never stores unknown keys', async () => {
      const [booleanKey, stringKey] = deployment === 'a' ? ['inline_featured_image', 'footnotes'] : ['_builder_hide_in_design_set', '_builder_tags'];
      const post = await create({ title: 'Meta', meta: { [booleanKey]: true, [stringKey]: 'text', unknown_key: 'x', _private: 1 } });
      expect(post.meta).toEqual({ ...META_DEFAULTS[deployment], [booleanKey]: true, [stringKey]: 'text' });
      const partial = await update(post.id, { meta: { footnotes: 'notes' } });
      expect(partial.body.meta).toEqual({ ...META_DEFAULTS[deployment], [booleanKey]: true, [stringKey]: deployment === 'a' ? 'notes' : 'text', footnotes: 'notes' });
      const stored = site.running.site.context.store.get<{ meta: string }>('SELECT meta FROM posts WHERE id = ?', post.id)!.meta;
      expect(stored).not.toContain('unknown_key');
      expect(stored).not.toContain('_private');
      expect(Object.keys(JSON.parse(stored)).every((key) => key in META_DEFAULTS[deployment])).toBe(true);
      // The other deployment's keys are unknown here.
      const otherKey = deployment === 'a' ? '_builder_tags' : 'inline_featured_image';
      const other = await update(post.id, { meta: { [otherKey]: deployment === 'a' ? 'x' : true } });
      expect(Object.keys(other.body.meta)).toEqual(Object.keys(META_DEFAULTS[deployment]));
      expect(site.running.site.context.store.get<{ meta: string }>('SELECT meta FROM posts WHERE id = ?', post.id)!.meta).not.toContain(otherKey);
    });

    it('refuses meta values of the wrong type', async () => {
      const booleanKey = deployment === 'a' ? 'inline_featured_image' : '_ext_changed';
      const result = await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'x', meta: { [booleanKey]: 'perhaps' } } });
      expectError(result, 400, 'rest_invalid_param');
      expect(Object.keys(result.body.data.params)).toEqual(['meta']);
      const strings = await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'x', meta: { footnotes: { nested: true } } } });
      expectError(strings, 400, 'rest_invalid_param');
    });
  });

  describe('roles', () => {
    it('lets a contributor write drafts and pending posts but not publish', async () => {
      const draft = await create({ title: 'Contrib draft' }, 'contributor');
      expect(draft.status).toBe('draft');
      expect(draft.author).toBe(site.users.contributor.id);
      const pending = await create({ title: 'Contrib pending', status: 'pending' }, 'contributor');
      expect(pending.status).toBe('pending');
      for (const status of ['publish', 'future', 'private']) {
        const body: Record<string, unknown> = { title: `Contrib ${status}`, status };
        if (status === 'future') body.date_gmt = '2099-01-01T00:00:00';
        expectError(await site.api('/cms/v2/posts', { method: 'POST', as: 'contributor', body }), 403, 'rest_cannot_publish');
        expectError(await update(draft.id, body, 'contributor'), 403, 'rest_cannot_publish');
      }
      expect((await update(draft.id, { title: 'Contrib draft edited', status: 'pending' }, 'contributor')).body.status).toBe('pending');
      // Once published by an editor, the contributor may no longer edit it.
      expect((await update(draft.id, { status: 'publish' }, 'editor')).body.status).toBe('publish');
      expectError(await update(draft.id, { title: 'again' }, 'contributor'), 403, 'rest_cannot_edit');
      expectError(await remove(draft.id, 'contributor'), 403, 'rest_cannot_delete');
    });

    it('lets an author publish and edit their own posts only', async () => {
      const own = await create({ title: 'Author own', status: 'publish' }, 'author');
      expect(own.status).toBe('publish');
      expect((await update(own.id, { title: 'Author own edited' }, 'author')).status).toBe(200);
      const others = await create({ title: 'Editor draft' }, 'editor');
      expectError(await update(others.id, { title: 'x' }, 'author'), 403, 'rest_cannot_edit');
      expectError(await remove(others.id, 'author'), 403, 'rest_cannot_delete');
    });

    it('lets an editor edit, publish and delete others’ posts', async () => {
      const draft = await create({ title: 'Author draft' }, 'author');
      const edited = await update(draft.id, { title: 'Edited by editor', status: 'publish' }, 'editor');
      expect(edited.body).toMatchObject({ status: 'publish', author: site.users.author.id });
      const priv = await create({ title: 'Admin private', status: 'private' });
      expect((await update(priv.id, { title: 'Private edited' }, 'editor')).status).toBe(200);
      expect((await remove(priv.id, 'editor', { force: 'true' })).body.deleted).toBe(true);
    });
  });
});

describe.each(['a', 'b'] as const)('scheduled publishing while the site runs (deployment %s)', (deployment) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite(deployment);
  });
  afterAll(async () => {
    await site.close();
  });

  it('publishes a post scheduled a moment ahead when its time comes', async () => {
    const created = await site.api('/cms/v2/posts', {
      method: 'POST', as: 'administrator', body: { title: 'Due soon', status: 'publish', date_gmt: gmtIn(2500) },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('future');
    const id = created.body.id;
    const deadline = Date.now() + 10_000;
    let status = created.body.status;
    while (status !== 'publish' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await site.api(`/cms/v2/posts/${id}`, { as: 'administrator' })).body.status;
    }
    expect(status).toBe('publish');
    const list = await site.api('/cms/v2/posts');
    expect(list.body.map((post: { id: number }) => post.id)).toContain(id);
    const publicView = await site.api(`/cms/v2/posts/${id}`);
    expect(publicView.status).toBe(200);
    expect(publicView.body.link).toBe(`${site.url}/${publicView.body.date.slice(0, 10).replace(/-/g, '/')}/due-soon/`);
  });

  it('leaves a post taken back to draft unpublished, and still publishes the next scheduled one', async () => {
    const create = (title: string, ms: number) =>
      site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title, status: 'publish', date_gmt: gmtIn(ms) } });
    const withdrawn = (await create('Withdrawn', 1500)).body;
    const kept = (await create('Kept', 2500)).body;
    expect([withdrawn.status, kept.status]).toEqual(['future', 'future']);
    const drafted = await site.api(`/cms/v2/posts/${withdrawn.id}`, { method: 'POST', as: 'administrator', body: { status: 'draft' } });
    expect(drafted.body.status).toBe('draft');
    const deadline = Date.now() + 10_000;
    let status = kept.status;
    while (status !== 'publish' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await site.api(`/cms/v2/posts/${kept.id}`, { as: 'administrator' })).body.status;
    }
    expect(status).toBe('publish');
    expect((await site.api(`/cms/v2/posts/${withdrawn.id}`, { as: 'administrator' })).body.status).toBe('draft');
  });

  it('publishes at start what came due while the site was stopped', async () => {
    // A site of its own: this test stops it.
    const site = await startTestSite(deployment);
    const created = await site.api('/cms/v2/posts', {
      method: 'POST', as: 'administrator', body: { title: 'Missed', status: 'publish', date_gmt: gmtIn(3_600_000) },
    });
    expect(created.body.status).toBe('future');
    const id = created.body.id;
    // Move the publication time into the past behind the running site's back, then stop it.
    site.running.site.context.store.run('UPDATE posts SET date_gmt = ?, date = ? WHERE id = ?', '2020-01-01T00:00:00', '2020-01-01T00:00:00', id);
    expect((await site.api(`/cms/v2/posts/${id}`, { as: 'administrator' })).body.status).toBe('future');
    await site.running.close();

    const restarted = await serveSite({ dataDir: site.dataDir, database: site.database, deployment, host: '127.0.0.1', port: 0 });
    try {
      const response = await fetch(`${restarted.site.context.urls.apiRoot}cms/v2/posts/${id}`, {
        headers: { authorization: site.authHeader('administrator') },
      });
      const body = await response.json();
      expect(response.status).toBe(200);
      expect(body.status).toBe('publish');
      expect(body.date_gmt).toBe('2020-01-01T00:00:00');
      const anonymous = await fetch(`${restarted.site.context.urls.apiRoot}cms/v2/posts/${id}`);
      expect(anonymous.status).toBe(200);
    } finally {
      await restarted.close();
      // The helper's close would stop the first server again; remove the data directory here.
      fs.rmSync(site.dataDir, { recursive: true, force: true });
    }
  });
});
