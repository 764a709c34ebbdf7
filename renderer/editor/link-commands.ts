// A link address the writer typed, applied to the selection of a piece of rich text (the writing
// area's or a caption's), as the block editor's link control applies it.
import type { Command, Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { linkAddress } from './link-address.ts';
import { chainInText } from './focus-text.ts';

/**
 * As in the block editor, a link once applied leaves the caret after it, with nothing
 * selected and the link not carried on: the next key types after the link, never over it.
 */
const caretAfterLink: Command = ({ tr }) => {
  tr.setSelection(TextSelection.create(tr.doc, tr.selection.to)).removeStoredMark(tr.doc.type.schema.marks.link);
  return true;
};

/** Links the selection to the address typed ("example.org" gets https://); an empty address removes the link. */
export function applyLinkAddress(editor: Editor, typed: string): void {
  const href = linkAddress(typed);
  const chain = () => chainInText(editor);
  if (href === '') chain().extendMarkRange('link').unsetLink().run();
  // Nothing selected and no link here: the address itself becomes the linked text.
  else if (editor.state.selection.empty && !editor.isActive('link')) chain().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).command(caretAfterLink).run();
  else chain().extendMarkRange('link').setLink({ href }).command(caretAfterLink).run();
}
