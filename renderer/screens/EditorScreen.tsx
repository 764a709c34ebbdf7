// Writing a post or page: title, the tiptap editor, the side panel, saves that never lose a
// word (autosave, a journal on this computer, flush on leaving, one save at a time, and a
// choice when the item changed elsewhere), restore offers, recovered versions (their button shown
// with their count only when this item has some), revisions,
// and Ctrl/Cmd+S. A view: what it shows and what each control does are the editor's one
// store (editor/editor-store.ts: the edit record, saving, dialogs, notices, publishing).
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor } from '@tiptap/react';
import { Selection } from '@tiptap/pm/state';
import type { MediaItem } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { href, type PostKind } from '../routing/routes.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { bindPatternEdits } from '../editor/pattern-edits.ts';
import { useWritingEditor } from '../editor/useWritingEditor.ts';
import { writingExtensions } from '../editor/editor-extensions.ts';
import type { PostFields } from '../editor/post-fields.ts';
import { useFeaturedImageStyle } from '../editor/useMediaItem.ts';
import { SidePanel } from '../editor/SidePanel.tsx';
import { FormatToolbar } from '../editor/FormatToolbar.tsx';
import { BlockInserter } from '../editor/BlockInserter.tsx';
import { LIBRARY_ASKED, type LibraryAsked } from '../editor/placeholder-fill.ts';
import { useBarHeight } from '../editor/sticky-below.ts';
import { RevisionsDialog } from '../editor/RevisionsDialog.tsx';
import { statusLine } from '../editor/status-line.ts';
import { useItem, type LoadedItem } from '../editor/useItem.ts';
import { readingMinutes } from '../editor/stats.ts';
import { newLocalId } from '../editor/journal.ts';
import { useRecovered } from '../editor/useRecovered.ts';
import { currentOf } from '../editor/edit-record.ts';
import { EditorStore, windowTitle } from '../editor/editor-store.ts';
import { documentOf, writingDocument } from '../editor/tiptap-document.ts';
import { usePatternIds } from '../editor/usePatternId.ts';
import { useEditorWindow } from '../editor/editor-window.ts';
import { RecoveredDialog } from '../editor/RecoveredDialog.tsx';
import { insertBlock, SafeBlocks } from '../editor/safe-blocks.ts';
import { isWritersChange } from '../editor/writers-change.ts';
import { RestoreNotice } from '../editor/RestoreNotice.tsx';
import { SaveConflictDialog } from '../editor/SaveConflictDialog.tsx';
import { MediaPicker } from '../media/MediaPicker.tsx';
import { DroppedFiles } from '../editor/DroppedFiles.tsx';
import { needsImageColour, replaceMedia } from '../blocks/media-blocks.ts';
import { imageAverageColour } from '../editor/cover-image-colour.ts';
import { useSitePalette } from '../editor/useSitePalette.ts';
import { paletteColours } from '../editor/ColourChoices.tsx';
import { IMAGES_NOT_PASTED, imagesNotPastedNotice, type ImagesNotPasted } from '../blocks/pasted-content.ts';
import { statusName } from '../posts/status-name.ts';
import { formatSiteDate, useSiteZone } from '../components/site-dates.ts';
import { ACTION_TEXT, isLive, publishAction, publishedText } from '../editor/publishing.ts';
import { useWritingRights } from '../editor/account-rights.ts';
import { PublishPanel } from '../editor/PublishPanel.tsx';
import { PreviewDialog } from '../editor/PreviewDialog.tsx';
import { FindReplace } from '../editor/FindReplace.tsx';
import { pickedImage } from '../media/media-item.ts';
import { useWritingView } from '../editor/writing-view.ts';
import { focusText, chainInText } from '../editor/focus-text.ts';
import { IMAGE_NODE } from '../blocks/image-block.ts';
import { pickedCaption } from '../blocks/picked-caption.ts';

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

