// Only the writer's changes travel, against a real WordPress with a page tree seven levels
// deep (half of its pages made before their parents, so the pull meets children first):
// the copy's own bookkeeping (parents linked after the pull, a parent's new slug or place
// giving every subpage below it a new version here, remote ids, fingerprints) never makes
// an item look changed here. Syncs with no change anywhere send nothing and raise nothing;
// changes made there to the top of the tree come here without a push or a conflict below;
// a subpage edited here goes alone.
import { afterEach, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { FAST_RETRY } from '../helpers/sync-fixture.ts';
import { wordpressFixture, type WordPressFixture } from '../helpers/wordpress-fixture.ts';

const sync = (f: WordPressFixture) => syncSite(f.workspace, { retry: FAST_RETRY });

let f: WordPressFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

const DEPTH = 7;

/** Two pages per level, each level's under the first of the level above; the deeper levels are made first (lower ids). */
async function makeTree(fixture: WordPressFixture, word: string): Promise<number[][]> {
  const levels: number[][] = [];
  for (let level = DEPTH - 1; level >= 0; level--) {
    const pages: number[] = [];
    for (const side of ['a', 'b']) {
      pages.push((await fixture.api('wp/v2/pages', { method: 'POST', body: { title: `Level ${level} ${side} ${word}`, status: 'publish', content: `<p>${level}${side}</p>` } })).body.id);
    }
    levels[level] = pages;
  }
  for (let level = 1; level < DEPTH; level++) {
    for (const id of levels[level]) await fixture.api(`wp/v2/pages/${id}`, { method: 'POST', body: { parent: levels[level - 1][0] } });
  }
  return levels;
}

/** Nothing sent, nothing in conflict. */
async function quiet(fixture: WordPressFixture): Promise<void> {
  const run = await sync(fixture);
  expect(run).toMatchObject({ result: 'ok', pushed: 0, conflicts: 0 });
}

describe('a page tree seven levels deep', () => {
  it('syncs with no change send nothing; changes at its top come here without a push or a conflict below; a subpage edited here goes alone', async () => {
    f = await wordpressFixture();
    const word = `tree${Date.now().toString(36)}`;
    const levels = await makeTree(f, word);
    const all = levels.flat();

    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 0, conflicts: 0 });
    for (let level = 1; level < DEPTH; level++) {
      for (const id of levels[level]) expect(f.localOf('page', id).parent).toBe(f.localOf('page', levels[level - 1][0]).id);
    }
    await quiet(f);
    await quiet(f);
    const modifiedThere = async () => Promise.all(all.map(async (id) => (await f!.api(`wp/v2/pages/${id}`, { query: { context: 'edit' } })).body.modified_gmt as string));
    const before = await modifiedThere();

    // Another writer renames the top page (every subpage's address follows it) and moves a branch.
    await f.api(`wp/v2/pages/${levels[0][0]}`, { method: 'POST', body: { title: `Top renamed ${word}`, slug: `top-${word}` } });
    await f.api(`wp/v2/pages/${levels[3][0]}`, { method: 'POST', body: { parent: levels[1][1] } });
    await quiet(f);
    expect(f.localOf('page', levels[0][0]).title).toBe(`Top renamed ${word}`);
    expect(f.localOf('page', levels[3][0]).parent).toBe(f.localOf('page', levels[1][1]).id);
    await quiet(f);
    const after = await modifiedThere();
    const movedThere = new Set([levels[0][0], levels[3][0]]);
    all.forEach((id, index) => {
      if (!movedThere.has(id)) expect(after[index], `page ${id} was not written`).toBe(before[index]);
    });

    // Edited here, deep down, while its ancestor gets a new slug there: only that page goes.
    const deep = f.localOf('page', levels[DEPTH - 1][1]).id;
    await f.local('POST', `pages/${deep}`, { content: '<p>Edited here, deep down</p>' });
    await f.api(`wp/v2/pages/${levels[2][0]}`, { method: 'POST', body: { slug: `middle-${word}` } });
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 1, conflicts: 0 });
    expect((await f.api(`wp/v2/pages/${levels[DEPTH - 1][1]}`, { query: { context: 'edit' } })).body.content.raw).toBe('<p>Edited here, deep down</p>');
    await quiet(f);
  });
});
