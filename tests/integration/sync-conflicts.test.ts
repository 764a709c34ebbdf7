// Items changed on both sides: nothing is overwritten, both versions are kept for the user,
// and each of the three choices does what it says. Found by the pull (changed there before
// the sync), or at the write itself (changed there while the sync ran): by the remote's
// 412 where it honours preconditions, by a re-read just before writing where it does not.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { listConflicts, resolveConflict } from '../../electron/remote/merge/conflicts.ts';
import { FAST_RETRY, nextSecond, remoteTitles, syncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { siteOf } from '../../server/local-copy/site-copy.ts';

async function remoteEdit(f: SyncFixture, id: number, body: Record<string, unknown>): Promise<void> {
  const response = await f.remote.api(`cms/v2/posts/${id}`, { method: 'POST', as: 'administrator', body });
  expect(response.status).toBe(200);
}

describe('conflicts found by the pull, and their three resolutions', () => {
  // Each test has a remote and a local copy of its own, with four posts changed on both sides since they were pulled.
  let f: SyncFixture;
  let ids: number[];

  beforeEach(async () => {
    f = await syncFixture();
    ids = [];
    for (const name of ['keep-local', 'keep-remote', 'keep-both', 'changed-again']) {
      ids.push((await f.remote.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: `${name} original`, content: 'Original', status: 'publish' } })).body.id);
    }
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 4 });
    for (const id of ids) await f.local('POST', `posts/${f.localOf('post', id).id}`, { title: `local ${id}`, content: 'Written offline' });
    await nextSecond();
    for (const id of ids) await remoteEdit(f, id, { title: `remote ${id}`, content: 'Written on the site' });
    await nextSecond();
  });

  afterEach(async () => {
    await f?.close();
  });

  /** The sync that finds the four conflicts, and the conflict of one remote item. */
  async function conflictsFound() {
    const run = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(run).toMatchObject({ result: 'conflicts', conflicts: 4, pushed: 0 });
    return { run, conflictOf: (remoteId: number) => listConflicts(f.workspace).find((c) => c.remoteId === remoteId)! };
  }

  it('keeps both versions side by side and overwrites neither', async () => {
    const { run } = await conflictsFound();
    expect(run.message).toContain('changed on both sides');
    const conflicts = listConflicts(f.workspace);
    expect(conflicts.map((c) => c.remoteId)).toEqual(ids);
    expect(conflicts[0]).toMatchObject({
      kind: 'post', localId: f.localOf('post', ids[0]).id,
      local: { title: `local ${ids[0]}`, content: 'Written offline', status: 'publish' },
      remote: { title: `remote ${ids[0]}`, content: 'Written on the site', status: 'publish', modified_gmt: f.remoteRow(ids[0])!.modified_gmt },
    });
    for (const id of ids) {
      expect(f.remoteRow(id)!.title).toBe(`remote ${id}`);
      expect(f.localOf('post', id).title).toBe(`local ${id}`);
    }
    // A second sync changes nothing and still reports them.
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'conflicts', conflicts: 4, pushed: 0, pulled: 0 });
  });

  it('keep local: the local version goes over the remote one', async () => {
    const conflict = (await conflictsFound()).conflictOf(ids[0]);
    await resolveConflict(f.workspace, conflict.id, 'local', { retry: FAST_RETRY });
    expect(f.remoteRow(ids[0])).toMatchObject({ title: `local ${ids[0]}`, content: 'Written offline' });
    expect(listConflicts(f.workspace).map((c) => c.remoteId)).not.toContain(ids[0]);
  });

  it('keep remote: the remote version goes over the local one', async () => {
    const conflict = (await conflictsFound()).conflictOf(ids[1]);
    await resolveConflict(f.workspace, conflict.id, 'remote');
    expect(f.localOf('post', ids[1])).toMatchObject({ title: `remote ${ids[1]}`, content: 'Written on the site' });
    expect(f.remoteRow(ids[1])!.title).toBe(`remote ${ids[1]}`);
  });

  it('keep both: the local version becomes a new draft (created there at the next sync), the item takes the remote version', async () => {
    const conflict = (await conflictsFound()).conflictOf(ids[2]);
    await resolveConflict(f.workspace, conflict.id, 'both');
    expect(f.localOf('post', ids[2])).toMatchObject({ title: `remote ${ids[2]}`, content: 'Written on the site' });
    const copies = siteOf(f.workspace.local).context.store.all<{ id: number; status: string }>("SELECT id, status FROM posts WHERE type = 'post' AND title = ?", `local ${ids[2]}`);
    expect(copies).toEqual([{ id: expect.any(Number), status: 'draft' }]);
    expect(f.workspace.map.itemByLocalId(copies[0].id)).toBeUndefined();
  });

  it('keep local refuses when the remote changed again since the user compared, and shows the new remote version', async () => {
    const conflict = (await conflictsFound()).conflictOf(ids[3]);
    await nextSecond();
    await remoteEdit(f, ids[3], { title: 'remote, once more' });
    await expect(resolveConflict(f.workspace, conflict.id, 'local', { retry: FAST_RETRY })).rejects.toThrow(/changed again/);
    expect(f.remoteRow(ids[3])!.title).toBe('remote, once more');
    expect(listConflicts(f.workspace).find((c) => c.id === conflict.id)!.remote.title).toBe('remote, once more');
    await resolveConflict(f.workspace, conflict.id, 'local', { retry: FAST_RETRY });
    expect(f.remoteRow(ids[3])!.title).toBe(`local ${ids[3]}`);
  });

  it('after resolving, a sync sends the copy as a new item and reports no conflict for resolved items', async () => {
    const { conflictOf } = await conflictsFound();
    const choices = ['local', 'remote', 'both', 'local'] as const;
    for (const [n, id] of ids.entries()) await resolveConflict(f.workspace, conflictOf(id).id, choices[n], { retry: FAST_RETRY });
    await nextSecond();
    const run = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(run).toMatchObject({ result: 'ok', conflicts: 0, pushed: 1 });
    expect(remoteTitles(f.remote, 'post').filter((title) => title === `local ${ids[2]}`)).toHaveLength(1);
    expect(listConflicts(f.workspace)).toEqual([]);
  });
});

