// Credentials and capabilities over real HTTP: HTTP Basic with application passwords (and
// nothing else), `users/me`, what a visitor without credentials may see, and what each
// role may do with posts and pages, with the reference API's codes and statuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, TEST_ROLES, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { appPasswordCreateCommand, appPasswordListCommand, appPasswordRevokeCommand } from '../../server/auth/account-commands.ts';
import { expectError } from '../helpers/expect-api.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite('a');
});
afterAll(async () => {
  await site.close();
});

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** `users/me` with a raw Authorization header (or none). */
function me(authorization?: string, context: 'view' | 'edit' = 'edit') {
  return site.api('cms/v2/users/me', { headers: authorization === undefined ? {} : { authorization }, query: { context } });
}

async function createAs(role: TestRole, body: Record<string, unknown>, type: 'posts' | 'pages' = 'posts') {
  const result = await site.api(`cms/v2/${type}`, { method: 'POST', as: role, body });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body as { id: number; status: string; author: number };
}

const postCount = () => site.running.site.context.store.get<{ n: number }>("SELECT COUNT(*) AS n FROM posts WHERE type = 'post'")!.n;

describe('HTTP Basic with application passwords', () => {
  it.each(TEST_ROLES)('authenticates the %s with the password as shown (with spaces)', async (role) => {
    const user = site.users[role];
    expect(user.appPassword).toMatch(/^[A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5}$/);
    const result = await me(basic(user.login, user.appPassword));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ id: user.id, username: user.login, roles: [role] });
  });

  it('accepts the password without its spaces, and with other separators (only letters and digits count)', async () => {
    const { login, appPassword, id } = site.users.editor;
    expect((await me(basic(login, appPassword.replace(/ /g, '')))).body.id).toBe(id);
    expect((await me(basic(login, appPassword.replace(/ /g, '-')))).body.id).toBe(id);
  });

  it('accepts the email address in place of the login', async () => {
    const { login, appPassword, id } = site.users.author;
    const result = await me(basic(`${login}@localhost.invalid`, appPassword));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.id).toBe(id);
  });

  it('refuses a wrong password with 401 incorrect_password, on reads and on writes', async () => {
    const wrong = basic(site.users.editor.login, 'abcd efgh ijkl mnop qrst uvwx');
    expectError(await me(wrong), 401, 'incorrect_password');
    expectError(await site.api('cms/v2/posts', { headers: { authorization: wrong } }), 401, 'incorrect_password');
    const before = postCount();
    expectError(await site.api('cms/v2/posts', { method: 'POST', headers: { authorization: wrong }, body: { title: 'Nope' } }), 401, 'incorrect_password');
    expect(postCount()).toBe(before);
  });

  it('refuses another user’s application password', async () => {
    expectError(await me(basic(site.users.subscriber.login, site.users.administrator.appPassword)), 401, 'incorrect_password');
  });

  it('refuses an unknown login with 401 invalid_username and an unknown email address with 401 invalid_email', async () => {
    expectError(await me(basic('nobody-here', site.users.editor.appPassword)), 401, 'invalid_username');
    expectError(await site.api('cms/v2/posts', { method: 'POST', headers: { authorization: basic('nobody-here', 'x') }, body: {} }), 401, 'invalid_username');
    expectError(await me(basic('nobody@example.com', site.users.editor.appPassword)), 401, 'invalid_email');
  });

  it('refuses the account password over Basic: it is only for the sign-in page', async () => {
    for (const role of ['administrator', 'subscriber'] as const) {
      const { login, password } = site.users[role];
      expectError(await me(basic(login, password)), 401, 'incorrect_password');
    }
    const before = postCount();
    const { login, password } = site.users.administrator;
    expectError(
      await site.api('cms/v2/posts', { method: 'POST', headers: { authorization: basic(login, password) }, body: { title: 'With the account password' } }),
      401, 'incorrect_password',
    );
    expect(postCount()).toBe(before);
  });

  it('never authenticates a malformed Basic header', async () => {
    const headers = [
      'Basic !!!not-base64!!!',
      `Basic ${Buffer.from('no-colon-at-all').toString('base64')}`,
      `Basic ${Buffer.from(`${site.users.administrator.login}`).toString('base64')}`,
      'Basic',
      'Basic ',
    ];
    for (const header of headers) {
      const result = await me(header);
      expect(result.status, `${header}: ${JSON.stringify(result.body)}`).toBe(401);
      expect(result.body.id).toBeUndefined();
      const before = postCount();
      const created = await site.api('cms/v2/posts', { method: 'POST', headers: { authorization: header }, body: { title: 'Malformed' } });
      expect(created.status, `${header}: ${JSON.stringify(created.body)}`).toBe(401);
      expect(postCount()).toBe(before);
    }
  });

  it('treats another scheme as no credentials at all', async () => {
    expectError(await me('Bearer abcdef'), 401, 'rest_not_logged_in');
    expect((await site.api('cms/v2/posts', { headers: { authorization: 'Bearer abcdef' } })).status).toBe(200);
    expectError(await site.api('cms/v2/posts', { method: 'POST', headers: { authorization: 'Bearer abcdef' }, body: { title: 'x' } }), 401, 'rest_cannot_create');
  });

  it('stops accepting a revoked application password at once, also for reads answered before', async () => {
    const store = site.running.site.context.store;
    const { login } = site.users.author;
    const extra = appPasswordCreateCommand(store, { login, name: 'to revoke' });
    const header = basic(login, extra.password);
    expect((await me(header)).status).toBe(200);
    // The same read twice, so that an answer is cached for this user.
    const drafts = { headers: { authorization: header }, query: { status: 'draft' } };
    expect((await site.api('cms/v2/posts', drafts)).status).toBe(200);
    expect((await site.api('cms/v2/posts', drafts)).status).toBe(200);
    expect(appPasswordListCommand(store, { login }).find((row) => row.uuid === extra.uuid)?.last_used).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    appPasswordRevokeCommand(store, { login, uuid: extra.uuid });
    expectError(await me(header), 401, 'incorrect_password');
    expectError(await site.api('cms/v2/posts', drafts), 401, 'incorrect_password');
    expectError(await site.api('cms/v2/posts', { method: 'POST', headers: { authorization: header }, body: { title: 'x' } }), 401, 'incorrect_password');
    // The user's other application password is untouched.
    expect((await me(site.authHeader('author'))).status).toBe(200);
  });
});

