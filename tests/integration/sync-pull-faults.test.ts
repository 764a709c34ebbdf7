// A pull through a flaky network: a fault proxy resets the connection of one read of the
// pull, cuts its answer half-way, or holds it on an open connection until the client gives up
// as its time limit does (at once, when the answer is held: Proxy.givingUpAtHold), and then
// passes the rest, as real networks and proxies do to idle keep-alive connections. Generated over each kind of read a pull makes × each
// fault: the read is tried again, the sync completes, every remote item is here once.
// A pull only reads the remote: one remote, made once, serves every test, each from an app
// folder of its own.
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { FAST_RETRY, connectToRemote, type Fault } from '../helpers/sync-fixture.ts';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { siteOf } from '../../server/local-copy/site-copy.ts';

/** Two pages of a list (a page holds 100). */
const POSTS = 120;

const READS: { name: string; matches: (url: string) => boolean }[] = [
  { name: 'the site index', matches: (url) => /^\/cms-json\/?(\?|$)/.test(url) },
  { name: 'the account', matches: (url) => url.includes('/users/me') },
  { name: 'the first page of changed posts', matches: (url) => url.includes('/cms/v2/posts?') && url.includes('page=1') && !url.includes('_fields') && !url.includes('per_page=1&') },
  { name: 'a later page of changed posts', matches: (url) => url.includes('/cms/v2/posts?') && url.includes('page=2') && !url.includes('_fields') },
  { name: 'the list of every id', matches: (url) => url.includes('/cms/v2/posts?') && url.includes('_fields=id') },
  { name: 'the posts\' tags', matches: (url) => url.includes('/cms/v2/tags?') },
];
const FAULTS: Fault[] = ['reset', 'truncate', 'hang'];
const CASES = READS.flatMap((read) => FAULTS.map((fault) => ({ ...read, fault })));

let remote: TestSite;

beforeAll(async () => {
  remote = await startTestSite();
  const tag = (await remote.api('cms/v2/tags', { method: 'POST', as: 'administrator', body: { name: 'Flaky' } })).body.id;
  for (let n = 0; n < POSTS; n++) {
    await remote.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: `Post ${n}`, status: 'publish', tags: [tag] } });
  }
});

afterAll(async () => {
  await remote?.close();
});

/** A pull from a fresh app folder whose `read` meets `fault`: read again, the sync completes, every remote item here once, and the next sync finds nothing. */
async function pullMeeting(read: (url: string) => boolean, fault: Fault, expect: ExpectStatic): Promise<void> {
  const f = await connectToRemote(remote, { proxy: true });
  try {
    const remoteItems = remote.running.site.context.store.get<{ n: number }>("SELECT COUNT(*) AS n FROM posts WHERE type IN ('post', 'page') AND autosave = 0")!.n;
    f.proxy!.fault = { matches: (method, url) => method === 'GET' && read(url), fault };

    const run = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(f.proxy!.fault, 'the fault met a read').toBeNull();
    expect(run).toMatchObject({ result: 'ok', pulled: remoteItems, conflicts: 0 });
    const store = siteOf(f.workspace.local).context.store;
    expect(store.get<{ n: number }>("SELECT COUNT(*) AS n FROM posts WHERE type IN ('post', 'page') AND autosave = 0")!.n).toBe(remoteItems);
    expect(store.all("SELECT title FROM posts WHERE type = 'post' GROUP BY title HAVING COUNT(*) > 1")).toEqual([]);
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });
  } finally {
    await f.close();
  }
}

describe.each(CASES)('$name meets a $fault', ({ matches, fault }) => {
  it('is read again: the sync completes, every remote item here once, and the next sync finds nothing', ({ expect }) => pullMeeting(matches, fault, expect));
});

