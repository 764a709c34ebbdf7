// Writing a post or page: title, the tiptap editor, the side panel, saves that never lose a
// word (autosave, a journal on this computer, flush on leaving, one save at a time, and a
// choice when the item changed elsewhere), restore offers, recovered versions, revisions,
// and Ctrl/Cmd+S. Every field lives in one edit record (edit-record.ts) the saver keeps.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { EditorState, Selection } from '@tiptap/pm/state';
import type { MediaItem, Post } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { href, type PostKind } from '../routing/routes.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { writingExtensions } from '../editor/editor-extensions.ts';
import { docToMarkup, markupToDoc } from '../blocks/block-markup.ts';
import { metaWithFootnotes, withFootnoteNotes } from '../blocks/footnote-notes.ts';
import { itemFieldsOf, type PostFields } from '../editor/post-fields.ts';
import { SidePanel } from '../editor/SidePanel.tsx';
import { FormatToolbar } from '../editor/FormatToolbar.tsx';
import { BlockInserter } from '../editor/BlockInserter.tsx';
import { useBarHeight } from '../editor/sticky-below.ts';
import { RevisionsDialog } from '../editor/RevisionsDialog.tsx';
import { PostSaver } from '../editor/post-saver.ts';
import { statusLine } from '../editor/status-line.ts';
import { useItem, type LoadedItem } from '../editor/useItem.ts';
import { countWords, readingMinutes } from '../editor/stats.ts';
import { clearJournal, journalKey, markRecovered, moveItem, newLocalId, recoveredOf, writeJournal, type RecoveredVersion } from '../editor/journal.ts';
import { currentOf, openRecord, type EditRecord, type Edits } from '../editor/edit-record.ts';
import { RecoveredDialog } from '../editor/RecoveredDialog.tsx';
import { insertBlock, REPLACES_DOCUMENT, SafeBlocks } from '../editor/safe-blocks.ts';
import { RestoreNotice } from '../editor/RestoreNotice.tsx';
import { SaveConflictDialog } from '../editor/SaveConflictDialog.tsx';
import type { TextVersion } from '../editor/text-version.ts';
import { MediaPicker } from '../media/MediaPicker.tsx';
import { replaceMedia, type MediaKind } from '../blocks/media-blocks.ts';
import { IMAGES_NOT_PASTED, imagesNotPastedNotice, type ImagesNotPasted } from '../blocks/pasted-content.ts';
import { SAVE_EVENT } from '../editor/save-event.ts';
import { statusName } from '../posts/status-name.ts';
import { formatSiteDate, useSiteZone } from '../components/site-dates.ts';
import { ACTION_TEXT, isLive, publishAction, publishedText } from '../editor/publishing.ts';
import { useWritingRights } from '../editor/account-rights.ts';
import { PublishPanel } from '../editor/PublishPanel.tsx';
import { PreviewDialog } from '../editor/PreviewDialog.tsx';
import { FindReplace } from '../editor/FindReplace.tsx';
import { pickedImage } from '../media/media-item.ts';
import { useWritingView } from '../editor/writing-view.ts';

/** How soon typed text is journalled on this computer after typing pauses. */
const JOURNAL_DELAY_MS = 250;
/** How often the word count follows typing (counting a long text on every key would slow it). */
const WORD_COUNT_EVERY_MS = 300;
/** Statuses a Save keeps; any other on an item not yet live is the Publish button's to set. */
const SAVED_AS = new Set(['draft', 'pending', 'private']);

/** A new item's local id, in its address (`#/posts/new?local=…`) so a reload finds its journal. */
function useLocalId(id: number | null): string {
  const [localId] = useState(() => new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('local') ?? newLocalId());
  useEffect(() => {
    if (id === null && !window.location.hash.includes(`local=${localId}`)) history.replaceState(null, '', `${window.location.hash.split('?')[0]}?local=${localId}`);
  }, [id, localId]);
  return localId;
}

