// Writing a post or page: title, the tiptap editor, the side panel, saves that never lose a
// word (autosave, a journal on this computer, flush on leaving, one save at a time, and a
// choice when the item changed elsewhere), restore offers, revisions, and Ctrl/Cmd+S.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { Selection } from '@tiptap/pm/state';
import type { MediaItem, Post } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { href, type PostKind } from '../routing/routes.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { writingExtensions } from '../editor/editor-extensions.ts';
import { docToMarkup, markupToDoc } from '../blocks/block-markup.ts';
import { metaWithFootnotes, withFootnoteNotes } from '../blocks/footnote-notes.ts';
import { fieldsOf, saveBody, type PostFields } from '../editor/post-fields.ts';
import { SidePanel } from '../editor/SidePanel.tsx';
import { FormatToolbar } from '../editor/FormatToolbar.tsx';
import { RevisionsDialog } from '../editor/RevisionsDialog.tsx';
import { PostSaver, SAVE_STATE_TEXT, type SaveConflict, type SaveState } from '../editor/post-saver.ts';
import { useItem, type LoadedItem, type RestoreOffer } from '../editor/useItem.ts';
import { countWords, readingMinutes } from '../editor/stats.ts';
import { clearJournal, journalKey, writeJournal } from '../editor/journal.ts';
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
import { ACTION_TEXT, isLive, publishAction } from '../editor/publishing.ts';
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

export function EditorScreen({ kind, id }: { kind: PostKind; id: number | null }) {
  const item = useItem(kind, id);
  if (item.error) return <div className="screen"><ErrorNotice error={item.error} /><a href={href({ screen: 'list', kind })}>Back to the list</a></div>;
  if (!item.data) return <div className="screen muted">Opening…</div>;
  return <EditorForm kind={kind} loaded={item.data} />;
}

/** A post's content as the editor holds it: its footnotes block holds the notes of its meta. */
const documentOf = (markup: string, meta: Record<string, unknown> | undefined) => withFootnoteNotes(markupToDoc(markup), meta?.footnotes);

/** Puts another version's content in the editor without it counting as the writer's typing. */
function replaceContent(editor: Editor, markup: string, meta: Record<string, unknown> | undefined): void {
  editor.chain().setMeta(REPLACES_DOCUMENT, true).setContent(documentOf(markup, meta), { emitUpdate: false }).run();
}

