// The editor's saver against a real site over HTTP: Save pressed many times creates one
// item, words typed while a save travels are not lost, every write of an existing item
// carries its version, and a change made elsewhere becomes the writer's choice, not a loss.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient } from '../../shared/site-client.ts';
import type { Post } from '../../shared/site-types.ts';
import { PostSaver, type SaveConflict, type SaveState } from '../../renderer/editor/post-saver.ts';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';

let site: TestSite;

beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site?.close();
});

const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;

/** A fetch that holds requests matching `hold` until released, as a slow network would. */
function gatedFetch(hold: (url: string, init?: RequestInit) => boolean) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const sent: string[] = [];
  const impl: typeof fetch = async (input, init) => {
    const url = String(input);
    sent.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    if (hold(url, init)) await gate;
    return fetch(input, init);
  };
  return { impl, release, sent };
}

/** An editor stand-in: the words it holds, and what the saver told it. */
function writer(client: SiteClient, id: number | null = null, etag: string | null = null) {
  const state = { title: 'Draft', content: paragraph('One.'), states: [] as SaveState[], conflicts: [] as SaveConflict[], errors: [] as unknown[], saved: [] as Post[] };
  const saver = new PostSaver(client, 'posts', id, etag, () => ({
    body: { title: state.title, content: state.content, status: 'draft' },
    text: { title: state.title, content: state.content, excerpt: '' },
  }), {
    state: (next) => state.states.push(next),
    saved: (post) => state.saved.push(post),
    conflict: (conflict) => state.conflicts.push(conflict),
    error: (error) => state.errors.push(error),
  }, 60_000);
  return { state, saver };
}

const adminClient = (fetchImpl?: typeof fetch) =>
  new SiteClient(site.apiRoot, { login: site.users.administrator.login, password: site.users.administrator.appPassword }, fetchImpl);

async function postsTitled(title: string): Promise<Post[]> {
  return (await site.api<Post[]>('cms/v2/posts', { as: 'administrator', query: { search: title, status: 'draft,publish', context: 'edit' } })).body
    .filter((post) => post.title.raw === title);
}

