// Writing a post or page: title, the tiptap editor, the side panel, autosave with a
// clear save state, restore of a newer autosave, revisions, and Ctrl/Cmd+S.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor } from '@tiptap/react';
import type { MediaItem, Post, Revision } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { href, type PostKind } from '../app/routes.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { writingExtensions } from '../editor/editor-extensions.ts';
import { docToMarkup, markupToDoc } from '../blocks/block-markup.ts';
import { fieldsOf, saveBody, type PostFields } from '../editor/post-fields.ts';
import { SidePanel } from '../editor/SidePanel.tsx';
import { FormatToolbar } from '../editor/FormatToolbar.tsx';
import { RevisionsDialog } from '../editor/RevisionsDialog.tsx';
import { useAutosave, SAVE_STATE_TEXT } from '../editor/useAutosave.ts';
import { useItem, type LoadedItem } from '../editor/useItem.ts';
import { countWords, readingMinutes } from '../editor/stats.ts';
import { MediaPicker } from '../media/MediaPicker.tsx';
import { SAVE_EVENT } from '../app/desktop-menu.ts';
import { statusName } from '../posts/status-name.ts';

export function EditorScreen({ kind, id }: { kind: PostKind; id: number | null }) {
  const item = useItem(kind, id);
  if (item.error) return <div className="screen"><ErrorNotice error={item.error} /><a href={href({ screen: 'list', kind })}>Back to the list</a></div>;
  if (!item.data) return <div className="screen muted">Opening…</div>;
  return <EditorForm kind={kind} loaded={item.data} />;
}

function EditorForm({ kind, loaded }: { kind: PostKind; loaded: LoadedItem }) {
  const client = useClient();
  const queries = useQueryClient();
  const [post, setPost] = useState<Post | null>(loaded.post);
  const [fields, setFields] = useState<PostFields>(() => fieldsOf(loaded.post));
  const [offer, setOffer] = useState<Revision | null>(loaded.newerAutosave);
  const [error, setError] = useState<unknown>(null);
  const [words, setWords] = useState(0);
  const [dialog, setDialog] = useState<'revisions' | 'image' | null>(null);
  const idRef = useRef<number | null>(loaded.post?.id ?? null);
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;

  const wordTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const editor = useEditor({
    extensions: writingExtensions,
    // The screen re-renders on its own state only; typing is ProseMirror's business.
    shouldRerenderOnTransaction: false,
    content: markupToDoc(loaded.post?.content.raw ?? ''),
    editorProps: { attributes: { 'aria-label': 'Content', role: 'textbox', 'aria-multiline': 'true' } },
    onCreate: ({ editor: created }) => setWords(countWords(created.getText())),
    onUpdate: ({ editor: updated }) => {
      // Counting 10,000 words on every keystroke would slow typing; count once it pauses.
      clearTimeout(wordTimer.current);
      wordTimer.current = setTimeout(() => setWords(countWords(updated.getText())), 400);
      autosave.changed();
    },
  });
  useEffect(() => () => clearTimeout(wordTimer.current), []);
  const content = useCallback(() => (editor ? docToMarkup(editor.getJSON()) : ''), [editor]);

  /** A new item gets its id on the first save; the address follows without reopening the screen. */
  const remember = (saved: Post) => {
    if (idRef.current === null) history.replaceState(null, '', href({ screen: 'edit', kind, id: saved.id }));
    idRef.current = saved.id;
    setPost(saved);
  };

  const autosave = useAutosave(async () => {
    const current = fieldsRef.current;
    try {
      if (idRef.current === null) {
        remember(await client.post<Post>(`cms/v2/${kind}`, { ...saveBody(kind, current, content()), status: 'draft' }));
      } else {
        await client.post(`cms/v2/${kind}/${idRef.current}/autosaves`, { title: current.title, content: content(), excerpt: current.excerpt });
      }
      setError(null);
    } catch (caught) {
      setError(caught);
      throw caught;
    }
  });

  const save = useCallback(async () => {
    autosave.cancel();
    autosave.setState('saving');
    try {
      const body = saveBody(kind, fieldsRef.current, content());
      const saved = idRef.current === null
        ? await client.post<Post>(`cms/v2/${kind}`, body)
        : await client.post<Post>(`cms/v2/${kind}/${idRef.current}`, body);
      remember(saved);
      setFields(fieldsOf(saved));
      setOffer(null);
      setError(null);
      autosave.setState('saved');
      await queries.invalidateQueries({ queryKey: ['list'] });
      await queries.invalidateQueries({ queryKey: ['revisions'] });
    } catch (caught) {
      setError(caught);
      autosave.setState('failed');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, content, kind]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
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

  const change = (changes: Partial<PostFields>) => {
    setFields((current) => ({ ...current, ...changes }));
    autosave.changed();
  };

  const restore = (revision: Revision) => {
    editor?.commands.setContent(markupToDoc(revision.content.raw ?? ''));
    change({ title: revision.title.raw ?? '', excerpt: revision.excerpt.raw ?? '' });
    setOffer(null);
    setDialog(null);
  };

  const insertImage = (media: MediaItem) => {
    const size = media.media_details.sizes.large ?? media.media_details.sizes.full;
    editor?.chain().focus().setImage({ src: size?.source_url ?? media.source_url, alt: media.alt_text, id: media.id } as never).run();
    setDialog(null);
  };

  const status = post?.status === 'future' ? `Scheduled for ${post.date.replace('T', ' ').slice(0, 16)}` : post ? `Status: ${statusName(post.status)}` : 'New, not saved yet';
  return (
    <div className="editor-layout">
      <div className="editor-main">
        <div className="toolbar">
          <a href={href({ screen: 'list', kind })}>← {kind === 'pages' ? 'Pages' : 'Posts'}</a>
          <span className="save-state" role="status" data-state={autosave.state}>{SAVE_STATE_TEXT[autosave.state]}</span>
          <span className="muted">{status}</span>
          <span className="muted">{words} words · {readingMinutes(words)} min read</span>
          <button type="button" disabled={idRef.current === null} onClick={() => setDialog('revisions')}>Revisions</button>
          <button type="button" className="primary" onClick={() => void save()} title="Save (Ctrl+S)">Save</button>
        </div>
        <ErrorNotice error={error} onDismiss={() => setError(null)} />
        {offer && (
          <div className="notice" role="alert">
            <span>There is an autosave of this {kind === 'pages' ? 'page' : 'post'} newer than the saved version.</span>
            <span>
              <button type="button" onClick={() => restore(offer)}>Restore the autosave</button>{' '}
              <button type="button" className="link" onClick={() => setOffer(null)}>Keep the saved version</button>
            </span>
          </div>
        )}
        <input className="title-input" aria-label="Title" placeholder="Add title" value={fields.title} onChange={(event) => change({ title: event.target.value })} />
        {editor && <FormatToolbar editor={editor} onInsertImage={() => setDialog('image')} />}
        <div className="prose"><EditorContent editor={editor} /></div>
      </div>
      <SidePanel kind={kind} fields={fields} onChange={change} />
      {dialog === 'revisions' && idRef.current !== null && (
        <RevisionsDialog kind={kind} id={idRef.current} current={{ title: fields.title, content: content() }} onRestore={restore} onClose={() => setDialog(null)} />
      )}
      {dialog === 'image' && <MediaPicker onPick={insertImage} onClose={() => setDialog(null)} />}
    </div>
  );
}
