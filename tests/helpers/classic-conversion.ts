// Convert to blocks in the editor against the block editor's raw handler, and a word typed in a
// classic post (or in what Convert made of it): the steps the classic content's tests share.
import { expect } from 'vitest';
import { autop } from '@wordpress/autop';
import { TextSelection } from '@tiptap/pm/state';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { blockEditor, quietly } from './block-editor.ts';
import type { EditorOpener } from './editors-for-file.ts';

/** The line the classic posts converted start with (the raw handler is given it as its paragraph). */
export const LEAD = 'Lead words.';

/**
 * How a post holds `html` (a classic post: after its first line), the HTML the raw handler is given
 * for the same classic content (its lines as paragraphs), and the block markup the post holds after
 * that content, which Convert leaves as it is (none for a classic post). The caret is put in the
 * post's third position: in its first line, or in `html` put first.
 */
export type Spelling = (html: string) => { post: string; raw: string; after?: string };

/** The line the classic posts converted end with, after the HTML converted. */
export const TAIL = 'Tail words.';

/** How a post holds HTML between `LEAD` and `TAIL` (the raw handler is given those lines as paragraphs, the HTML as written). */
export const SPELLINGS: Readonly<Record<string, Spelling>> = Object.fromEntries(
  Object.entries({ 'set apart by blank lines': '\n\n', 'on lines of its own': '\n', 'run in with the words': '' }).map(([name, separator]): [string, Spelling] => [
    name,
    (html) => ({ post: `${LEAD}${separator}${html}${separator}${TAIL}`, raw: `<p>${LEAD}</p>\n${html}\n<p>${TAIL}</p>` }),
  ]),
);

/**
 * A classic post as the block editor hands it to the raw handler: its parser forms the paragraphs of
 * classic content first (autop: a quote's loose words in a paragraph, a newline a line break and that newline).
 */
export const AS_PARSED: Spelling = (html) => ({ post: `${LEAD}\n\n${html}`, raw: autop(`${LEAD}\n\n${html}`) });

/** `html` set apart from `LEAD` by a blank line. */
const SET_APART: Spelling = (html) => ({ post: `${LEAD}\n\n${html}`, raw: `<p>${LEAD}</p>\n${html}` });

/** The post holding `html` as `spelling` spells it (set apart from `LEAD` by a blank line where none is given). */
export const postOf = (html: string, spelling: Spelling = SET_APART): string => spelling(html).post;

/** The classic post `LEAD` then `html` (spelt as `spelling` says), converted in an editor of `openEditor`'s, and what the raw handler makes of the same HTML. */
export function convertedAgainstRawHandler(openEditor: EditorOpener, html: string, spelling: Spelling = SET_APART): { ours: string; theirs: string } {
  const { post, raw, after } = spelling(html);
  const editor = openEditor(post);
  editor.commands.setTextSelection(3);
  expect(editor.commands.convertClassicToBlocks()).toBe(true);
  const ours = docToMarkup(editor.state.doc);
  openEditor.done(editor);
  return { ours, theirs: rawHandled(raw, after) };
}

/** The blocks the raw handler makes of `raw`, then the block markup `after` (if any), as a post's markup. */
function rawHandled(raw: string, after?: string): string {
  const wp = blockEditor();
  return [quietly(() => wp.serialize(wp.rawHandler({ HTML: raw }))), ...(after === undefined ? [] : [after])].join('\n\n');
}

/** As convertedAgainstRawHandler, `typed ` typed into `words` first (`typedInto`), against the raw handler given the HTML with that word. */
export function typedConvertedAgainstRawHandler(openEditor: EditorOpener, html: string, words: string, spelling: Spelling = SET_APART): { ours: string; theirs: string } {
  const { post } = spelling(html);
  const { raw, after } = spelling(html.replace(words, words.replace(' ', ' typed ')));
  return { ours: savedThenTyped(openEditor, post, words, true).converted, theirs: rawHandled(raw, after) };
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

/** The paragraph block a paste among blocks goes after. */
export const BLOCK_BEFORE = '<!-- wp:paragraph -->\n<p>Block words.</p>\n<!-- /wp:paragraph -->';

/**
 * The Classic block of `post` (a classic post, or one after a paragraph block) copied through the clipboard's HTML as
 * the editor writes it (whole, or from its node `from` on) and pasted among blocks, after the words of the paragraph
 * before it (put before it in a classic post), the Classic block then taken out; and what Convert to blocks makes of
 * it in the same place (the blocks made of the nodes before `from` taken out: one block each). Both saved.
 */
export function pastedAndConverted(openEditor: EditorOpener, post: string, from = 0): { pasted: string; converted: string } {
  const opened = () => {
    const editor = openEditor(post);
    if (editor.state.doc.child(0).type.name === 'classicBlock') editor.view.dispatch(editor.state.tr.insert(0, editor.schema.nodeFromJSON(openEditor.read(BLOCK_BEFORE).content?.[0] ?? {})));
    const classic = editor.state.doc.child(1);
    expect(classic.type.name).toBe('classicBlock');
    const start = editor.state.doc.child(0).nodeSize + 1;
    let skipped = 0;
    for (let index = 0; index < from; index++) skipped += classic.child(index).nodeSize;
    return { editor, classic, start, skipped };
  };
  const { editor, classic, start, skipped } = opened();
  const { dom } = editor.view.serializeForClipboard(editor.state.doc.slice(start + skipped, start + classic.content.size));
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, start - 2)));
  // (jsdom has no ClipboardEvent: the paste's HTML is all it reads.)
  editor.view.pasteHTML(dom.innerHTML, new Event('paste') as ClipboardEvent);
  let classicAt = 0;
  editor.state.doc.forEach((node, at) => {
    if (node === classic) classicAt = at;
  });
  editor.view.dispatch(editor.state.tr.delete(classicAt, classicAt + classic.nodeSize));
  const pasted = docToMarkup(editor.state.doc);
  openEditor.done(editor);
  const converting = opened();
  const { doc } = converting.editor.state;
  // (At the Classic block's start: its first node may hold no text.)
  converting.editor.view.dispatch(converting.editor.state.tr.setSelection(TextSelection.create(doc, converting.start)));
  expect(converting.editor.commands.convertClassicToBlocks()).toBe(true);
  const made = converting.editor.state.doc;
  let madeSkipped = 0;
  for (let index = 1; index <= from; index++) madeSkipped += made.child(index).nodeSize;
  converting.editor.view.dispatch(converting.editor.state.tr.delete(made.child(0).nodeSize, made.child(0).nodeSize + madeSkipped));
  const converted = docToMarkup(converting.editor.state.doc);
  openEditor.done(converting.editor);
  return { pasted, converted };
}

/** `markup` saved untouched, and with a word typed in `words`: its bytes kept, but for the word typed. */
export function keepsBytes(openEditor: EditorOpener, markup: string, words: string, saved: { untouched: string; typed: string } = savedThenTyped(openEditor, markup, words)): void {
  expect({ untouched: saved.untouched, typed: saved.typed }).toEqual({ untouched: markup, typed: markup.replace(words, words.replace(' ', ' typed ')) });
}
