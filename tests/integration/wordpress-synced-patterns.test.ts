// Synced patterns (wp_block) of a real WordPress 6.1 travel with the posts that use them: a
// post's `<!-- wp:block {"ref":N} /-->` pulled, its pattern pulled beside it; the pattern edited
// here goes back once (guarded as posts are), the post's markup byte for byte as WordPress holds it; an
// untouched sync writes nothing to wp/v2/blocks; a pattern changed on both sides is a conflict; one
// made here is created there (inside another made here, in the same run), never taken for WordPress's
// pattern whose id there is its id here.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { listConflicts } from '../../electron/remote/merge/conflicts.ts';
import { FAST_RETRY } from '../helpers/sync-fixture.ts';
import { syncedForDescribe, uniqueWord, wordpressFixture, type WordPressFixture } from '../helpers/wordpress-fixture.ts';
import { startSignedInApp } from '../helpers/app-host-fixture.ts';
import { syncToEnd } from '../helpers/app-sync.ts';
import { BATCH_LIMIT, SiteClient, type SubRequest } from '../../shared/site-client.ts';
import type { BatchRequest } from '../../shared/site-types.ts';
import { api, desktopApi, REST_BASES } from '../../shared/api-routes.ts';
import { ownPatternRef } from '../../shared/copy-pattern-refs.ts';
import { copyFiller, madeWithId } from '../helpers/made-with-id.ts';

const sync = (f: WordPressFixture) => syncSite(f.workspace, { retry: FAST_RETRY });

let f: WordPressFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

/** A published pattern on WordPress and a post that refers to it (spacing around the reference kept as written). */
async function postWithPattern(fixture: WordPressFixture) {
  const word = uniqueWord('p');
  const pattern = (await fixture.api('wp/v2/blocks', { method: 'POST', body: { title: `Pattern ${word}`, content: `<!-- wp:paragraph -->\n<p>Shared ${word}</p>\n<!-- /wp:paragraph -->`, status: 'publish' } })).body;
  const markup = `<!-- wp:paragraph -->\n<p>Before</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:block {"ref":${pattern.id}} /-->`;
  const post = (await fixture.api('wp/v2/posts', { method: 'POST', body: { title: `Uses ${word}`, content: markup, status: 'publish' } })).body;
  return { word, patternId: pattern.id as number, postId: post.id as number, markup };
}

/** `requests` through WordPress's batch route (25 to a request, as the app sends them): the id each answered with. */
async function wordpressBatch(fixture: WordPressFixture, requests: BatchRequest[]): Promise<number[]> {
  const account = fixture.wp.accounts.administrator;
  const results = await new SiteClient(fixture.wp.apiRoot, { login: account.login, password: account.appPassword }).batch(requests as SubRequest<{ id: number; previous?: { id: number } }>[]);
  return results.map(({ status, body }) => {
    expect(status, JSON.stringify(body)).toBeLessThan(300);
    const answered = body as { id: number; previous?: { id: number } };
    return answered.previous?.id ?? answered.id;
  });
}

async function remoteContent(fixture: WordPressFixture, kind: 'posts' | 'blocks', id: number): Promise<{ raw: string; modified_gmt: string }> {
  const { body } = await fixture.api(`wp/v2/${kind}/${id}`, { query: { context: 'edit' } });
  return { raw: body.content.raw, modified_gmt: body.modified_gmt };
}

