// seo/v1 indexing over HTTP against a deployment-B site: the indexing and link-indexing
// routes in batches, the run's state, who may run them, and an index that follows every
// save, trash and deletion of posts and pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { serveSite } from '../../server/http.ts';
import { getOption } from '../../server/store/options.ts';

let site: TestSite;

beforeAll(async () => {
  site = await startTestSite('b');
});
afterAll(async () => {
  await site.close();
});

async function createPost(body: Record<string, unknown>, type = 'posts', as: TestRole = 'administrator') {
  const created = await site.api(`/cms/v2/${type}`, { method: 'POST', as, body: { status: 'publish', ...body } });
  expect(created.status).toBe(201);
  return created.body as { id: number; link: string };
}

async function indexable(id: number) {
  const settings = await site.api(`/seo/v1/post_settings/${id}`, { as: 'administrator' });
  expect(settings.status).toBe(200);
  return settings.body.indexable;
}

describe('full indexing run', () => {
  it('indexes objects written before seo/v1 looked at them, in batches, until next_url is false', async () => {
    // Posts saved while nothing listened (as by an import, or before seo/v1) have no indexable yet.
    const { context } = site.running.site;
    const before = await site.api('/seo/v1/indexing/posts', { method: 'POST', as: 'administrator' });
    expect(before.body).toEqual({ objects: [], next_url: false });
    const listeners = context.contentListeners.splice(0);
    let first: { id: number; link: string } | undefined;
    try {
      first = await createPost({ title: 'Imported one', content: '<p>An imported text. It reads well.</p>' });
      await createPost({ title: 'Imported two', content: `<p>Links to <a href="${first.link}">the first</a>.</p>` });
    } finally {
      // The rest of the tests need an index that follows saves.
      context.contentListeners.push(...listeners);
    }

    expect((await site.api('/seo/v1/indexing/prepare', { method: 'POST', as: 'administrator' })).body).toEqual({ objects: [], next_url: false });
    expect(getOption<{ started_at: string | null }>(context.store, 'seo_indexing_state')?.started_at).toMatch(/^\d{4}-/);

    const posts = await site.api('/seo/v1/indexing/posts', { method: 'POST', as: 'administrator' });
    expect(posts.status).toBe(200);
    expect(posts.body.next_url).toBe(false);
    expect(posts.body.objects.map((object: { object_id: number }) => object.object_id)).toContain(first!.id);
    const object = posts.body.objects.find((item: { object_id: number }) => item.object_id === first!.id);
    expect(object).toMatchObject({ object_type: 'post', object_sub_type: 'post', permalink: first!.link, breadcrumb_title: 'Imported one', post_status: 'publish', link_count: null });
    expect(object.readability_score).toBeGreaterThan(70);
    expect(object.primary_focus_keyword_score).toBeNull();

    const terms = await site.api('/seo/v1/indexing/terms', { method: 'POST', as: 'administrator' });
    expect(terms.body.objects).toEqual([expect.objectContaining({ object_type: 'term', object_sub_type: 'category', breadcrumb_title: 'Uncategorized' })]);
    const archives = await site.api('/seo/v1/indexing/post-type-archives', { method: 'POST', as: 'administrator' });
    expect(archives.body.objects).toEqual([expect.objectContaining({ object_type: 'post-type-archive', object_sub_type: 'post', permalink: `${site.url}/?post_type=post` })]);
    const general = await site.api('/seo/v1/indexing/general', { method: 'POST', as: 'administrator' });
    expect(general.body.objects.map((item: { object_type: string }) => item.object_type)).toEqual(['home-page', 'search-result', 'system-page']);
    for (const kind of ['posts', 'terms', 'post-type-archives', 'general']) {
      expect((await site.api(`/seo/v1/indexing/${kind}`, { method: 'POST', as: 'administrator' })).body).toEqual({ objects: [], next_url: false });
    }
    await site.api('/seo/v1/indexing/indexables-complete', { method: 'POST', as: 'administrator' });

    const links = await site.api('/seo/v1/link-indexing/posts', { method: 'POST', as: 'administrator' });
    expect(links.status).toBe(200);
    expect(links.body.next_url).toBe(false);
    expect((await indexable(first!.id)).incoming_link_count).toBe(1);
    expect((await site.api('/seo/v1/link-indexing/terms', { method: 'POST', as: 'administrator' })).body.next_url).toBe(false);

    await site.api('/seo/v1/indexing/complete', { method: 'POST', as: 'administrator' });
    const state = getOption<Record<string, unknown>>(context.store, 'seo_indexing_state');
    expect(state).toMatchObject({ started_at: null, first_time: false });
    expect(state?.completed_at).toMatch(/^\d{4}-/);
    expect(state?.indexables_completed_at).toMatch(/^\d{4}-/);
  });

  it('answers next_url with the route itself while more than a batch is left', async () => {
    const { context } = site.running.site;
    const listeners = context.contentListeners.splice(0);
    try {
      const store = context.store;
      // 501 posts straight into the table: more than one batch of 500.
      store.transaction(() => {
        for (let index = 0; index < 501; index++) {
          store.run(`INSERT INTO posts (type, status, author, slug, title, title_rendered, content_rendered, date, date_gmt, modified, modified_gmt)
            VALUES ('post', 'publish', 1, ?, 'Bulk', 'Bulk', '<p>Bulk text.</p>', '2025-01-01T00:00:00', '2025-01-01T00:00:00', '2025-01-01T00:00:00', '2025-01-01T00:00:00')`, `bulk-${index}`);
        }
      });
    } finally {
      context.contentListeners.push(...listeners);
    }
    const first = await site.api('/seo/v1/indexing/posts', { method: 'POST', as: 'administrator' });
    expect(first.body.objects).toHaveLength(500);
    expect(first.body.next_url).toBe(`${site.apiRoot}seo/v1/indexing/posts`);
    const second = await site.api('/seo/v1/indexing/posts', { method: 'POST', as: 'administrator' });
    expect(second.body.objects).toHaveLength(1);
    expect(second.body.next_url).toBe(false);
    const links = await site.api('/seo/v1/link-indexing/posts', { method: 'POST', as: 'administrator' });
    expect(links.body.next_url).toBe(`${site.apiRoot}seo/v1/link-indexing/posts`);
    expect((await site.api('/seo/v1/link-indexing/posts', { method: 'POST', as: 'administrator' })).body.next_url).toBe(false);
  });

  it('lists every indexing route in the namespace index without arguments', async () => {
    const index = await site.api('/seo/v1');
    for (const path of ['posts', 'terms', 'post-type-archives', 'general', 'prepare', 'indexables-complete', 'complete']) {
      expect(index.body.routes[`/seo/v1/indexing/${path}`].endpoints).toEqual([{ methods: ['POST'], args: [] }]);
    }
    expect(index.body.routes['/seo/v1/link-indexing/posts'].endpoints).toEqual([{ methods: ['POST'], args: [] }]);
    expect(Object.keys(index.body.routes).some((route) => route.includes('post_settings'))).toBe(false);
  });

  it.each([
    ['editor', 403], ['author', 403], ['subscriber', 403], [null, 401],
  ] as const)('refuses the indexing routes to %s (%i): they need manage_options', async (role, status) => {
    for (const path of ['indexing/posts', 'indexing/prepare', 'indexing/complete', 'link-indexing/terms']) {
      const response = await site.api(`/seo/v1/${path}`, { method: 'POST', as: role });
      expect(response.status).toBe(status);
      expect(response.body.code).toBe('rest_forbidden');
    }
  });
});

