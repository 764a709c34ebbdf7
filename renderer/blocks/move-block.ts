// Moving a block up or down among its neighbours from the keyboard, with the block editor's
// keys (Ctrl+Alt+Shift+T up, Ctrl+Alt+Shift+Y down): a top-level block, or a block inside a
// block holding blocks (an image in a gallery, a paragraph in a column). The caret or the
// selected block moves with it; one undo step puts it back.
import { Extension } from '@tiptap/core';
import { NodeSelection, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';

/** Parents whose children are blocks a writer moves: the document and blocks holding blocks. */
const BLOCK_PARENTS = new Set(['doc', 'blockContainer']);

/** The block the selection stands in: its depth and position, or null. */
function movableBlock(state: EditorState): { start: number; depth: number } | null {
  const { selection } = state;
  if (selection instanceof NodeSelection && BLOCK_PARENTS.has(selection.$from.parent.type.name)) return { start: selection.from, depth: selection.$from.depth + 1 };
  const { $from } = selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    if (BLOCK_PARENTS.has($from.node(depth - 1).type.name)) return { start: $from.before(depth), depth };
  }
  return null;
}

/** Swaps the selected block with its neighbour before (-1) or after (1); a summary or caption stays where it is. */
export function moveBlock(state: EditorState, dispatch: ((tr: Transaction) => void) | undefined, direction: -1 | 1): boolean {
  const found = movableBlock(state);
  if (!found) return false;
  const $start = state.doc.resolve(found.start);
  const block = $start.nodeAfter;
  const parent = $start.parent;
  const neighbour = parent.maybeChild($start.index() + direction);
  if (!block || !neighbour || neighbour.type.name === 'richPart' || neighbour.type.name === 'captionPart') return false;
  if (!dispatch) return true;
  const shift = direction * neighbour.nodeSize;
  const tr = state.tr.delete(found.start, found.start + block.nodeSize).insert(found.start + (direction < 0 ? shift : neighbour.nodeSize), block);
  const { selection } = state;
  const moved = selection instanceof NodeSelection ? NodeSelection.create(tr.doc, selection.from + shift) : TextSelection.create(tr.doc, selection.anchor + shift, selection.head + shift);
  dispatch(tr.setSelection(moved).scrollIntoView());
  return true;
}

export const MoveBlock = Extension.create({
  name: 'moveBlock',
  addKeyboardShortcuts() {
    return {
      'Mod-Alt-Shift-t': () => moveBlock(this.editor.state, this.editor.view.dispatch, -1),
      'Mod-Alt-Shift-y': () => moveBlock(this.editor.state, this.editor.view.dispatch, 1),
    };
  },
});
