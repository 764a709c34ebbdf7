// Insert before / Insert after, as in the block editor's block toolbar and its keys (Ctrl+Alt+T,
// Ctrl+Alt+Y): an empty line opens before or after the block the writer is in, among its
// neighbours (a paragraph in a column stays in the column; in a block that holds one kind only,
// an image of a gallery, a column, a button, the line opens beside that block), with the caret in it, so the inserter's "+" and "/" are at
// hand from the keyboard. The in-between "+" (BetweenInserter.tsx) opens its line the same way.
import { Extension } from '@tiptap/core';
import type { Node as PmNode, ResolvedPos } from '@tiptap/pm/model';
import { NodeSelection, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { holdsOneKind } from '../blocks/block-nesting.ts';

export type Side = 'before' | 'after';

/** Parents whose children are blocks a line can open among: the document and blocks holding any blocks (not those holding one kind only, as the block editor allows them). */
export const holdsBlocks = (parent: PmNode) => parent.type.name === 'doc' || (parent.type.name === 'blockContainer' && !holdsOneKind(parent));

/** An empty line opened at `position` (between two blocks), with the caret in it. */
export function openLineAt(state: EditorState, position: number): Transaction {
  const tr = state.tr.insert(position, state.schema.nodes.paragraph.create());
  return tr.setSelection(TextSelection.create(tr.doc, position + 1)).scrollIntoView();
}

/** The edges of the innermost block around `$at` that stands among blocks a line can open beside. */
export function blockEdges($at: ResolvedPos, selected: PmNode | null): { before: number; after: number } | null {
  if (selected && holdsBlocks($at.parent) && selected.type.isInGroup('block')) return { before: $at.pos, after: $at.pos + selected.nodeSize };
  for (let depth = $at.depth; depth > 0; depth -= 1) {
    if (holdsBlocks($at.node(depth - 1)) && $at.node(depth).type.isInGroup('block')) return { before: $at.before(depth), after: $at.after(depth) };
  }
  return null;
}

/** The edges of the writer's block a line can open beside, or null when the selection is in none. */
export function blockBeside(state: EditorState): { before: number; after: number } | null {
  const { selection } = state;
  return blockEdges(selection.$from, selection instanceof NodeSelection ? selection.node : null);
}

/** The change that opens an empty line before or after the writer's block, or null when the selection is in none. */
export function lineBeside(state: EditorState, side: Side): Transaction | null {
  const edges = blockBeside(state);
  return edges ? openLineAt(state, edges[side]) : null;
}

const insertLine = (state: EditorState, dispatch: (tr: Transaction) => void, side: Side): boolean => {
  const tr = lineBeside(state, side);
  if (tr) dispatch(tr);
  return tr !== null;
};

export const InsertBeside = Extension.create({
  name: 'insertBeside',
  addKeyboardShortcuts() {
    return {
      'Mod-Alt-t': () => insertLine(this.editor.state, this.editor.view.dispatch, 'before'),
      'Mod-Alt-y': () => insertLine(this.editor.state, this.editor.view.dispatch, 'after'),
    };
  },
});
