// A site with 10,000 items, synced once: a sync with no change on either side sends nothing
// (no write of any kind reaches the site), raises no conflict and says no problem, and reads
// no item again. Against this project's own site as the remote, seeded in-process through its
// writer, so slugs, terms and rendered content are real.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { syncSite } from '../../electron/remote/sync.ts';
import { listConflicts } from '../../electron/remote/merge/conflicts.ts';
import { FAST_RETRY, syncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { seedInto } from '../../bench/seed.ts';
import { siteOf } from '../../server/local-copy/site-copy.ts';

const ITEMS = 10_000;

let f: SyncFixture;

// The set-up's patience (seeding 10,000 items and pulling them: ~15 s quiet) is generous: under load 6 beside the
// machine's other work it passed 180 s with 11 s of CPU (issue 30). What the file measures is the quiet sync below.
beforeAll(async () => {
  f = await syncFixture();
  seedInto(f.remote.running.site.context, ITEMS);
  const started = performance.now();
  expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: ITEMS, pushed: 0, conflicts: 0, message: '' });
  console.log(`first sync of ${ITEMS} items: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}, 600_000);

afterAll(async () => {
  await f?.close();
});

describe(`a site of ${ITEMS} items synced once`, () => {
  it('syncs again with no change anywhere: nothing sent, nothing raised, nothing written here', async () => {
    const store = siteOf(f.workspace.local).context.store;
    const localVersions = store.all("SELECT id, modified_gmt FROM posts WHERE type = 'post' ORDER BY id");
    f.requests.length = 0;
    const started = performance.now();
    const run = await syncSite(f.workspace, { retry: FAST_RETRY });
    console.log(`sync with no change: ${((performance.now() - started) / 1000).toFixed(1)} s, ${f.requests.length} requests`);
    expect(run).toMatchObject({ result: 'ok', pulled: 0, pushed: 0, conflicts: 0, message: '' });
    expect(f.requests.filter((line) => !line.startsWith('GET '))).toEqual([]);
    expect(listConflicts(f.workspace)).toEqual([]);
    // Nothing written here either: every local item keeps its modified time.
    expect(store.all("SELECT id, modified_gmt FROM posts WHERE type = 'post' ORDER BY id")).toEqual(localVersions);
  }, 300_000); // patience as well: 0.7 s quiet, 33 s under load 6 beside a whole `npm test` (issue 30)
});
