// The editor's one store against a real site over HTTP, driven as the screen drives it: what
// Save, Publish, Unpublish, Preview and leaving send, what the screen then shows, and a change
// made elsewhere settled either way; changes to a synced pattern shown in place, saved with the post. (Its actions without a site: tests/unit/editor-store.test.ts.)
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteClient } from '../../shared/site-client.ts';
import type { Post } from '../../shared/site-types.ts';
import { EditorStore } from '../../renderer/editor/editor-store.ts';
import { currentOf } from '../../renderer/editor/edit-record.ts';
import { journalKey, keepRecovered, readJournal } from '../../renderer/editor/journal.ts';
import { patternReference, readPattern } from '../../renderer/editor/synced-patterns.ts';
import { browserStorageForFile } from '../helpers/browser-storage.ts';
import { paperDocument } from '../helpers/paper-document.ts';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';

let site: TestSite;

browserStorageForFile();
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site?.close();
});

const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;

/** Every request the store sends: method, route (below the API root) and body. */
function recorded() {
  const sent: Array<{ method: string; route: string; body: Record<string, unknown> }> = [];
  const client = new SiteClient(site.apiRoot, { login: site.users.administrator.login, password: site.users.administrator.appPassword }, (input, init) => {
    sent.push({ method: init?.method ?? 'GET', route: String(input).slice(site.apiRoot.length).split('?')[0], body: typeof init?.body === 'string' ? JSON.parse(init.body) : {} });
    return fetch(input, init);
  });
  return { client, sent };
}

/** A post made on the site, as the editor loads it (edit context, with its version). */
async function loadedPost(body: Record<string, unknown>): Promise<{ post: Post; etag: string | null }> {
  const created = await site.api<Post>('cms/v2/posts', { method: 'POST', as: 'administrator', body });
  const read = await site.api<Post>(`cms/v2/posts/${created.body.id}`, { as: 'administrator', query: { context: 'edit' } });
  return { post: read.body, etag: read.headers.get('etag') };
}

const stored = async (id: number) => (await site.api<Post>(`cms/v2/posts/${id}`, { as: 'administrator', query: { context: 'edit' } })).body;

/** The editor opened on `loaded` (none: a new post under a local id of its own), its document written `markup`. */
function opened(loaded: { post: Post; etag: string | null } | null, markup = loaded?.post.content.raw ?? '') {
  const { client, sent } = recorded();
  const host = { created: vi.fn(), listsChanged: vi.fn() };
  const item = loaded?.post.id ?? `new-${Math.random().toString(36).slice(2)}`;
  const store = new EditorStore(client, 'posts', { post: loaded?.post ?? null, etag: loaded?.etag ?? null, item, offers: [] }, host, 60_000);
  const { sheet, document } = paperDocument(markup);
  store.documentCreated(document);
  /** The writer types: the document changes, the store is told. */
  const type = (text: string) => {
    sheet.markup = paragraph(text);
    store.documentEdited();
  };
  const journal = (key: number | string = item) => readJournal(journalKey(client.apiRoot, 'posts', key));
  return { store, sent, host, sheet, type, item, journal };
}

const writes = (sent: ReturnType<typeof recorded>['sent']) => sent.filter((request) => request.method === 'POST');

