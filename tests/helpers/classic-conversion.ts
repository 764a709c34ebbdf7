// Convert to blocks in the editor against the block editor's raw handler, and a word typed in a
// classic post (or in what Convert made of it): the steps the classic content's tests share.
import { expect } from 'vitest';
import { TextSelection } from '@tiptap/pm/state';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { blockEditor, quietly } from './block-editor.ts';
import type { EditorOpener } from './editors-for-file.ts';

/** The line the classic posts converted start with (the raw handler is given it as its paragraph). */
export const LEAD = 'Lead words.';

/** How a classic post holds `html` after its first line, and the HTML the raw handler is given for the same post (its lines as paragraphs). */
export type Spelling = (html: string) => { post: string; raw: string };

/** `html` set apart from `LEAD` by a blank line. */
const SET_APART: Spelling = (html) => ({ post: `${LEAD}\n\n${html}`, raw: `<p>${LEAD}</p>\n${html}` });

/** The classic post `LEAD` then `html` (spelt as `spelling` says), converted in an editor of `openEditor`'s, and what the raw handler makes of the same HTML. */
export function convertedAgainstRawHandler(openEditor: EditorOpener, html: string, spelling: Spelling = SET_APART): { ours: string; theirs: string } {
  const { post, raw } = spelling(html);
  const editor = openEditor(post);
  editor.commands.setTextSelection(3);
  expect(editor.commands.convertClassicToBlocks()).toBe(true);
  const ours = docToMarkup(editor.state.doc);
  openEditor.done(editor);
  const wp = blockEditor();
  return { ours, theirs: quietly(() => wp.serialize(wp.rawHandler({ HTML: raw }))) };
}

/** `markup` with `typed ` typed into `words` after its first word, saved. */
export const typedInto = (openEditor: EditorOpener, markup: string, words: string): string => savedThenTyped(openEditor, markup, words).typed;

/**
 * `markup` saved untouched, then as `typedInto` saves it, and with `convert`, what Convert to blocks
 * then makes of it (the caret in the classic content's first line): one editor opened for all three,
 * as a writer who types and then converts has one.
 */
export function savedThenTyped(openEditor: EditorOpener, markup: string, words: string, convert?: false): { untouched: string; typed: string };
export function savedThenTyped(openEditor: EditorOpener, markup: string, words: string, convert: true): { untouched: string; typed: string; converted: string };
export function savedThenTyped(openEditor: EditorOpener, markup: string, words: string, convert = false): { untouched: string; typed: string; converted?: string } {
  const editor = openEditor(markup);
  const untouched = docToMarkup(editor.state.doc);
  let at = -1;
  editor.state.doc.descendants((node, pos) => {
    if (at < 0 && node.isText && node.text?.includes(words)) at = pos + node.text.indexOf(words) + words.indexOf(' ') + 1;
    return at < 0;
  });
  expect(at).toBeGreaterThan(0);
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, at)).insertText('typed '));
  const typed = docToMarkup(editor.state.doc);
  let converted: string | undefined;
  if (convert) {
    expect(editor.chain().setTextSelection(3).convertClassicToBlocks().run()).toBe(true);
    converted = docToMarkup(editor.state.doc);
  }
  openEditor.done(editor);
  return { untouched, typed, converted };
}
