// The index document clients discover the site with, and the history of items:
// revisions and autosaves, in both deployments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';

describe.each([
  ['a', ['oembed/1.0', 'contact-form/v1', 'cms/v2', 'site-health/v1', 'block-editor/v1', 'abilities/v1']],
  ['b', ['oembed/1.0', 'builder/v1', 'seo/v1', 'cms/v2', 'site-health/v1', 'block-editor/v1', 'abilities/v1']],
] as const)('deployment %s', (deployment, namespaces) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite(deployment);
  });
  afterAll(() => site.close());

  it('describes itself in the index: settings, namespaces, authentication and routes', async () => {
    const { body } = await site.api('');
    expect(body).toMatchObject({ name: 'My Site', url: site.url, home: site.url, gmt_offset: 0, timezone_string: 'UTC', show_on_front: 'posts', page_on_front: 0, page_for_posts: 0 });
    expect(body.namespaces).toEqual(namespaces);
    expect(body.authentication['application-passwords'].endpoints.authorization).toBe(`${site.url}/authorize-application`);
    const posts = body.routes['/cms/v2/posts'];
    expect(posts.namespace).toBe('cms/v2');
    expect(posts.endpoints[0].allow_batch).toEqual({ v1: true });
    expect(posts.endpoints[0].args.per_page).toMatchObject({ type: 'integer', default: 10, minimum: 1, maximum: 100, required: false });
    expect(posts._links.self[0].href).toBe(`${site.apiRoot}cms/v2/posts`);
    expect(body.routes['/cms/v2/posts/(?P<id>[\\d]+)']._links).toBeUndefined();
    for (const namespace of namespaces) {
      const index = await site.api(namespace);
      expect(index.status).toBe(200);
      expect(index.body.namespace).toBe(namespace);
    }
  });

  it('keeps a revision for every change of title, content or excerpt, and none for other changes', async () => {
    const post = (await site.api('cms/v2/posts', { method: 'POST', as: 'author', body: { title: 'One', content: 'First', status: 'publish' } })).body;
    await site.api(`cms/v2/posts/${post.id}`, { method: 'POST', as: 'author', body: { content: 'Second' } });
    await site.api(`cms/v2/posts/${post.id}`, { method: 'POST', as: 'author', body: { comment_status: 'closed' } });
    const list = await site.api(`cms/v2/posts/${post.id}/revisions`, { as: 'author', query: { context: 'edit' } });
    expect(list.body.map((revision: { content: { raw: string } }) => revision.content.raw)).toEqual(['Second', 'First']);
    expect(list.headers.get('x-wp-total')).toBe('2');
    const [latest] = list.body;
    expect((await site.api(`cms/v2/posts/${post.id}/revisions/${latest.id}`, { as: 'author' })).body.parent).toBe(post.id);
    const unforced = await site.api(`cms/v2/posts/${post.id}/revisions/${latest.id}`, { method: 'DELETE', as: 'editor' });
    expect(unforced.status).toBe(501);
    expect(unforced.body.code).toBe('rest_trash_not_supported');
    expect((await site.api(`cms/v2/posts/${post.id}/revisions/${latest.id}`, { method: 'DELETE', as: 'editor', query: { force: true } })).body.deleted).toBe(true);
    expect((await site.api(`cms/v2/posts/${post.id}/revisions`, { as: 'author' })).status).toBe(200);
    expect((await site.api(`cms/v2/posts/${post.id}/revisions`)).status).toBe(401);
  });

  it('autosaves an author’s own draft in place, and keeps one autosave per other user', async () => {
    const draft = (await site.api('cms/v2/posts', { method: 'POST', as: 'author', body: { title: 'Draft', content: 'v1', status: 'draft' } })).body;
    await site.api(`cms/v2/posts/${draft.id}/autosaves`, { method: 'POST', as: 'author', body: { content: 'v2 by the author' } });
    expect((await site.api(`cms/v2/posts/${draft.id}`, { as: 'author', query: { context: 'edit' } })).body.content.raw).toBe('v2 by the author');

    const published = (await site.api('cms/v2/posts', { method: 'POST', as: 'author', body: { title: 'Live', content: 'live', status: 'publish' } })).body;
    const first = (await site.api(`cms/v2/posts/${published.id}/autosaves`, { method: 'POST', as: 'editor', body: { content: 'editor draft 1' } })).body;
    const second = (await site.api(`cms/v2/posts/${published.id}/autosaves`, { method: 'POST', as: 'editor', body: { content: 'editor draft 2' } })).body;
    expect(second.id).toBe(first.id);
    expect(second.preview_link).toContain('preview=true');
    const autosaves = (await site.api(`cms/v2/posts/${published.id}/autosaves`, { as: 'editor', query: { context: 'edit' } })).body;
    expect(autosaves.map((autosave: { content: { raw: string } }) => autosave.content.raw)).toEqual(['editor draft 2']);
    expect((await site.api(`cms/v2/posts/${published.id}/autosaves/${first.id}`, { as: 'editor', query: { context: 'edit' } })).body.content.raw).toBe('editor draft 2');
    expect((await site.api(`cms/v2/posts/${published.id}`, { as: 'editor', query: { context: 'edit' } })).body.content.raw).toBe('live');
  });
});