describe('the editor store, saving', () => {
  it('creates a new post once on Save with what the writer wrote, then follows its id: address, journal, lists', async () => {
    const { store, sent, host, type, item, journal } = opened(null);
    store.change({ title: 'A new one' });
    type('First words.');
    store.writeJournalNow();
    expect(journal()?.title).toBe('A new one');
    await store.save();
    expect(writes(sent)).toEqual([{ method: 'POST', route: 'cms/v2/posts', body: { title: 'A new one', content: paragraph('First words.') } }]);
    const id = store.itemId!;
    expect(host.created).toHaveBeenCalledWith(id);
    expect(host.listsChanged).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toMatchObject({ post: { id, status: 'draft' }, state: 'saved', error: null });
    // The site holds every word: this computer keeps no journal, under the local id or the new one.
    expect([journal(item), journal(id)]).toEqual([null, null]);
  });

  it('sends only what changed on Save of an existing post, and nothing when nothing did', async () => {
    const loaded = await loadedPost({ title: 'Only changes', content: paragraph('Start.'), excerpt: 'Short' });
    const { store, sent } = opened(loaded);
    await store.save();
    expect(writes(sent)).toEqual([]);
    store.change({ excerpt: 'Shorter' });
    await store.save();
    expect(writes(sent).map((request) => request.body)).toEqual([{ excerpt: 'Shorter' }]);
    expect((await stored(loaded.post.id)).excerpt.raw).toBe('Shorter');
  });

  for (const status of ['publish', 'draft', 'pending', 'private']) {
    it(`saves a draft whose status was set to ${status} as ${status === 'publish' ? 'a draft: Save never makes it live' : status}`, async () => {
      const loaded = await loadedPost({ title: `Saved as ${status}`, content: paragraph('Words.') });
      const { store } = opened(loaded);
      store.change({ status });
      await store.save();
      expect((await stored(loaded.post.id)).status).toBe(status === 'publish' ? 'draft' : status);
    });
  }
});

describe('the editor store, publishing', () => {
  for (const mayPublish of [true, false]) {
    it(`${mayPublish ? 'publishes' : 'submits for review'} through the saver, closing the panel and saying so`, async () => {
      const loaded = await loadedPost({ title: `Going out ${mayPublish}`, content: paragraph('Words.') });
      const { store, sent } = opened(loaded);
      store.openPublishing();
      await store.publish('', mayPublish);
      expect(writes(sent).map((request) => request.body.status)).toEqual([mayPublish ? 'publish' : 'pending']);
      const status = mayPublish ? 'publish' : 'pending';
      expect(store.getSnapshot()).toMatchObject({ publishing: false, published: { id: loaded.post.id, status }, post: { status }, state: 'saved' });
    });
  }

  it('unpublishes a live post as a draft, dropping the published notice', async () => {
    const loaded = await loadedPost({ title: 'Back to draft', content: paragraph('Words.'), status: 'publish' });
    const { store } = opened(loaded);
    store.unpublish();
    await vi.waitUntil(() => store.getSnapshot().post?.status === 'draft');
    expect(store.getSnapshot().published).toBeNull();
    expect((await stored(loaded.post.id)).status).toBe('draft');
  });
});

describe('the editor store, previews and leaving', () => {
  it('sends what the site lacks before a preview opens, as an autosave', async () => {
    const loaded = await loadedPost({ title: 'Previewed', content: paragraph('Start.'), status: 'publish' });
    const { store, sent, type } = opened(loaded);
    type('Typed, not saved.');
    await store.preview();
    expect(writes(sent)).toEqual([{ method: 'POST', route: `cms/v2/posts/${loaded.post.id}/autosaves`, body: { content: paragraph('Typed, not saved.') } }]);
    expect(store.getSnapshot()).toMatchObject({ dialog: 'preview', state: 'autosaved' });
  });

  it('opens no preview of a new post with nothing to send', async () => {
    const { store, sent } = opened(null);
    await store.preview();
    expect(sent).toEqual([]);
    expect(store.getSnapshot().dialog).toBeNull();
  });

  it('sends unsent words when the screen closes, then keeps no journal', async () => {
    const loaded = await loadedPost({ title: 'Left', content: paragraph('Start.') });
    const { store, type, journal } = opened(loaded);
    type('Typed and left.');
    store.close();
    expect(journal()?.content).toBe(paragraph('Typed and left.'));
    await vi.waitUntil(() => journal() === null);
    expect((await stored(loaded.post.id)).content.raw).toBe(paragraph('Typed and left.'));
  });
});