describe('the index follows content writes', () => {
  it('indexes a post when it is saved, with its scores, and again when it changes', async () => {
    const post = await createPost({ title: 'Saved at once', content: '<p>Short text here.</p>' });
    const first = await indexable(post.id);
    expect(first).toMatchObject({ object_id: post.id, breadcrumb_title: 'Saved at once', permalink: post.link, link_count: 0, is_public: 1 });
    expect(first.readability_score).toBeGreaterThan(0);

    const updated = await site.api(`/cms/v2/posts/${post.id}`, { method: 'POST', as: 'administrator', body: { title: 'Renamed', status: 'draft' } });
    expect(updated.status).toBe(200);
    expect(await indexable(post.id)).toMatchObject({ breadcrumb_title: 'Renamed', post_status: 'draft', is_public: 0, permalink: `${site.url}/?p=${post.id}` });
  });

  it('scores a post for its focus keyphrase set through post_settings, and keeps it through cms/v2 updates', async () => {
    const post = await createPost({ title: 'Green tea guide', slug: 'green-tea-guide', content: '<p>Green tea is calming. Brew green tea for three minutes.</p>' });
    expect((await indexable(post.id)).primary_focus_keyword_score).toBeNull();
    const saved = await site.api(`/seo/v1/post_settings/${post.id}`, { method: 'POST', as: 'administrator', body: { focus_keyphrase: 'green tea', meta_description: 'How to brew green tea.' } });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ focus_keyphrase: 'green tea', meta_description: 'How to brew green tea.' });
    expect(saved.body.seo.assessments.find((check: { id: string }) => check.id === 'keyphrase_in_title').rating).toBe(9);
    const score = saved.body.indexable.primary_focus_keyword_score;
    expect(score).toBeGreaterThan(0);
    expect(saved.body.indexable).toMatchObject({ primary_focus_keyword: 'green tea', description: 'How to brew green tea.' });

    // The keyphrase lives in meta the deployment does not expose; a cms/v2 update keeps it.
    const updated = await site.api(`/cms/v2/posts/${post.id}`, { method: 'POST', as: 'administrator', body: { meta: { footnotes: 'x' } }, query: { context: 'edit' } });
    expect(Object.keys(updated.body.meta)).not.toContain('_seo_focuskw');
    expect((await indexable(post.id)).primary_focus_keyword).toBe('green tea');
  });

  it('keeps incoming link counts right when linking posts are saved, trashed and deleted', async () => {
    const target = await createPost({ title: 'Target', content: '<p>The target.</p>' }, 'pages');
    expect((await indexable(target.id)).incoming_link_count).toBe(0);
    const source = await createPost({ title: 'Source', content: `<p><a href="${target.link}">To the target</a> and <a href="https://elsewhere.example/">out</a>.</p>` });
    expect(await indexable(source.id)).toMatchObject({ link_count: 1 });
    expect((await indexable(target.id)).incoming_link_count).toBe(1);

    // A link written before its target existed is found when the target is indexed.
    const later = await createPost({ title: 'Later source', content: `<p><a href="${site.url}/later-page/">Soon</a></p>` });
    expect((await indexable(later.id)).link_count).toBe(1);
    const laterPage = await createPost({ title: 'Later page', slug: 'later-page', content: '<p>Here now.</p>' }, 'pages');
    expect(laterPage.link).toBe(`${site.url}/later-page/`);
    expect((await indexable(laterPage.id)).incoming_link_count).toBe(1);

    const trashed = await site.api(`/cms/v2/posts/${source.id}`, { method: 'DELETE', as: 'administrator' });
    expect(trashed.status).toBe(200);
    expect(await indexable(source.id)).toMatchObject({ post_status: 'trash', is_public: 0 });
    expect((await indexable(target.id)).incoming_link_count).toBe(0);

    const restored = await site.api(`/cms/v2/posts/${source.id}`, { method: 'POST', as: 'administrator', body: { status: 'publish' } });
    expect(restored.status).toBe(200);
    expect((await indexable(target.id)).incoming_link_count).toBe(1);

    const deleted = await site.api(`/cms/v2/posts/${source.id}`, { method: 'DELETE', as: 'administrator', query: { force: true } });
    expect(deleted.status).toBe(200);
    expect((await site.api(`/seo/v1/post_settings/${source.id}`, { as: 'administrator' })).status).toBe(404);
    expect((await indexable(target.id)).incoming_link_count).toBe(0);
    expect(site.running.site.context.store.get('SELECT 1 FROM seo_indexables WHERE object_type = ? AND object_id = ?', 'post', source.id)).toBeUndefined();
  });
});

