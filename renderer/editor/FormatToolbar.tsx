// Formatting commands of the writing area, as buttons with names and shortcuts.
import { useEditorState, type Editor } from '@tiptap/react';
import { insertBlock } from './safe-blocks.ts';

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
  const chain = () => editor.chain().focus();
  const button = (label: string, active: boolean, run: () => void, shortcut?: string) => (
    // Keeping the mouse from taking focus keeps the writer's selection in the text.
    <button type="button" aria-pressed={active} title={shortcut ? `${label} (${shortcut})` : label} onMouseDown={(event) => event.preventDefault()} onClick={run}>{label}</button>
  );
  const addLink = () => {
    const url = window.prompt('Link address');
    if (url === null) return;
    if (url === '') chain().unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: url }).run();
  };
  const addEmbed = () => {
    const url = window.prompt('Address of the video, audio or post to embed');
    if (url) insertBlock(editor, { type: 'embed', attrs: { url } });
  };
  return (
    <div className="toolbar" role="toolbar" aria-label="Formatting">
      {button('Bold', active.bold, () => chain().toggleBold().run(), 'Ctrl+B')}
      {button('Italic', active.italic, () => chain().toggleItalic().run(), 'Ctrl+I')}
      {button('Heading 2', active.h2, () => chain().toggleHeading({ level: 2 }).run())}
      {button('Heading 3', active.h3, () => chain().toggleHeading({ level: 3 }).run())}
      {button('Bulleted list', active.bulletList, () => chain().toggleBulletList().run())}
      {button('Numbered list', active.orderedList, () => chain().toggleOrderedList().run())}
      {button('Quote', active.blockquote, () => chain().toggleBlockquote().run())}
      {button('Code', active.codeBlock, () => chain().toggleCodeBlock().run())}
      {button('Link', active.link, addLink, 'Ctrl+K')}
      {button('Image', false, onInsertImage)}
      {button('Embed', false, addEmbed)}
      {button('Separator', false, () => insertBlock(editor, { type: 'horizontalRule' }))}
      {button('Undo', false, () => chain().undo().run(), 'Ctrl+Z')}
      {button('Redo', false, () => chain().redo().run(), 'Ctrl+Shift+Z')}
    </div>
  );
}
