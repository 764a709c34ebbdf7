// Formatting commands of the writing area, as an icon toolbar: each button pressed while its
// format applies, named for screen readers, with a tooltip giving its name and shortcut.
import { useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { insertBlock } from './safe-blocks.ts';
import { linkAddress } from './link-address.ts';
import { applyLinkAddress } from './link-commands.ts';
import { FormatButton } from './FormatButton.tsx';
import { UrlField } from './UrlField.tsx';
import { TableControls, insertTable } from './TableControls.tsx';
import { MediaControls } from './MediaControls.tsx';
import type { MediaKind } from '../blocks/block-definition.ts';
import { EMBED_NODE, newEmbed } from '../blocks/embed-block.ts';
import { SEPARATOR_NODE } from '../blocks/separator-block.ts';
import { CODE_NODE } from '../blocks/code-block.ts';
import { QUOTE_NODE } from '../blocks/quote-block.ts';
import { HEADING_NODE } from '../blocks/heading-block.ts';
import { BULLET_LIST_NODE, ORDERED_LIST_NODE } from '../blocks/list-block.ts';
import { ButtonControls } from './ButtonControls.tsx';
import { BlockToolbar } from './BlockToolbar.tsx';
import { AtSelection } from './AtSelection.tsx';
import { keys } from './shortcut-keys.ts';
import { focusText, chainInText } from './focus-text.ts';
import { MoreFormats } from './MoreFormats.tsx';
import { ListView, type SettingsPanel } from './ListView.tsx';


interface Props {
  editor: Editor;
  onInsertImage(): void;
  /** Opens the media library to replace the media of the block the caret is in. */
  onReplaceMedia(kinds: readonly MediaKind[]): void;
  /** The Settings panel, which the document overview closes on a narrow window. */
  settings: SettingsPanel;
}

export function FormatToolbar({ editor, onInsertImage, onReplaceMedia, settings }: Props) {
  const [asking, setAsking] = useState<'link' | typeof EMBED_NODE | null>(null);
  // Only the active states are watched, so typing does not re-render the toolbar.
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      // The caret's heading level, or 0 in a paragraph.
      level: current.isActive(HEADING_NODE) ? Number(current.getAttributes(HEADING_NODE).level ?? 0) : 0,
      bulletList: current.isActive(BULLET_LIST_NODE),
      orderedList: current.isActive(ORDERED_LIST_NODE),
      blockquote: current.isActive(QUOTE_NODE),
      codeBlock: current.isActive(CODE_NODE),
      link: current.isActive('link'),
      classic: current.isActive('classicBlock'),
      // The address of the link the caret stands in, for the link bar.
      linkHref: current.state.selection.empty && current.isActive('link') ? String(current.getAttributes('link').href ?? '') : null,
    }),
  });
  const chain = () => chainInText(editor);
  const button = (icon: string, label: string, active: boolean | null, run: () => void, shortcut?: string) => (
    <FormatButton icon={icon} label={label} active={active} run={run} shortcut={shortcut} />
  );
  const close = () => {
    setAsking(null);
    focusText(editor);
  };
  const applyLink = (typed: string) => {
    applyLinkAddress(editor, typed);
    setAsking(null);
  };
  const applyEmbed = (typed: string) => {
    const url = linkAddress(typed);
    setAsking(null);
    if (url) insertBlock(editor, newEmbed(url));
  };
  // Ctrl/Cmd+K asks for a link address, as in the block editor.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k' && editor.isFocused) {
        event.preventDefault();
        setAsking('link');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor]);
  return (
    <>
    {/* The formatting toolbar and the block's own stay in view together (styles.css). */}
    <div className="editor-toolbars">
    <div className="toolbar format-toolbar" role="toolbar" aria-label="Formatting">
      {button('bold', 'Bold', active.bold, () => chain().toggleBold().run(), 'Ctrl+B')}
      {button('italic', 'Italic', active.italic, () => chain().toggleItalic().run(), 'Ctrl+I')}
      <select className="text-style" aria-label="Text style" title={`Text style (${keys('Ctrl+Alt+0')} paragraph, ${keys('Ctrl+Alt+1')}–6 headings)`} value={active.level}
        onChange={(event) => (Number(event.target.value) === 0 ? chain().setParagraph().run() : chain().setHeading({ level: Number(event.target.value) as 1 | 2 | 3 | 4 | 5 | 6 }).run())}>
        <option value={0}>Paragraph</option>
        {[1, 2, 3, 4, 5, 6].map((level) => <option key={level} value={level}>Heading {level}</option>)}
      </select>
      {button(BULLET_LIST_NODE, 'Bulleted list', active.bulletList, () => chain().toggleBulletList().run(), 'Ctrl+Shift+8')}
      {button(ORDERED_LIST_NODE, 'Numbered list', active.orderedList, () => chain().toggleOrderedList().run(), 'Ctrl+Shift+7')}
      {button('quote', 'Quote', active.blockquote, () => chain().toggleBlockquote().run(), 'Ctrl+Shift+B')}
      {button('code', 'Code', active.codeBlock, () => chain().toggleCodeBlock().run(), 'Ctrl+Alt+C')}
      {button('link', 'Link', active.link, () => setAsking('link'), 'Ctrl+K')}
      <MoreFormats editor={editor} />
      <span className="toolbar-gap" aria-hidden="true" />
      {button('image', 'Image', null, onInsertImage)}
      {button(EMBED_NODE, 'Embed', null, () => setAsking(EMBED_NODE))}
      {button('separator', 'Separator', null, () => insertBlock(editor, { type: SEPARATOR_NODE }))}
      {button('table', 'Table', null, () => insertTable(editor))}
      {button('footnote', 'Footnote', null, () => chain().insertFootnote().run())}
      <span className="toolbar-gap" aria-hidden="true" />
      {button('undo', 'Undo', null, () => chain().undo().run(), 'Ctrl+Z')}
      {button('redo', 'Redo', null, () => chain().redo().run(), 'Ctrl+Shift+Z')}
      <ListView editor={editor} settings={settings} />
    </div>
    <BlockToolbar editor={editor} />
    </div>
    {asking === 'link' && (
      <AtSelection editor={editor}>
        <UrlField label="Link address" applyLabel="Apply link" initial={String(editor.getAttributes('link').href ?? '')} suggest
          onRemove={active.link ? () => applyLink('') : undefined} onApply={applyLink} onCancel={close} />
      </AtSelection>
    )}
    {/* The link's, table's, button's and media's controls float at the foot of the window (styles.css), so the text does not move when the caret goes in or out of one (a click would land elsewhere). */}
    <div className="block-controls">
      {asking === null && active.linkHref !== null && (
        // Clicking into a link shows where it goes, with Edit and Remove, as the block editor's link popover does.
        <div className="toolbar link-bar" role="group" aria-label={`Link to ${active.linkHref}`}>
          <span className="muted">Link to</span> <span className="link-bar-address">{active.linkHref}</span>
          <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => setAsking('link')}>Edit</button>
          <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => applyLink('')}>Remove</button>
        </div>
      )}
      {asking === null && active.classic && (
        // Classic content stays as written until edited; the writer converts it when they choose, as in the block editor.
        <div className="toolbar classic-bar" role="group" aria-label="Classic content">
          <span className="muted">Classic content: saved as it was written, except what you change in it.</span>
          <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => chain().convertClassicToBlocks().run()}>Convert to blocks</button>
        </div>
      )}
      <TableControls editor={editor} />
      <ButtonControls editor={editor} />
      <MediaControls editor={editor} onReplace={onReplaceMedia} />
    </div>
    {asking === EMBED_NODE && <UrlField label="Address of the video, audio or post to embed" applyLabel="Embed" onApply={applyEmbed} onCancel={close} />}
    </>
  );
}