describe('page addresses', () => {
  it('moves the indexables of child pages along when a parent page is renamed or deleted', async () => {
    const top = await createPost({ title: 'Top', slug: 'top' }, 'pages');
    const middle = (await site.api('/cms/v2/pages', { method: 'POST', as: 'administrator', body: { title: 'Middle', slug: 'middle', parent: top.id, status: 'publish' } })).body;
    const leaf = (await site.api('/cms/v2/pages', { method: 'POST', as: 'administrator', body: { title: 'Leaf', slug: 'leaf', parent: middle.id, status: 'publish' } })).body;
    expect((await indexable(leaf.id)).permalink).toBe(`${site.url}/top/middle/leaf/`);

    await site.api(`/cms/v2/pages/${top.id}`, { method: 'POST', as: 'administrator', body: { slug: 'summit' } });
    expect((await indexable(middle.id)).permalink).toBe(`${site.url}/summit/middle/`);
    expect((await indexable(leaf.id)).permalink).toBe(`${site.url}/summit/middle/leaf/`);

    await site.api(`/cms/v2/pages/${middle.id}`, { method: 'DELETE', as: 'administrator', query: { force: true } });
    expect(await indexable(leaf.id)).toMatchObject({ permalink: `${site.url}/summit/leaf/`, post_parent: top.id });
  });
});

