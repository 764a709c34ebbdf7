// The writing screen's one store: the edit record and where saving stands (kept by the saver),
// and around them what the screen shows of the item: the item as the site last answered, the
// offers of versions kept on this computer, the word count, which dialog is open, the publish
// panel and its outcome, notices. Each change is a named action; the screen reads one snapshot
// with useSyncExternalStore and holds no state of its own. The journal (every edit the site does
// not hold yet, kept on this computer) is written from here, so no edit escapes it.
// Plain TypeScript: the document is reached through `WritingDocument`, the address and the
// lists through `EditorHost`, so tests drive the store as the screen does.
import type { SiteClient } from '../../shared/site-client.ts';
import type { MediaItem, Post } from '../../shared/site-types.ts';
import type { PostKind } from '../routing/routes.ts';
import type { MediaKind } from '../blocks/block-definition.ts';
import { currentOf, openRecord, type Edits, type ItemFields } from './edit-record.ts';
import { clearJournal, journalKey, markRecovered, moveItem, writeJournal, type ItemKey, type RecoveredVersion } from './journal.ts';
import { itemFieldsOf, type PostFields } from './post-fields.ts';
import { AUTOSAVE_DELAY_MS, PostSaver, type SaveKind, type SaverView } from './post-saver.ts';
import { isLive } from './publishing.ts';
import { countWords } from './stats.ts';
import type { TextVersion } from './text-version.ts';
import type { LoadedItem } from './useItem.ts';
import { PatternEdits } from './pattern-edits.ts';

/** How soon typed text is journalled on this computer after typing pauses. */
const JOURNAL_DELAY_MS = 250;
/** How often the word count follows typing (counting a long text on every key would slow it). */
const WORD_COUNT_EVERY_MS = 300;
/** Statuses a Save keeps; any other on an item not yet live is the Publish button's to set. */
const SAVED_AS = new Set(['draft', 'pending', 'private']);

export type EditorDialog = 'revisions' | 'image' | 'conflict' | 'preview' | 'recovered';

/**
 * A block made around a file picked from the library in its placeholder (a cover's: an image or a video). With `several` (a gallery),
 * the picker stays open after the first file, and each further image goes into the new block.
 */
export interface MediaPicking {
  kind: MediaKind | readonly MediaKind[];
  done(item: MediaItem): void;
  several: boolean;
  /** The first file is in: the picker now adds to the block. */
  adding: boolean;
}

/** The document being written, as the store needs it (the screen adapts its tiptap editor). */
export interface WritingDocument {
  /** Serialised as a save sends it, the notes of its footnotes written in `meta`. */
  read(meta: ItemFields['meta']): Pick<ItemFields, 'content' | 'meta'>;
  /** Its markup as it stands, for a comparison on screen. */
  markup(): string;
  /** Its words, for the count. */
  text(): string;
  /** Another version's content, not as typing; `forget` also drops the undo history. */
  replace(markup: string, meta: ItemFields['meta'], forget?: boolean): void;
}

/** What the store asks of the window around it. */
export interface EditorHost {
  /** A new item got its id: the address follows it (without reopening the screen). */
  created(id: number): void;
  /** A save changed what the lists show of the item (title, status, revisions). */
  listsChanged(): void;
}

interface ScreenState {
  /** The item as the site last answered (null: a new item not created yet). */
  post: Post | null;
  /** Versions kept on this computer offered back, newest first. */
  offers: RecoveredVersion[];
  /** What the last edit removed of blocks it cannot change, named for an Undo notice. */
  removed: string[] | null;
  /** Why a paste left images out. */
  notPasted: string | null;
  words: number;
  dialog: EditorDialog | null;
  /** The kind of media being replaced in the block the caret is in, while the library is open for it. */
  /** The kinds of file the media library offers for the block's media being replaced (a cover's: an image or a video). */
  replacing: readonly MediaKind[] | null;
  picking: MediaPicking | null;
  /** The publish panel is open. */
  publishing: boolean;
  /** The item as Publish left it, for the notice that says so. */
  published: Post | null;
  /** Find and replace is open. */
  finding: boolean;
  /** Why the last save left changes to synced patterns unsent (kept for the next save), in plain words. */
  patternsRefused: string | null;
}

