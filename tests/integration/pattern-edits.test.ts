// The writer's changes to a synced pattern shown in place (renderer/editor/pattern-edits.ts), saved
// through the editor's store against a real site over HTTP: untouched, nothing is written; changed,
// the pattern alone is written (with If-Match) as part of the post's Save, the post's reference
// unchanged; a refused write is said in plain words and its changes kept, and the next Save sends them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteClient } from '../../shared/site-client.ts';
import type { Post } from '../../shared/site-types.ts';
import { EditorStore } from '../../renderer/editor/editor-store.ts';
import { readPattern, patternReference } from '../../renderer/editor/synced-patterns.ts';
import { browserStorageForFile } from '../helpers/browser-storage.ts';
import { paperDocument } from '../helpers/paper-document.ts';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';

let site: TestSite;

browserStorageForFile();
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site?.close();
});

const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;

function recorded(as: TestRole = 'administrator') {
  const sent: Array<{ method: string; route: string; ifMatch: string | null }> = [];
  const client = new SiteClient(site.apiRoot, { login: site.users[as].login, password: site.users[as].appPassword }, (input, init) => {
    sent.push({ method: init?.method ?? 'GET', route: String(input).slice(site.apiRoot.length).split('?')[0], ifMatch: new Headers(init?.headers).get('if-match') });
    return fetch(input, init);
  });
  return { client, sent };
}

async function pattern(text: string): Promise<number> {
  const created = await site.api('cms/v2/blocks', { method: 'POST', as: 'editor', body: { title: `Pattern ${text}`, content: paragraph(text), status: 'publish' } });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** A post using pattern `ref`, opened in the store as the screen opens it, the pattern read as its view reads it. */
async function opened(ref: number, as: TestRole = 'administrator') {
  const content = [paragraph('Mine'), patternReference(ref)].join('\n\n');
  const created = await site.api<Post>('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Uses it', content } });
  const read = await site.api<Post>(`cms/v2/posts/${created.body.id}`, { as: 'administrator', query: { context: 'edit' } });
  const { client, sent } = recorded(as);
  const store = new EditorStore(client, 'posts', { post: read.body, etag: read.headers.get('etag'), item: read.body.id, offers: [] }, { created: vi.fn(), listsChanged: vi.fn() }, 60_000);
  store.documentCreated(paperDocument(content).document);
  const shown = await readPattern(client, ref);
  store.patterns.read(ref, shown.title, shown.content, shown.etag);
  sent.length = 0;
  return { store, sent, post: created.body.id, content };
}

const writes = (sent: ReturnType<typeof recorded>['sent']) => sent.filter((request) => request.method !== 'GET');
const patternText = async (id: number) => (await site.api(`cms/v2/blocks/${id}`, { as: 'editor', query: { context: 'edit' } })).body.content.raw;

describe('changes to a synced pattern shown in place', () => {
  it('untouched (or changed back), write nothing and leave the post saved', async () => {
    const ref = await pattern('as it was');
    const { store, sent } = await opened(ref);
    store.patterns.edit(ref, paragraph('changed'));
    expect(store.getSnapshot().state).toBe('unsaved');
    store.patterns.edit(ref, paragraph('as it was'));
    expect(store.getSnapshot().state).toBe('saved');
    await store.save();
    expect(writes(sent)).toEqual([]);
  });

  it('are written with the post\'s Save, the pattern alone and with If-Match; the post keeps its reference', async () => {
    const ref = await pattern('before');
    const { store, sent, post, content } = await opened(ref);
    store.patterns.edit(ref, paragraph('after'));
    await store.save();
    expect(writes(sent)).toEqual([{ method: 'POST', route: `cms/v2/blocks/${ref}`, ifMatch: expect.stringMatching(/^W\/"/) }]);
    expect(await patternText(ref)).toBe(paragraph('after'));
    expect((await site.api(`cms/v2/posts/${post}`, { as: 'administrator', query: { context: 'edit' } })).body.content.raw).toBe(content);
    expect(store.getSnapshot()).toMatchObject({ state: 'saved', patternsRefused: null });
    // A second change is based on the version the first save answered.
    store.patterns.edit(ref, paragraph('after again'));
    await store.save();
    expect(await patternText(ref)).toBe(paragraph('after again'));
  });

  it('refused (changed elsewhere meanwhile, or not the writer\'s to change) are said in plain words and kept for the next Save', async () => {
    const ref = await pattern('shared');
    const { store } = await opened(ref);
    await site.api(`cms/v2/blocks/${ref}`, { method: 'PUT', as: 'editor', body: { content: paragraph('changed elsewhere') } });
    store.patterns.edit(ref, paragraph('mine'));
    await store.save();
    const { patternsRefused, state } = store.getSnapshot();
    expect(patternsRefused).toBe('The synced pattern “Pattern shared” was not saved: it was changed elsewhere since this post was opened. Your changes to it are kept here; Save again to replace that version with yours.');
    expect(state).toBe('unsaved');
    expect(await patternText(ref)).toBe(paragraph('changed elsewhere'));
    expect(store.patterns.content(ref)).toBe(paragraph('mine'));
    // Told, the writer saves again: theirs replaces the version the refusal named.
    await store.save();
    expect(store.getSnapshot()).toMatchObject({ patternsRefused: null, state: 'saved' });
    expect(await patternText(ref)).toBe(paragraph('mine'));

    const author = await opened(ref, 'author');
    author.store.patterns.edit(ref, paragraph('not mine to change'));
    await author.store.save();
    expect(author.store.getSnapshot().patternsRefused).toMatch(/^The synced pattern “Pattern shared” was not saved: .+ Your changes to it are kept here; save again to send them\.$/);
    expect(author.store.getSnapshot().patternsRefused).not.toMatch(/rest_/);
    expect(await patternText(ref)).toBe(paragraph('mine'));
  });
});