describe.each([
  { site: 'with preconditions (412)', hidePreconditions: false },
  { site: 'without preconditions (re-read before writing)', hidePreconditions: true },
])('a remote change made while the sync runs, on a site $site', ({ hidePreconditions }) => {
  let f: SyncFixture;

  beforeAll(async () => {
    f = await syncFixture({ proxy: true });
    f.proxy!.hidePreconditions = hidePreconditions;
  });

  afterAll(async () => {
    await f?.close();
  });

  it('is not overwritten: the update becomes a conflict, and an unchanged item is still updated', async () => {
    const racing = (await f.remote.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Racing', status: 'draft' } })).body.id;
    const calm = (await f.remote.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Calm', status: 'draft' } })).body.id;
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 2 });
    await f.local('POST', `posts/${f.localOf('post', racing).id}`, { title: 'Racing, local' });
    await f.local('POST', `posts/${f.localOf('post', calm).id}`, { title: 'Calm, local' });
    await nextSecond();
    // The remote item changes just before sync writes it (or reads it again to check).
    const itemRoute = `/cms-json/cms/v2/posts/${racing}`;
    f.proxy!.before = {
      matches: (method, url) => url.startsWith(itemRoute) && (hidePreconditions ? method === 'GET' : method === 'POST'),
      run: async () => {
        await nextSecond();
        await remoteEdit(f, racing, { title: 'Racing, remote' });
      },
    };

    const run = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(run).toMatchObject({ result: 'conflicts', conflicts: 1, pushed: 1 });
    expect(f.workspace.map.getState('remote_preconditions')).toBe(hidePreconditions ? 'no' : 'yes');
    expect(f.remoteRow(racing)!.title).toBe('Racing, remote');
    expect(f.remoteRow(calm)!.title).toBe('Calm, local');
    expect(listConflicts(f.workspace)).toMatchObject([{ remoteId: racing, local: { title: 'Racing, local' }, remote: { title: 'Racing, remote' } }]);
  });
});

describe('autosaved words are local changes (issue 12)', () => {
  let f: SyncFixture;

  beforeEach(async () => {
    f = await syncFixture();
  });

  afterEach(async () => {
    await f?.close();
  });

  it('a pull that changes an item with an autosave newer than its last save raises a conflict that shows the autosave; keeping it sends it', async () => {
    const id = (await f.remote.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Autosaved', content: 'Saved words', status: 'publish' } })).body.id;
    await syncSite(f.workspace, { retry: FAST_RETRY });
    const local = f.localOf('post', id);
    await nextSecond();
    // "Autosaved (not yet saved)" in the editor: the item itself is unchanged.
    await f.local('POST', `posts/${local.id}/autosaves`, { title: 'Autosaved', content: 'Saved words and unsaved ones' });
    expect(f.localRow(local.id)!.version).toBe(local.version);
    await nextSecond();
    await remoteEdit(f, id, { content: 'Changed on the site' });

    const run = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(run).toMatchObject({ result: 'conflicts', conflicts: 1 });
    // The pull did not build over the autosaved words, and the conflict shows them.
    expect(f.localRow(local.id)!.content).toBe('Saved words');
    const [conflict] = listConflicts(f.workspace);
    expect(conflict).toMatchObject({ localId: local.id, local: { content: 'Saved words and unsaved ones', autosaved: true }, remote: { content: 'Changed on the site' } });

    await resolveConflict(f.workspace, conflict.id, 'local', { retry: FAST_RETRY });
    expect(f.remoteRow(id)!.content).toBe('Saved words and unsaved ones');
    expect(f.localRow(local.id)!.content).toBe('Saved words and unsaved ones');
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', conflicts: 0, pulled: 0, pushed: 0 });
  });

  it('an autosave older than the last save is not a local change: the remote change comes in', async () => {
    const id = (await f.remote.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Old autosave', content: 'One', status: 'publish' } })).body.id;
    await syncSite(f.workspace, { retry: FAST_RETRY });
    const local = f.localOf('post', id);
    await f.local('POST', `posts/${local.id}/autosaves`, { content: 'Draft words' });
    // The autosave is dated a second after the version it was written over; a save in that
    // same second may be the older one (the editor offers such an autosave): two seconds later.
    await nextSecond();
    await nextSecond();
    await f.local('POST', `posts/${local.id}`, { content: 'Saved after the autosave' });
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', conflicts: 0, pushed: 1 });
    await nextSecond();
    await remoteEdit(f, id, { content: 'Changed on the site' });
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', conflicts: 0, pulled: 1 });
    expect(f.localRow(local.id)!.content).toBe('Changed on the site');
  });
});