export function EditorScreen({ kind, id }: { kind: PostKind; id: number | null }) {
  const localId = useLocalId(id);
  const item = useItem(kind, id, localId);
  if (item.error) return <div className="screen"><ErrorNotice error={item.error} /><a href={href({ screen: 'list', kind })}>Back to the list</a></div>;
  if (!item.data) return <div className="screen muted">Opening…</div>;
  return <EditorForm kind={kind} loaded={item.data} />;
}

/** A post's content as the editor holds it: its footnotes block holds the notes of its meta. */
const documentOf = (markup: string, meta: Record<string, unknown> | undefined) => withFootnoteNotes(markupToDoc(markup), meta?.footnotes);

/**
 * Puts another version's content in the editor without it counting as the writer's typing;
 * `forget` also drops the document's undo history (a version the writer threw away).
 */
function replaceContent(editor: Editor, markup: string, meta: Record<string, unknown> | undefined, forget = false): void {
  editor.chain().setMeta(REPLACES_DOCUMENT, true).setContent(documentOf(markup, meta), { emitUpdate: false }).run();
  if (forget) editor.view.updateState(EditorState.create({ doc: editor.state.doc, plugins: editor.state.plugins }));
}

/** Focus where Ctrl+Z is the text's own (a text field, the document): elsewhere it undoes the record's settings. */
const typingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type)));

