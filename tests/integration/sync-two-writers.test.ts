// Two writers, each with an app of their own (two app data folders, two accounts), edit the
// same posts and sync in a random (seeded) order for a few hundred steps: each rewrites its
// own blocks of the posts (writer A the "a" blocks and the title, writer B the "b" blocks
// and the excerpt), so nothing they do collides. At the end, after both sync until quiet:
// every last edit of every block and field is on the site and in both copies, nobody's
// change was lost, no conflict was raised, and no post was made twice.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { listConflicts } from '../../electron/remote/merge/conflicts.ts';
import { openWorkspace } from '../../electron/remote/workspace.ts';
import { connectFixture, FAST_RETRY, syncFixture, type ConnectedFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const POSTS = 4;
const STEPS = 240;
const WRITERS = ['a', 'b'] as const;
type Writer = (typeof WRITERS)[number];
const BLOCKS: Record<Writer, string[]> = { a: ['a0', 'a1'], b: ['b0', 'b1'] };

const paragraph = (name: string, text: string) => `<!-- wp:paragraph -->\n<p>${name}:${text}</p>\n<!-- /wp:paragraph -->`;

/** A small seeded generator: the same steps at every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('two writers syncing the same posts in a random order', () => {
  let f: SyncFixture;
  let second: ConnectedFixture & { appDir: string };
  beforeAll(async () => {
    f = await syncFixture();
    const account = f.remote.users.editor;
    second = await connectFixture(f.remote.url, { login: account.login, password: account.appPassword }, {}, (sites, siteId) => openWorkspace(sites, siteId));
  });
  afterAll(async () => {
    second?.workspace.close();
    if (second) fs.rmSync(second.appDir, { recursive: true, force: true });
    await f?.close();
  });

  it('lose nobody\'s change, raise no conflict and make nothing twice', async () => {
    const content = [...BLOCKS.a, ...BLOCKS.b].map((name) => paragraph(name, 'start')).join('\n\n');
    const remoteIds: number[] = [];
    for (let n = 0; n < POSTS; n++) {
      remoteIds.push((await f.remote.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: `Shared ${n}`, content, excerpt: 'start', status: 'publish' } })).body.id);
    }
    const apps: Record<Writer, ConnectedFixture> = { a: f, b: second };
    for (const writer of WRITERS) await syncSite(apps[writer].workspace, { retry: FAST_RETRY });
    /** The last value each writer gave each post's blocks and fields. */
    const expected = remoteIds.map(() => new Map<string, string>());

    const next = random(26);
    for (let step = 0; step < STEPS; step++) {
      const writer = WRITERS[Math.floor(next() * 2)];
      const app = apps[writer];
      if (next() < 0.35) {
        const run = await syncSite(app.workspace, { retry: FAST_RETRY });
        expect(run, `step ${step}: ${writer} syncs`).toMatchObject({ result: 'ok', conflicts: 0 });
        continue;
      }
      const post = Math.floor(next() * POSTS);
      const local = app.localOf('post', remoteIds[post]);
      const token = `${writer}${step}`;
      const what = Math.floor(next() * 3);
      if (what < 2) {
        const name = BLOCKS[writer][what];
        await app.local('POST', `posts/${local.id}`, { content: local.content.replace(new RegExp(`<p>${name}:[^<]*</p>`), `<p>${name}:${token}</p>`) });
        expected[post].set(name, token);
      } else {
        const field = writer === 'a' ? 'title' : 'excerpt';
        await app.local('POST', `posts/${local.id}`, { [field]: token });
        expected[post].set(field, token);
      }
    }
    for (let round = 0; round < 2; round++) {
      for (const writer of WRITERS) expect(await syncSite(apps[writer].workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', conflicts: 0 });
    }
    for (const writer of WRITERS) expect(listConflicts(apps[writer].workspace)).toEqual([]);

    remoteIds.forEach((remoteId, post) => {
      const there = f.remoteRow(remoteId)!;
      for (const [name, token] of expected[post]) {
        if (name === 'title') expect(there.title).toBe(token);
        else if (name === 'excerpt') expect(there.excerpt).toBe(token);
        else expect(there.content).toContain(`<p>${name}:${token}</p>`);
      }
      for (const writer of WRITERS) {
        const here = apps[writer].localOf('post', remoteId);
        expect({ title: here.title, excerpt: here.excerpt, content: here.content }, `${writer}'s copy of post ${post}`).toEqual({ title: there.title, excerpt: there.excerpt, content: there.content });
      }
    });
    const count = (store: { get<T>(sql: string): T | undefined }) => store.get<{ n: number }>("SELECT COUNT(*) AS n FROM posts WHERE type = 'post' AND title NOT LIKE 'Hello%' AND autosave = 0")!.n;
    expect(count(f.remote.running.site.context.store)).toBe(POSTS);
  });
});
