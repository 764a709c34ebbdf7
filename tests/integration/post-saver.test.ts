// The editor's saver against a real site over HTTP: Save pressed many times creates one
// item, words typed while a save travels are not lost, every write of an existing item
// carries its version, and a change made elsewhere becomes the writer's choice, not a loss.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient } from '../../shared/site-client.ts';
import type { Post } from '../../shared/site-types.ts';
import { PostSaver, type SaveConflict, type SaveState } from '../../renderer/editor/post-saver.ts';
import { openRecord } from '../../renderer/editor/edit-record.ts';
import { itemFieldsOf } from '../../renderer/editor/post-fields.ts';
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
  const bodies: unknown[] = [];
  const impl: typeof fetch = async (input, init) => {
    const url = String(input);
    sent.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
    if (hold(url, init)) await gate;
    return fetch(input, init);
  };
  return { impl, release, sent, bodies };
}

/** An editor stand-in: the item it loaded (none: a new one), and what the saver told it. Edits go through `saver.edit`. */
function writer(client: SiteClient, loaded: { post: Post; etag: string | null } | null = null) {
  const state = { states: [] as SaveState[], conflicts: [] as SaveConflict[], errors: [] as unknown[], saved: [] as Post[] };
  const saver = new PostSaver(client, 'posts', loaded?.post.id ?? null, openRecord(itemFieldsOf(loaded?.post ?? null), loaded?.etag ?? null), () => null, {
    saved: (post) => state.saved.push(post),
    conflict: (conflict) => state.conflicts.push(conflict),
  }, 60_000);
  // What the screen would show: each state the view passes through, each error.
  saver.subscribe(() => {
    const view = saver.getView();
    if (view.state !== state.states.at(-1)) state.states.push(view.state);
    if (view.error !== null && view.error !== state.errors.at(-1)) state.errors.push(view.error);
  });
  return { state, saver };
}

const adminClient = (fetchImpl?: typeof fetch) =>
  new SiteClient(site.apiRoot, { login: site.users.administrator.login, password: site.users.administrator.appPassword }, fetchImpl);

/** A post made on the site, as the editor loads it (edit context, with its version). */
async function loadedPost(body: Record<string, unknown>): Promise<{ post: Post; etag: string | null }> {
  const created = await site.api<Post>('cms/v2/posts', { method: 'POST', as: 'administrator', body });
  const read = await site.api<Post>(`cms/v2/posts/${created.body.id}`, { as: 'administrator', query: { context: 'edit' } });
  return { post: read.body, etag: read.headers.get('etag') };
}

const stored = async (id: number) => (await site.api<Post>(`cms/v2/posts/${id}`, { as: 'administrator', query: { context: 'edit' } })).body;

async function postsTitled(title: string): Promise<Post[]> {
  return (await site.api<Post[]>('cms/v2/posts', { as: 'administrator', query: { search: title, status: 'draft,publish', context: 'edit' } })).body
    .filter((post) => post.title.raw === title);
}