describe('post_settings (hidden)', () => {
  it('needs the right to edit the post and checks its arguments', async () => {
    const post = await createPost({ title: 'Owned by the author', content: '<p>Text.</p>' }, 'posts', 'author');
    expect((await site.api(`/seo/v1/post_settings/${post.id}`, { as: 'author' })).status).toBe(200);
    expect((await site.api(`/seo/v1/post_settings/${post.id}`, { as: 'contributor' })).status).toBe(403);
    expect((await site.api(`/seo/v1/post_settings/${post.id}`)).status).toBe(401);
    expect((await site.api('/seo/v1/post_settings/999999', { as: 'administrator' })).status).toBe(404);
    const invalid = await site.api(`/seo/v1/post_settings/${post.id}`, { method: 'POST', as: 'author', body: { is_cornerstone: 'often' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('rest_invalid_param');
  });

  it('sets robots back to the default with null and analyses other languages with fewer checks', async () => {
    const post = await createPost({ title: 'Ein Text', content: '<p>Der Hund läuft nach Hause. Die Katze bleibt drinnen.</p>' });
    const hidden = await site.api(`/seo/v1/post_settings/${post.id}`, { method: 'POST', as: 'administrator', body: { noindex: true, language: 'de' } });
    expect(hidden.body.indexable).toMatchObject({ is_robots_noindex: 1, is_public: 0 });
    expect(hidden.body.language).toBe('de');
    expect(hidden.body.readability.skipped.ids).toEqual(['flesch_reading_ease', 'passive_voice', 'transition_words']);
    const reset = await site.api(`/seo/v1/post_settings/${post.id}`, { method: 'POST', as: 'administrator', body: { noindex: null } });
    expect(reset.status).toBe(200);
    expect(reset.body.settings).toMatchObject({ noindex: null, language: 'de' });
    expect(reset.body.indexable).toMatchObject({ is_robots_noindex: null, is_public: 1 });
  });
});

describe('a site starting', () => {
  it('indexes as published what its scheduler publishes at start (seo/v1 listens before cms/v2 publishes)', async () => {
    const own = await startTestSite('b');
    try {
      const scheduled = await own.api('/cms/v2/posts', {
        method: 'POST', as: 'administrator', body: { title: 'Missed', status: 'publish', date_gmt: new Date(Date.now() + 3_600_000).toISOString().slice(0, 19) },
      });
      expect(scheduled.body.status).toBe('future');
      // Its time passes while the site is stopped.
      own.running.site.context.store.run('UPDATE posts SET date_gmt = ?, date = ? WHERE id = ?', '2020-01-01T00:00:00', '2020-01-01T00:00:00', scheduled.body.id);
      await own.running.close();
      const restarted = await serveSite({ dataDir: own.dataDir, database: own.database, deployment: 'b', host: '127.0.0.1', port: 0 });
      try {
        const response = await fetch(`${restarted.site.context.urls.apiRoot}seo/v1/post_settings/${scheduled.body.id}`, {
          headers: { authorization: own.authHeader('administrator') },
        });
        expect(response.status).toBe(200);
        expect((await response.json()).indexable).toMatchObject({ post_status: 'publish', is_public: 1 });
      } finally {
        await restarted.close();
      }
    } finally {
      fs.rmSync(own.dataDir, { recursive: true, force: true });
    }
  });
});
