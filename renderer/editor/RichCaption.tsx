// A caption as rich text in place, as the block editor's image caption: typed under the image,
// with bold, italic, a link and the More formats (from its own small toolbar, shown while the
// caption has the keyboard, and their keys: Ctrl+B, Ctrl+I, Ctrl+K …). Enter at its end goes on
// after the block (`onEnterAtEnd`); elsewhere, and with Shift, it breaks the line. The caption
// stays the HTML it was read as until the writer changes it, then it is written as the block
// editor writes rich text; what the writing area holds as read (an element of no format, its
// attributes, a footnote mark) it holds too (caption-text.ts). A caption holding what this editor
// would lose (an image among its words) is shown, kept as written.
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { CAPTION_EXTENSIONS, captionDocument, captionHtml } from '../blocks/caption-text.ts';
import { htmlText } from '../blocks/kept-attributes.ts';
import { FormatButton } from './FormatButton.tsx';
import { MoreFormats } from './MoreFormats.tsx';
import { UrlField } from './UrlField.tsx';
import { applyLinkAddress } from './link-commands.ts';
import { focusText, chainInText } from './focus-text.ts';

interface Props {
  /** The caption's HTML (inside its figcaption). */
  html: string;
  /** Shown (with a placeholder) while empty; an empty caption of a block not selected is not. */
  offered: boolean;
  onChange(html: string): void;
  /** Enter at the caption's end: the writer goes on after the block. */
  onEnterAtEnd(): void;
  /** The caption took the keyboard (its block becomes the selected one). */
  onFocus(): void;
}

export function RichCaption({ html, offered, onChange, onEnterAtEnd, onFocus }: Props) {
  const held = captionDocument(html) === null;
  if (held) return html ? <p className="post-image-caption" title="This caption holds formatting the editor cannot change; it is kept as written.">{htmlText(html)}</p> : null;
  return <CaptionText html={html} offered={offered} onChange={onChange} onEnterAtEnd={onEnterAtEnd} onFocus={onFocus} />;
}

function CaptionText({ html, offered, onChange, onEnterAtEnd, onFocus }: Props) {
  const [asking, setAsking] = useState(false);
  const [focused, setFocused] = useState(false);
  // The editor is made once: its handlers reach the current props through this.
  const props = useRef({ onChange, onEnterAtEnd, onFocus, ask: () => setAsking(true) });
  props.current = { onChange, onEnterAtEnd, onFocus, ask: () => setAsking(true) };
  const editor = useEditor({
    extensions: CAPTION_EXTENSIONS,
    content: captionDocument(html),
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { class: 'caption-text', role: 'textbox', 'aria-label': 'Caption', 'aria-multiline': 'false' },
      handleKeyDown: (view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
          takeShownSelection(view);
          props.current.ask();
          return true;
        }
        if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey) return false;
        takeShownSelection(view);
        const { selection, doc } = view.state;
        if (!event.shiftKey && selection.empty && selection.to === doc.content.size - 1) props.current.onEnterAtEnd();
        else view.dispatch(view.state.tr.replaceSelectionWith(view.state.schema.nodes.hardBreak.create()).scrollIntoView());
        return true;
      },
    },
    onUpdate: ({ editor: current }) => props.current.onChange(captionHtml(current.getJSON())),
    onFocus: () => props.current.onFocus(),
  });
  // A change from elsewhere (an undo in the writing area, a replaced image) shows here.
  useEffect(() => {
    if (captionHtml(editor.getJSON()) === html) return;
    const doc = captionDocument(html);
    if (doc) editor.commands.setContent(doc, { emitUpdate: false });
  }, [editor, html]);
  const empty = useEditorState({ editor, selector: ({ editor: current }) => current.isEmpty });
  // The toolbar stays while the keyboard is anywhere in the caption, its toolbar or its link field.
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  // Back to the caption at once, so the next keys type there.
  const closeLink = () => {
    setAsking(false);
    focusText(editor);
  };
  if (!offered && empty && !focused) return null;
  return (
    <div className="post-image-caption rich-caption" data-empty={empty ? '' : undefined} onFocus={() => setFocused(true)} onBlur={leave}>
      {(focused || asking) && <CaptionFormats editor={editor} onLink={() => setAsking(true)} />}
      <EditorContent editor={editor} />
      {asking && (
        <UrlField label="Link address" applyLabel="Apply link" initial={String(editor.getAttributes('link').href ?? '')} suggest
          onRemove={editor.isActive('link') ? () => { applyLinkAddress(editor, ''); closeLink(); } : undefined}
          onApply={(typed) => { applyLinkAddress(editor, typed); closeLink(); }} onCancel={closeLink} />
      )}
    </div>
  );
}

/**
 * The selection the browser shows, taken into the editor's state before a key this caption handles
 * itself: a key pressed right after the browser moved the selection (Ctrl+Shift+← then Ctrl+K, a
 * click then Shift+Enter) can come before the editor has read it, and would act where it was before
 * (a link put at the old caret, a line break typed over the words selected a moment ago).
 */
function takeShownSelection(view: EditorView): void {
  const shown = view.dom.ownerDocument.getSelection();
  if (!shown?.anchorNode || !shown.focusNode || !view.dom.contains(shown.anchorNode) || !view.dom.contains(shown.focusNode)) return;
  const anchor = view.posAtDOM(shown.anchorNode, shown.anchorOffset);
  const head = view.posAtDOM(shown.focusNode, shown.focusOffset);
  const { selection } = view.state;
  if (selection.anchor !== anchor || selection.head !== head) view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, anchor, head)));
}

/** The caption's formats, as the block editor's toolbar offers them in a caption. */
function CaptionFormats({ editor, onLink }: { editor: Editor; onLink(): void }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({ bold: current.isActive('bold'), italic: current.isActive('italic'), link: current.isActive('link') }),
  });
  return (
    <span className="toolbar caption-formats" role="toolbar" aria-label="Caption formatting" contentEditable={false}>
      <FormatButton icon="bold" label="Bold" active={active.bold} shortcut="Ctrl+B" run={() => chainInText(editor).toggleBold().run()} />
      <FormatButton icon="italic" label="Italic" active={active.italic} shortcut="Ctrl+I" run={() => chainInText(editor).toggleItalic().run()} />
      <FormatButton icon="link" label="Link" active={active.link} shortcut="Ctrl+K" run={onLink} />
      <MoreFormats editor={editor} />
    </span>
  );
}
