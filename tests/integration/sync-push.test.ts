// Pushing local work to a real remote over HTTP: new drafts created through the batch route
// (in chunks of the remote's maximum) or one by one where the remote has none, pages after
// their parents, local terms created there, edits sent as updates, local trashing moving the
// remote item to its trash, and a later sync that finds nothing to do.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { termsOfPosts } from '../../server/store/posts.ts';
import { lastSyncRuns, syncSite } from '../../electron/remote/sync.ts';
import type { SyncProgress } from '../../shared/connected-sites.ts';
import { FAST_RETRY, nextSecond, remoteTitles, syncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const DRAFTS = 30;

describe.each(['a', 'b'] as const)('pushing local work through the batch route (deployment %s)', (deployment) => {
  // Each test has a remote and a local copy of its own, synced once with one remote post.
  let f: SyncFixture;
  let pulledPost: number;

  beforeEach(async () => {
    f = await syncFixture({ deployment });
    pulledPost = (await f.remote.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'On the site', content: 'Remote body', status: 'publish' } })).body.id;
    const first = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(first).toMatchObject({ result: 'ok', pulled: 1, pushed: 0 });
  });

  afterEach(async () => {
    await f?.close();
  });

  /** Local drafts written offline and sent by a sync: their local ids. */
  async function pushedDrafts(count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let n = 0; n < count; n++) ids.push((await f.local('POST', 'posts', { title: `Draft ${n}`, content: `<p>Offline body ${n}</p>` })).id);
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: count });
    await nextSecond();
    return ids;
  }

  it('creates new local drafts, pages after their parents and local terms on the remote, 25 per batch request', async () => {
    const localIds: number[] = [];
    const category = (await f.local('POST', 'categories', { name: 'Written offline' })).id;
    for (let n = 0; n < DRAFTS; n++) {
      localIds.push((await f.local('POST', 'posts', { title: `Draft ${n}`, content: `<p>Offline body ${n}</p>`, categories: n === 0 ? [category] : [] })).id);
    }
    const parentPage = (await f.local('POST', 'pages', { title: 'Parent page', status: 'draft' })).id;
    const childPage = (await f.local('POST', 'pages', { title: 'Child page', status: 'draft', parent: parentPage })).id;
    const progress: SyncProgress[] = [];
    const before = f.requests.length;

    const run = await syncSite(f.workspace, { retry: FAST_RETRY, onProgress: (p) => progress.push(p) });
    expect(run).toMatchObject({ result: 'ok', pushed: DRAFTS + 2, conflicts: 0, message: '' });
    const sent = f.requests.slice(before);
    // 30 posts and the parent page (25 + 6), then the child page once its parent has a remote id.
    expect(sent.filter((line) => line.startsWith('POST /cms-json/batch/v1'))).toHaveLength(3);
    expect(sent.filter((line) => /^POST \/cms-json\/cms\/v2\/(posts|pages)$/.test(line))).toHaveLength(0);

    expect(remoteTitles(f.remote, 'post').sort()).toEqual(['On the site', ...localIds.map((_, n) => `Draft ${n}`)].sort());
    for (const id of localIds) {
      const mapped = f.workspace.map.itemByLocalId(id)!;
      expect(f.remoteRow(mapped.remoteId)).toMatchObject({ title: f.localRow(id)!.title, content: f.localRow(id)!.content, status: 'draft' });
    }
    const remoteParent = f.workspace.map.itemByLocalId(parentPage)!.remoteId;
    expect(f.remoteRow(f.workspace.map.itemByLocalId(childPage)!.remoteId)!.parent).toBe(remoteParent);
    // The local category was made on the remote, and the post carries it there.
    const remoteCategory = (await f.remote.api('cms/v2/categories', { query: { slug: 'written-offline' } })).body[0];
    expect(remoteCategory).toMatchObject({ name: 'Written offline' });
    const remoteFirst = f.workspace.map.itemByLocalId(localIds[0])!.remoteId;
    expect(termsOfPosts(f.remote.running.site.context.store, [remoteFirst]).get(remoteFirst)!.category).toEqual([remoteCategory.id]);

    const pushPhase = progress.filter((p) => p.phase === 'push');
    expect(pushPhase.at(-1)).toMatchObject({ done: DRAFTS + 2, total: DRAFTS + 2 });
    expect(progress.at(-1)!.phase).toBe('done');
  });

  it('sends local edits as updates, and moves a locally trashed item to the remote trash without deleting it', async () => {
    const localIds = await pushedDrafts(3);
    await f.local('POST', `posts/${localIds[1]}`, { title: 'Draft 1, revised' });
    await f.local('POST', `posts/${f.localOf('post', pulledPost).id}`, { content: 'Remote body, edited offline' });
    await f.local('DELETE', `posts/${localIds[2]}`);
    const trashedRemote = f.workspace.map.itemByLocalId(localIds[2])!.remoteId;
    const before = remoteTitles(f.remote, 'post').length;

    const run = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(run).toMatchObject({ result: 'ok', pushed: 3, conflicts: 0 });
    expect(remoteTitles(f.remote, 'post')).toHaveLength(before);
    expect(f.remoteRow(f.workspace.map.itemByLocalId(localIds[1])!.remoteId)!.title).toBe('Draft 1, revised');
    expect(f.remoteRow(pulledPost)!.content).toBe('Remote body, edited offline');
    expect(f.remoteRow(trashedRemote)).toMatchObject({ status: 'trash', status_before_trash: 'draft' });
  });

  it('an item deleted for good here is moved to the remote trash, not deleted there', async () => {
    const [draft] = await pushedDrafts(1);
    const remoteId = f.workspace.map.itemByLocalId(draft)!.remoteId;
    await f.local('DELETE', `posts/${draft}`, {}, { force: true });
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 1 });
    expect(f.remoteRow(remoteId)).toMatchObject({ status: 'trash', title: 'Draft 0' });
    expect(f.workspace.map.item('post', remoteId)).toBeUndefined();
    // As on the remote, it is in the trash here again: nothing is lost for good.
    await nextSecond();
    await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(f.localOf('post', remoteId)).toMatchObject({ status: 'trash', title: 'Draft 0' });
  });

  it('a later sync finds nothing to pull back, push or report: its own changes are not taken for remote ones', async () => {
    // Every kind of change is sent first: creates, an edit, a trashing and a deletion for good.
    const localIds = await pushedDrafts(3);
    await f.local('POST', `posts/${localIds[0]}`, { title: 'Draft 0, revised' });
    await f.local('POST', `posts/${f.localOf('post', pulledPost).id}`, { content: 'Remote body, edited offline' });
    await f.local('DELETE', `posts/${localIds[1]}`);
    await f.local('DELETE', `posts/${localIds[2]}`, {}, { force: true });
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 4 });
    await nextSecond();
    // The item deleted here comes back from the remote's trash once, as above.
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 1, pushed: 0 });
    await nextSecond();

    const before = f.requests.length;
    const run = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(run).toMatchObject({ result: 'ok', pulled: 0, pushed: 0, conflicts: 0 });
    expect(f.requests.slice(before).filter((line) => !line.startsWith('GET'))).toEqual([]);
    expect(lastSyncRuns(f.workspace).map((r) => r.result)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(lastSyncRuns(f.workspace, 1)[0]).toMatchObject({ finishedAt: expect.any(String), pulled: 0, pushed: 0 });
  });
});