describe('the editor’s saver', () => {
  it('creates a new post exactly once however often Save is pressed while the create travels', async () => {
    const network = gatedFetch((url, init) => init?.method === 'POST' && new URL(url).pathname.endsWith('/cms/v2/posts'));
    const { state, saver } = writer(adminClient(network.impl));
    state.title = 'Pressed five times';
    const presses = [saver.save(), saver.save(), saver.save(), saver.save(), saver.save()];
    network.release();
    await Promise.all(presses);
    expect(await postsTitled('Pressed five times')).toHaveLength(1);
    expect(network.sent.filter((line) => line.startsWith('POST'))).toHaveLength(1);
    expect(state.states.at(-1)).toBe('saved');
  });

  it('keeps words typed while a save travels, sending them to the same post after it', async () => {
    const network = gatedFetch((url, init) => init?.method === 'POST' && new URL(url).pathname.endsWith('/cms/v2/posts'));
    const { state, saver } = writer(adminClient(network.impl));
    state.title = 'Typed during the save';
    const first = saver.save();
    // The writer goes on typing and saves again before the create has answered.
    state.content = paragraph('One. Two.');
    saver.changed();
    const second = saver.save();
    network.release();
    await Promise.all([first, second]);
    const posts = await postsTitled('Typed during the save');
    expect(posts).toHaveLength(1);
    expect(posts[0].content.raw).toBe(paragraph('One. Two.'));
    expect(saver.hasUnsentChanges).toBe(false);
    expect(state.states.at(-1)).toBe('saved');
  });

  it('creates nothing when the writer leaves a new post without typing', async () => {
    const network = gatedFetch(() => false);
    const { saver } = writer(adminClient(network.impl));
    await saver.flush();
    expect(network.sent).toEqual([]);
  });

  it('sends the loaded version with every save, so a change made elsewhere is a conflict, not an overwrite', async () => {
    const created = await site.api<Post>('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Edited twice', content: paragraph('Mine to start.'), status: 'publish' } });
    const { state, saver } = writer(adminClient(), created.body.id, created.headers.get('etag'));
    // Someone else (a sync, another window) changes the post after the editor loaded it.
    await site.api(`cms/v2/posts/${created.body.id}`, { method: 'POST', as: 'administrator', body: { content: paragraph('Their change.') } });
    state.title = 'Edited twice';
    state.content = paragraph('My change.');
    saver.changed();
    await saver.save();
    expect(state.conflicts).toHaveLength(1);
    expect(state.conflicts[0].theirs.content.raw).toBe(paragraph('Their change.'));
    expect(state.states.at(-1)).toBe('conflict');
    // Nothing was overwritten, and nothing is sent while the writer has not chosen.
    expect((await site.api<Post>(`cms/v2/posts/${created.body.id}`, { as: 'administrator', query: { context: 'edit' } })).body.content.raw).toBe(paragraph('Their change.'));
    await saver.save();
    expect(state.conflicts).toHaveLength(1);
    // The writer has seen both and keeps theirs: it is written over the other version.
    await saver.keepMine();
    expect((await site.api<Post>(`cms/v2/posts/${created.body.id}`, { as: 'administrator', query: { context: 'edit' } })).body.content.raw).toBe(paragraph('My change.'));
    expect(state.states.at(-1)).toBe('saved');
  });

  it('takes the other version when the writer chooses it, and saves on from there', async () => {
    const created = await site.api<Post>('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Theirs wins', content: paragraph('Start.'), status: 'publish' } });
    const { state, saver } = writer(adminClient(), created.body.id, created.headers.get('etag'));
    await site.api(`cms/v2/posts/${created.body.id}`, { method: 'POST', as: 'administrator', body: { content: paragraph('Their words.') } });
    state.content = paragraph('Mine.');
    saver.changed();
    await saver.save();
    state.content = state.conflicts[0].theirs.content.raw ?? '';
    saver.takeTheirs();
    state.content = paragraph('Their words, and more.');
    saver.changed();
    await saver.save();
    expect(state.conflicts).toHaveLength(1);
    expect((await site.api<Post>(`cms/v2/posts/${created.body.id}`, { as: 'administrator', query: { context: 'edit' } })).body.content.raw).toBe(paragraph('Their words, and more.'));
  });

  it('turns an autosave over a change made elsewhere into a conflict, writing nothing', async () => {
    const created = await site.api<Post>('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Autosaved over', content: paragraph('Published words.'), status: 'publish' } });
    const { state, saver } = writer(adminClient(), created.body.id, created.headers.get('etag'));
    await site.api(`cms/v2/posts/${created.body.id}`, { method: 'POST', as: 'administrator', body: { content: paragraph('Changed by a sync.') } });
    state.title = 'Autosaved over';
    state.content = paragraph('Typed here.');
    saver.changed();
    await saver.flush();
    expect(state.conflicts.map((conflict) => conflict.kind)).toEqual(['autosave']);
    const autosaves = (await site.api<unknown[]>(`cms/v2/posts/${created.body.id}/autosaves`, { as: 'administrator' })).body;
    expect(autosaves).toEqual([]);
    // Keeping their words autosaves them over the version they have now seen; the post itself stays published as it was.
    await saver.keepMine();
    const kept = (await site.api<Array<{ content: { raw: string } }>>(`cms/v2/posts/${created.body.id}/autosaves`, { as: 'administrator', query: { context: 'edit' } })).body;
    expect(kept.map((autosave) => autosave.content.raw)).toEqual([paragraph('Typed here.')]);
    expect((await site.api<Post>(`cms/v2/posts/${created.body.id}`, { as: 'administrator', query: { context: 'edit' } })).body.content.raw).toBe(paragraph('Changed by a sync.'));
  });

  it('autosaves an author’s own draft in place and saves after it without a false conflict', async () => {
    const author = new SiteClient(site.apiRoot, { login: site.users.author.login, password: site.users.author.appPassword });
    const { state, saver } = writer(author);
    state.title = 'Author draft';
    saver.changed();
    await saver.flush();
    const id = saver.itemId!;
    state.content = paragraph('Autosaved in place.');
    saver.changed();
    await saver.flush();
    expect((await site.api<Post>(`cms/v2/posts/${id}`, { as: 'author', query: { context: 'edit' } })).body.content.raw).toBe(paragraph('Autosaved in place.'));
    state.content = paragraph('Then saved.');
    saver.changed();
    await saver.save();
    expect(state.conflicts).toEqual([]);
    expect(state.errors).toEqual([]);
    expect((await site.api<Post>(`cms/v2/posts/${id}`, { as: 'author', query: { context: 'edit' } })).body.content.raw).toBe(paragraph('Then saved.'));
  });
});
