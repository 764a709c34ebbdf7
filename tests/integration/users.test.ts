// Who may see whom, over real HTTP against a real site: without list_users, a person is
// visible only as the author of a published post or page (as in the reference API), so that
// accounts with only drafts, private items or media are not listed to the world.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { expectError } from '../helpers/expect-api.ts';

describe('users seen by people who may not list users', () => {
  let site: TestSite;

  const visibleIds = async (as: 'subscriber' | null) => {
    const result = await site.api('/cms/v2/users', { as });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return (result.body as { id: number }[]).map((user) => user.id).sort((a, b) => a - b);
  };
  const createAs = async (role: 'author' | 'contributor' | 'editor', body: Record<string, unknown>) => {
    const result = await site.api('/cms/v2/posts', { method: 'POST', as: role, body });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body as { id: number };
  };

  beforeAll(async () => {
    site = await startTestSite('a');
  });
  afterAll(async () => {
    await site.close();
  });

  it('are only the authors of published posts and pages', async () => {
    await createAs('contributor', { title: 'Only a draft' });
    await createAs('editor', { title: 'Private notes', status: 'private' });
    expect(await visibleIds(null)).toEqual([]);
    expectError(await site.api(`/cms/v2/users/${site.users.contributor.id}`), 401, 'rest_user_cannot_view');
    expectError(await site.api(`/cms/v2/users/${site.users.editor.id}`, { as: 'subscriber' }), 403, 'rest_user_cannot_view');

    const published = await createAs('author', { title: 'Out in the world', status: 'publish' });
    expect(await visibleIds(null)).toEqual([site.users.author.id]);
    expect(await visibleIds('subscriber')).toEqual([site.users.author.id]);
    const author = await site.api(`/cms/v2/users/${site.users.author.id}`);
    expect(author.status).toBe(200);
    expect(author.body).toMatchObject({ id: site.users.author.id, slug: expect.any(String) });

    // Trashed, the post no longer makes its author public.
    expect((await site.api(`/cms/v2/posts/${published.id}`, { method: 'DELETE', as: 'author' })).status).toBe(200);
    expect(await visibleIds(null)).toEqual([]);
    expectError(await site.api(`/cms/v2/users/${site.users.author.id}`), 401, 'rest_user_cannot_view');
  });

  it('include everyone for those who may list users', async () => {
    const result = await site.api('/cms/v2/users', { as: 'administrator' });
    expect(result.status).toBe(200);
    const ids = (result.body as { id: number }[]).map((user) => user.id);
    expect(ids).toEqual(expect.arrayContaining(Object.values(site.users).map((user) => user.id)));
  });
});
