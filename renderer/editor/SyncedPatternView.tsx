// A synced pattern where a post refers to it (`core/block`): its blocks in place, editable, framed
// and named, saying that edits change every post that uses it; the writer's changes are kept in the
// post's pattern edits (pattern-edits.ts) and written with the post's save. "Detach" makes its blocks
// this post's own. A reference the site does not hold, or that the writer may not read, says so.
import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EditorContent, useEditor, type Editor, type Extensions } from '@tiptap/react';
import { useClient } from '../api/client-context.tsx';
import { editorExtensions } from '../blocks/extensions.ts';
import { docToMarkup, markupToDoc } from '../blocks/block-markup.ts';
import { detachPattern, patternNotHere, readPattern, unreadablePattern } from './synced-patterns.ts';
import { usePatternId } from './usePatternId.ts';
import { isWritersChange } from './writers-change.ts';
import { bindPatternEdits, patternEditsOf, type PatternEdits } from './pattern-edits.ts';

interface Props {
  id: number;
  selected: boolean;
  editor: Editor;
  getPos: () => number | undefined;
}

/** `id` is the reference's; the pattern shown is the one it names here (usePatternId). */
export function SyncedPatternView({ id: ref, ...shown }: Props) {
  const id = usePatternId(ref);
  if (id === undefined) return <p className="muted">Asking the site…</p>;
  if (id === null) return <p className="muted">{patternNotHere(ref)}</p>;
  return <PatternInPlace {...shown} id={id} />;
}

function PatternInPlace({ id, selected, editor, getPos }: Props) {
  const client = useClient();
  const edits = patternEditsOf(editor);
  const pattern = useQuery({
    // Read once while shown: the writer's changes are based on that version (pattern-edits.ts).
    queryKey: ['synced-pattern', client.apiRoot, id], retry: false, gcTime: 0, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false,
    queryFn: async () => {
      const read = await readPattern(client, id);
      edits.read(id, read.title, read.content, read.etag);
      return read;
    },
  });
  if (!pattern.data) {
    return <p className="muted">{pattern.error ? unreadablePattern(id, pattern.error) : 'Asking the site…'}</p>;
  }
  const title = pattern.data.title || `Synced pattern #${id}`;
  const detach = () => {
    const position = getPos();
    if (position === undefined) return;
    detachPattern(editor, position, edits.content(id) ?? pattern.data.content);
    edits.detached(id);
  };
  return (
    <div className="synced-pattern" data-synced-pattern={id}>
      <div className="synced-pattern-title" contentEditable={false}>
        <strong>{title}</strong> <span className="muted">Edits change every post that uses it.</span>
        {selected && <button type="button" onClick={detach}>Detach</button>}
      </div>
      <PatternBlocks id={id} title={title} edits={edits} initial={edits.content(id) ?? pattern.data.content} post={editor} />
    </div>
  );
}

/**
 * The blocks' extensions as the post's editor has them: an image, an embed or a dynamic block (a
 * pattern in a pattern too) with its controls and preview in place. Taken from the post's editor
 * (the writing area's, editor-extensions.ts), which shows this view: named here it would be a cycle.
 */
function inPlaceOf(editor: Editor): Extensions {
  const post = editor.options.extensions;
  return editorExtensions.map((extension) => post.find((candidate) => candidate.name === extension.name) ?? extension);
}

/**
 * The pattern's blocks in an editor of their own: each change goes to the post's pattern edits, and
 * each change there (the same pattern typed in elsewhere in the post, a version restored) is shown here.
 */
function PatternBlocks({ id, title, edits, initial, post }: { id: number; title: string; edits: PatternEdits; initial: string; post: Editor }) {
  const extensions = useMemo(() => inPlaceOf(post), [post]);
  // The editor is made once: its handler reaches the current edits through this.
  const target = useRef({ id, edits });
  target.current = { id, edits };
  const blocks = useEditor({
    extensions,
    content: markupToDoc(initial),
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { class: 'synced-pattern-blocks', role: 'textbox', 'aria-label': `Synced pattern ${title}`, 'aria-multiline': 'true' } },
    onUpdate: (update) => {
      if (isWritersChange(update)) target.current.edits.edit(target.current.id, docToMarkup(update.editor.state.doc));
    },
  });
  // A pattern shown inside this one keeps its changes in the same post's edits.
  if (blocks) bindPatternEdits(blocks, edits);
  useEffect(() => {
    if (!blocks) return undefined;
    const follow = () => {
      const content = edits.content(id);
      if (content !== undefined && content !== docToMarkup(blocks.state.doc)) blocks.commands.setContent(markupToDoc(content), { emitUpdate: false });
    };
    follow();
    return edits.subscribe(follow);
  }, [blocks, edits, id]);
  return <EditorContent editor={blocks} />;
}
