// Who sees what, class by class, beside the route-wide invariant: protected text in the head,
// oEmbed and embed view; attachments as readable as their parent (and following it when it
// changes); edit-context lists holding only what the user may edit; search that tells
// nothing of a protected text; a post's terms as visible as the post.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { expectError } from '../helpers/expect-api.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';

const ids = (body: { id: number }[]) => body.map((item) => item.id).sort((a, b) => a - b);

async function create(site: TestSite, as: TestRole, type: 'posts' | 'pages', body: Record<string, unknown>): Promise<{ id: number; link: string }> {
  const answer = await site.api(`/cms/v2/${type}`, { method: 'POST', as, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function attach(site: TestSite, as: TestRole, parent: number, caption: string): Promise<{ id: number; source_url: string }> {
  const answer = await uploadRaw(site, await solidImage(8, 8, 'png'), 'shot.png', { as, query: { post: parent } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (await site.api(`/cms/v2/media/${answer.body.id}`, { method: 'POST', as, body: { caption } })).body;
}

describe('password-protected text in the head, oEmbed and the embed view (deployment B)', () => {
  let site: TestSite;
  let locked: { id: number; link: string };
  /** A published post behind a password. */
  const lock = () => create(site, 'author', 'posts', {
    status: 'publish', title: 'Locked notes', password: 'sesame',
    content: '<p>The vault code is sevenfold. '.repeat(300) + '</p>', excerpt: 'Vault summary sevenfold.',
  });
  beforeAll(async () => {
    site = await startTestSite('b');
    locked = await lock();
  });
  afterAll(async () => {
    await site.close();
  });
  const head = async (post = locked) => (await site.api('/seo/v1/get_head', { query: { url: post.link } })).body.json;

  it('gives no description, word count or reading time from a protected text', async () => {
    const json = await head();
    expect(JSON.stringify(json)).not.toContain('sevenfold');
    expect(json.og_description).toBeUndefined();
    expect(json.twitter_misc).toEqual({ 'Written by': expect.any(String) });
    const article = json.schema['@graph'].find((node: { '@type': string }) => node['@type'] === 'Article');
    expect(article.headline).toBe('Locked notes');
    expect(article).not.toHaveProperty('wordCount');
  });

  it('fills %%excerpt%% with nothing for a protected text, and keeps a description its writer chose', async () => {
    // A post of its own: the others read the shared one without search settings.
    const locked = await lock();
    const settings = await site.api(`/seo/v1/post_settings/${locked.id}`, {
      method: 'POST', as: 'author', body: { seo_title: '%%title%% %%excerpt%%', meta_description: 'Notes kept behind a password.' },
    });
    expect(settings.status).toBe(200);
    const json = await head(locked);
    expect(json.title).toBe('Locked notes');
    expect(json.description).toBe('Notes kept behind a password.');
    expect(JSON.stringify(json)).not.toContain('sevenfold');
  });

  it('embeds a protected post by its title, with the reference\'s notice in place of its text', async () => {
    const embed = await site.api('/oembed/1.0/embed', { query: { url: locked.link } });
    expect(embed.status).toBe(200);
    // As WordPress 6.1 answers for a protected post.
    expect(embed.body.title).toBe('Protected: Locked notes');
    expect(JSON.stringify(embed.body)).not.toContain('sevenfold');
    const page = await (await fetch(`${locked.link}embed/`)).text();
    expect(page).toContain('There is no excerpt because this is a protected post.');
    expect(page).toContain('Protected: Locked notes');
    expect(page).not.toContain('sevenfold');
  });
});

describe('who sees what in lists, searches and attachments (deployment A)', () => {
  let site: TestSite;
  const made: Record<string, { id: number; link: string }> = {};
  let draftShot: { id: number; source_url: string };
  let privateShot: { id: number; source_url: string };
  let authorShot: { id: number; source_url: string };
  beforeAll(async () => {
    site = await startTestSite('a');
    made.adminLocked = await create(site, 'administrator', 'posts', { status: 'publish', title: 'Admin locked', password: 'pw', content: '<p>marmalade</p>', excerpt: 'quince' });
    made.authorOpen = await create(site, 'author', 'posts', { status: 'publish', title: 'Author open', content: '<p>open text</p>' });
    made.authorDraft = await create(site, 'author', 'posts', { status: 'draft', title: 'Author draft', content: '<p>draft text</p>' });
    made.contributorDraft = await create(site, 'contributor', 'posts', { status: 'draft', title: 'Contributor draft' });
    made.editorPrivate = await create(site, 'editor', 'posts', { status: 'private', title: 'Editor private' });
    made.publicParent = await create(site, 'author', 'posts', { status: 'publish', title: 'Public parent' });
    draftShot = await attach(site, 'author', made.authorDraft.id, 'draft shot');
    privateShot = await attach(site, 'editor', made.editorPrivate.id, 'private shot');
    authorShot = await attach(site, 'author', made.publicParent.id, 'public shot');
  });
  afterAll(async () => {
    await site.close();
  });

  describe('attachments take their readability from their parent', () => {
    it('hides an attachment of a draft or private post from those who may not read the post', async () => {
      for (const shot of [draftShot, privateShot]) {
        expectError(await site.api(`/cms/v2/media/${shot.id}`), 401, 'rest_forbidden');
        expectError(await site.api(`/cms/v2/media/${shot.id}`, { as: 'subscriber' }), 403, 'rest_forbidden');
        expectError(await site.api(`/cms/v2/media/${shot.id}`, { as: 'contributor' }), 403, 'rest_forbidden');
        expect((await site.api(`/cms/v2/media/${shot.id}`, { as: 'editor' })).status).toBe(200);
      }
      expect((await site.api(`/cms/v2/media/${draftShot.id}`, { as: 'author' })).status).toBe(200);
      expectError(await site.api(`/cms/v2/media/${privateShot.id}`, { as: 'author' }), 403, 'rest_forbidden');
    });

    it('leaves them out of lists, their totals, parent filters and searches', async () => {
      const list = await site.api('/cms/v2/media', { query: { per_page: 100 } });
      expect(ids(list.body)).toEqual([authorShot.id]);
      expect(list.headers.get('x-wp-total')).toBe('1');
      expect((await site.api('/cms/v2/media', { query: { parent: [made.authorDraft.id] } })).body).toEqual([]);
      expect((await site.api('/cms/v2/media', { query: { search: 'shot' } })).body.map((item: { id: number }) => item.id)).toEqual([authorShot.id]);
      expect(ids((await site.api('/cms/v2/media', { as: 'author', query: { per_page: 100 } })).body)).toEqual([draftShot.id, authorShot.id].sort((a, b) => a - b));
      expect(ids((await site.api('/cms/v2/media', { as: 'editor', query: { per_page: 100 } })).body)).toHaveLength(3);
    });

    it('embeds a featured image of a private post as the error a visitor would get', async () => {
      const post = await create(site, 'editor', 'posts', { status: 'publish', title: 'Borrowed image', featured_media: privateShot.id });
      const answer = await site.api(`/cms/v2/posts/${post.id}`, { query: { _embed: 1 } });
      expect(answer.body._embedded['wp:featuredmedia'][0].code).toBe('rest_forbidden');
      expect(JSON.stringify(answer.body)).not.toContain('private shot');
    });

    it('follows the parent: published, the attachment is public; back to draft, hidden again', async () => {
      await site.api(`/cms/v2/posts/${made.authorDraft.id}`, { method: 'POST', as: 'author', body: { status: 'publish' } });
      expect((await site.api(`/cms/v2/media/${draftShot.id}`)).status).toBe(200);
      expect(ids((await site.api('/cms/v2/media')).body)).toContain(draftShot.id);
      await site.api(`/cms/v2/posts/${made.authorDraft.id}`, { method: 'POST', as: 'editor', body: { status: 'draft' } });
      expect((await site.api(`/cms/v2/media/${draftShot.id}`)).status).toBe(401);
      expect(ids((await site.api('/cms/v2/media')).body)).not.toContain(draftShot.id);
    });

    it('serves the file itself to anyone with its address, as the reference does', async () => {
      expect((await fetch(privateShot.source_url)).status).toBe(200);
    });
  });

  describe('edit-context lists hold only what the user may edit', () => {
    const editList = async (as: TestRole, type = 'posts') =>
      site.api(`/cms/v2/${type}`, { as, query: { context: 'edit', status: type === 'media' ? 'inherit' : 'any', per_page: 100 } });

    it('gives a contributor their own drafts, with no one else\'s password or raw text', async () => {
      const answer = await editList('contributor');
      expect(ids(answer.body)).toEqual([made.contributorDraft.id]);
      expect(answer.headers.get('x-wp-total')).toBe('1');
      expect(JSON.stringify(answer.body)).not.toContain('marmalade');
    });

    it('gives an author their own items in every status, and an editor everyone\'s', async () => {
      const author = await editList('author');
      expect(author.body.every((post: { author: number }) => post.author === site.users.author.id)).toBe(true);
      expect(ids(author.body)).toEqual(expect.arrayContaining([made.authorOpen.id, made.authorDraft.id, made.publicParent.id]));
      const editor = await editList('editor');
      expect(ids(editor.body)).toEqual(expect.arrayContaining([made.adminLocked.id, made.contributorDraft.id, made.editorPrivate.id, made.authorOpen.id]));
      expect(editor.body.find((post: { id: number }) => post.id === made.adminLocked.id).content.raw).toBe('<p>marmalade</p>');
    });

    it('lists an author only their own media in the edit context', async () => {
      const answer = await editList('author', 'media');
      expect(answer.status).toBe(200);
      expect(answer.body.every((item: { author: number }) => item.author === site.users.author.id)).toBe(true);
      expect(ids(answer.body)).toEqual([draftShot.id, authorShot.id].sort((a, b) => a - b));
    });
  });

  describe('search tells nothing of a protected text', () => {
    const search = (search: string, as: TestRole | null = null, extra: Record<string, string | string[]> = {}) =>
      site.api('/cms/v2/posts', { as, query: { search, ...extra } });

    it('finds no protected post by a word of its body or excerpt for those who may not edit it', async () => {
      for (const as of [null, 'subscriber', 'contributor', 'author'] as const) {
        for (const word of ['marmalade', 'quince']) {
          const answer = await search(word, as);
          expect({ as, word, found: answer.body, total: answer.headers.get('x-wp-total') }).toEqual({ as, word, found: [], total: '0' });
        }
      }
      expect(ids((await search('marmalade', 'editor')).body)).toEqual([made.adminLocked.id]);
      expect(ids((await search('quince', 'administrator')).body)).toEqual([made.adminLocked.id]);
    });

    it('finds a protected post by its title only for those who may edit it, as the reference does for visitors', async () => {
      expect((await search('Admin locked', null, { search_columns: ['post_title'] })).body).toEqual([]);
      expect((await search('Admin locked', 'subscriber')).body).toEqual([]);
      expect(ids((await search('Admin locked', 'editor', { search_columns: ['post_title'] })).body)).toEqual([made.adminLocked.id]);
    });
  });

  it('answers a post\'s terms only to those who may read the post', async () => {
    expectError(await site.api('/cms/v2/categories', { query: { post: made.authorDraft.id } }), 401, 'rest_forbidden_context');
    expectError(await site.api('/cms/v2/tags', { as: 'contributor', query: { post: made.authorDraft.id } }), 403, 'rest_forbidden_context');
    expect((await site.api('/cms/v2/categories', { as: 'author', query: { post: made.authorDraft.id } })).status).toBe(200);
    expect((await site.api('/cms/v2/categories', { query: { post: made.authorOpen.id } })).status).toBe(200);
    expectError(await site.api('/cms/v2/categories', { query: { post: 999999 } }), 400, 'rest_post_invalid_id');
  });
});