describe('users/me', () => {
  it('answers 401 rest_not_logged_in without credentials', async () => {
    expectError(await me(undefined, 'view'), 401, 'rest_not_logged_in');
    expectError(await me(undefined, 'edit'), 401, 'rest_not_logged_in');
  });

  it.each(TEST_ROLES)('returns the %s: public fields in view context, account fields in edit context', async (role) => {
    const user = site.users[role];
    const view = await site.api('cms/v2/users/me', { as: role });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ id: user.id, name: user.login, slug: user.login });
    expect(view.body.link).toContain(`/author/${user.login}/`);
    expect(Object.keys(view.body.avatar_urls)).toEqual(['24', '48', '96']);
    for (const field of ['username', 'email', 'roles', 'registered_date']) expect(view.body).not.toHaveProperty(field);
    const edit = await site.api('cms/v2/users/me', { as: role, query: { context: 'edit' } });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ id: user.id, username: user.login, email: `${user.login}@localhost.invalid`, roles: [role] });
  });
});

describe('without credentials', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const future = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 19);
    for (const status of ['publish', 'draft', 'pending', 'private'] as const) {
      ids[status] = (await createAs('editor', { title: `Visitor ${status}`, content: `Body of ${status}`, excerpt: `Excerpt of ${status}`, status })).id;
    }
    ids.future = (await createAs('editor', { title: 'Visitor future', status: 'future', date_gmt: future })).id;
    ids.page = (await createAs('editor', { title: 'Visitor page', status: 'publish' }, 'pages')).id;
    ids.draftPage = (await createAs('editor', { title: 'Visitor draft page', status: 'draft' }, 'pages')).id;
  });

  it('lists published posts and pages only', async () => {
    const posts = await site.api('cms/v2/posts', { query: { search: 'Visitor', per_page: 100 } });
    expect(posts.status).toBe(200);
    expect(posts.body.map((post: { id: number }) => post.id)).toEqual([ids.publish]);
    expect(posts.headers.get('x-wp-total')).toBe('1');
    const pages = await site.api('cms/v2/pages', { query: { search: 'Visitor', per_page: 100 } });
    expect(pages.body.map((page: { id: number }) => page.id)).toEqual([ids.page]);
  });

  it('refuses to list other statuses (400 rest_invalid_param, forbidden status) or the edit context (401)', async () => {
    for (const status of ['draft', 'pending', 'private', 'future', 'any']) {
      const result = await site.api('cms/v2/posts', { query: { status } });
      expectError(result, 400, 'rest_invalid_param');
      expect(result.body.data.details.status).toMatchObject({ code: 'rest_forbidden_status', data: { status: 401 } });
    }
    expectError(await site.api('cms/v2/posts', { query: { context: 'edit' } }), 401, 'rest_forbidden_context');
    expectError(await site.api('cms/v2/pages', { query: { status: 'draft' } }), 400, 'rest_invalid_param');
  });

  it('reads a published item in view and embed contexts, with fewer fields in embed', async () => {
    const view = await site.api(`cms/v2/posts/${ids.publish}`);
    expect(view.status).toBe(200);
    expect(view.body.content.rendered).toContain('Body of publish');
    expect(view.body.title).toEqual({ rendered: 'Visitor publish' });
    const embed = await site.api(`cms/v2/posts/${ids.publish}`, { query: { context: 'embed' } });
    expect(embed.status).toBe(200);
    expect(embed.body.title.rendered).toBe('Visitor publish');
    expect(embed.body.excerpt.rendered).toContain('Excerpt of publish');
    for (const field of ['content', 'status', 'modified', 'date_gmt', 'categories']) expect(embed.body).not.toHaveProperty(field);
    expect((await site.api(`cms/v2/pages/${ids.page}`, { query: { context: 'embed' } })).status).toBe(200);
  });

  it('refuses the edit context of a published item with 401 rest_forbidden_context', async () => {
    expectError(await site.api(`cms/v2/posts/${ids.publish}`, { query: { context: 'edit' } }), 401, 'rest_forbidden_context');
  });

  it('cannot read drafts, pending, private or scheduled items, in any context (401 rest_forbidden)', async () => {
    for (const key of ['draft', 'pending', 'private', 'future']) {
      for (const context of ['view', 'embed']) {
        expectError(await site.api(`cms/v2/posts/${ids[key]}`, { query: { context } }), 401, 'rest_forbidden');
      }
    }
    expectError(await site.api(`cms/v2/pages/${ids.draftPage}`), 401, 'rest_forbidden');
    expectError(await site.api(`cms/v2/pages/${ids.draftPage}`, { query: { context: 'embed' } }), 401, 'rest_forbidden');
  });

  it('cannot create, edit or delete (401)', async () => {
    const before = postCount();
    expectError(await site.api('cms/v2/posts', { method: 'POST', body: { title: 'Anonymous' } }), 401, 'rest_cannot_create');
    expectError(await site.api('cms/v2/pages', { method: 'POST', body: { title: 'Anonymous' } }), 401, 'rest_cannot_create');
    expect(postCount()).toBe(before);
    expectError(await site.api(`cms/v2/posts/${ids.publish}`, { method: 'POST', body: { title: 'Defaced' } }), 401, 'rest_cannot_edit');
    expectError(await site.api(`cms/v2/posts/${ids.publish}`, { method: 'DELETE' }), 401, 'rest_cannot_delete');
    expectError(await site.api(`cms/v2/posts/${ids.publish}`, { method: 'DELETE', query: { force: true } }), 401, 'rest_cannot_delete');
    expect((await site.api(`cms/v2/posts/${ids.publish}`)).body.title.rendered).toBe('Visitor publish');
  });
});

