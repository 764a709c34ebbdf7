// A block put first in a box of classic content as a writer puts it: Enter before the box's words,
// then the block chosen on the empty line made; one editor for the steps, opened on each document as
// a new one would be (classic-editable.test.ts, quoted-comments.test.ts).
import { afterAll, expect } from 'vitest';
import { Editor, type JSONContent } from '@tiptap/core';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { insertMarkup } from '../../renderer/editor/create-block.ts';
import { withoutBlockComments } from '../../renderer/blocks/block-comments.ts';

/**
 * A test file's block-first steps: one editor for them, made at their first use and destroyed after
 * the file (files share their worker, and this module with it, so each file hooks its own). What the
 * steps save is kept for the file, by document, block and words: the steps are the same each time
 * (the editor opened on the document as a new one), and classic-editable puts each block in each box
 * twice, for the save as written and for the save opened again (1,140 cases, 570 saves).
 */
export function blockFirstForFile(): (doc: JSONContent, blockMarkup: string, words: string) => string {
  let stepsEditor: Editor | null = null;
  const saved = new Map<string, string>();
  afterAll(() => {
    stepsEditor?.destroy();
    stepsEditor = null;
    saved.clear();
  });
  const editorOn = (doc: JSONContent): Editor => {
    stepsEditor ??= new Editor({ extensions: editorExtensions });
    const { view, extensionManager } = stepsEditor;
    view.updateState(EditorState.create({ doc: stepsEditor.schema.nodeFromJSON(doc), plugins: extensionManager.plugins }));
    return stepsEditor;
  };
  /** The document saved with the block of `blockMarkup` put first in the box holding `words`. */
  const blockFirst = (doc: JSONContent, blockMarkup: string, words: string): string => {
    const editor = editorOn(doc);
    let at = -1;
    editor.state.doc.descendants((node, position) => {
      if (at < 0 && node.text?.startsWith(words)) at = position;
      return at < 0;
    });
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, at)));
    editor.view.someProp('handleKeyDown', (handle) => handle(editor.view, new KeyboardEvent('keydown', { key: 'Enter' })));
    // (The empty line stands where its words began.)
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, at)));
    insertMarkup(editor, blockMarkup);
    return docToMarkup(editor.state.doc);
  };
  return (doc, blockMarkup, words) => {
    const key = JSON.stringify([doc, blockMarkup, words]);
    let written = saved.get(key);
    if (written === undefined) saved.set(key, (written = blockFirst(doc, blockMarkup, words)));
    return written;
  };
}

/** What a box's line or item around a block put in it is written with: its tags and spacing. */
const LINE_TAGS = /^(?:\s|<\/?(?:p|li)>)*$/;

/** Only the block of `blockMarkup` went into `markup` as `written` has it (in its line or item, as classic HTML): the rest keeps its bytes. */
export function expectOnlyTheBlockIn(markup: string, written: string, blockMarkup: string): void {
  const blockHtml = withoutBlockComments(blockMarkup);
  // (A paragraph put in a line is that line.)
  if (!LINE_TAGS.test(blockHtml)) expect(written).toContain(blockHtml);
  const { removed, inserted } = changedPart(markup, written.replace(blockHtml, ''));
  expect({ removed, inserted }).toEqual({ removed: '', inserted: expect.stringMatching(LINE_TAGS) });
}

/** What changed from `before` to `after`: the part of each between their common start and end, on whole tags. */
export function changedPart(before: string, after: string): { removed: string; inserted: string } {
  let prefix = 0;
  while (prefix < Math.min(before.length, after.length) && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < Math.min(before.length, after.length) - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  // (A tag the change starts or ends in is changed whole.)
  if (before.lastIndexOf('<', prefix - 1) > before.lastIndexOf('>', prefix - 1)) prefix = before.lastIndexOf('<', prefix - 1);
  const end = before.length - suffix;
  const closing = before.indexOf('>', end);
  if (closing !== -1 && (before.indexOf('<', end) === -1 || closing < before.indexOf('<', end))) suffix = before.length - closing - 1;
  return { removed: before.slice(prefix, before.length - suffix), inserted: after.slice(prefix, after.length - suffix) };
}
