// A create whose answer was lost is made once on the real WordPress, for every kind sync
// creates, through the batch route and one by one, in each way the recovery could miss it:
// an item with a date of its own (written here before the sync: WordPress dates a new item's
// `modified_gmt` by the date it is sent, not by when it made it, so it is older than the
// journal's time) and one whose date follows the clock (a draft: dated when WordPress made it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { ITEM_KINDS, type ItemKind } from '../../electron/remote/store/sync-map.ts';
import { REST_BASES } from '../../shared/api-routes.ts';
import { FAST_RETRY } from '../helpers/sync-fixture.ts';
import { uniqueWord, wordpressFixture, type WordPressFixture } from '../helpers/wordpress-fixture.ts';

const sync = (f: WordPressFixture) => syncSite(f.workspace, { retry: FAST_RETRY });

/** How the local item is dated: by the writer an hour before the sync, or following the clock. */
const DATINGS = {
  'dated an hour before the sync': () => ({ status: 'publish', date_gmt: new Date(Date.now() - 3_600_000).toISOString().slice(0, 19) }),
  'drafted, dated by the clock': () => ({ status: 'draft' }),
} as const;

const ROUTES = { 'the batch route': false, 'one by one': true } as const;

const cases = ITEM_KINDS.flatMap((kind) => Object.keys(DATINGS).map((dating) => [kind, dating] as [ItemKind, keyof typeof DATINGS]));

for (const [route, hideBatch] of Object.entries(ROUTES)) {
  describe(`a create sent through ${route} whose answer was lost`, () => {
    let f: WordPressFixture;
    beforeAll(async () => {
      f = await wordpressFixture({ proxy: true, hideBatch });
      expect(await sync(f)).toMatchObject({ result: 'ok' });
    });
    afterAll(async () => {
      await f?.close();
    });

    it.each(cases)('of a %s %s: offline, then after a restart made on WordPress once, the copy linked to it; the next sync writes nothing', async (kind, dating) => {
      const word = uniqueWord('l');
      const base = REST_BASES[kind];
      const local = await f.local('POST', base, { title: `Lost ${word}`, content: `<!-- wp:paragraph -->\n<p>Lost ${word}</p>\n<!-- /wp:paragraph -->`, ...DATINGS[dating]() });
      const proxy = f.proxy!;
      proxy.fault = { matches: (method, url) => method === 'POST' && (hideBatch ? new RegExp(`/wp/v2/${base}(\\?|$)`).test(url) : url.includes('/batch/v1')), fault: 'lose-answer' };
      expect(await sync(f)).toMatchObject({ result: 'offline' });
      expect(proxy.fault, 'the run went as far as the fault').toBeNull();

      f.reopen();
      proxy.mode = 'pass';
      expect(await sync(f)).toMatchObject({ result: 'ok', conflicts: 0 });
      const made = (await f.api(`wp/v2/${base}`, { query: { search: word, context: 'edit', status: 'publish,draft' } })).body as { id: number }[];
      expect(made.map((item) => item.id)).toEqual([f.remoteIdOf(local.id)]);

      proxy.requests.length = 0;
      expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 0 });
      expect(proxy.requests.filter((line) => !line.startsWith('GET'))).toEqual([]);
    });
  });
}