function EditorForm({ kind, loaded }: { kind: PostKind; loaded: LoadedItem }) {
  const client = useClient();
  const queries = useQueryClient();
  const noun = kind === 'pages' ? 'page' : 'post';
  const [post, setPost] = useState<Post | null>(loaded.post);
  const [offers, setOffers] = useState<RecoveredVersion[]>(loaded.offers);
  const [removed, setRemoved] = useState<string[] | null>(null);
  const [notPasted, setNotPasted] = useState<string | null>(null);
  const proseRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  useBarHeight(barRef);
  const [words, setWords] = useState(0);
  const [dialog, setDialog] = useState<'revisions' | 'image' | 'conflict' | 'preview' | 'recovered' | null>(null);
  // The kind of media being replaced in the block the caret is in, while the library is open for it.
  const [replacing, setReplacing] = useState<MediaKind | null>(null);
  // A block the inserter makes around a file picked from the library.
  // With `several` (a gallery), the picker stays open after the first file, and each further image goes into the new block.
  const [picking, setPicking] = useState<{ kind: MediaKind; done(item: MediaItem): void; several: boolean; adding: boolean } | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState<Post | null>(null);
  const { copyOf, mayPublish } = useWritingRights(kind);
  const [finding, setFinding] = useState(false);
  const view = useWritingView();
  const zone = useSiteZone();
  // The item as the site last answered, read after an await (state would be a render late).
  const postRef = useRef(post);
  const editorRef = useRef<Editor | null>(null);

  // The document serialised, with the notes of its footnotes written in the meta: once per save or journal write.
  // From the editor's own document: a block unchanged since the last time is not written again.
  const readDocument = (record: EditRecord) => {
    const editing = editorRef.current;
    if (!editing) return null;
    return { content: docToMarkup(editing.state.doc), meta: metaWithFootnotes(currentOf(record).meta, editing.getJSON()) };
  };

  // The saver keeps the screen's one store: the edit record (the item as loaded and the writer's
  // edits), where saving stands, a conflict waiting for a choice, the last error. It belongs to
  // the site this item was opened from, whatever the window writes for next.
  const [saver] = useState(() => new PostSaver(client, kind, loaded.post?.id ?? null, openRecord(itemFieldsOf(loaded.post), loaded.etag), readDocument, {
    saved: (saved, savedKind) => {
      if (loaded.post === null && saver.itemId === saved.id && typeof loaded.item === 'string') {
        // A new item got its id: the address, the journal and its recovered versions follow it, without reopening the screen.
        history.replaceState(null, '', href({ screen: 'edit', kind, id: saved.id }));
        moveItem(client.apiRoot, kind, loaded.item, saved.id);
      }
      setPost(saved);
      postRef.current = saved;
      if (savedKind === 'save') {
        // Every list that shows the item's title or status (the page tree too) reads it again.
        void queries.invalidateQueries({ queryKey: ['list'] });
        void queries.invalidateQueries({ queryKey: ['page-tree'] });
        void queries.invalidateQueries({ queryKey: ['revisions'] });
      }
    },
    conflict: (found) => {
      // A save asked for now gets its answer now; an autosave's conflict waits in a notice, so typing is not interrupted.
      if (found.kind === 'save') setDialog('conflict');
    },
  }));
  const { record, state: saveState, conflict, error } = useSyncExternalStore(saver.subscribe, saver.getView);

  const fields = currentOf(record);
  /** The text for a comparison on screen: read without touching the record during a render. */
  const shownText = (): TextVersion => ({ title: fields.title, content: editor ? docToMarkup(editor.state.doc) : fields.content, excerpt: fields.excerpt });
  /** The text as it stands, the document read in first. */
  const text = useCallback((): TextVersion => {
    const current = currentOf(saver.readIn());
    return { title: current.title, content: current.content, excerpt: current.excerpt };
  }, [saver]);

  // The journal: every edit the site does not hold yet is kept on this computer as the writer works.
  const journalTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const writeJournalNow = useCallback(() => {
    clearTimeout(journalTimer.current);
    const key = journalKey(client.apiRoot, kind, saver.itemId ?? loaded.item);
    if (saver.hasUnsentChanges || saver.conflict) writeJournal(key, { ...text(), fields: saver.record.edits });
    else clearJournal(key);
  }, [client, kind, saver, text, loaded.item]);
  useEffect(() => {
    if (saveState === 'saved' || saveState === 'autosaved') writeJournalNow();
  }, [saveState, writeJournalNow]);

  const journalSoon = useCallback(() => {
    clearTimeout(journalTimer.current);
    journalTimer.current = setTimeout(writeJournalNow, JOURNAL_DELAY_MS);
  }, [writeJournalNow]);

  const wordTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Read once: the editor takes its content when it is made, and reading a long post on every render slowed typing.
  const [openedDocument] = useState(() => documentOf(loaded.post?.content.raw ?? '', loaded.post?.meta));
  const editor = useEditor({
    extensions: [...writingExtensions, SafeBlocks.configure({ onRemoved: setRemoved })],
    // The screen re-renders on its own state only; typing is ProseMirror's business.
    shouldRerenderOnTransaction: false,
    content: openedDocument,
    editorProps: { attributes: { 'aria-label': 'Content', role: 'textbox', 'aria-multiline': 'true' } },
    onCreate: ({ editor: created }) => setWords(countWords(created.getText())),
    onUpdate: ({ editor: updated }) => {
      // The count follows typing a few times a second, never on every key.
      wordTimer.current ??= setTimeout(() => {
        wordTimer.current = undefined;
        setWords(countWords(updated.getText()));
      }, WORD_COUNT_EVERY_MS);
      saver.documentEdited();
      journalSoon();
    },
  });
  editorRef.current = editor;

  // Leaving the editor in any way (a link, Back, another site, closing the window) sends what
  // the site does not hold yet and journals it; closing the window with words unsent asks first.
  useEffect(() => {
    const onLeavePage = () => writeJournalNow();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      writeJournalNow();
      if (saver.hasUnsentChanges || saver.conflict) {
        void saver.flush();
        event.preventDefault();
      }
    };
    window.addEventListener('pagehide', onLeavePage);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', onLeavePage);
      window.removeEventListener('beforeunload', onBeforeUnload);
      writeJournalNow();
      // Once the site has the words, this computer need not keep them.
      void saver.flush().then(() => {
        if (!saver.hasUnsentChanges && !saver.conflict) clearJournal(journalKey(client.apiRoot, kind, saver.itemId ?? loaded.item));
      });
      saver.dispose();
      clearTimeout(wordTimer.current);
    };
  }, [client, kind, saver, writeJournalNow, loaded.item]);

  // Every field the writer changes goes through the record: journalled and autosaved as the text is.
  const change = useCallback((changes: Partial<PostFields>) => {
    saver.edit(changes);
    journalSoon();
  }, [saver, journalSoon]);

  const save = useCallback(() => {
    // Save never makes an item go live: that is Publish's business, after its checks.
    if (!isLive(postRef.current) && !SAVED_AS.has(currentOf(saver.record).status)) change({ status: 'draft' });
    clearTimeout(journalTimer.current);
    writeJournalNow();
    return saver.save();
  }, [saver, writeJournalNow, change]);

  /** Goes live (or is scheduled, or submitted for review) through the same one-at-a-time saver as every save. */
  const publish = async (date: string) => {
    setPublishing(false);
    change(mayPublish ? { status: 'publish', date } : { status: 'pending' });
    clearTimeout(journalTimer.current);
    writeJournalNow();
    await saver.save();
    const saved = postRef.current;
    if (saved && (isLive(saved) || saved.status === 'pending')) setPublished(saved);
  };

  const unpublish = () => {
    setPublished(null);
    change({ status: 'draft' });
    void save();
  };

  /** The site's page for the item, with what the editor holds sent first (an autosave). */
  const preview = async () => {
    await saver.flush();
    if (saver.itemId !== null) setDialog('preview');
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      const command = (event.ctrlKey || event.metaKey) && !event.altKey;
      // Ctrl/Cmd+S alone: Ctrl+Shift+S is strikethrough, and must not save.
      if (command && !event.shiftKey && key === 's') {
        event.preventDefault();
        void save();
      }
      // Ctrl/Cmd+H: find and replace in the post (Ctrl+F stays the window's find in page).
      if (command && !event.shiftKey && key === 'h') {
        event.preventDefault();
        setFinding(true);
      }
      // Undo and Redo of the settings, where the focus is not in a text (which has its own).
      if (command && !typingTarget(event.target) && (key === 'z' || key === 'y')) {
        event.preventDefault();
        if (key === 'y' || event.shiftKey) saver.redo();
        else saver.undo();
        journalSoon();
      }
    };
    const onMenuSave = () => void save();
    window.addEventListener('keydown', onKey);
    window.addEventListener(SAVE_EVENT, onMenuSave);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(SAVE_EVENT, onMenuSave);
    };
  }, [save, saver, journalSoon]);

  // A paste that left images out says so (the editor's DOM event bubbles up to the writing area).
  useEffect(() => {
    const prose = proseRef.current;
    const onNotPasted = (event: Event) => setNotPasted(imagesNotPastedNotice((event as CustomEvent<ImagesNotPasted>).detail));
    prose?.addEventListener(IMAGES_NOT_PASTED, onNotPasted);
    return () => prose?.removeEventListener(IMAGES_NOT_PASTED, onNotPasted);
  }, []);

  // The window's title names the item, with a mark while the site does not hold every change.
  useEffect(() => {
    document.title = `${saveState === 'saved' ? '' : '● '}${fields.title.trim() || `Untitled ${noun}`} — Inkwell`;
  }, [saveState, fields.title, noun]);
  useEffect(() => () => { document.title = 'Inkwell'; }, []);

  /** Puts a version's fields in the record (and its content in the editor), as the writer's edit. */
  const restore = (fields: Edits) => {
    if (editor && fields.content !== undefined) replaceContent(editor, fields.content, currentOf(saver.record).meta);
    change(fields);
    setWords(countWords(editor?.getText() ?? ''));
    setDialog(null);
  };

  /** An offer chosen about leaves the offers; it stays in the recovered versions either way. */
  const settleOffer = (version: RecoveredVersion, restored: boolean) => {
    if (restored) restore(version.fields);
    markRecovered(client.apiRoot, version.key, restored ? 'restored' : 'dismissed');
    setOffers((current) => current.filter((offer) => offer.key !== version.key));
  };

  const takeTheirs = () => {
    if (!conflict) return;
    if (editor) replaceContent(editor, conflict.theirs.content.raw ?? '', conflict.theirs.meta, true);
    setPost(conflict.theirs);
    postRef.current = conflict.theirs;
    saver.takeTheirs();
    setDialog(null);
    writeJournalNow();
  };

  const keepMine = () => {
    setDialog(null);
    setPost(conflict?.theirs ?? post);
    void saver.keepMine();
  };

  const insertImage = (media: MediaItem) => {
    if (editor) insertBlock(editor, { type: 'image', attrs: { ...pickedImage(media), alt: media.alt_text, linkDestination: 'none' } });
    setDialog(null);
  };

  const replaceWith = (media: MediaItem) => {
    const tr = editor && replaceMedia(editor.state, { id: media.id, url: media.source_url, alt: media.alt_text, mime: media.mime_type, link: media.link });
    if (editor && tr) editor.view.dispatch(tr);
    setReplacing(null);
  };

  const itemStatus = post?.status === 'future' ? `Scheduled for ${formatSiteDate(post.date, zone)}` : post ? statusName(post.status) : null;
  const itemId = saver.itemId;
  const action = publishAction(post, fields, zone, new Date(), mayPublish);
  const outcome = published && publishedText(published, zone, copyOf);
  const live = isLive(post);
  return (
    <div className="editor-layout" data-settings={view.settingsOpen ? 'open' : 'closed'} data-focus-mode={view.focusMode || undefined}>
      <div className="editor-main">
        <div className="toolbar editor-bar" ref={barRef}>
          <a href={view.listAddress(kind)}>← {kind === 'pages' ? 'Pages' : 'Posts'}</a>
          <span className="save-state" role="status" data-state={saveState}>{statusLine({ state: saveState, error, itemStatus })}</span>
          <span className="bar-end">
            <button type="button" disabled={itemId === null} onClick={() => setDialog('revisions')}>Revisions</button>
            <button type="button" onClick={() => setDialog('recovered')} title="Versions kept on this computer: unsent changes and autosaves offered back">Recovered</button>
            <button type="button" disabled={itemId === null && saveState === 'saved'} onClick={() => void preview()}>Preview</button>
            {!live && <button type="button" onClick={() => void save()} title={`Save as ${fields.status === 'pending' ? 'waiting for review' : fields.status === 'private' ? 'private' : 'a draft'} (Ctrl+S)`}>Save</button>}
            {live ? (
              <button type="button" className="primary" onClick={() => void save()} title="Update (Ctrl+S)">Update</button>
            ) : (
              <button type="button" className="primary" aria-expanded={publishing} onClick={() => setPublishing(true)}>{ACTION_TEXT[action]}…</button>
            )}
            <button type="button" aria-pressed={view.settingsOpen} aria-controls="editor-settings" onClick={view.toggleSettings} title="Show or hide the settings">Settings</button>
            <button type="button" aria-pressed={view.focusMode} onClick={view.toggleFocus} title="Only the text: hides menus and settings">{view.focusMode ? 'Leave focus mode' : 'Focus'}</button>
          </span>
        </div>
        {publishing && (
          <PublishPanel kind={kind} post={post} fields={fields} zone={zone} onChange={change} onPublish={(date) => void publish(date)} onCancel={() => setPublishing(false)} />
        )}
        {outcome && (
          <div className="notice notice-ok" role="status">
            <span>{outcome.text} {outcome.link && <a href={outcome.link} target="_blank" rel="noreferrer">View the {noun}</a>}</span>
            <button type="button" className="link" onClick={() => setPublished(null)}>Dismiss</button>
          </div>
        )}
        <ErrorNotice error={error} onDismiss={() => saver.dismissError()} />
        {conflict && dialog !== 'conflict' && (
          <div className="notice notice-error" role="alert">
            <span>This {noun} changed somewhere else since you opened it. Nothing is saved until you choose which version to keep.</span>
            <button type="button" onClick={() => setDialog('conflict')}>Compare and choose</button>
          </div>
        )}
        {removed && (
          <div className="notice" role="status">
            <span>Removed {removed.join(', ')}.</span>
            <span>
              <button type="button" onClick={() => { editor?.chain().focus().undo().run(); setRemoved(null); }}>Undo</button>{' '}
              <button type="button" className="link" onClick={() => setRemoved(null)}>Dismiss</button>
            </span>
          </div>
        )}
        {notPasted && (
          <div className="notice" role="status">
            <span>{notPasted}</span>
            <button type="button" className="link" onClick={() => setNotPasted(null)}>Dismiss</button>
          </div>
        )}
        {offers[0] && <RestoreNotice offer={offers[0]} current={shownText()} noun={noun} more={offers.length - 1} onRestore={() => settleOffer(offers[0], true)} onDiscard={() => settleOffer(offers[0], false)} />}
        {finding && editor && <FindReplace editor={editor} onClose={() => setFinding(false)} />}
        <div className="writing-column">
          <input
            className="title-input"
            aria-label="Title"
            placeholder="Add title"
            // A new item starts where writing starts.
            autoFocus={loaded.post === null}
            value={fields.title}
            onChange={(event) => change({ title: event.target.value })}
            onKeyDown={(event) => {
              // Enter ends the title: writing goes on in the body.
              if (event.key === 'Enter' && !event.nativeEvent.isComposing && editor) {
                event.preventDefault();
                // At once, not on the next frame (as tiptap's focus does): the next key is already coming.
                editor.view.dispatch(editor.state.tr.setSelection(Selection.atStart(editor.state.doc)));
                editor.view.focus();
              }
            }}
          />
          {editor && <FormatToolbar editor={editor} onInsertImage={() => setDialog('image')} onReplaceMedia={setReplacing} />}
          <div className="prose" ref={proseRef} data-placeholder="Start writing, or paste your text…"><EditorContent editor={editor} />{editor && <BlockInserter editor={editor} onPickMedia={(kind, done, several) => setPicking({ kind, done, several, adding: false })} />}</div>
          <p className="muted word-count" aria-live="off">{words} {words === 1 ? 'word' : 'words'} · {readingMinutes(words)} min read</p>
        </div>
      </div>
      {view.settingsOpen && <SidePanel kind={kind} post={post} fields={fields} zone={zone} onChange={change} onUnpublish={unpublish} />}
      {dialog === 'revisions' && itemId !== null && (
        <RevisionsDialog kind={kind} id={itemId} current={shownText()} onRestore={(revision) => restore({ title: revision.title.raw ?? '', content: revision.content.raw ?? '', excerpt: revision.excerpt.raw ?? '' })} onClose={() => setDialog(null)} />
      )}
      {dialog === 'preview' && itemId !== null && <PreviewDialog id={itemId} link={live ? post?.link ?? null : null} current={{ ...shownText(), collection: kind }} onClose={() => setDialog(null)} />}
      {dialog === 'image' && <MediaPicker onPick={insertImage} onClose={() => setDialog(null)} />}
      {replacing && <MediaPicker kind={replacing} onPick={replaceWith} onClose={() => setReplacing(null)} />}
      {picking && (
        <MediaPicker kind={picking.kind} closeLabel={picking.adding ? 'Done' : undefined}
          onClose={() => {
            setPicking(null);
            // Writing goes on where the block was made.
            editor?.commands.focus();
          }}
          onPick={(item) => {
            setPicking(picking.several ? { ...picking, done: insertImage, adding: true } : null);
            picking.done(item);
          }} />
      )}
      {dialog === 'recovered' && (
        <RecoveredDialog versions={recoveredOf(client.apiRoot, kind, itemId ?? loaded.item)} current={shownText()} onRestore={(version) => settleOffer(version, true)} onClose={() => setDialog(null)} />
      )}
      {dialog === 'conflict' && conflict && (
        <SaveConflictDialog conflict={conflict} mine={shownText()} noun={noun} onKeepMine={keepMine} onTakeTheirs={takeTheirs} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
