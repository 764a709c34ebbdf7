// The editor's one store, as the screen drives it but without a site: each action changes what
// its name says and nothing else, every field the writer changes reaches the record and the
// journal, the word count follows typing, versions are restored and offers settled. What saves
// send is tested against a real site in tests/integration/editor-store.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteClient } from '../../shared/site-client.ts';
import type { MediaItem } from '../../shared/site-types.ts';
import { EditorStore, windowTitle, type EditorDialog, type EditorSnapshot } from '../../renderer/editor/editor-store.ts';
import { currentOf } from '../../renderer/editor/edit-record.ts';
import { itemFieldsOf, type ItemFields } from '../../renderer/editor/post-fields.ts';
import { journalKey, keepRecovered, readJournal, recoveredOf, type RecoveredVersion } from '../../renderer/editor/journal.ts';
import type { MediaKind } from '../../renderer/blocks/block-definition.ts';
import { browserStorageForFile } from '../helpers/browser-storage.ts';
import { paperDocument } from '../helpers/paper-document.ts';

/** No site answers here: these tests send nothing (the autosave's timer is never reached). */
const client = new SiteClient('http://127.0.0.1:9/', null);
const LOCAL_ID = 'new-test';

/** A different value for every field of the record, so the next field added is covered. */
const CHANGED: ItemFields = {
  title: 'New title', content: '<p>New body</p>', excerpt: 'New short', slug: 'new-slug', status: 'pending', date: '2031-01-02T09:00:00',
  password: 'secret', sticky: true, format: 'aside', categories: [1, 2], tags: [5], featured_media: 9, template: 'wide', parent: 4,
  menu_order: 3, meta: { footnotes: '', inline_featured_image: true },
};
const FIELDS = Object.keys(CHANGED) as Array<keyof ItemFields>;

function opened(offers: RecoveredVersion[] = []) {
  const host = { created: vi.fn(), listsChanged: vi.fn() };
  const store = new EditorStore(client, 'posts', { post: null, etag: null, item: LOCAL_ID, offers }, host, 60_000);
  const { sheet, document } = paperDocument('<p>One two three</p>');
  store.documentCreated(document);
  const notices: EditorSnapshot[] = [];
  store.subscribe(() => notices.push(store.getSnapshot()));
  return { store, host, sheet, notices };
}

const journal = () => readJournal(journalKey(client.apiRoot, 'posts', LOCAL_ID));

