// A create whose answer was lost is made once on the real WordPress, for every kind sync
// creates, through the batch route and one by one, in each way the recovery could miss it:
// an item with a date of its own (written here before the sync: WordPress dates a new item's
// `modified_gmt` by the date it is sent, not by when it made it, so it is older than the
// journal's time) and one whose date follows the clock (a draft: dated when WordPress made it);
// and a create the remote is still making when the app gives up; and the terms and files a post
// takes along, their answer lost (the run ends offline), cut half-way (the network goes on:
// tried again in the same run) or not given in time.
import { describe, expect, it } from 'vitest';
import { siteOf } from '../../server/local-copy/site-copy.ts';
import { solidImage } from '../helpers/images.ts';
import { syncSite } from '../../electron/remote/sync.ts';
import { ITEM_KINDS, type ItemKind } from '../../electron/remote/store/sync-map.ts';
import { REST_BASES } from '../../shared/api-routes.ts';
import { FAST_RETRY, type Fault, type Proxy } from '../helpers/sync-fixture.ts';
import { syncedForDescribe, uniqueWord, type WordPressFixture } from '../helpers/wordpress-fixture.ts';

const sync = (f: WordPressFixture) => syncSite(f.workspace, { retry: FAST_RETRY });

/** How the local item is dated: by the writer an hour before the sync, or following the clock. */
const DATINGS = {
  'dated an hour before the sync': () => ({ status: 'publish', date_gmt: new Date(Date.now() - 3_600_000).toISOString().slice(0, 19) }),
  'drafted, dated by the clock': () => ({ status: 'draft' }),
} as const;

const ROUTES = { 'the batch route': false, 'one by one': true } as const;

/** Later, a slow remote has made what it was sent `late` (the proxy lets it through after its next answer). */
async function madeLater(proxy: Proxy): Promise<void> {
  await fetch(new URL('/wp-json/', proxy.url));
  await proxy.lateSettled();
}

/** A create of one item on its route (`wp/v2/<base>`, no id). */
const createOne = (base: string) => (method: string, url: string) => method === 'POST' && new RegExp(`/wp/v2/${base}(\\?|$)`).test(url);

const cases = ITEM_KINDS.flatMap((kind) => Object.keys(DATINGS).map((dating) => [kind, dating] as [ItemKind, keyof typeof DATINGS]));

for (const [route, hideBatch] of Object.entries(ROUTES)) {
  describe(`a create sent through ${route} whose answer was lost`, () => {
    const synced = syncedForDescribe({ proxy: true, hideBatch });
    const creates = (base: string) => hideBatch ? createOne(base) : (method: string, url: string) => method === 'POST' && url.includes('/batch/v1');

    it.each(cases)('of a %s %s: offline, then after a restart made on WordPress once, the copy linked to it; the next sync writes nothing', async (kind, dating) => {
      const f = synced();
      const word = uniqueWord('l');
      const base = REST_BASES[kind];
      const local = await f.local('POST', base, { title: `Lost ${word}`, content: `<!-- wp:paragraph -->\n<p>Lost ${word}</p>\n<!-- /wp:paragraph -->`, ...DATINGS[dating]() });
      const proxy = f.proxy!;
      proxy.fault = { matches: creates(base), fault: 'lose-answer' };
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

    it.each(ITEM_KINDS)('of a %s the remote is still making when the app gives up: not looked for nor sent again in that run; found at the next, made once', async (kind) => {
      const f = synced();
      const word = uniqueWord('s');
      const base = REST_BASES[kind];
      const local = await f.local('POST', base, { title: `Slow ${word}`, content: `<p>Slow ${word}</p>`, ...DATINGS['dated an hour before the sync']() });
      const proxy = f.proxy!;
      proxy.fault = { matches: creates(base), fault: 'late' };
      expect(await sync(f)).toMatchObject({ result: 'offline' });
      expect(proxy.fault, 'the run went as far as the fault').toBeNull();
      await madeLater(proxy);

      f.reopen();
      expect(await sync(f)).toMatchObject({ result: 'ok', conflicts: 0 });
      const made = (await f.api(`wp/v2/${base}`, { query: { search: word, context: 'edit', status: 'publish,draft' } })).body as { id: number }[];
      expect(made.map((item) => item.id)).toEqual([f.remoteIdOf(local.id)]);
    });
  });
}

/** What a post takes along that sync creates before it: the local one made, and how to find it on WordPress. */
const TAKEN_ALONG = {
  tag: { route: 'tags', field: 'tags' },
  category: { route: 'categories', field: 'categories' },
  file: { route: 'media', field: 'featured_media' },
} as const;

async function madeHere(f: WordPressFixture, taken: keyof typeof TAKEN_ALONG, word: string): Promise<number> {
  if (taken !== 'file') return (await f.local('POST', TAKEN_ALONG[taken].route, { name: `Lost ${word}` })).id;
  const upload = await siteOf(f.workspace.local).dispatch({
    method: 'POST', path: '/cms/v2/media', query: { title: `Lost ${word}` }, rawBody: await solidImage(40, 30, 'jpeg'),
    headers: { 'content-type': 'image/jpeg', 'content-disposition': `attachment; filename="lost-${word}.jpg"` },
    user: { id: 1, login: 'admin', role: 'administrator' },
  });
  return (upload.body as { id: number }).id;
}

const ALONG_FAULTS: Fault[] = ['lose-answer', 'truncate', 'late'];
const alongCases = Object.keys(TAKEN_ALONG).flatMap((taken) => ALONG_FAULTS.map((fault) => [taken, fault] as [keyof typeof TAKEN_ALONG, Fault]));

describe('what a post takes along, its create\'s answer lost or cut', () => {
  const synced = syncedForDescribe({ proxy: true });

  it.each(alongCases)('a %s, the proxy does "%s": made on WordPress once, the post sent with it; the next sync writes nothing', async (taken, fault) => {
    const f = synced();
    const word = uniqueWord('t');
    const { route, field } = TAKEN_ALONG[taken];
    const along = await madeHere(f, taken, word);
    const post = await f.local('POST', 'posts', { title: `Takes ${word}`, content: `<p>Takes ${word}</p>`, [field]: field === 'featured_media' ? along : [along] });
    const proxy = f.proxy!;
    proxy.fault = { matches: createOne(route), fault };
    // A cut answer, the network going on, is tried again in the run, but a file is sent once a run (media-push.ts).
    const goesOn = fault === 'truncate' && taken !== 'file';
    expect(await sync(f)).toMatchObject({ result: goesOn ? 'ok' : 'offline' });
    expect(proxy.fault, 'the run went as far as the fault').toBeNull();
    if (!goesOn) {
      f.reopen();
      proxy.mode = 'pass';
      await madeLater(proxy);
      expect(await sync(f)).toMatchObject({ result: 'ok', conflicts: 0 });
    }
    const made = (await f.api(`wp/v2/${route}`, { query: { search: word, context: 'edit' } })).body as { id: number }[];
    expect(made).toHaveLength(1);
    const sent = (await f.api(`wp/v2/posts/${f.remoteIdOf(post.id)}`, { query: { context: 'edit' } })).body;
    expect(sent[field]).toEqual(field === 'featured_media' ? made[0].id : [made[0].id]);

    proxy.requests.length = 0;
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 0 });
    expect(proxy.requests.filter((line) => !line.startsWith('GET'))).toEqual([]);
  });
});