describe('the editor store, a change made elsewhere', () => {
  async function conflicted() {
    const loaded = await loadedPost({ title: 'Mine or theirs', content: paragraph('Start.') });
    await site.api(`cms/v2/posts/${loaded.post.id}`, { method: 'POST', as: 'administrator', body: { title: 'Theirs', content: paragraph('Their words.') } });
    const editor = opened(loaded);
    editor.store.change({ title: 'Mine' });
    editor.type('My words.');
    await editor.store.save();
    return { ...editor, id: loaded.post.id };
  }

  it('opens the choice for a Save refused because the post changed, keeping the words journalled', async () => {
    const { store, journal } = await conflicted();
    expect(store.getSnapshot()).toMatchObject({ dialog: 'conflict', state: 'conflict', conflict: { kind: 'save', theirs: { title: { raw: 'Theirs' } } } });
    expect(journal()?.title).toBe('Mine');
  });

  it('takes the other version: in the document with no undo before it, as the post and the base, nothing journalled', async () => {
    const { store, sheet, journal } = await conflicted();
    store.takeTheirs();
    expect(sheet).toEqual({ markup: paragraph('Their words.'), forgotten: true });
    const shown = store.getSnapshot();
    expect(shown).toMatchObject({ dialog: null, conflict: null, state: 'saved', post: { title: { raw: 'Theirs' } } });
    expect(shown.record.edits).toEqual({});
    expect(journal()).toBeNull();
  });

  it('keeps mine: saved over the other version, which it was compared with', async () => {
    const { store, id } = await conflicted();
    store.keepMine();
    expect(store.getSnapshot()).toMatchObject({ dialog: null, conflict: null });
    await vi.waitUntil(() => store.getSnapshot().state === 'saved');
    const post = await stored(id);
    expect([post.title.raw, post.content.raw]).toEqual(['Mine', paragraph('My words.')]);
    expect(currentOf(store.getSnapshot().record).title).toBe('Mine');
  });
});