describe('a synced pattern of a connected WordPress', () => {
  const synced = syncedForDescribe({ proxy: true });
  beforeEach(() => {
    synced().proxy!.requests.length = 0;
  });

  it('is pulled with the post that uses it, the post\'s reference byte for byte, the pattern found here by its id there', async () => {
    const f = synced();
    const { word, patternId, postId, markup } = await postWithPattern(f);
    expect(await sync(f)).toMatchObject({ result: 'ok' });
    expect(f.localOf('post', postId).content).toBe(markup);
    const pattern = f.localOf('wp_block', patternId);
    expect(pattern).toMatchObject({ type: 'wp_block', status: 'publish', title: `Pattern ${word}` });
    expect(pattern.content).toBe(`<!-- wp:paragraph -->\n<p>Shared ${word}</p>\n<!-- /wp:paragraph -->`);
    // What the editor resolves the reference through (the app's pattern-ids route).
    expect(f.workspace.map.localIds('wp_block')[patternId]).toBe(pattern.id);
  });

  it('is found by the editor through the app: the reference names WordPress\'s id, the app maps it to the copy\'s pattern', async () => {
    f = await wordpressFixture();
    const { word, patternId, markup } = await postWithPattern(f);
    const desktop = await startSignedInApp();
    try {
      const site = await desktop.app.post(desktopApi.sites(), { address: f.wp.url, login: f.wp.accounts.administrator.login, password: f.wp.accounts.administrator.appPassword });
      expect(await syncToEnd(desktop.app, site.id)).toMatchObject({ result: 'ok' });
      const session = await desktop.app.post(desktopApi.copySession(site.id), {});
      const copy = new SiteClient(session.apiRoot, session.credentials);
      const ids = await desktop.app.get(desktopApi.patternIds(site.id));
      const [post] = await copy.get(api.posts(REST_BASES.post), { search: `Uses ${word}`, context: 'edit' });
      expect(post.content.raw).toBe(markup);
      const pattern = await copy.get(api.post(REST_BASES.wp_block, ids[patternId]), { context: 'edit' });
      expect(pattern.content.raw).toContain(`Shared ${word}`);
    } finally {
      await desktop.close();
    }
  });

  it('edited here goes back once, guarded as a post\'s edit is against a newer version there, the post\'s markup on WordPress unchanged; the next sync sends nothing', async () => {
    const f = synced();
    const { word, patternId, postId, markup } = await postWithPattern(f);
    await sync(f);
    const local = f.localOf('wp_block', patternId);
    const edited = `<!-- wp:paragraph -->\n<p>Edited here ${word}</p>\n<!-- /wp:paragraph -->`;
    await f.local('POST', `blocks/${local.id}`, { content: edited });
    f.proxy!.requests.length = 0;
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 1, conflicts: 0 });
    const writes = f.proxy!.requests.filter((line) => !line.startsWith('GET') && line.includes('/blocks'));
    expect(writes).toHaveLength(1);
    expect((await remoteContent(f, 'blocks', patternId)).raw).toBe(edited);
    expect((await remoteContent(f, 'posts', postId)).raw).toBe(markup);
    expect(f.localOf('post', postId).content).toBe(markup);

    f.proxy!.requests.length = 0;
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 0, pulled: 0 });
    expect(f.proxy!.requests.filter((line) => !line.startsWith('GET'))).toEqual([]);
  });

  it('untouched, is never written to WordPress', async () => {
    const f = synced();
    const { patternId } = await postWithPattern(f);
    const before = await remoteContent(f, 'blocks', patternId);
    await sync(f);
    await sync(f);
    expect(f.proxy!.requests.filter((line) => !line.startsWith('GET') && line.includes('/blocks'))).toEqual([]);
    expect(await remoteContent(f, 'blocks', patternId)).toEqual(before);
  });

  it('made here is created on WordPress once though the answer was lost, before the post, which goes naming its id there (only the ref\'s number changed); two more syncs write nothing', async () => {
    const f = synced();
    await sync(f);
    const word = uniqueWord('h');
    const pattern = await f.local('POST', 'blocks', { title: `Made here ${word}`, content: `<!-- wp:paragraph -->\n<p>Here ${word}</p>\n<!-- /wp:paragraph -->`, status: 'publish' });
    const using = (ref: number) => `<!-- wp:paragraph -->\n<p>Before &amp; ${word}</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:block {"ref":${ref}} /-->`;
    const post = await f.local('POST', 'posts', { title: `Uses ${word}`, content: using(ownPatternRef(pattern.id)), status: 'draft' });
    const proxy = f.proxy!;
    proxy.fault = { matches: (method, url) => method === 'POST' && (url.includes('/blocks') || url.includes('/batch/v1')), fault: 'lose-answer' };
    expect(await sync(f)).toMatchObject({ result: 'offline' });
    expect(f.workspace.map.itemByLocalId(post.id)).toBeUndefined();

    f.reopen();
    proxy.mode = 'pass';
    expect(await sync(f)).toMatchObject({ result: 'ok', conflicts: 0 });
    const made = (await f.api('wp/v2/blocks', { query: { search: word, context: 'edit', status: 'publish' } })).body as { id: number }[];
    expect(made).toHaveLength(1);
    const remotePattern = f.workspace.map.itemByLocalId(pattern.id)!.remoteId;
    expect(made[0].id).toBe(remotePattern);
    const remotePost = f.workspace.map.itemByLocalId(post.id)!.remoteId;
    expect(remotePattern).toBeLessThan(remotePost);
    expect((await remoteContent(f, 'posts', remotePost)).raw).toBe(using(remotePattern));
    expect(f.localRow(post.id)!.content).toBe(using(remotePattern));

    for (let run = 0; run < 2; run++) {
      proxy.requests.length = 0;
      expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 0, pulled: 0 });
      expect(proxy.requests.filter((line) => !line.startsWith('GET'))).toEqual([]);
    }
  });

  it('made here under the id a pulled WordPress pattern has there, inside another made here: both created in one run, innermost first, the post naming the outer one; WordPress\'s post untouched; the next sync writes nothing', async () => {
    const f = synced();
    const fixture = f;
    await sync(f);
    // WordPress's ids brought ahead of the copy's (drafts deleted there for good, never pulled), so that the copy can reach its pattern's id.
    const probe = copyFiller(fixture);
    const copyNext = await probe.make();
    await probe.remove(copyNext);
    // Through WordPress's batch route, 25 to a request (34 drafts here: 68 requests one by one, 4 so).
    const drafts: number[] = [0];
    while (drafts.at(-1)! < copyNext + 20) {
      const more = Math.min(BATCH_LIMIT, copyNext + 20 - drafts.at(-1)!);
      drafts.push(...await wordpressBatch(fixture, Array.from({ length: more }, () => ({ method: 'POST', path: '/wp/v2/posts', body: { title: 'Filler', status: 'draft' } }))));
    }
    await wordpressBatch(fixture, drafts.slice(1).map((id) => ({ method: 'DELETE', path: `/wp/v2/posts/${id}?force=true` })));
    const site = await postWithPattern(f);
    await sync(f);
    const pulled = f.localOf('wp_block', site.patternId).id;
    const paragraph = (words: string) => `<!-- wp:paragraph -->\n<p>${words}</p>\n<!-- /wp:paragraph -->`;
    const using = (ref: number) => `${paragraph(`Around ${site.word}`)}\n\n<!-- wp:block {"ref":${ref}} /-->`;
    const inner = await madeWithId(site.patternId, copyFiller(fixture), () => fixture.local('POST', 'blocks', { title: `Inner ${site.word}`, content: paragraph(`Inner ${site.word}`), status: 'publish' }));
    expect(inner.id).toBe(site.patternId);
    const outer = await f.local('POST', 'blocks', { title: `Outer ${site.word}`, content: using(ownPatternRef(inner.id)), status: 'publish' });
    const post = await f.local('POST', 'posts', { title: `Uses outer ${site.word}`, content: using(ownPatternRef(outer.id)), status: 'draft' });
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 3, conflicts: 0 });
    const [innerThere, outerThere, postThere] = [inner.id, outer.id, post.id].map((id) => fixture.workspace.map.itemByLocalId(id)!.remoteId);
    expect(innerThere).not.toBe(site.patternId);
    expect([innerThere < outerThere, outerThere < postThere]).toEqual([true, true]);
    expect((await remoteContent(f, 'blocks', innerThere)).raw).toBe(paragraph(`Inner ${site.word}`));
    expect((await remoteContent(f, 'blocks', outerThere)).raw).toBe(using(innerThere));
    expect((await remoteContent(f, 'posts', postThere)).raw).toBe(using(outerThere));
    expect((await remoteContent(f, 'posts', site.postId)).raw).toBe(site.markup);
    expect(f.localOf('post', site.postId).content).toBe(site.markup);
    expect(f.localOf('wp_block', site.patternId).id).toBe(pulled);
    f.proxy!.requests.length = 0;
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 0, pulled: 0 });
    expect(f.proxy!.requests.filter((line) => !line.startsWith('GET'))).toEqual([]);
  });

  it('changed on both sides is a conflict kept for the writer, WordPress\'s version not overwritten', async () => {
    f = await wordpressFixture();
    const { patternId } = await postWithPattern(f);
    await sync(f);
    const local = f.localOf('wp_block', patternId);
    await f.local('POST', `blocks/${local.id}`, { content: '<!-- wp:paragraph -->\n<p>Mine</p>\n<!-- /wp:paragraph -->' });
    await f.api(`wp/v2/blocks/${patternId}`, { method: 'POST', body: { content: '<!-- wp:paragraph -->\n<p>Theirs</p>\n<!-- /wp:paragraph -->' } });
    expect(await sync(f)).toMatchObject({ result: 'conflicts', conflicts: 1 });
    expect(listConflicts(f.workspace)).toMatchObject([{ kind: 'wp_block', remoteId: patternId, local: { content: expect.stringContaining('Mine') }, remote: { content: expect.stringContaining('Theirs') } }]);
    expect((await remoteContent(f, 'blocks', patternId)).raw).toContain('Theirs');
    expect(f.localRow(local.id)?.content).toContain('Mine');
  });
});