describe('capabilities per role', () => {
  const WRITERS = ['administrator', 'editor', 'author', 'contributor'] as const;
  const PUBLISHERS = ['administrator', 'editor', 'author'] as const;

  const read = (id: number, as: TestRole, type = 'posts') => site.api(`cms/v2/${type}/${id}`, { as, query: { context: 'edit' } });
  const update = (id: number, as: TestRole, body: Record<string, unknown>, type = 'posts') =>
    site.api(`cms/v2/${type}/${id}`, { method: 'POST', as, body });
  const remove = (id: number, as: TestRole, type = 'posts') => site.api(`cms/v2/${type}/${id}`, { method: 'DELETE', as });
  const listIds = async (as: TestRole, query: Record<string, string | number>, type = 'posts') => {
    const result = await site.api(`cms/v2/${type}`, { as, query: { per_page: 100, ...query } });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body.map((item: { id: number }) => item.id) as number[];
  };

  it.each(WRITERS)('lets the %s create a draft post, as its author', async (role) => {
    const post = await createAs(role, { title: `Draft by ${role}` });
    expect(post).toMatchObject({ status: 'draft', author: site.users[role].id });
  });

  it('refuses the subscriber any post (403 rest_cannot_create)', async () => {
    const before = postCount();
    expectError(await site.api('cms/v2/posts', { method: 'POST', as: 'subscriber', body: { title: 'x' } }), 403, 'rest_cannot_create');
    expect(postCount()).toBe(before);
  });

  it.each(PUBLISHERS)('lets the %s publish and make a post private', async (role) => {
    expect((await createAs(role, { title: `Published by ${role}`, status: 'publish' })).status).toBe('publish');
    expect((await createAs(role, { title: `Private by ${role}`, status: 'private' })).status).toBe('private');
  });

  it('lets the contributor submit for review but not publish, schedule or make private (403 rest_cannot_publish)', async () => {
    expect((await createAs('contributor', { title: 'For review', status: 'pending' })).status).toBe('pending');
    const future = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 19);
    for (const body of [{ status: 'publish' }, { status: 'private' }, { status: 'future', date_gmt: future }]) {
      expectError(await site.api('cms/v2/posts', { method: 'POST', as: 'contributor', body: { title: 'x', ...body } }), 403, 'rest_cannot_publish');
    }
    const draft = await createAs('contributor', { title: 'Still a draft' });
    expectError(await update(draft.id, 'contributor', { status: 'publish' }), 403, 'rest_cannot_publish');
  });

  it('lets only editors and administrators create posts as someone else', async () => {
    expectError(
      await site.api('cms/v2/posts', { method: 'POST', as: 'author', body: { title: 'x', author: site.users.editor.id } }),
      403, 'rest_cannot_edit_others',
    );
    const post = await createAs('editor', { title: 'Ghost-written', author: site.users.author.id });
    expect(post.author).toBe(site.users.author.id);
  });

  it('lets editors and administrators edit others’ posts, and nobody else', async () => {
    const byAuthor = await createAs('author', { title: 'Author’s post', status: 'publish' });
    for (const role of ['editor', 'administrator'] as const) {
      const result = await update(byAuthor.id, role, { title: `Edited by ${role}` });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(result.body.title.raw).toBe(`Edited by ${role}`);
    }
    const byEditor = await createAs('editor', { title: 'Editor’s draft' });
    for (const role of ['author', 'contributor', 'subscriber'] as const) {
      expectError(await update(byEditor.id, role, { title: 'Taken over' }), 403, 'rest_cannot_edit');
      expectError(await update(byAuthor.id, role === 'author' ? 'contributor' : role, { title: 'Taken over' }), 403, 'rest_cannot_edit');
    }
    expect((await read(byEditor.id, 'editor')).body.title.raw).toBe('Editor’s draft');
  });

  it('lets authors edit their own published posts, but not contributors', async () => {
    const own = await createAs('author', { title: 'Mine', status: 'publish' });
    expect((await update(own.id, 'author', { title: 'Mine, edited' })).status).toBe(200);
    const contributed = await createAs('contributor', { title: 'Contributed', status: 'pending' });
    expect((await update(contributed.id, 'contributor', { title: 'Contributed, edited' })).status).toBe(200);
    expect((await update(contributed.id, 'editor', { status: 'publish' })).body.status).toBe('publish');
    expectError(await update(contributed.id, 'contributor', { title: 'After publication' }), 403, 'rest_cannot_edit');
  });

  it('lets users delete what they may, others get 403 rest_cannot_delete', async () => {
    const contributorDraft = await createAs('contributor', { title: 'Contributor draft' });
    expectError(await remove(contributorDraft.id, 'author'), 403, 'rest_cannot_delete');
    expectError(await remove(contributorDraft.id, 'subscriber'), 403, 'rest_cannot_delete');
    expect((await remove(contributorDraft.id, 'contributor')).body.status).toBe('trash');

    const contributorPublished = await createAs('contributor', { title: 'Contributor published', status: 'pending' });
    await update(contributorPublished.id, 'editor', { status: 'publish' });
    expectError(await remove(contributorPublished.id, 'contributor'), 403, 'rest_cannot_delete');

    const authorPublished = await createAs('author', { title: 'Author published', status: 'publish' });
    const editorPost = await createAs('editor', { title: 'Editor post', status: 'publish' });
    expectError(await remove(editorPost.id, 'author'), 403, 'rest_cannot_delete');
    expect((await remove(authorPublished.id, 'author')).body.status).toBe('trash');
    expect((await remove(editorPost.id, 'administrator')).body.status).toBe('trash');
    const forced = await site.api(`cms/v2/posts/${contributorPublished.id}`, { method: 'DELETE', as: 'editor', query: { force: true } });
    expect(forced.body).toMatchObject({ deleted: true, previous: { id: contributorPublished.id } });
  });

  it('shows drafts to their authors and to editors only', async () => {
    const editorDraft = await createAs('editor', { title: 'Drafty editor' });
    const authorDraft = await createAs('author', { title: 'Drafty author' });
    const contributorDraft = await createAs('contributor', { title: 'Drafty contributor' });
    const all = [editorDraft.id, authorDraft.id, contributorDraft.id].sort();
    for (const role of ['editor', 'administrator'] as const) {
      expect((await listIds(role, { status: 'draft', search: 'Drafty' })).sort()).toEqual(all);
      for (const id of all) expect((await read(id, role)).status).toBe(200);
    }
    expect(await listIds('author', { status: 'draft', search: 'Drafty' })).toEqual([authorDraft.id]);
    expect(await listIds('contributor', { status: 'draft', search: 'Drafty' })).toEqual([contributorDraft.id]);
    expect((await read(authorDraft.id, 'author')).status).toBe(200);
    expectError(await site.api(`cms/v2/posts/${editorDraft.id}`, { as: 'author' }), 403, 'rest_forbidden');
    expectError(await site.api(`cms/v2/posts/${authorDraft.id}`, { as: 'contributor' }), 403, 'rest_forbidden');
    expectError(await site.api(`cms/v2/posts/${authorDraft.id}`, { as: 'subscriber' }), 403, 'rest_forbidden');
    const subscriberList = await site.api('cms/v2/posts', { as: 'subscriber', query: { status: 'draft' } });
    expectError(subscriberList, 400, 'rest_invalid_param');
    expect(subscriberList.body.data.details.status.data.status).toBe(403);
    expectError(await site.api('cms/v2/posts', { as: 'subscriber', query: { context: 'edit' } }), 403, 'rest_forbidden_context');
  });

  it('shows private posts to their authors and to editors only', async () => {
    const editorPrivate = await createAs('editor', { title: 'Secretive editor', status: 'private' });
    const authorPrivate = await createAs('author', { title: 'Secretive author', status: 'private' });
    expect((await site.api(`cms/v2/posts/${authorPrivate.id}`, { as: 'editor' })).status).toBe(200);
    expect((await site.api(`cms/v2/posts/${authorPrivate.id}`, { as: 'author' })).status).toBe(200);
    expectError(await site.api(`cms/v2/posts/${editorPrivate.id}`, { as: 'author' }), 403, 'rest_forbidden');
    expectError(await site.api(`cms/v2/posts/${authorPrivate.id}`, { as: 'contributor' }), 403, 'rest_forbidden');
    expectError(await site.api(`cms/v2/posts/${authorPrivate.id}`, { as: 'subscriber' }), 403, 'rest_forbidden');
    expect((await listIds('editor', { status: 'private', search: 'Secretive' })).sort()).toEqual([editorPrivate.id, authorPrivate.id].sort());
    expect(await listIds('author', { status: 'private', search: 'Secretive' })).toEqual([authorPrivate.id]);
    // Published lists never carry private items.
    expect(await listIds('editor', { search: 'Secretive' })).toEqual([]);
  });

  it('keeps pages to editors and administrators', async () => {
    for (const role of ['author', 'contributor', 'subscriber'] as const) {
      expectError(await site.api('cms/v2/pages', { method: 'POST', as: role, body: { title: 'x' } }), 403, 'rest_cannot_create');
    }
    const page = await createAs('editor', { title: 'Editor page', status: 'publish' }, 'pages');
    const draft = await createAs('administrator', { title: 'Admin draft page' }, 'pages');
    expect((await update(page.id, 'administrator', { title: 'Admin edit' }, 'pages')).status).toBe(200);
    expect((await update(draft.id, 'editor', { title: 'Editor edit' }, 'pages')).status).toBe(200);
    expectError(await update(page.id, 'author', { title: 'x' }, 'pages'), 403, 'rest_cannot_edit');
    expectError(await remove(page.id, 'author', 'pages'), 403, 'rest_cannot_delete');
    expectError(await site.api(`cms/v2/pages/${draft.id}`, { as: 'author' }), 403, 'rest_forbidden');
    expect((await site.api(`cms/v2/pages/${page.id}`, { as: 'subscriber' })).status).toBe(200);
    expect((await remove(draft.id, 'editor', 'pages')).body.status).toBe('trash');
  });
});
