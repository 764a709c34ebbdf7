// Formatting commands of the writing area, as buttons with names and shortcuts.
import type { Editor } from '@tiptap/react';

interface Props {
  editor: Editor;
  onInsertImage(): void;
}

export function FormatToolbar({ editor, onInsertImage }: Props) {
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
    if (url) chain().insertContent({ type: 'embed', attrs: { url } }).run();
  };
  return (
    <div className="toolbar" role="toolbar" aria-label="Formatting">
      {button('Bold', editor.isActive('bold'), () => chain().toggleBold().run(), 'Ctrl+B')}
      {button('Italic', editor.isActive('italic'), () => chain().toggleItalic().run(), 'Ctrl+I')}
      {button('Heading 2', editor.isActive('heading', { level: 2 }), () => chain().toggleHeading({ level: 2 }).run())}
      {button('Heading 3', editor.isActive('heading', { level: 3 }), () => chain().toggleHeading({ level: 3 }).run())}
      {button('Bulleted list', editor.isActive('bulletList'), () => chain().toggleBulletList().run())}
      {button('Numbered list', editor.isActive('orderedList'), () => chain().toggleOrderedList().run())}
      {button('Quote', editor.isActive('blockquote'), () => chain().toggleBlockquote().run())}
      {button('Code', editor.isActive('codeBlock'), () => chain().toggleCodeBlock().run())}
      {button('Link', editor.isActive('link'), addLink, 'Ctrl+K')}
      {button('Image', false, onInsertImage)}
      {button('Embed', false, addEmbed)}
      {button('Separator', false, () => chain().setHorizontalRule().run())}
      {button('Undo', false, () => chain().undo().run(), 'Ctrl+Z')}
      {button('Redo', false, () => chain().redo().run(), 'Ctrl+Shift+Z')}
    </div>
  );
}