function EditorForm({ kind, loaded }: { kind: PostKind; loaded: LoadedItem }) {
  const client = useClient();
  const queries = useQueryClient();
  const noun = kind === 'pages' ? 'page' : 'post';
  const proseRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  useBarHeight(barRef);
  const { copyOf, mayPublish } = useWritingRights(kind);
  const view = useWritingView();
  const zone = useSiteZone();
  const [store] = useState(() => new EditorStore(client, kind, loaded, {
    created: (id) => history.replaceState(null, '', href({ screen: 'edit', kind, id })),
    listsChanged: () => {
      // Every list that shows the item's title or status (the page tree too) reads it again.
      void queries.invalidateQueries({ queryKey: ['list'] });
      void queries.invalidateQueries({ queryKey: ['page-tree'] });
      void queries.invalidateQueries({ queryKey: ['revisions'] });
    },
  }));
  const shown = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const { post, record, state: saveState, conflict, error, offers, removed, notPasted, words, dialog, replacing, picking, publishing, published, finding, patternsRefused } = shown;
  useEditorWindow(store, windowTitle(shown, noun));
  // Read once: the editor takes its content when it is made, and reading a long post on every render slowed typing.
  const [openedDocument] = useState(() => documentOf(loaded.post?.content.raw ?? '', loaded.post?.meta));
  // The word count reads each synced pattern the post shows where its view finds it (a connected site's copy: through sync's mapping).
  const patternOf = usePatternIds();

  const editor = useEditor({
    extensions: [...writingExtensions, SafeBlocks.configure({ onRemoved: (names: string[]) => store.blocksRemoved(names) })],
    // The screen re-renders on its own state only; typing is ProseMirror's business.
    shouldRerenderOnTransaction: false,
    content: openedDocument,
    editorProps: { attributes: { class: 'post-body', 'aria-label': 'Content', role: 'textbox', 'aria-multiline': 'true' } },
    onCreate: ({ editor: created }) => store.documentCreated(writingDocument(created, patternOf)),
    onUpdate: (update) => {
      if (isWritersChange(update)) store.documentEdited();
    },
  });
  store.attach(editor && writingDocument(editor, patternOf));
  // The synced patterns shown in place keep the writer's changes in the store, which saves them with the post.
  if (editor) bindPatternEdits(editor, store.patterns);
  // The toolbars, the inserter and the media pickers act in the editor the writer is in (a pattern's, in place).
  const writing = useWritingEditor(editor, proseRef);

  // A paste that left images out says so (the editor's DOM event bubbles up to the writing area).
  useEffect(() => {
    const prose = proseRef.current;
    const onNotPasted = (event: Event) => store.imagesNotPasted(imagesNotPastedNotice((event as CustomEvent<ImagesNotPasted>).detail));
    prose?.addEventListener(IMAGES_NOT_PASTED, onNotPasted);
    return () => prose?.removeEventListener(IMAGES_NOT_PASTED, onNotPasted);
  }, [store]);

  // A media block's placeholder asks for the media library (the editor's DOM event bubbles up to the writing area).
  useEffect(() => {
    const prose = proseRef.current;
    const onAsked = (event: Event) => {
      const { kind: media, done, several } = (event as CustomEvent<LibraryAsked>).detail;
      store.pickMedia(media, done, several);
    };
    prose?.addEventListener(LIBRARY_ASKED, onAsked);
    return () => prose?.removeEventListener(LIBRARY_ASKED, onAsked);
  }, [store]);

  // A media dialog closes with the keyboard in the text, where writing goes on.
  const backToText = () => {
    if (writing) focusText(writing);
  };
  const insertImage = (media: MediaItem) => {
    if (writing) insertBlock(writing, { type: IMAGE_NODE, attrs: { ...pickedImage(media), alt: media.alt_text, caption: pickedCaption(media, 'image'), linkDestination: 'none' } });
    store.closeDialog();
  };

  const palette = useSitePalette();
  const replaceWith = async (media: MediaItem) => {
    store.replaceMedia(null);
    if (!writing) return;
    const sizes = Object.fromEntries(Object.entries(media.media_details?.sizes ?? {}).map(([slug, size]) => [slug, size.source_url]));
    const picked = { id: media.id, url: media.source_url, alt: media.alt_text, mime: media.mime_type, link: media.link, caption: media.caption.raw ?? '', sizes };
    const colour = needsImageColour(writing.state, picked) ? await imageAverageColour(picked.url) : undefined;
    const tr = !writing.isDestroyed && replaceMedia(writing.state, picked, colour, paletteColours(palette));
    if (tr) writing.view.dispatch(tr);
  };

  const fields = currentOf(record);
  const featuredImage = useFeaturedImageStyle(fields.featured_media);
  // Versions kept on this computer for this item: the bar names them only when there are some.
  const recovered = useRecovered(client.apiRoot, kind, store.journalItem);
  const change = (changes: Partial<PostFields>) => store.change(changes);
  const closeDialog = () => store.closeDialog();
  const itemStatus = post?.status === 'future' ? `Scheduled for ${formatSiteDate(post.date, zone)}` : post ? statusName(post.status) : null;
  const itemId = store.itemId;
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
            <button type="button" disabled={itemId === null} onClick={() => store.openDialog('revisions')}>Revisions</button>
            {recovered.length > 0 && <button type="button" onClick={() => store.openDialog('recovered')} title="Versions kept on this computer: unsent changes and autosaves offered back">Recovered ({recovered.length})</button>}
            <button type="button" disabled={itemId === null && saveState === 'saved'} onClick={() => void store.preview()}>Preview</button>
            {!live && <button type="button" onClick={() => void store.save()} title={`Save as ${fields.status === 'pending' ? 'waiting for review' : fields.status === 'private' ? 'private' : 'a draft'} (Ctrl+S)`}>Save</button>}
            {live ? (
              <button type="button" className="primary" onClick={() => void store.save()} title="Update (Ctrl+S)">Update</button>
            ) : (
              <button type="button" className="primary" aria-expanded={publishing} onClick={() => store.openPublishing()}>{ACTION_TEXT[action]}…</button>
            )}
            <button type="button" aria-pressed={view.settingsOpen} aria-controls="editor-settings" onClick={view.toggleSettings} title="Show or hide the settings">Settings</button>
            <button type="button" aria-pressed={view.focusMode} onClick={view.toggleFocus} title="Only the text: hides menus and settings">{view.focusMode ? 'Leave focus mode' : 'Focus'}</button>
          </span>
        </div>
        {publishing && (
          <PublishPanel kind={kind} post={post} fields={fields} zone={zone} onChange={change} onPublish={(date) => void store.publish(date, mayPublish)} onCancel={() => store.closePublishing()} />
        )}
        {outcome && (
          <div className="notice notice-ok" role="status">
            <span>{outcome.text} {outcome.link && <a href={outcome.link} target="_blank" rel="noreferrer">View the {noun}</a>}</span>
            <button type="button" className="link" onClick={() => store.dismissPublished()}>Dismiss</button>
          </div>
        )}
        {/* The journal holds every edit on this computer until the site has it (editor/journal.ts). */}
        <ErrorNotice error={error} onDismiss={() => store.dismissError()} reassurance="Your changes are kept on this computer until the site has them." />
        {conflict && dialog !== 'conflict' && (
          <div className="notice notice-error" role="alert">
            <span>This {noun} changed somewhere else since you opened it. Nothing is saved until you choose which version to keep.</span>
            <button type="button" onClick={() => store.openDialog('conflict')}>Compare and choose</button>
          </div>
        )}
        {removed && (
          <div className="notice" role="status">
            <span>Removed {removed.join(', ')}.</span>
            <span>
              <button type="button" onClick={() => { if (editor) chainInText(editor).undo().run(); store.blocksRemoved(null); }}>Undo</button>{' '}
              <button type="button" className="link" onClick={() => store.blocksRemoved(null)}>Dismiss</button>
            </span>
          </div>
        )}
        {patternsRefused && <div className="notice notice-error" role="alert"><span>{patternsRefused}</span></div>}
        {notPasted && (
          <div className="notice" role="status">
            <span>{notPasted}</span>
            <button type="button" className="link" onClick={() => store.imagesNotPasted(null)}>Dismiss</button>
          </div>
        )}
        {editor && <DroppedFiles editor={editor} />}
        {offers[0] && <RestoreNotice offer={offers[0]} current={store.shownText()} noun={noun} more={offers.length - 1} onRestore={() => store.settleOffer(offers[0], true)} onDiscard={() => store.settleOffer(offers[0], false)} />}
        {finding && editor && <FindReplace editor={editor} onClose={() => store.closeFind()} />}
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
          {writing && <FormatToolbar editor={writing} onInsertImage={() => store.openDialog('image')} onReplaceMedia={(replaced) => store.replaceMedia(replaced)} settings={{ open: view.settingsOpen, toggle: view.toggleSettings }} />}
          <div className="prose" ref={proseRef} style={featuredImage} data-placeholder="Start writing, or paste your text…"><EditorContent editor={editor} />{writing && <BlockInserter editor={writing} />}</div>
          <p className="muted word-count" aria-live="off">{words} {words === 1 ? 'word' : 'words'} · {readingMinutes(words)} min read</p>
        </div>
      </div>
      {view.settingsOpen && <SidePanel kind={kind} post={post} fields={fields} zone={zone} onChange={change} onUnpublish={() => store.unpublish()} />}
      {dialog === 'revisions' && itemId !== null && (
        <RevisionsDialog kind={kind} id={itemId} current={store.shownText()} onRestore={(revision) => store.restore({ title: revision.title.raw ?? '', content: revision.content.raw ?? '', excerpt: revision.excerpt.raw ?? '' })} onClose={closeDialog} />
      )}
      {dialog === 'preview' && itemId !== null && <PreviewDialog id={itemId} link={live ? post?.link ?? null : null} current={{ ...store.shownText(), collection: kind }} onClose={closeDialog} />}
      {dialog === 'image' && <MediaPicker onPick={insertImage} onClose={closeDialog} returnFocus={backToText} />}
      {replacing && <MediaPicker kind={replacing} onPick={replaceWith} onClose={() => store.replaceMedia(null)} returnFocus={backToText} />}
      {picking && (
        <MediaPicker kind={picking.kind} closeLabel={picking.adding ? 'Done' : undefined} onClose={() => store.closePicker()} returnFocus={backToText}
          onPick={(item) => store.mediaPicked(item, insertImage)} />
      )}
      {dialog === 'recovered' && (
        <RecoveredDialog versions={recovered} current={store.shownText()} onRestore={(version) => store.settleOffer(version, true)} onClose={closeDialog} />
      )}
      {dialog === 'conflict' && conflict && (
        <SaveConflictDialog conflict={conflict} mine={store.shownText()} noun={noun} onKeepMine={() => store.keepMine()} onTakeTheirs={() => store.takeTheirs()} onClose={closeDialog} />
      )}
    </div>
  );
}