describe('changes to a synced pattern shown in place (renderer/editor/pattern-edits.ts)', () => {
  async function pattern(text: string): Promise<number> {
    const created = await site.api('cms/v2/blocks', { method: 'POST', as: 'editor', body: { title: `Pattern ${text}`, content: paragraph(text), status: 'publish' } });
    expect(created.status).toBe(201);
    return created.body.id;
  }
  const patternText = async (id: number) => (await site.api(`cms/v2/blocks/${id}`, { as: 'editor', query: { context: 'edit' } })).body.content.raw;

  // A change to a pattern is journalled a moment later: each store is closed before the file's storage goes.
  const open: EditorStore[] = [];
  afterEach(() => {
    for (const store of open.splice(0)) store.close();
  });

  /** A post using pattern `ref` opened in the store, the pattern read as its view reads it (by `client`: the administrator's, or another's). */
  async function usingPattern(ref: number, client?: SiteClient) {
    const content = [paragraph('Mine'), patternReference(ref)].join('\n\n');
    const session = opened(await loadedPost({ title: 'Uses it', content }));
    const store = client ? new EditorStore(client, 'posts', { post: await stored(session.item as number), etag: null, item: session.item, offers: [] }, session.host, 60_000) : session.store;
    const shown = await readPattern(client ?? recorded().client, ref);
    store.patterns.read(ref, shown.title, shown.content, shown.etag);
    open.push(store);
    return { ...session, store, content };
  }

  it('untouched (or changed back), write nothing and leave the post saved', async () => {
    const ref = await pattern('as it was');
    const { store, sent } = await usingPattern(ref);
    store.patterns.edit(ref, paragraph('changed'));
    expect(store.getSnapshot().state).toBe('unsaved');
    store.patterns.edit(ref, paragraph('as it was'));
    expect(store.getSnapshot().state).toBe('saved');
    await store.save();
    expect(writes(sent)).toEqual([]);
  });

  it('are written with the post\'s Save, the pattern alone; the post keeps its reference; a second change is based on the version the first answered', async () => {
    const ref = await pattern('before');
    const { store, sent, item, content } = await usingPattern(ref);
    store.patterns.edit(ref, paragraph('after'));
    await store.save();
    expect(writes(sent)).toEqual([{ method: 'POST', route: `cms/v2/blocks/${ref}`, body: { content: paragraph('after') } }]);
    expect(await patternText(ref)).toBe(paragraph('after'));
    expect((await stored(item as number)).content.raw).toBe(content);
    expect(store.getSnapshot()).toMatchObject({ state: 'saved', patternsRefused: null });
    store.patterns.edit(ref, paragraph('after again'));
    await store.save();
    expect(await patternText(ref)).toBe(paragraph('after again'));
  });

  it('are kept in the journal on this computer, not sent on leaving; after a crash, restored from the offer and saved', async () => {
    const ref = await pattern('journalled');
    const { store, sent, item, journal, host } = await usingPattern(ref);
    store.patterns.edit(ref, paragraph('typed, then the app crashed'));
    // Journalled as the post's words are, a moment after typing: no Save, no close.
    await vi.waitFor(() => expect(journal()?.patterns?.[ref]).toMatchObject({ edited: paragraph('typed, then the app crashed'), saved: paragraph('journalled') }));
    expect(store.beforeUnload()).toBe(true);
    store.close();
    await vi.waitFor(() => expect(sent.some(({ method }) => method === 'POST')).toBe(false));
    expect(await patternText(ref)).toBe(paragraph('journalled'));
    expect(journal()?.patterns?.[ref]?.edited).toBe(paragraph('typed, then the app crashed'));

    // Opened again: the journal is offered (as useItem offers it); restored, the pattern shows the changes and Save writes them.
    const entry = journal()!;
    const offer = keepRecovered(site.apiRoot, { ...entry, kind: 'posts', item: String(item), source: 'journal', state: 'offered' });
    const again = recorded();
    const reopened = new EditorStore(again.client, 'posts', { post: await stored(item as number), etag: null, item, offers: [offer] }, host, 60_000);
    open.push(reopened);
    reopened.documentCreated(paperDocument(entry.content).document);
    reopened.settleOffer(offer, true);
    expect(reopened.patterns.content(ref)).toBe(paragraph('typed, then the app crashed'));
    expect(reopened.getSnapshot().state).toBe('unsaved');
    await reopened.save();
    expect(await patternText(ref)).toBe(paragraph('typed, then the app crashed'));
    expect(reopened.getSnapshot().state).toBe('saved');
    await vi.waitFor(() => expect(readJournal(journalKey(again.client.apiRoot, 'posts', item))).toBeNull());
  });

  it('refused (changed elsewhere meanwhile: If-Match; not the writer\'s to change) are said in plain words and kept for the next Save', async () => {
    const ref = await pattern('shared');
    const { store } = await usingPattern(ref);
    await site.api(`cms/v2/blocks/${ref}`, { method: 'PUT', as: 'editor', body: { content: paragraph('changed elsewhere') } });
    store.patterns.edit(ref, paragraph('mine'));
    await store.save();
    expect(store.getSnapshot()).toMatchObject({
      state: 'unsaved',
      patternsRefused: 'The synced pattern “Pattern shared” was not saved: it was changed elsewhere since this post was opened. Your changes to it are kept here; Save again to replace that version with yours.',
    });
    expect(await patternText(ref)).toBe(paragraph('changed elsewhere'));
    expect(store.patterns.content(ref)).toBe(paragraph('mine'));
    // Told, the writer saves again: theirs replaces the version the refusal named.
    await store.save();
    expect(store.getSnapshot()).toMatchObject({ patternsRefused: null, state: 'saved' });
    expect(await patternText(ref)).toBe(paragraph('mine'));

    const author = await usingPattern(ref, new SiteClient(site.apiRoot, { login: site.users.author.login, password: site.users.author.appPassword }));
    author.store.patterns.edit(ref, paragraph('not mine to change'));
    await author.store.save();
    expect(author.store.getSnapshot().patternsRefused).toMatch(/^The synced pattern “Pattern shared” was not saved: .+ Your changes to it are kept here; save again to send them\.$/);
    expect(author.store.getSnapshot().patternsRefused).not.toMatch(/rest_/);
    expect(await patternText(ref)).toBe(paragraph('mine'));
  });
});
