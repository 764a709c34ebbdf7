// The block toolbar's Options menu (BlockOptions.tsx) and its keys, as in the block editor:
// Duplicate (Ctrl+Shift+D) puts a copy of the writer's block after it, which is saved as the
// original is (its source goes with it), and selects the copy; Delete (Shift+Alt+Z) removes the
// block, whatever it is, and names it for the editor's "Removed … Undo" notice. The block is the
// innermost one among blocks (insert-beside.ts): a paragraph in a column, a whole list, a gallery.
import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { closeHistory } from '@tiptap/pm/history';
import { NodeSelection, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { blockBeside } from './insert-beside.ts';
import { REMOVED_NAMES, blockName } from './safe-blocks.ts';

const TEXT_BLOCK_NAMES: Readonly<Record<string, string>> = {
  paragraph: 'a paragraph', heading: 'a heading', bulletList: 'a list', orderedList: 'a list', blockquote: 'a quote', codeBlock: 'a code block', preformatted: 'a preformatted block',
};

/** The block as the writer knows it, for the notice. */
const describe = (node: PmNode) => blockName(node) ?? TEXT_BLOCK_NAMES[node.type.name] ?? `a ${node.type.name} block`;

/** The selection on a block at `position`: the caret at the start of its text, or the block itself when it goes only whole (a block holding blocks, a table, an image …). */
export function selectBlock(tr: Transaction, position: number): Transaction {
  const node = tr.doc.nodeAt(position);
  if (!node) return tr;
  const inside = blockName(node) !== null ? null : TextSelection.findFrom(tr.doc.resolve(position + 1), 1, true);
  const within = inside && inside.from < position + node.nodeSize;
  return tr.setSelection(within ? inside : NodeSelection.create(tr.doc, position)).scrollIntoView();
}

/** A copy of the writer's block after it, selected; null when the selection is in no block. */
export function duplicateBlock(state: EditorState): Transaction | null {
  const edges = blockBeside(state);
  const node = edges && state.doc.nodeAt(edges.before);
  if (!edges || !node) return null;
  // Each is a step of its own for Undo, however soon after another edit.
  return selectBlock(closeHistory(state.tr.insert(edges.after, node.copy(node.content))), edges.after);
}

/** The writer's block removed, named for the notice; null when the selection is in no block. */
export function deleteBlock(state: EditorState): Transaction | null {
  const edges = blockBeside(state);
  const node = edges && state.doc.nodeAt(edges.before);
  if (!edges || !node) return null;
  const $before = state.doc.resolve(edges.before);
  // The only block of a column, a group … leaves an empty line there (a block holding blocks holds one at least), and so
  // does the document's last (it always ends in one), in the same step, so Undo puts the block back exactly where it was.
  const emptyLine = $before.parent.childCount === 1 || ($before.depth === 0 && $before.index() === $before.parent.childCount - 1);
  const tr = emptyLine ? state.tr.replaceWith(edges.before, edges.after, state.schema.nodes.paragraph.create()) : state.tr.delete(edges.before, edges.after);
  closeHistory(tr).setMeta(REMOVED_NAMES, [describe(node)]);
  // The next block takes the spacing read before the one removed (document-layout.ts): the first block is not left with a gap before it.
  const next = tr.doc.resolve(edges.before).nodeAfter;
  if (next && $before.depth === 0 && 'gap' in next.attrs) tr.setNodeAttribute(edges.before, 'gap', node.attrs.gap ?? null);
  // The caret goes to the empty line left, else to the block before, as in the block editor (the one after when it was the first).
  const caret = emptyLine ? TextSelection.create(tr.doc, edges.before + 1) : TextSelection.near(tr.doc.resolve(edges.before), -1);
  return tr.setSelection(caret).scrollIntoView();
}

/** Makes the change in the editor when it applies; whether it did. */
export function applyChange(view: EditorView, change: (state: EditorState) => Transaction | null): boolean {
  const tr = change(view.state);
  if (tr) view.dispatch(tr);
  return tr !== null;
}

export const BlockOptionKeys = Extension.create({
  name: 'blockOptionKeys',
  addKeyboardShortcuts() {
    return {
      'Mod-Shift-d': () => applyChange(this.editor.view, duplicateBlock),
      'Shift-Alt-z': () => applyChange(this.editor.view, deleteBlock),
    };
  },
});
