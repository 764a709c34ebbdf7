// Every role keeps syncing against a real WordPress: a post the site no longer lets the
// account edit (a contributor's pending post published by an editor, an author's post
// given to another author by an administrator) while a local edit waits concerns that post
// alone. Generated over each such change × when it lands (before the sync, or during it,
// between its pull and its write): the run goes on and sends an unrelated new draft, the
// post is named with what to do instead, its local words are kept, this computer's version
// cannot be forced over it, and "Keep both" sends the local words as a new draft.
import { afterEach, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { listConflicts, resolveConflict } from '../../electron/remote/merge/conflicts.ts';
import { FAST_RETRY } from '../helpers/sync-fixture.ts';
import { uniqueWord, wordpressFixture, type WordPressFixture } from '../helpers/wordpress-fixture.ts';
import type { WordPressRole } from '../helpers/wordpress/wordpress.ts';

const sync = (f: WordPressFixture) => syncSite(f.workspace, { retry: FAST_RETRY });

let f: WordPressFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

const tag = () => uniqueWord('r');

interface RightsChange {
  name: string;
  as: WordPressRole;
  /** The status the account gives its post here before the change. */
  status: string;
  /** The change another account makes on the site. */
  change: (fixture: WordPressFixture, remoteId: number) => Promise<unknown>;
  /** What the run says of the post. */
  said: RegExp;
}

const CHANGES: RightsChange[] = [
  {
    name: 'a contributor\'s pending post published by an editor', as: 'contributor', status: 'pending',
    change: (fixture, id) => fixture.api(`wp/v2/posts/${id}`, { method: 'POST', as: 'editor', body: { status: 'publish' } }),
    said: /was changed on the site, and this account \(contributor\) may no longer edit it there, so the changes made here were not sent\. They are kept on this computer: in Conflicts, choose "Keep both" to send them as a new draft, or keep the site's version\./,
  },
  {
    name: 'an author\'s published post given to another author by an administrator', as: 'author', status: 'publish',
    change: (fixture, id) => fixture.api(`wp/v2/posts/${id}`, { method: 'POST', body: { author: fixture.wp.accounts.editor.id } }),
    said: /was changed on the site, and this account \(author\) may no longer edit it there, so the changes made here were not sent\./,
  },
  {
    name: 'an author\'s draft given to another author by an administrator', as: 'author', status: 'draft',
    change: (fixture, id) => fixture.api(`wp/v2/posts/${id}`, { method: 'POST', body: { author: fixture.wp.accounts.editor.id } }),
    said: /is no longer visible to this account \(author\) on the site, so the changes made here were not sent\./,
  },
];

/** Before the sync (its pull finds the post gone from what the account may edit), or during it, between its pull and its write (its push is refused). */
const TIMINGS = [
  { name: 'changed there before the sync', duringSync: false },
  { name: 'changed there while the sync runs, after its pull', duringSync: true },
] as const;

const CASES = CHANGES.flatMap((change) => TIMINGS.map((timing) => ({ ...change, timing })));

describe.each(CASES)('$name, $timing.name', (rights) => {
  it('concerns that post alone: the run goes on, the post is named with what to do, its words are kept and can go as a new draft', async () => {
    f = await wordpressFixture({ as: rights.as, proxy: true });
    await sync(f);
    const word = tag();
    const mine = (await f.local('POST', 'posts', { title: `Mine ${word}`, content: '<p>Original</p>', status: rights.status })).id;
    expect(await sync(f)).toMatchObject({ pushed: 1 });
    const remoteId = f.remoteIdOf(mine);

    await f.local('POST', `posts/${mine}`, { content: '<p>Edited here</p>' });
    if (rights.timing.duringSync) {
      // The push reads the post again just before writing it: the change lands before that read.
      f.proxy!.before = { matches: (method, url) => method === 'GET' && url.includes(`/wp/v2/posts/${remoteId}?`), run: async () => void (await rights.change(f!, remoteId)) };
    } else {
      await rights.change(f, remoteId);
    }
    const unrelated = (await f.local('POST', 'posts', { title: `Unrelated ${word}`, content: '<p>New</p>' })).id;

    const run = await sync(f);
    expect(run).toMatchObject({ result: 'conflicts', conflicts: 1, pushed: 1 });
    expect(run.message).toContain(`Post "Mine ${word}" `);
    expect(run.message).toMatch(rights.said);
    expect(run.message).not.toMatch(/changed on both sides/);
    expect((await f.api(`wp/v2/posts/${f.remoteIdOf(unrelated)}`, { query: { context: 'edit' } })).body.content.raw).toBe('<p>New</p>');
    expect(f.localRow(mine)!.content).toBe('<p>Edited here</p>');
    expect((await f.api(`wp/v2/posts/${remoteId}`, { query: { context: 'edit' } })).body.content.raw).toBe('<p>Original</p>');
    const [conflict] = listConflicts(f.workspace);
    expect(conflict).toMatchObject({ reason: 'not_allowed', localId: mine, local: { content: '<p>Edited here</p>' } });

    // The next run leaves the post to the writer's choice and goes on: nothing sent twice.
    const next = await sync(f);
    expect(next).toMatchObject({ result: 'conflicts', conflicts: 1, pushed: 0 });
    expect(next.message).not.toContain(word);

    await expect(resolveConflict(f.workspace, conflict.id, 'local', { retry: FAST_RETRY })).rejects.toMatchObject({ reason: 'not_allowed' });
    await resolveConflict(f.workspace, conflict.id, 'both', { retry: FAST_RETRY });
    const after = await sync(f);
    expect(after).toMatchObject({ result: 'ok', pushed: 1, conflicts: 0 });
    const copies = (await f.api('wp/v2/posts', { query: { search: `Mine ${word}`, status: 'draft,pending,publish', context: 'edit' } })).body as { id: number; content: { raw: string }; status: string }[];
    expect(copies.find((copy) => copy.id !== remoteId)).toMatchObject({ status: 'draft', content: { raw: '<p>Edited here</p>' } });
    expect(copies.filter((copy) => copy.id !== remoteId)).toHaveLength(1);
    // The site's post is left as the other account made it; here it is in the trash, no longer this account's to sync.
    expect((await f.api(`wp/v2/posts/${remoteId}`, { query: { context: 'edit' } })).body.content.raw).toBe('<p>Original</p>');
    expect(f.localRow(mine)!.status).toBe('trash');
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 0, conflicts: 0 });
  });
});

