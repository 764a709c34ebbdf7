// Sync when things go wrong: the remote lost mid-push (a batch applied there whose answer
// never came back) and the app restarted, resumes without creating anything twice; a
// media upload whose answer was lost is not uploaded twice; an unreachable remote ends the
// run as offline with local changes kept for the next run; wrong credentials fail with a
// clear reason; a cancelled sync stops and resumes cleanly.
import { afterEach, describe, expect, it } from 'vitest';
import { lastSyncRuns, syncSite } from '../../electron/remote/sync.ts';
import { solidImage } from '../helpers/images.ts';
import { FAST_RETRY, remoteTitles, syncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { siteOf } from '../../server/local-copy/site-copy.ts';

const titles = (count: number, prefix = 'Draft') => Array.from({ length: count }, (_, n) => `${prefix} ${n}`);

describe('sync when things go wrong', () => {
  let f: SyncFixture | undefined;

  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  async function drafts(fixture: SyncFixture, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (const title of titles(count)) ids.push((await fixture.local('POST', 'posts', { title, content: `<p>${title}</p>` })).id);
    return ids;
  }

  it('a batch applied by the remote whose answer was lost: offline, then after a restart no duplicate and nothing lost', async () => {
    f = await syncFixture({ proxy: true });
    const ids = await drafts(f, 30);
    const proxy = f.proxy!;
    proxy.fault = { matches: (method, url) => method === 'POST' && url.includes('batch/v1'), fault: 'lose-answer' };

    const cut = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(cut).toMatchObject({ result: 'offline', pushed: 0 });
    expect(cut.message).toMatch(/local changes are kept/);
    // The remote made the first 25; here none of them is known yet.
    expect(remoteTitles(f.remote, 'post')).toEqual(titles(25));
    expect(ids.filter((id) => f!.workspace.map.itemByLocalId(id))).toEqual([]);
    // Written while offline: kept, and sent with the rest.
    await f.local('POST', `posts/${ids[3]}`, { title: 'Draft 3, offline edit' });

    f.reopen();
    proxy.mode = 'pass';
    const resumed = await syncSite(f.workspace, { retry: FAST_RETRY });
    // The 25 found there, the 5 sent now, and the offline edit of one of the 25.
    expect(resumed).toMatchObject({ result: 'ok', conflicts: 0, pushed: 31 });
    const remote = remoteTitles(f.remote, 'post');
    expect(remote).toHaveLength(30);
    expect(remote.sort()).toEqual(titles(30).map((title) => (title === 'Draft 3' ? 'Draft 3, offline edit' : title)).sort());
    for (const id of ids) expect(f.remoteRow(f.workspace.map.itemByLocalId(id)!.remoteId)!.title).toBe(f.localRow(id)!.title);
    // The second batch carried only the five the remote did not have.
    expect(proxy.count(/^POST \/cms-json\/batch\/v1/)).toBe(2);
  });

  it('a media upload whose answer was lost is found on the remote afterwards, not uploaded twice', async () => {
    f = await syncFixture({ proxy: true });
    const upload = await siteOf(f.workspace.local).dispatch({
      method: 'POST', path: '/cms/v2/media', query: {}, rawBody: await solidImage(64, 48, 'png'),
      headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="lost.png"' },
      user: { id: 1, login: 'admin', role: 'administrator' },
    });
    const localMedia = (upload.body as { id: number }).id;
    const draft = (await f.local('POST', 'posts', { title: 'With a lost upload', featured_media: localMedia })).id;
    const remoteMedia = () => f!.remote.running.site.context.store.all<{ id: number }>("SELECT id FROM posts WHERE type = 'attachment'");
    f.proxy!.fault = { matches: (method, url) => method === 'POST' && url.includes('/media'), fault: 'lose-answer' };

    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'offline' });
    expect(remoteMedia()).toHaveLength(1);
    expect(remoteTitles(f.remote, 'post')).toEqual([]);

    f.reopen();
    f.proxy!.mode = 'pass';
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 1 });
    expect(remoteMedia()).toHaveLength(1);
    expect(f.remoteRow(f.workspace.map.itemByLocalId(draft)!.remoteId)!.featured_media).toBe(remoteMedia()[0].id);
  });

  it('an unreachable remote: a few tries, then an offline result, and the local changes go at the next sync', async () => {
    f = await syncFixture({ proxy: true });
    await drafts(f, 2);
    f.proxy!.mode = 'refuse';
    const before = f.requests.length;
    const steps: string[] = [];
    const offline = await syncSite(f.workspace, { retry: FAST_RETRY, onProgress: (progress) => steps.push(progress.step) });
    // While it waits to try again, the progress says why.
    expect(steps).toContain('Reading changes from the site — the site is not answering; trying again in 1 s (1 retry so far)');
    expect(offline).toMatchObject({ result: 'offline', pulled: 0, pushed: 0 });
    expect(offline.message).toMatch(/could not be reached/);
    expect(f.requests.length - before).toBe(FAST_RETRY.attempts);
    expect(lastSyncRuns(f.workspace, 1)[0]).toMatchObject({ result: 'offline', finishedAt: expect.any(String) });

    f.proxy!.mode = 'pass';
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 2 });
    expect(remoteTitles(f.remote, 'post')).toEqual(titles(2));
  });

  it('wrong credentials: a failed run that says so, and nothing lost', async () => {
    f = await syncFixture();
    const [id] = await drafts(f, 1);
    f.sites.credentials.save(f.siteId, { login: f.remote.users.administrator.login, password: 'not the application password' });
    f.reopen();
    const run = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(run).toMatchObject({ result: 'failed', pushed: 0 });
    expect(run.message).toMatch(/did not accept this user name and application password/);
    expect(f.localRow(id)!.title).toBe('Draft 0');
    expect(remoteTitles(f.remote, 'post')).toEqual([]);
  });

  it('cancelled: stops between requests, and the next sync sends the rest without duplicates', async () => {
    f = await syncFixture();
    await drafts(f, 30);
    const controller = new AbortController();
    const run = await syncSite(f.workspace, {
      retry: FAST_RETRY, signal: controller.signal,
      onProgress: (progress) => {
        if (progress.phase === 'push' && progress.done > 0) controller.abort();
      },
    });
    // The run tells what it did before it stopped: the first batch's 25 were sent.
    expect(run).toMatchObject({ result: 'cancelled', pushed: 25 });
    expect(remoteTitles(f.remote, 'post')).toHaveLength(25);
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 5 });
    expect(remoteTitles(f.remote, 'post').sort()).toEqual(titles(30).sort());
  });
});
