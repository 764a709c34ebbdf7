// The round trips (statements sent, each waited for) one request of each kind makes to
// PostgreSQL once its statements are prepared: with the database in another zone or behind a
// pooler, each costs the request (and, the store being synchronous, the instance) a network
// round trip (issue 31). Pinned per kind, so that they cannot creep back one by one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveSite } from '../../server/http.ts';
import { request } from '../helpers/http-request.ts';
import { ON_POSTGRES, startTestSite, type TestSite } from '../helpers/test-site.ts';
import { markedImage, uploadRaw } from '../helpers/images.ts';
import type { PostgresStore } from '../../server/store/postgres-store.ts';

if (!ON_POSTGRES) console.warn('[site] postgres-round-trips.test.ts left out: it needs the site-postgres project\'s PostgreSQL cluster.');

/**
 * Each kind's round trips on the store's connection, which hold the instance's event loop (a
 * change that adds one must say why here). Before issue 31's work: 1, 2, 1, 1, 4, 8, 8, 7, 9.
 * Whether another instance wrote is asked on the listening connection instead (at most one
 * round trip per request, shared by the requests that came meanwhile, the loop free): see
 * LISTENER_ROUND_TRIPS. A create's inserts go in a round trip of their own ahead of its COMMIT,
 * so that a commit whose answer is lost can still be answered (commit-outcome-postgres).
 * Each kind is measured alone; requests served together share one COMMIT (their transactions
 * are savepoints of one: store-postgres.test.ts), so a create among others costs 2 and a
 * share of one, an update 5 and a share; a batch's updates, served together, share it already.
 */
const ROUND_TRIPS = {
  'API index': 0,
  'single read (built)': 1,
  'single read (served)': 0,
  'list (built)': 0,
  create: 3,
  'update with If-Match': 6,
  'batch of 1 update': 6,
  'each further update of a batch': 5,
  upload: 5,
} as const;
/** The listening connection's round trips per request, one after another: one each. */
const LISTENER_ROUND_TRIPS = 1;

type Kind = keyof typeof ROUND_TRIPS;

describe.skipIf(!ON_POSTGRES)('round trips to PostgreSQL per request', () => {
  let site: TestSite;
  let store: PostgresStore;
  let image: Buffer;
  let made = 0;

  beforeAll(async () => {
    site = await startTestSite('a');
    store = site.running.site.context.store as PostgresStore;
    image = await markedImage(64, 48);
    // A shared storage is looked through once the site serves: done before counting.
    await site.running.site.filesLeftBehind;
    await listening(store, () => site.api('/'));
  });
  afterAll(() => site.close());

  const create = () => site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: `Post ${++made}`, content: 'Body text.', status: 'publish' } });
  /** Waits until `store`'s listening connection serves the requests (it is opened by the first). */
  const listening = (target: PostgresStore, ask: () => Promise<unknown>) => vi.waitFor(async () => {
    const before = target.listenerRoundTrips;
    await ask();
    expect(target.listenerRoundTrips).toBeGreaterThan(before);
  }, { timeout: 10_000, interval: 20 });

  const newPost = async () => {
    const created = await create();
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const batchOfUpdates = async (count: number) => {
    const ids = await Promise.all(Array.from({ length: count }, newPost));
    return () => site.api('/batch/v1', { method: 'POST', as: 'editor', body: { requests: ids.map((id) => ({ method: 'POST', path: `/cms/v2/posts/${id}`, body: { title: `Batched ${++made}` } })) } });
  };

  /** Each kind: what it needs made first (not counted), then the request counted. */
  const requests: Record<Exclude<Kind, 'each further update of a batch'>, () => Promise<() => Promise<{ status: number }>>> = {
    'API index': async () => () => site.api('/'),
    'single read (built)': async () => {
      const id = await newPost();
      return () => site.api(`/cms/v2/posts/${id}`);
    },
    'single read (served)': async () => {
      const id = await newPost();
      await site.api(`/cms/v2/posts/${id}`);
      return () => site.api(`/cms/v2/posts/${id}`);
    },
    'list (built)': async () => () => site.api('/cms/v2/posts', { query: { per_page: 2, offset: ++made } }),
    create: async () => create,
    'update with If-Match': async () => {
      const id = await newPost();
      const etag = (await site.api(`/cms/v2/posts/${id}`, { as: 'editor', query: { context: 'edit' } })).headers.get('etag')!;
      return () => site.api(`/cms/v2/posts/${id}`, { method: 'POST', as: 'editor', headers: { 'if-match': etag }, body: { title: `Updated ${++made}` } });
    },
    'batch of 1 update': () => batchOfUpdates(1),
    upload: async () => () => uploadRaw(site, image, `upload-${++made}.png`),
  };

  /** The round trips of the request `prepare` gives, made after one like it (so that its statements are prepared). */
  async function roundTripsOf(prepare: () => Promise<() => Promise<{ status: number }>>): Promise<{ held: number; listener: number }> {
    await (await prepare())();
    const send = await prepare();
    const before = { held: store.roundTrips, listener: store.listenerRoundTrips };
    const answer = await send();
    expect(answer.status).toBeLessThan(300);
    return { held: store.roundTrips - before.held, listener: store.listenerRoundTrips - before.listener };
  }

  it('makes as many as pinned for each kind of request', async () => {
    const measured: Record<string, number> = {};
    const listener: Record<string, number> = {};
    for (const [kind, prepare] of Object.entries(requests)) ({ held: measured[kind], listener: listener[kind] } = await roundTripsOf(prepare));
    const five = await roundTripsOf(() => batchOfUpdates(5));
    measured['each further update of a batch'] = (five.held - measured['batch of 1 update']!) / 4;
    expect(measured).toEqual(ROUND_TRIPS);
    expect(listener).toEqual(Object.fromEntries(Object.keys(requests).map((kind) => [kind, LISTENER_ROUND_TRIPS])));
  });

  it('answers a read on another instance after a write acknowledged here with it, while that one hears through its listening connection', async () => {
    // A site of its own: the second instance's start writes, which drops what the first test's site keeps.
    const first = await startTestSite('a');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'round-trips-second-'));
    const second = await serveSite({ dataDir, database: first.database, deployment: 'a', host: '127.0.0.1', port: 0 });
    try {
      const secondStore = second.site.context.store as PostgresStore;
      const newestOnSecond = async () => ((await request(`${second.site.context.urls.apiRoot}cms/v2/posts?per_page=1`)).body as { title: { rendered: string } }[])[0]?.title.rendered;
      await listening(secondStore, newestOnSecond);
      for (let round = 0; round < 10; round++) {
        await newestOnSecond(); // kept by the second instance now
        const title = `Fresh ${round}`;
        expect((await first.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title, status: 'publish' } })).status).toBe(201);
        const asked = secondStore.listenerRoundTrips;
        expect(await newestOnSecond()).toBe(title);
        expect(secondStore.listenerRoundTrips).toBe(asked + 1);
      }
    } finally {
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await first.close();
    }
  });
});