/** Changes another account makes on the site to the account's post (WordPress's REST API, as the role that may). */
const OTHER_CHANGES: { name: string; change: (fixture: WordPressFixture, id: number) => Promise<unknown> }[] = [
  { name: 'published by an editor', change: (fixture, id) => fixture.api(`wp/v2/posts/${id}`, { method: 'POST', as: 'editor', body: { status: 'publish' } }) },
  { name: 'unpublished by an editor', change: (fixture, id) => fixture.api(`wp/v2/posts/${id}`, { method: 'POST', as: 'editor', body: { status: 'draft' } }) },
  { name: 'given to another author by an administrator', change: (fixture, id) => fixture.api(`wp/v2/posts/${id}`, { method: 'POST', body: { author: fixture.wp.accounts.administrator.id } }) },
  { name: 'trashed by an administrator', change: (fixture, id) => fixture.api(`wp/v2/posts/${id}`, { method: 'DELETE' }) },
  { name: 'deleted by an administrator', change: (fixture, id) => fixture.api(`wp/v2/posts/${id}`, { method: 'DELETE', query: { force: 'true' } }) },
  { name: 'given another category by an administrator', change: async (fixture, id) => {
    const category = (await fixture.api('wp/v2/categories', { method: 'POST', body: { name: `Moved ${tag()}` } })).body.id;
    return fixture.api(`wp/v2/posts/${id}`, { method: 'POST', body: { categories: [category] } });
  } },
];

const ROLE_MATRIX = (['author', 'contributor', 'editor'] as const).flatMap((as) => OTHER_CHANGES.map((other) => ({ as, ...other })));

describe.each(ROLE_MATRIX)('as the $as, the post $name while a local edit waits', ({ as, change }) => {
  it('the run completes, sends an unrelated draft, and the local words are on the site or kept here in a conflict', async () => {
    f = await wordpressFixture({ as });
    await sync(f);
    const word = tag();
    const mine = (await f.local('POST', 'posts', { title: `Matrix ${word}`, content: '<p>Original</p>', status: as === 'contributor' ? 'pending' : 'publish' })).id;
    expect(await sync(f)).toMatchObject({ pushed: 1 });
    const remoteId = f.remoteIdOf(mine);
    await f.local('POST', `posts/${mine}`, { content: '<p>Edited here</p>' });
    await change(f, remoteId);
    const unrelated = (await f.local('POST', 'posts', { title: `Unrelated ${word}`, content: '<p>New</p>' })).id;

    const run = await sync(f);
    expect(['ok', 'conflicts']).toContain(run.result);
    expect((await f.api(`wp/v2/posts/${f.remoteIdOf(unrelated)}`, { query: { context: 'edit' } })).body.content.raw).toBe('<p>New</p>');
    const there = await f.api(`wp/v2/posts/${remoteId}`, { query: { context: 'edit' } });
    const conflict = listConflicts(f.workspace).find((entry) => entry.localId === mine);
    if (conflict) expect(conflict.local.content).toBe('<p>Edited here</p>');
    else expect(there.body.content.raw).toBe('<p>Edited here</p>');
    // And the run after finds nothing new to do.
    expect(await sync(f)).toMatchObject({ pushed: 0 });
  });
});