function EditorForm({ kind, loaded }: { kind: PostKind; loaded: LoadedItem }) {
  const client = useClient();
  const queries = useQueryClient();
  const noun = kind === 'pages' ? 'page' : 'post';
  const [post, setPost] = useState<Post | null>(loaded.post);
  const [fields, setFields] = useState<PostFields>(() => fieldsOf(loaded.post));
  const [offer, setOffer] = useState<RestoreOffer | null>(loaded.offer);
  const [error, setError] = useState<unknown>(null);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [removed, setRemoved] = useState<string[] | null>(null);
  const [notPasted, setNotPasted] = useState<string | null>(null);
  const proseRef = useRef<HTMLDivElement>(null);
  const [words, setWords] = useState(0);
  const [dialog, setDialog] = useState<'revisions' | 'image' | 'conflict' | 'preview' | null>(null);
  // The kind of media being replaced in the block the caret is in, while the library is open for it.
  const [replacing, setReplacing] = useState<MediaKind | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [wentLive, setWentLive] = useState<Post | null>(null);
  const [finding, setFinding] = useState(false);
  const view = useWritingView();
  const zone = useSiteZone();
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  // The item as the site last answered, read after an await (state would be a render late).
  const postRef = useRef(post);
  const editorRef = useRef<Editor | null>(null);

  // Serialised from the editor's own document: a block unchanged since the last time is not written again.
  const content = useCallback(() => (editorRef.current ? docToMarkup(editorRef.current.state.doc) : ''), []);
  // The notes of the footnotes are written in the meta, from the document.
  const savedFields = (): PostFields => (editorRef.current ? { ...fieldsRef.current, meta: metaWithFootnotes(fieldsRef.current.meta, editorRef.current.getJSON()) } : fieldsRef.current);
  const text = useCallback((): TextVersion => ({ title: fieldsRef.current.title, content: content(), excerpt: fieldsRef.current.excerpt }), [content]);

  // The saver belongs to the site this item was opened from, whatever the window writes for next.
  const [saver] = useState(() => new PostSaver(client, kind, loaded.post?.id ?? null, loaded.etag, () => ({ body: saveBody(kind, savedFields(), content()), text: text() }), {
    state: setSaveState,
    saved: (saved, savedKind, current) => {
      if (loaded.post === null && saver.itemId === saved.id) {
        // A new item got its id: the address and the journal follow it, without reopening the screen.
        history.replaceState(null, '', href({ screen: 'edit', kind, id: saved.id }));
        clearJournal(journalKey(client.apiRoot, kind, null));
      }
      setPost(saved);
      postRef.current = saved;
      // Typing went on while the save was on its way: the form keeps the newer words.
      if (savedKind === 'save' && current) setFields(fieldsOf(saved));
      if (savedKind === 'save') {
        setOffer(null);
        void queries.invalidateQueries({ queryKey: ['list'] });
        void queries.invalidateQueries({ queryKey: ['revisions'] });
      }
      setError(null);
    },
    conflict: (found) => {
      setConflict(found);
      // A save asked for now gets its answer now; an autosave's conflict waits in a notice, so typing is not interrupted.
      if (found.kind === 'save') setDialog('conflict');
    },
    error: setError,
  }));

  // The journal: what the site does not hold yet is kept on this computer as the writer types.
  const journalTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const writeJournalNow = useCallback(() => {
    clearTimeout(journalTimer.current);
    const key = journalKey(client.apiRoot, kind, saver.itemId);
    if (saver.hasUnsentChanges || saver.conflict) writeJournal(key, text());
    else clearJournal(key);
  }, [client, kind, saver, text]);
  useEffect(() => {
    if (saveState === 'saved' || saveState === 'autosaved') writeJournalNow();
  }, [saveState, writeJournalNow]);

  const changed = useCallback(() => {
    saver.changed();
    clearTimeout(journalTimer.current);
    journalTimer.current = setTimeout(writeJournalNow, JOURNAL_DELAY_MS);
  }, [saver, writeJournalNow]);

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
      changed();
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
        if (!saver.hasUnsentChanges && !saver.conflict) clearJournal(journalKey(client.apiRoot, kind, saver.itemId));
      });
      saver.dispose();
      clearTimeout(wordTimer.current);
    };
  }, [client, kind, saver, writeJournalNow]);

  const change = useCallback((changes: Partial<PostFields>) => {
    setFields((current) => ({ ...current, ...changes }));
    fieldsRef.current = { ...fieldsRef.current, ...changes };
    changed();
  }, [changed]);

  const save = useCallback(() => {
    // Save never makes an item go live: that is Publish's business, after its checks.
    if (!isLive(postRef.current) && !SAVED_AS.has(fieldsRef.current.status)) change({ status: 'draft' });
    clearTimeout(journalTimer.current);
    writeJournalNow();
    return saver.save();
  }, [saver, writeJournalNow, change]);

  /** Goes live (or is scheduled) through the same one-at-a-time saver as every save. */
  const publish = async (date: string) => {
    setPublishing(false);
    change({ status: 'publish', date });
    clearTimeout(journalTimer.current);
    writeJournalNow();
    await saver.save();
    if (isLive(postRef.current)) setWentLive(postRef.current);
  };

  const unpublish = () => {
    setWentLive(null);
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
    };
    const onMenuSave = () => void save();
    window.addEventListener('keydown', onKey);
    window.addEventListener(SAVE_EVENT, onMenuSave);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(SAVE_EVENT, onMenuSave);
    };
  }, [save]);

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

  const restore = (version: TextVersion) => {
    if (editor) replaceContent(editor, version.content, fieldsRef.current.meta);
    change({ title: version.title, excerpt: version.excerpt });
    setWords(countWords(editor?.getText() ?? ''));
    setOffer(null);
    setDialog(null);
  };

  const discardOffer = () => {
    if (offer?.source === 'journal' && !saver.hasUnsentChanges) clearJournal(journalKey(client.apiRoot, kind, saver.itemId));
    setOffer(null);
  };

  const takeTheirs = () => {
    if (!conflict) return;
    if (editor) replaceContent(editor, conflict.theirs.content.raw ?? '', conflict.theirs.meta);
    const theirs = fieldsOf(conflict.theirs);
    setFields(theirs);
    fieldsRef.current = theirs;
    setPost(conflict.theirs);
    saver.takeTheirs();
    setConflict(null);
    setDialog(null);
  };

  const keepMine = () => {
    setConflict(null);
    setDialog(null);
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

  const status = post?.status === 'future' ? `Scheduled for ${formatSiteDate(post.date, zone)}` : post ? statusName(post.status) : 'New, not saved yet';
  const itemId = saver.itemId;
  const action = publishAction(post, fields, zone);
  const live = isLive(post);
  return (
    <div className="editor-layout" data-settings={view.settingsOpen ? 'open' : 'closed'} data-focus-mode={view.focusMode || undefined}>
      <div className="editor-main">
        <div className="toolbar editor-bar">
          <a href={view.listAddress(kind)}>← {kind === 'pages' ? 'Pages' : 'Posts'}</a>
          <span className="save-state" role="status" data-state={saveState}>{SAVE_STATE_TEXT[saveState]}</span>
          <span className="muted" data-testid="item-status">{status}</span>
          <span className="bar-end">
            <button type="button" disabled={itemId === null} onClick={() => setDialog('revisions')}>Revisions</button>
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
        {wentLive && (
          <div className="notice notice-ok" role="status">
            <span>{wentLive.status === 'future' ? `Scheduled for ${formatSiteDate(wentLive.date, zone)}.` : `${statusName(wentLive.status)}.`} <a href={wentLive.link} target="_blank" rel="noreferrer">View the {noun}</a></span>
            <button type="button" className="link" onClick={() => setWentLive(null)}>Dismiss</button>
          </div>
        )}
        <ErrorNotice error={error} onDismiss={() => setError(null)} />
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
        {offer && <RestoreNotice offer={offer} current={text()} noun={noun} onRestore={() => restore(offer)} onDiscard={discardOffer} />}
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
          <div className="prose" ref={proseRef} data-placeholder="Start writing, or paste your text…"><EditorContent editor={editor} /></div>
          <p className="muted word-count" aria-live="off">{words} {words === 1 ? 'word' : 'words'} · {readingMinutes(words)} min read</p>
        </div>
      </div>
      {view.settingsOpen && <SidePanel kind={kind} post={post} fields={fields} zone={zone} onChange={change} onUnpublish={unpublish} />}
      {dialog === 'revisions' && itemId !== null && (
        <RevisionsDialog kind={kind} id={itemId} current={{ title: fields.title, content: content() }} onRestore={(revision) => restore({ title: revision.title.raw ?? '', content: revision.content.raw ?? '', excerpt: revision.excerpt.raw ?? '' })} onClose={() => setDialog(null)} />
      )}
      {dialog === 'preview' && itemId !== null && <PreviewDialog id={itemId} link={live ? post?.link ?? null : null} current={{ title: fields.title, content: content(), collection: kind }} onClose={() => setDialog(null)} />}
      {dialog === 'image' && <MediaPicker onPick={insertImage} onClose={() => setDialog(null)} />}
      {replacing && <MediaPicker kind={replacing} onPick={replaceWith} onClose={() => setReplacing(null)} />}
      {dialog === 'conflict' && conflict && (
        <SaveConflictDialog conflict={conflict} mine={text()} noun={noun} onKeepMine={keepMine} onTakeTheirs={takeTheirs} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
