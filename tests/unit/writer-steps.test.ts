// @vitest-environment jsdom
// A writer's steps on every block the inserter makes (issue 29): inserted on an empty line, typed
// in (each of its texts), then undone step by step back to the start, which is the document as it
// was byte for byte; redone, the edited one again, strictly valid. Moved up and down among other
// blocks (the keys' move), the others stay byte for byte and one Undo puts it back.
import { describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { BLOCK_SEPARATOR } from '../../renderer/blocks/document-layout.ts';
import { moveBlock } from '../../renderer/blocks/move-block.ts';
import { insertMarkup } from '../../renderer/editor/create-block.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { INSERTER_BLOCKS } from '../helpers/inserter-blocks.ts';

const openEditor = editorsForFile();
const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
const START = paragraph('Start.');

/** The positions of the texts of the block starting at `from` (each text block's end), last first so typing in one leaves the others where they are. */
function textEnds(editor: Editor, from: number, to: number): number[] {
  const ends: number[] = [];
  editor.state.doc.nodesBetween(from, to, (node, position) => {
    if (node.isTextblock) ends.push(position + 1 + node.content.size);
  });
  return ends.reverse();
}

const undoAll = (editor: Editor) => {
  while (editor.can().undo()) editor.commands.undo();
};
const redoAll = (editor: Editor) => {
  while (editor.can().redo()) editor.commands.redo();
};

describe.each(INSERTER_BLOCKS)('%s', (_name, markup) => {
  it('inserted and typed in, undone to the document as it was, redone to the edited one, strictly valid', () => {
    const editor = openEditor(`${START}${BLOCK_SEPARATOR}${paragraph('')}`);
    const original = docToMarkup(editor.state.doc);
    const empty = editor.state.doc.lastChild!;
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, editor.state.doc.content.size - empty.nodeSize + 1)));
    const from = editor.state.selection.from - 1;
    const sizeBefore = editor.state.doc.content.size;
    insertMarkup(editor, markup);
    const to = from + empty.nodeSize + editor.state.doc.content.size - sizeBefore;
    const ends = textEnds(editor, from, to);
    const typedIn = ends.length;
    for (const end of ends) {
      editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, end)));
      editor.commands.insertContent('typed');
    }
    const edited = docToMarkup(editor.state.doc);
    expect(strictlyInvalid(edited)).toEqual([]);
    // Each text typed in at least (a tab's label is its panel's label too).
    expect(edited.match(/typed/g)?.length ?? 0).toBeGreaterThanOrEqual(typedIn);
    undoAll(editor);
    expect(docToMarkup(editor.state.doc)).toBe(original);
    redoAll(editor);
    expect(docToMarkup(editor.state.doc)).toBe(edited);
    // Saved and opened again: what was saved is what is shown, and saved again the same.
    const reopened = openEditor(edited);
    expect(docToMarkup(reopened.state.doc)).toBe(edited);
  });

  it('moved up and down among paragraphs: they stay byte for byte; Undo puts it back', () => {
    const [before, after] = [paragraph('Before'), paragraph('After')];
    const editor = openEditor([before, markup, after].join(BLOCK_SEPARATOR));
    const at = editor.state.doc.firstChild!.nodeSize;
    editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, at)));
    expect(moveBlock(editor.state, editor.view.dispatch, -1)).toBe(true);
    expect(docToMarkup(editor.state.doc)).toBe([markup, before, after].join(BLOCK_SEPARATOR));
    expect(moveBlock(editor.state, editor.view.dispatch, 1)).toBe(true);
    expect(moveBlock(editor.state, editor.view.dispatch, 1)).toBe(true);
    expect(docToMarkup(editor.state.doc)).toBe([before, after, markup].join(BLOCK_SEPARATOR));
    undoAll(editor);
    expect(docToMarkup(editor.state.doc)).toBe([before, markup, after].join(BLOCK_SEPARATOR));
  });
});
