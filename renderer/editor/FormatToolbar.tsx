// Formatting commands of the writing area, as buttons with names and shortcuts.
import { useState } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { insertBlock } from './safe-blocks.ts';
import { AddressDialog } from './AddressDialog.tsx';

interface Props {
  editor: Editor;
  onInsertImage(): void;
}

export function FormatToolbar({ editor, onInsertImage }: Props) {
  // Only the active states are watched, so typing does not re-render the toolbar.
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      codeBlock: current.isActive('codeBlock'),
      link: current.isActive('link'),
    }),
  });
  // The writer's selection when asked: the dialog takes the focus, and giving it back may move the caret.
  const [asking, setAsking] = useState<{ kind: 'link' | 'embed'; from: number; to: number } | null>(null);
  const ask = (kind: 'link' | 'embed') => setAsking({ kind, from: editor.state.selection.from, to: editor.state.selection.to });
  const chain = () => editor.chain().focus();
  const chainAsked = () => chain().setTextSelection({ from: asking!.from, to: asking!.to });
  const button = (label: string, active: boolean, run: () => void, shortcut?: string) => (
    // Keeping the mouse from taking focus keeps the writer's selection in the text.
    <button type="button" aria-pressed={active} title={shortcut ? `${label} (${shortcut})` : label} onMouseDown={(event) => event.preventDefault()} onClick={run}>{label}</button>
  );
  const setLink = (url: string) => {
    if (url === '') chainAsked().extendMarkRange('link').unsetLink().run();
    else chainAsked().extendMarkRange('link').setLink({ href: url }).run();
    setAsking(null);
  };
  const addEmbed = (url: string) => {
    chainAsked().run();
    if (url) insertBlock(editor, { type: 'embed', attrs: { url } });
    setAsking(null);
  };
  const cancel = () => {
    chainAsked().run();
    setAsking(null);
  };
  return (
    <>
      <div className="toolbar" role="toolbar" aria-label="Formatting">
        {button('Bold', active.bold, () => chain().toggleBold().run(), 'Ctrl+B')}
        {button('Italic', active.italic, () => chain().toggleItalic().run(), 'Ctrl+I')}
        {button('Heading 2', active.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {button('Heading 3', active.h3, () => chain().toggleHeading({ level: 3 }).run())}
        {button('Bulleted list', active.bulletList, () => chain().toggleBulletList().run())}
        {button('Numbered list', active.orderedList, () => chain().toggleOrderedList().run())}
        {button('Quote', active.blockquote, () => chain().toggleBlockquote().run())}
        {button('Code', active.codeBlock, () => chain().toggleCodeBlock().run())}
        {button('Link', active.link, () => ask('link'), 'Ctrl+K')}
        {button('Image', false, onInsertImage)}
        {button('Embed', false, () => ask('embed'))}
        {button('Separator', false, () => insertBlock(editor, { type: 'horizontalRule' }))}
        {button('Undo', false, () => chain().undo().run(), 'Ctrl+Z')}
        {button('Redo', false, () => chain().redo().run(), 'Ctrl+Shift+Z')}
      </div>
      {asking?.kind === 'link' && (
        <AddressDialog title="Link address" action="Set link" initial={(editor.getAttributes('link').href as string | undefined) ?? ''} onAnswer={setLink} onCancel={cancel} />
      )}
      {asking?.kind === 'embed' && (
        <AddressDialog title="Address of the video, audio or post to embed" action="Embed" onAnswer={addEmbed} onCancel={cancel} />
      )}
    </>
  );
}
