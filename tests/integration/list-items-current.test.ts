// A list's items are built once and shared between answers until what they show changes
// (server/content/post-view.ts): after every kind of change an item shows, each listed item
// must still be, byte for byte, the item read alone (which is always built afresh), for every
// role and context, and the list's JSON must be what JSON.stringify makes of its items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, TEST_ROLES, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { getSettings, saveSettings } from '../../server/content/settings.ts';
import { routeUrl } from '../helpers/http-request.ts';

describe.each(['a', 'b'] as const)('list items stay current (deployment %s)', (deployment) => {
  let site: TestSite;
  const ids: number[] = [];
  let category = 0;
  let parentPage = 0;

  beforeAll(async () => {
    site = await startTestSite(deployment);
    for (let index = 0; index < 3; index++) {
      const created = await site.api('/cms/v2/posts', { as: 'administrator', method: 'POST', body: { title: `Post ${index}`, content: `Text ${index}.`, status: 'publish' } });
      ids.push(created.body.id);
    }
    category = (await site.api('/cms/v2/categories', { as: 'administrator', method: 'POST', body: { name: 'Listed' } })).body.id;
    parentPage = (await site.api('/cms/v2/pages', { as: 'administrator', method: 'POST', body: { title: 'Parent', slug: 'parent', status: 'publish' } })).body.id;
    await site.api('/cms/v2/pages', { as: 'administrator', method: 'POST', body: { title: 'Child', parent: parentPage, status: 'publish' } });
  });
  afterAll(() => site.close());

  /** Every listed item against the same item read alone, for every role and the contexts it may use. */
  const expectListsCurrent = async () => {
    for (const collection of ['posts', 'pages']) {
      for (const as of [null, ...TEST_ROLES] as (TestRole | null)[]) {
        for (const context of as === 'administrator' ? ['view', 'embed', 'edit'] : ['view']) {
          const url = routeUrl(site.apiRoot, `/cms/v2/${collection}`);
          url.search = new URLSearchParams({ context, per_page: '100', status: as === 'administrator' ? 'publish,private' : 'publish' }).toString();
          const response = await fetch(url, { headers: as ? { authorization: site.authHeader(as) } : {} });
          expect(response.status).toBe(200);
          const text = await response.text();
          const listed = JSON.parse(text) as { id: number }[];
          expect(text).toBe(JSON.stringify(listed));
          for (const item of listed) {
            const alone = await site.api(`/cms/v2/${collection}/${item.id}`, { as, query: { context } });
            expect(JSON.stringify(item), `${collection} ${item.id} as ${as} in ${context}`).toBe(JSON.stringify(alone.body));
          }
        }
      }
    }
  };

  /** What an item shows besides its own row, each changed in turn. */
  const changes: [string, () => Promise<unknown>][] = [
    ['its row', () => site.api(`/cms/v2/posts/${ids[0]}`, { as: 'administrator', method: 'POST', body: { title: 'Retitled' } })],
    ['its terms', () => site.api(`/cms/v2/posts/${ids[1]}`, { as: 'administrator', method: 'POST', body: { categories: [category] } })],
    ['a term it shows, deleted', () => site.api(`/cms/v2/categories/${category}`, { as: 'administrator', method: 'DELETE', query: { force: true } })],
    ['its password', () => site.api(`/cms/v2/posts/${ids[2]}`, { as: 'administrator', method: 'POST', body: { password: 'secret' } })],
    ['its visibility', () => site.api(`/cms/v2/posts/${ids[2]}`, { as: 'administrator', method: 'POST', body: { status: 'private' } })],
    ['a revision of it, deleted', async () => {
      const revisions = await site.api(`/cms/v2/posts/${ids[0]}/revisions`, { as: 'administrator' });
      return site.api(`/cms/v2/posts/${ids[0]}/revisions/${revisions.body[0].id}`, { as: 'administrator', method: 'DELETE', query: { force: true } });
    }],
    ["its parent's slug (a child page's link)", () => site.api(`/cms/v2/pages/${parentPage}`, { as: 'administrator', method: 'POST', body: { slug: 'moved' } })],
    ["the site's time zone", async () => {
      const store = site.running.site.context.store;
      saveSettings(store, { ...getSettings(store), timezone_string: 'Asia/Tokyo' });
    }],
  ];

  it('lists every item as it is read alone, before and after each change', async () => {
    await expectListsCurrent();
    for (const [what, change] of changes) {
      await change();
      await expectListsCurrent().catch((error: unknown) => {
        throw new Error(`After a change of ${what}: ${(error as Error).message}`);
      });
    }
  });
});
