// Convert to blocks in the editor against the block editor's raw handler, and a word typed in a
// classic post (or in what Convert made of it): the steps the classic content's tests share.
import { expect } from 'vitest';
import { TextSelection } from '@tiptap/pm/state';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { blockEditor, quietly } from './block-editor.ts';
import type { EditorOpener } from './editors-for-file.ts';

/** The line the classic posts converted start with (the raw handler is given it as its paragraph). */
export const LEAD = 'Lead words.';

/** The classic post `LEAD` then `html`, converted in an editor of `openEditor`'s, and what the raw handler makes of the same HTML. */
export function convertedAgainstRawHandler(openEditor: EditorOpener, html: string): { ours: string; theirs: string } {
  const editor = openEditor(`${LEAD}\n\n${html}`);
  editor.commands.setTextSelection(3);
  expect(editor.commands.convertClassicToBlocks()).toBe(true);
  const ours = docToMarkup(editor.state.doc);
  openEditor.done(editor);
  const wp = blockEditor();
  return { ours, theirs: quietly(() => wp.serialize(wp.rawHandler({ HTML: `<p>${LEAD}</p>\n${html}` }))) };
}

/** `markup` with `typed ` typed into `words` after its first word, saved; `convert`: then converted to blocks (the caret in the classic content's first line). */
export function typedInto(openEditor: EditorOpener, markup: string, words: string, convert = false): string {
  const editor = openEditor(markup);
  let at = -1;
  editor.state.doc.descendants((node, pos) => {
    if (at < 0 && node.isText && node.text?.includes(words)) at = pos + node.text.indexOf(words) + words.indexOf(' ') + 1;
    return at < 0;
  });
  expect(at).toBeGreaterThan(0);
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, at)).insertText('typed '));
  if (convert) expect(editor.chain().setTextSelection(3).convertClassicToBlocks().run()).toBe(true);
  const saved = docToMarkup(editor.state.doc);
  openEditor.done(editor);
  return saved;
}