/** What the screen shows: the saver's view (record, save state, conflict, error) and the screen's state. */
export type EditorSnapshot = ScreenState & SaverView;

export class EditorStore {
  private readonly saver: PostSaver;
  private readonly listeners = new Set<() => void>();
  private screen: ScreenState;
  private snapshot: EditorSnapshot;
  private document: WritingDocument | null = null;
  private journalTimer: ReturnType<typeof setTimeout> | undefined;
  private wordTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly client: SiteClient,
    private readonly kind: PostKind,
    private readonly loaded: LoadedItem,
    private readonly host: EditorHost,
    autosaveDelay = AUTOSAVE_DELAY_MS,
  ) {
    this.screen = {
      post: loaded.post, offers: loaded.offers, removed: null, notPasted: null, words: 0,
      dialog: null, replacing: null, picking: null, publishing: false, published: null, finding: false, patternsRefused: null,
    };
    // The saver belongs to the site this item was opened from, whatever the window writes for next.
    this.saver = new PostSaver(client, kind, loaded.post?.id ?? null, openRecord(itemFieldsOf(loaded.post), loaded.etag),
      (record) => this.document?.read(currentOf(record).meta) ?? null,
      {
        saved: (post, savedKind) => this.saved(post, savedKind),
        // A save asked for now gets its answer now; an autosave's conflict waits in a notice, so typing is not interrupted.
        conflict: (found) => { if (found.kind === 'save') this.set({ dialog: 'conflict' }); },
      },
      autosaveDelay);
    this.snapshot = this.composed();
    this.saver.subscribe(() => this.saverChanged());
    // A pattern read or changed: its words are counted as the post's, its changes journalled.
    this.patterns.subscribe(() => {
      this.refresh();
      this.countWordsSoon();
      this.journalSoon();
    });
  }

  /** The writer's changes to the synced patterns the post shows in place, saved with it. */
  readonly patterns = new PatternEdits();

  /** The screen's state and the saver's view; changes to a synced pattern not yet sent leave the item unsaved. */
  private composed(): EditorSnapshot {
    const view = this.saver.getView();
    return { ...this.screen, ...view, state: view.state === 'saved' && this.patterns.hasEdits ? 'unsaved' : view.state };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): EditorSnapshot => this.snapshot;

  /** The item's id on the site (null until a new item is created). */
  get itemId(): number | null {
    return this.saver.itemId;
  }

  /** The item this computer's journal and recovered versions are kept under. */
  get journalItem(): ItemKey {
    return this.saver.itemId ?? this.loaded.item;
  }

  private set(changes: Partial<ScreenState>): void {
    this.screen = { ...this.screen, ...changes };
    this.refresh();
  }

  private refresh(): void {
    this.snapshot = this.composed();
    for (const listener of this.listeners) listener();
  }

  private saverChanged(): void {
    const before = this.snapshot.state;
    this.refresh();
    const now = this.snapshot.state;
    // The site holds what it was sent: the journal keeps only what it does not.
    if (now !== before && (now === 'saved' || now === 'autosaved')) this.writeJournalNow();
  }

  private saved(post: Post, savedKind: SaveKind): void {
    if (this.loaded.post === null && this.saver.itemId === post.id && typeof this.loaded.item === 'string') {
      // A new item got its id: the address, the journal and its recovered versions follow it.
      this.host.created(post.id);
      moveItem(this.client.apiRoot, this.kind, this.loaded.item, post.id);
    }
    this.set({ post });
    if (savedKind === 'save') this.host.listsChanged();
  }

  // The document

  /** The editor's document (tiptap makes it after the screen's first render). */
  attach(document: WritingDocument | null): void {
    this.document = document;
  }

  documentCreated(document: WritingDocument): void {
    this.attach(document);
    this.countWords();
  }

  /** The writer typed: the count follows a few times a second, never on every key. */
  documentEdited(): void {
    this.countWordsSoon();
    this.saver.documentEdited();
    this.journalSoon();
  }

  private countWordsSoon(): void {
    this.wordTimer ??= setTimeout(() => {
      this.wordTimer = undefined;
      this.countWords();
    }, WORD_COUNT_EVERY_MS);
  }

  private countWords(): void {
    this.set({ words: countWords(this.document?.text() ?? '') });
  }

  // The text, as it stands and as shown

  /** The text as it stands, the document read in first. */
  text(): TextVersion {
    const current = currentOf(this.saver.readIn());
    return { title: current.title, content: current.content, excerpt: current.excerpt };
  }

  /** The text for a comparison on screen: read without touching the record during a render. */
  shownText(): TextVersion {
    const fields = currentOf(this.snapshot.record);
    return { title: fields.title, content: this.document?.markup() ?? fields.content, excerpt: fields.excerpt };
  }

  // The journal: every edit the site does not hold yet is kept on this computer as the writer works.

  writeJournalNow(): void {
    clearTimeout(this.journalTimer);
    const key = journalKey(this.client.apiRoot, this.kind, this.journalItem);
    if (this.saver.hasUnsentChanges || this.saver.conflict || this.patterns.hasEdits) writeJournal(key, { ...this.text(), fields: this.saver.record.edits, patterns: this.patterns.journalled() });
    else clearJournal(key);
  }

  private journalSoon(): void {
    clearTimeout(this.journalTimer);
    this.journalTimer = setTimeout(() => this.writeJournalNow(), JOURNAL_DELAY_MS);
  }

  // Fields and saves

  /** Every field the writer changes goes through the record: journalled and autosaved as the text is. */
  change(changes: Partial<PostFields>): void {
    this.saver.edit(changes);
    this.journalSoon();
  }

  save(): Promise<void> {
    // Save never makes an item go live: that is Publish's business, after its checks.
    if (!isLive(this.screen.post) && !SAVED_AS.has(currentOf(this.saver.record).status)) this.change({ status: 'draft' });
    this.writeJournalNow();
    return this.saver.save().then(() => this.savePatterns());
  }

  /** The synced patterns the writer changed, written after the post; those refused keep their changes. */
  private async savePatterns(): Promise<void> {
    if (!this.patterns.hasEdits && this.screen.patternsRefused === null) return;
    const refused = await this.patterns.save(this.client);
    this.set({ patternsRefused: refused.length > 0 ? refused.join(' ') : null });
  }

  /** Goes live (or is scheduled, or submitted for review) through the same one-at-a-time saver as every save. */
  async publish(date: string, mayPublish: boolean): Promise<void> {
    this.set({ publishing: false });
    this.change(mayPublish ? { status: 'publish', date } : { status: 'pending' });
    this.writeJournalNow();
    await this.saver.save();
    await this.savePatterns();
    const saved = this.screen.post;
    if (saved && (isLive(saved) || saved.status === 'pending')) this.set({ published: saved });
  }

  unpublish(): void {
    this.set({ published: null });
    this.change({ status: 'draft' });
    void this.save();
  }

  /** The site's page for the item, with what the editor holds sent first (an autosave). */
  async preview(): Promise<void> {
    await this.saver.flush();
    if (this.saver.itemId !== null) this.set({ dialog: 'preview' });
  }

  /** Undo and Redo of the settings (the text has its own history). */
  undoSettings(): void {
    this.saver.undo();
    this.journalSoon();
  }

  redoSettings(): void {
    this.saver.redo();
    this.journalSoon();
  }

  dismissError(): void {
    this.saver.dismissError();
  }

  // Versions: restored, offered back, or the site's in a conflict

  /** Puts a version's fields in the record (and its content in the document), as the writer's edit. */
  restore(fields: Edits, patterns?: RecoveredVersion['patterns']): void {
    if (this.document && fields.content !== undefined) this.document.replace(fields.content, currentOf(this.saver.record).meta);
    if (patterns) this.patterns.restore(patterns);
    this.change(fields);
    this.set({ dialog: null });
    this.countWords();
  }

  /** An offer chosen about leaves the offers; it stays in the recovered versions either way. */
  settleOffer(version: RecoveredVersion, restored: boolean): void {
    if (restored) this.restore(version.fields, version.patterns);
    markRecovered(this.client.apiRoot, version.key, restored ? 'restored' : 'dismissed');
    this.set({ offers: this.screen.offers.filter((offer) => offer.key !== version.key) });
  }

  takeTheirs(): void {
    const { conflict } = this.snapshot;
    if (!conflict) return;
    this.document?.replace(conflict.theirs.content.raw ?? '', conflict.theirs.meta, true);
    this.set({ post: conflict.theirs });
    this.saver.takeTheirs();
    this.set({ dialog: null });
    this.writeJournalNow();
  }

  keepMine(): void {
    this.set({ dialog: null, post: this.snapshot.conflict?.theirs ?? this.screen.post });
    void this.saver.keepMine();
  }

  // What is open on screen

  openDialog(dialog: EditorDialog): void {
    this.set({ dialog });
  }

  closeDialog(): void {
    this.set({ dialog: null });
  }

  openPublishing(): void {
    this.set({ publishing: true });
  }

  closePublishing(): void {
    this.set({ publishing: false });
  }

  dismissPublished(): void {
    this.set({ published: null });
  }

  openFind(): void {
    this.set({ finding: true });
  }

  closeFind(): void {
    this.set({ finding: false });
  }

  blocksRemoved(names: string[] | null): void {
    this.set({ removed: names });
  }

  imagesNotPasted(notice: string | null): void {
    this.set({ notPasted: notice });
  }

  replaceMedia(kinds: readonly MediaKind[] | null): void {
    this.set({ replacing: kinds });
  }

  pickMedia(kind: MediaKind | readonly MediaKind[], done: (item: MediaItem) => void, several: boolean): void {
    this.set({ picking: { kind, done, several, adding: false } });
  }

  /** A file was picked for the block being made; for a gallery, each further one goes in with `addMore`. */
  mediaPicked(item: MediaItem, addMore: (item: MediaItem) => void): void {
    const { picking } = this.screen;
    if (!picking) return;
    this.set({ picking: picking.several ? { ...picking, done: addMore, adding: true } : null });
    picking.done(item);
  }

  closePicker(): void {
    this.set({ picking: null });
  }

  // Leaving: a link, Back, another site, closing the window

  /**
   * Closing the window: journals, and sends what the site does not hold yet; true: ask the writer first.
   * Changes to a synced pattern stay in the journal: sent, they would be live on every post that uses it.
   */
  beforeUnload(): boolean {
    this.writeJournalNow();
    if (!this.saver.hasUnsentChanges && !this.saver.conflict && !this.patterns.hasEdits) return false;
    void this.saver.flush();
    return true;
  }

  /** The screen closes: what the site does not hold yet is sent (a synced pattern's changes are not: see beforeUnload) and journalled. */
  close(): void {
    this.writeJournalNow();
    // Once the site has the words, this computer need not keep them.
    void this.saver.flush().then(() => {
      if (!this.saver.hasUnsentChanges && !this.saver.conflict && !this.patterns.hasEdits) clearJournal(journalKey(this.client.apiRoot, this.kind, this.journalItem));
    });
    this.saver.dispose();
    clearTimeout(this.wordTimer);
    this.wordTimer = undefined;
  }
}

/** The window's title names the item, with a mark while the site does not hold every change. */
export function windowTitle({ state, record }: EditorSnapshot, noun: string): string {
  return `${state === 'saved' ? '' : '● '}${currentOf(record).title.trim() || `Untitled ${noun}`} — Inkwell`;
}
