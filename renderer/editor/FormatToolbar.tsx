// Formatting commands of the writing area, as buttons with names and shortcuts.
import { useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { insertBlock } from './safe-blocks.ts';
import { linkAddress } from './link-address.ts';
import { UrlField } from './UrlField.tsx';
import { adoptPageSelection } from './dom-selection.ts';

interface Props {
  editor: Editor;
  onInsertImage(): void;
}

export function FormatToolbar({ editor, onInsertImage }: Props) {
  const [asking, setAsking] = useState<'link' | 'embed' | null>(null);
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
  const close = () => {
    setAsking(null);
    editor.commands.focus();
  };
  const applyLink = (typed: string) => {
    const href = linkAddress(typed);
    if (href === '') chain().extendMarkRange('link').unsetLink().run();
    // Nothing selected and no link here: the address itself becomes the linked text.
    else if (editor.state.selection.empty && !editor.isActive('link')) chain().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain().extendMarkRange('link').setLink({ href }).run();
    setAsking(null);
  };
  const applyEmbed = (typed: string) => {
    const url = linkAddress(typed);
    setAsking(null);
    if (url) insertBlock(editor, { type: 'embed', attrs: { url } });
  };
  // Ctrl/Cmd+K asks for a link address, as in the block editor.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k' && editor.isFocused) {
        event.preventDefault();
        adoptPageSelection(editor);
        setAsking('link');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor]);
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
      {button('Link', active.link, () => setAsking('link'), 'Ctrl+K')}
      {button('Image', false, onInsertImage)}
      {button('Embed', false, () => setAsking('embed'))}
      {button('Separator', false, () => insertBlock(editor, { type: 'horizontalRule' }))}
      {button('Undo', false, () => chain().undo().run(), 'Ctrl+Z')}
      {button('Redo', false, () => chain().redo().run(), 'Ctrl+Shift+Z')}
    </div>
    {asking === 'link' && (
      <UrlField label="Link address" applyLabel="Apply link" initial={String(editor.getAttributes('link').href ?? '')}
        onRemove={active.link ? () => applyLink('') : undefined} onApply={applyLink} onCancel={close} />
    )}
    {asking === 'embed' && <UrlField label="Address of the video, audio or post to embed" applyLabel="Embed" onApply={applyEmbed} onCancel={close} />}
    </>
  );
}