describe('pushing to a remote without a batch route', () => {
  let f: SyncFixture;

  beforeAll(async () => {
    f = await syncFixture({ proxy: true, hideBatch: true });
  });

  afterAll(async () => {
    await f?.close();
  });

  it('creates the drafts one by one', async () => {
    expect(f.workspace.entry.batchMax).toBeNull();
    for (let n = 0; n < 3; n++) await f.local('POST', 'posts', { title: `Single ${n}` });
    const run = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(run).toMatchObject({ result: 'ok', pushed: 3 });
    expect(f.proxy!.count(/batch/)).toBe(0);
    expect(f.proxy!.count(/^POST \/cms-json\/cms\/v2\/posts$/)).toBe(3);
    expect(remoteTitles(f.remote, 'post')).toEqual(['Single 0', 'Single 1', 'Single 2']);
  });
});

describe('pushing with an account that may not create terms', () => {
  let f: SyncFixture;

  beforeAll(async () => {
    f = await syncFixture({ asRole: 'author' });
  });

  afterAll(async () => {
    await f?.close();
  });

  it('sends the post without the local category and says so', async () => {
    const category = (await f.local('POST', 'categories', { name: 'Only here' })).id;
    const draft = (await f.local('POST', 'posts', { title: 'Filed locally', categories: [category] })).id;
    const run = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(run).toMatchObject({ result: 'ok', pushed: 1 });
    expect(run.message).toMatch(/category "Only here" could not be created on the site/);
    expect(run.message).toMatch(/may not edit pages on the site/);
    const remoteId = f.workspace.map.itemByLocalId(draft)!.remoteId;
    expect(f.remoteRow(remoteId)!.title).toBe('Filed locally');
    expect(termsOfPosts(f.remote.running.site.context.store, [remoteId]).get(remoteId)?.category ?? []).not.toContain(category);
    expect((await f.remote.api('cms/v2/categories', { query: { slug: 'only-here' } })).body).toEqual([]);
  });
});