browserStorageForFile();
beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the editor store', () => {
  it('opens on the item as loaded: saved, its offers shown, nothing open, the words of its document counted', () => {
    const { store } = opened();
    expect(store.getSnapshot()).toMatchObject({
      post: null, offers: [], state: 'saved', conflict: null, error: null, words: 3,
      dialog: null, replacing: null, picking: null, publishing: false, published: null, finding: false, removed: null, notPasted: null,
    });
    expect(currentOf(store.getSnapshot().record)).toEqual(itemFieldsOf(null));
  });

  const picked = vi.fn();
  /** Each action that opens or shows something, the part of the snapshot it sets, and the action that closes it. */
  const shown: Array<[string, (store: EditorStore) => void, Partial<EditorSnapshot>, (store: EditorStore) => void]> = [
    ...(['revisions', 'image', 'conflict', 'preview', 'recovered'] as EditorDialog[]).map((dialog): [string, (store: EditorStore) => void, Partial<EditorSnapshot>, (store: EditorStore) => void] =>
      [`the ${dialog} dialog`, (store) => store.openDialog(dialog), { dialog }, (store) => store.closeDialog()]),
    ['the publish panel', (store) => store.openPublishing(), { publishing: true }, (store) => store.closePublishing()],
    ['find and replace', (store) => store.openFind(), { finding: true }, (store) => store.closeFind()],
    ['the removed blocks', (store) => store.blocksRemoved(['a table']), { removed: ['a table'] }, (store) => store.blocksRemoved(null)],
    ['the images left out of a paste', (store) => store.imagesNotPasted('2 images'), { notPasted: '2 images' }, (store) => store.imagesNotPasted(null)],
    ...(['image', 'video', 'audio', 'file'] as MediaKind[]).map((kind): [string, (store: EditorStore) => void, Partial<EditorSnapshot>, (store: EditorStore) => void] =>
      [`the library replacing a ${kind}`, (store) => store.replaceMedia([kind]), { replacing: [kind] }, (store) => store.replaceMedia(null)]),
    ["the library replacing a cover's image or video", (store) => store.replaceMedia(['image', 'video']), { replacing: ['image', 'video'] }, (store) => store.replaceMedia(null)],
    ['the library for a new block', (store) => store.pickMedia('image', picked, false), { picking: { kind: 'image', done: picked, several: false, adding: false } }, (store) => store.closePicker()],
  ];
  for (const [what, open, part, close] of shown) {
    it(`shows ${what} and closes it, changing nothing else and telling the screen once each`, () => {
      const { store, notices } = opened();
      const before = store.getSnapshot();
      open(store);
      expect(store.getSnapshot()).toEqual({ ...before, ...part });
      close(store);
      expect(store.getSnapshot()).toEqual(before);
      expect(notices).toHaveLength(2);
    });
  }

  it('gives the same snapshot while nothing changes (useSyncExternalStore compares it)', () => {
    const { store } = opened();
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    store.writeJournalNow();
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  for (const field of FIELDS) {
    it(`keeps a change of ${field} in the record, unsaved, and journals it once typing pauses`, () => {
      const { store } = opened();
      store.change({ [field]: CHANGED[field] });
      const shownNow = store.getSnapshot();
      expect(currentOf(shownNow.record)[field]).toEqual(CHANGED[field]);
      expect(shownNow.state).toBe('unsaved');
      expect(windowTitle(shownNow, 'post')).toMatch(/^● /);
      expect(journal()).toBeNull();
      vi.advanceTimersByTime(250);
      expect(journal()?.fields).toEqual({ [field]: CHANGED[field] });
    });
  }

  it('names the item in the window title, marked only while the site lacks a change', () => {
    const { store } = opened();
    expect(windowTitle(store.getSnapshot(), 'page')).toBe('Untitled page — Inkwell');
    store.change({ title: 'Spring' });
    expect(windowTitle(store.getSnapshot(), 'page')).toBe('● Spring — Inkwell');
  });

  it('counts words a few times a second as the writer types, not on every key', () => {
    const { store, sheet } = opened();
    for (const text of ['<p>One two three four</p>', '<p>One two three four five</p>']) {
      sheet.markup = text;
      store.documentEdited();
    }
    expect(store.getSnapshot().words).toBe(3);
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot().words).toBe(5);
    expect(store.getSnapshot().state).toBe('unsaved');
    vi.advanceTimersByTime(250);
    expect(journal()?.content).toBe('<p>One two three four five</p>');
  });

  it('undoes and redoes a setting, journalling each step', () => {
    const { store } = opened();
    store.change({ sticky: true });
    store.undoSettings();
    expect(currentOf(store.getSnapshot().record).sticky).toBe(false);
    store.redoSettings();
    expect(currentOf(store.getSnapshot().record).sticky).toBe(true);
    vi.advanceTimersByTime(250);
    expect(journal()?.fields).toEqual({ sticky: true });
  });

  it('restores a version as the writer’s edit: its content in the document, the dialog closed, the words counted', () => {
    const { store, sheet } = opened();
    store.openDialog('revisions');
    store.restore({ title: 'Older', content: '<p>An older text</p>', excerpt: '' });
    expect(sheet).toEqual({ markup: '<p>An older text</p>', forgotten: false });
    expect(store.getSnapshot()).toMatchObject({ dialog: null, words: 3, state: 'unsaved' });
    expect(store.shownText()).toEqual({ title: 'Older', content: '<p>An older text</p>', excerpt: '' });
  });

  for (const restored of [true, false]) {
    it(`settles an offer ${restored ? 'restored' : 'dismissed'}: it leaves the offers and stays among the recovered versions`, () => {
      const offer = keepRecovered(client.apiRoot, {
        title: 'Kept', content: '<p>Kept words</p>', excerpt: '', fields: { title: 'Kept', content: '<p>Kept words</p>' },
        at: '2026-01-01T00:00:00.000Z', kind: 'posts', item: LOCAL_ID, source: 'journal', state: 'offered',
      });
      const { store, sheet } = opened([offer]);
      store.settleOffer(offer, restored);
      expect(store.getSnapshot().offers).toEqual([]);
      expect(recoveredOf(client.apiRoot, 'posts', LOCAL_ID).map((version) => version.state)).toEqual([restored ? 'restored' : 'dismissed']);
      expect(sheet.markup).toBe(restored ? '<p>Kept words</p>' : '<p>One two three</p>');
      expect(currentOf(store.getSnapshot().record).title).toBe(restored ? 'Kept' : '');
    });
  }

  for (const several of [false, true]) {
    it(`puts a picked file in the block being made, ${several ? 'keeping the library open to add more (a gallery)' : 'closing the library'}`, () => {
      const { store } = opened();
      const first = vi.fn();
      const more = vi.fn();
      const item = { id: 7 } as MediaItem;
      store.pickMedia('image', first, several);
      store.mediaPicked(item, more);
      expect(first).toHaveBeenCalledWith(item);
      expect(store.getSnapshot().picking).toEqual(several ? { kind: 'image', done: more, several, adding: true } : null);
    });
  }

  it('journals nothing, and clears what was journalled, when the record holds no edit', () => {
    const { store } = opened();
    store.change({ title: 'Typed' });
    store.writeJournalNow();
    expect(journal()?.title).toBe('Typed');
    store.change({ title: '' });
    store.writeJournalNow();
    expect(journal()).toBeNull();
  });

  it('asks before the window closes only while the site lacks a change', () => {
    const { store } = opened();
    expect(store.beforeUnload()).toBe(false);
    store.change({ title: 'Unsent' });
    expect(store.beforeUnload()).toBe(true);
    expect(journal()?.title).toBe('Unsent');
  });

});