describe('the editor’s saver', () => {
  it('creates a new post exactly once however often Save is pressed while the create travels', async () => {
    const network = gatedFetch((url, init) => init?.method === 'POST' && new URL(url).pathname.endsWith('/cms/v2/posts'));
    const { state, saver } = writer(adminClient(network.impl));
    saver.edit({ title: 'Pressed five times', content: paragraph('One.') });
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
    saver.edit({ title: 'Typed during the save', content: paragraph('One.') });
    const first = saver.save();
    // The writer goes on typing and saves again before the create has answered.
    saver.edit({ content: paragraph('One. Two.') });
    const second = saver.save();
    network.release();
    await Promise.all([first, second]);
    const posts = await postsTitled('Typed during the save');
    expect(posts).toHaveLength(1);
    expect(posts[0].content.raw).toBe(paragraph('One. Two.'));
    expect(saver.hasUnsentChanges).toBe(false);
    expect(state.states.at(-1)).toBe('saved');
  });

  it('reads the document once per save or autosave after typing, never when it did not change, and sends only what changed', async () => {
    const loaded = await loadedPost({ title: 'Read once', content: paragraph('Start.'), status: 'publish' });
    const network = gatedFetch(() => false);
    let reads = 0;
    let typed = 0;
    // The document as the editor would give it: each read serialises it (the count is what is measured).
    const readDocument = () => {
      reads++;
      return { content: paragraph(`Start. ${'word '.repeat(typed)}`.trim()), meta: loaded.post.meta };
    };
    const saver = new PostSaver(adminClient(network.impl), 'posts', loaded.post.id, openRecord(itemFieldsOf(loaded.post), loaded.etag), readDocument, { saved: () => {}, conflict: () => {} }, 60_000);
    const type = () => {
      typed++;
      for (let key = 0; key < 5; key++) saver.documentEdited();
    };
    type();
    await saver.save();
    expect(reads).toBe(1);
    type();
    await saver.flush();
    expect(reads).toBe(2);
    // Nothing typed since: a save (which makes the words autosaved aside the post's) and an autosave read nothing, and the autosave sends nothing.
    await saver.save();
    await saver.flush();
    expect(reads).toBe(2);
    saver.edit({ excerpt: 'A field, not the document' });
    await saver.save();
    expect(reads).toBe(2);
    saver.dispose();
    // Each request sent what changed alone: the content (save, autosave kept aside the live post, the save making it the post's), then the excerpt.
    expect(network.bodies.map((body) => Object.keys(body as object).sort())).toEqual([['content'], ['content'], ['content'], ['excerpt']]);
    expect((await stored(loaded.post.id)).excerpt.raw).toBe('A field, not the document');
  });

  it('says all is saved when the writer undid every change of the document, once the autosave finds nothing to send (issue 29)', async () => {
    const loaded = await loadedPost({ title: 'Undone', content: paragraph('Start.') });
    let content = paragraph('Start. Typed');
    const saver = new PostSaver(adminClient(), 'posts', loaded.post.id, openRecord(itemFieldsOf(loaded.post), loaded.etag), () => ({ content, meta: loaded.post.meta }), { saved: () => {}, conflict: () => {} }, 60_000);
    saver.documentEdited();
    expect(saver.getView().state).toBe('unsaved');
    // Undo to the document as loaded: the editor tells of the change, read only when the autosave comes.
    content = paragraph('Start.');
    saver.documentEdited();
    await saver.flush();
    saver.dispose();
    expect(saver.getView().state).toBe('saved');
  });

  it('creates nothing when the writer leaves a new post without typing', async () => {
    const network = gatedFetch(() => false);
    const { saver } = writer(adminClient(network.impl));
    await saver.flush();
    expect(network.sent).toEqual([]);
  });

  it('sends the loaded version with every save, so a change made elsewhere is a conflict, not an overwrite', async () => {
    const loaded = await loadedPost({ title: 'Edited twice', content: paragraph('Mine to start.'), status: 'publish' });
    const created = { body: loaded.post };
    const { state, saver } = writer(adminClient(), loaded);
    // Someone else (a sync, another window) changes the post after the editor loaded it.
    await site.api(`cms/v2/posts/${created.body.id}`, { method: 'POST', as: 'administrator', body: { content: paragraph('Their change.') } });
    saver.edit({ content: paragraph('My change.') });
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
    const loaded = await loadedPost({ title: 'Theirs wins', content: paragraph('Start.'), status: 'publish' });
    const created = { body: loaded.post };
    const { state, saver } = writer(adminClient(), loaded);
    await site.api(`cms/v2/posts/${created.body.id}`, { method: 'POST', as: 'administrator', body: { content: paragraph('Their words.') } });
    saver.edit({ content: paragraph('Mine.') });
    await saver.save();
    saver.takeTheirs();
    // Their version is the base: the writer's words are not an edit any more, and Undo cannot bring them back.
    expect(saver.record.edits).toEqual({});
    saver.undo();
    expect(saver.record.edits).toEqual({});
    saver.edit({ content: paragraph('Their words, and more.') });
    await saver.save();
    expect(state.conflicts).toHaveLength(1);
    expect((await site.api<Post>(`cms/v2/posts/${created.body.id}`, { as: 'administrator', query: { context: 'edit' } })).body.content.raw).toBe(paragraph('Their words, and more.'));
  });

  it('turns an autosave over a change made elsewhere into a conflict, writing nothing', async () => {
    const loaded = await loadedPost({ title: 'Autosaved over', content: paragraph('Published words.'), status: 'publish' });
    const created = { body: loaded.post };
    const { state, saver } = writer(adminClient(), loaded);
    await site.api(`cms/v2/posts/${created.body.id}`, { method: 'POST', as: 'administrator', body: { content: paragraph('Changed by a sync.') } });
    saver.edit({ content: paragraph('Typed here.') });
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
    saver.edit({ title: 'Author draft' });
    await saver.flush();
    const id = saver.itemId!;
    saver.edit({ content: paragraph('Autosaved in place.'), slug: 'autosaved-slug' });
    await saver.flush();
    // The draft itself took the autosave, settings included.
    expect((await site.api<Post>(`cms/v2/posts/${id}`, { as: 'author', query: { context: 'edit' } })).body.slug).toBe('autosaved-slug');
    expect((await site.api<Post>(`cms/v2/posts/${id}`, { as: 'author', query: { context: 'edit' } })).body.content.raw).toBe(paragraph('Autosaved in place.'));
    saver.edit({ content: paragraph('Then saved.') });
    await saver.save();
    expect(state.conflicts).toEqual([]);
    expect(state.errors).toEqual([]);
    expect((await site.api<Post>(`cms/v2/posts/${id}`, { as: 'author', query: { context: 'edit' } })).body.content.raw).toBe(paragraph('Then saved.'));
  });

  it('sends nothing when nothing changed, and only the fields that changed', async () => {
    const loaded = await loadedPost({ title: 'Only mine travel', content: paragraph('Kept.'), excerpt: 'Short', status: 'publish' });
    const network = gatedFetch(() => false);
    const { saver } = writer(adminClient(network.impl), loaded);
    await saver.save();
    await saver.flush();
    expect(network.sent).toEqual([]);
    expect(saver.getView().state).toBe('saved');
    saver.edit({ slug: 'mine-travel' });
    await saver.save();
    expect(network.bodies).toEqual([{ slug: 'mine-travel' }]);
    // The site's answer is the new base: nothing left to send.
    await saver.save();
    expect(network.bodies).toHaveLength(1);
    expect((await stored(loaded.post.id)).slug).toBe('mine-travel');
  });

  it('autosaves a live post\'s text beside it, and keeps its other changes unsent until a save', async () => {
    const loaded = await loadedPost({ title: 'Live settings', content: paragraph('Live.'), status: 'publish' });
    const { saver } = writer(adminClient(), loaded);
    saver.edit({ content: paragraph('Live, typed on.'), slug: 'live-slug' });
    await saver.flush();
    // The text is in the autosave; the slug is the journal's (and the next save's) to keep.
    expect(saver.hasUnsentChanges).toBe(true);
    expect(Object.keys(saver.record.edits).sort()).toEqual(['content', 'slug']);
    await saver.flush();
    await saver.save();
    expect(saver.hasUnsentChanges).toBe(false);
    expect(await stored(loaded.post.id)).toMatchObject({ slug: 'live-slug', content: { raw: paragraph('Live, typed on.') } });
  });
});
