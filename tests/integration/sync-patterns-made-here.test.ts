// A synced pattern made in a connected Inkwell site's copy (both deployments) goes to the site:
// created there once, before the posts that use it (a create whose answer was lost is found
// there, not made twice), the copy's posts then naming it by its id there, only the ref's number
// changed, and sent so; a post whose pattern the site cannot get is held back and said.
import { afterEach, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { copyPatternIds } from '../../electron/remote/pattern-ids.ts';
import { FAST_RETRY, syncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const paragraph = (words: string) => `<!-- wp:paragraph -->\n<p>${words}</p>\n<!-- /wp:paragraph -->`;
/** The post's markup around a reference, spacing and all, as a writer leaves it. */
const usingPattern = (ref: number) => `${paragraph('Before')}\n\n<!-- wp:block {"ref":${ref}} /-->\n\n${paragraph('After &amp; done')}`;
const writes = (requests: readonly string[], from: number) => requests.slice(from).filter((line) => !line.startsWith('GET '));
const patternCreates = (lines: readonly string[]) => lines.filter((line) => /^POST \/cms-json\/cms\/v2\/blocks(\?|$)/.test(line) || (line.startsWith('POST') && line.includes('batch')));

describe.each(['a', 'b'] as const)('a synced pattern made in the copy (deployment %s)', (deployment) => {
  let f: SyncFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  /** A pattern made here and a post using it; the pattern's id here is not its id there (items deleted here for good before it). */
  async function madeHere(fixture: SyncFixture, status = 'publish') {
    const fillers: number[] = [];
    for (let n = 0; n < 5; n++) fillers.push((await fixture.local('POST', 'posts', { title: `Filler ${n}` })).id);
    const pattern = await fixture.local('POST', 'blocks', { title: 'Made here', content: paragraph('Shared words'), status });
    for (const id of fillers) await fixture.local('DELETE', `posts/${id}`, {}, { force: true });
    const post = await fixture.local('POST', 'posts', { title: 'Uses it', content: usingPattern(pattern.id), status: 'draft' });
    return { localPattern: pattern.id as number, localPost: post.id as number };
  }

  it('is created on the site once, before the post, which names it by its id there; a second sync writes nothing', async () => {
    f = await syncFixture({ deployment });
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok' });
    const { localPattern, localPost } = await madeHere(f);
    const from = f.requests.length;
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 2, conflicts: 0 });
    const sent = writes(f.requests, from);
    // Two creates (the site's batch route), the pattern's first: its id there is the lower.
    expect(sent).toEqual(['POST /cms-json/batch/v1', 'POST /cms-json/batch/v1']);
    const remotePattern = f.workspace.map.itemByLocalId(localPattern)!.remoteId;
    expect(remotePattern).not.toBe(localPattern);
    const remotePost = f.workspace.map.itemByLocalId(localPost)!.remoteId;
    expect(remotePattern).toBeLessThan(remotePost);
    expect(f.remoteRow(remotePattern)).toMatchObject({ type: 'wp_block', title: 'Made here', content: paragraph('Shared words'), status: 'publish' });
    expect(f.remoteRow(remotePost)!.content).toBe(usingPattern(remotePattern));
    expect(f.localRow(localPost)!.content).toBe(usingPattern(remotePattern));
    expect(copyPatternIds(f.workspace.map, f.workspace.local)[remotePattern]).toBe(localPattern);

    const versions = () => [f!.localRow(localPattern)!.version, f!.localRow(localPost)!.version];
    const before = versions();
    for (let run = 0; run < 2; run++) {
      const quiet = f.requests.length;
      expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });
      expect(writes(f.requests, quiet)).toEqual([]);
    }
    // Nothing written here either.
    expect(versions()).toEqual(before);

    // Changed there, the post comes back naming the site's id, which finds the pattern made here.
    const changed = usingPattern(remotePattern).replace('Before', 'Before, edited there');
    expect((await f.remote.api(`cms/v2/posts/${remotePost}`, { method: 'POST', as: 'administrator', body: { content: changed } })).status).toBe(200);
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 1, pushed: 0 });
    expect(f.localRow(localPost)!.content).toBe(changed);
    expect(copyPatternIds(f.workspace.map, f.workspace.local)[remotePattern]).toBe(localPattern);
  });

  it('whose create lost its answer is found on the site at the next sync, not made twice, and the post then goes naming it', async () => {
    f = await syncFixture({ deployment, proxy: true, hideBatch: true });
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok' });
    const { localPattern, localPost } = await madeHere(f);
    const proxy = f.proxy!;
    proxy.fault = { matches: (method, url) => method === 'POST' && url.includes('/blocks'), fault: 'lose-answer' };
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'offline', pushed: 0 });
    expect(f.workspace.map.itemByLocalId(localPost)).toBeUndefined();
    expect(f.localRow(localPost)!.content).toBe(usingPattern(localPattern));

    f.reopen();
    proxy.mode = 'pass';
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', conflicts: 0 });
    expect(patternCreates(proxy.requests)).toHaveLength(1);
    const remotePattern = f.workspace.map.itemByLocalId(localPattern)!.remoteId;
    expect(remotePattern).not.toBe(localPattern);
    expect(f.remoteRow(f.workspace.map.itemByLocalId(localPost)!.remoteId)!.content).toBe(usingPattern(remotePattern));
  });

  it('trashed here before it was sent: the post that uses it is held back, said in plain words, and goes once the pattern is restored', async () => {
    f = await syncFixture({ deployment });
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok' });
    const { localPattern, localPost } = await madeHere(f);
    await f.local('DELETE', `blocks/${localPattern}`);
    const held = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(held).toMatchObject({ pushed: 0 });
    expect(held.message).toContain('Post "Uses it" was not sent to the site: it uses the synced pattern “Made here” made on this computer and moved to the trash here, which the site never had: restore the pattern or take it out, and it is sent.');
    expect(f.workspace.map.itemByLocalId(localPost)).toBeUndefined();

    await f.local('POST', `blocks/${localPattern}`, { status: 'publish' });
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 2 });
    const remotePattern = f.workspace.map.itemByLocalId(localPattern)!.remoteId;
    expect(remotePattern).not.toBe(localPattern);
    expect(f.remoteRow(f.workspace.map.itemByLocalId(localPost)!.remoteId)!.content).toBe(usingPattern(remotePattern));
  });
});
