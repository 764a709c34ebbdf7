// Synced patterns of another Inkwell site (cms/v2/blocks, both deployments) travel as a
// WordPress's do (wordpress-synced-patterns.test.ts): pulled beside the post that refers to
// them, the post's markup byte for byte on both sides; an edit here sent once; untouched, never
// written; changed on both sides, a conflict with both versions kept.
import { afterEach, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { listConflicts } from '../../electron/remote/merge/conflicts.ts';
import { copyPatternIds } from '../../electron/remote/pattern-ids.ts';
import { ownPatternRef } from '../../shared/copy-pattern-refs.ts';
import { FAST_RETRY, nextSecond, syncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const paragraph = (words: string) => `<!-- wp:paragraph -->\n<p>${words}</p>\n<!-- /wp:paragraph -->`;

describe.each(['a', 'b'] as const)('synced patterns of another Inkwell site (deployment %s)', (deployment) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  /** A pattern on the remote, a post there that refers to it, and both pulled. */
  async function pulled(fixture: SyncFixture) {
    const pattern = (await fixture.remote.api('cms/v2/blocks', { method: 'POST', as: 'administrator', body: { title: 'Sign-off', content: paragraph('Thanks'), status: 'publish' } })).body;
    const markup = `${paragraph('Before')}\n\n<!-- wp:block {"ref":${pattern.id}} /-->`;
    const post = (await fixture.remote.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Uses it', content: markup, status: 'publish' } })).body;
    expect(await syncSite(fixture.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 2 });
    const local = fixture.localOf('wp_block', pattern.id);
    expect(local).toMatchObject({ type: 'wp_block', title: 'Sign-off', content: paragraph('Thanks') });
    expect(fixture.localOf('post', post.id).content).toBe(markup);
    return { patternId: pattern.id as number, postId: post.id as number, markup, localId: local.id };
  }

  const writes = (fixture: SyncFixture, from: number) => fixture.requests.slice(from).filter((line) => !line.startsWith('GET '));

  it('an edit here is sent once, the post untouched on both sides; untouched, nothing is written', async () => {
    f = await syncFixture({ deployment });
    const { patternId, postId, markup, localId } = await pulled(f);
    let from = f.requests.length;
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });
    expect(writes(f, from)).toEqual([]);

    await f.local('POST', `blocks/${localId}`, { content: paragraph('Thanks, edited here') });
    from = f.requests.length;
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 1 });
    expect(writes(f, from)).toEqual([`POST /cms-json/cms/v2/blocks/${patternId}`]);
    expect(f.remoteRow(patternId)?.content).toBe(paragraph('Thanks, edited here'));
    expect(f.remoteRow(postId)?.content).toBe(markup);
    expect(f.localOf('post', postId).content).toBe(markup);
  });

  it('put in a post here by the copy\'s own reference to it (the inserter lists the copy\'s patterns): shown here, and the post goes naming its id there', async () => {
    f = await syncFixture({ deployment });
    const { patternId, localId } = await pulled(f);
    expect(localId).not.toBe(patternId);
    const using = (ref: number) => `${paragraph('Mine')}\n\n<!-- wp:block {"ref":${ref}} /-->`;
    const post = await f.local('POST', 'posts', { title: 'Inserted here', content: using(ownPatternRef(localId)), status: 'draft' });
    expect(copyPatternIds(f.workspace.map, f.workspace.local)[ownPatternRef(localId)]).toBe(localId);
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 1 });
    expect(f.remoteRow(f.workspace.map.itemByLocalId(post.id)!.remoteId)?.content).toBe(using(patternId));
    expect(f.localRow(post.id)?.content).toBe(using(patternId));
  });

  it('trashed here: moved to the site\'s trash once, the post that uses it untouched on both sides; the next sync writes nothing', async () => {
    f = await syncFixture({ deployment });
    const { patternId, postId, markup, localId } = await pulled(f);
    await f.local('DELETE', `blocks/${localId}`);
    let from = f.requests.length;
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 1, conflicts: 0 });
    expect(writes(f, from)).toEqual([`DELETE /cms-json/cms/v2/blocks/${patternId}`]);
    expect(f.remoteRow(patternId)?.status).toBe('trash');
    expect(f.remoteRow(postId)?.content).toBe(markup);
    expect(f.localOf('post', postId).content).toBe(markup);
    from = f.requests.length;
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });
    expect(writes(f, from)).toEqual([]);
  });

  it('deleted there while a post here refers to it: the post keeps its reference byte for byte and is not sent, the reference finds nothing here; the next sync writes nothing', async () => {
    f = await syncFixture({ deployment });
    const { patternId, postId, markup } = await pulled(f);
    expect((await f.remote.api(`cms/v2/blocks/${patternId}`, { method: 'DELETE', as: 'administrator', query: { force: true } })).status).toBe(200);
    let from = f.requests.length;
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 0, conflicts: 0 });
    expect(writes(f, from)).toEqual([]);
    expect(f.localOf('post', postId).content).toBe(markup);
    expect(f.remoteRow(postId)?.content).toBe(markup);
    expect(copyPatternIds(f.workspace.map, f.workspace.local)[patternId]).toBeUndefined();
    from = f.requests.length;
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });
    expect(writes(f, from)).toEqual([]);
  });

  it('changed on both sides is a conflict, each side\'s version kept', async () => {
    f = await syncFixture({ deployment });
    const { patternId, localId } = await pulled(f);
    await f.local('POST', `blocks/${localId}`, { content: paragraph('Mine') });
    await nextSecond();
    expect((await f.remote.api(`cms/v2/blocks/${patternId}`, { method: 'POST', as: 'administrator', body: { content: paragraph('Theirs') } })).status).toBe(200);
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'conflicts', conflicts: 1 });
    expect(listConflicts(f.workspace)).toMatchObject([{ kind: 'wp_block', remoteId: patternId }]);
    expect(f.remoteRow(patternId)?.content).toBe(paragraph('Theirs'));
    expect(f.localRow(localId)?.content).toBe(paragraph('Mine'));
  });
});
