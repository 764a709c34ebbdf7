// Moving a block up or down among its neighbours from the keyboard, with the block editor's
// keys (Ctrl+Alt+Shift+T up, Ctrl+Alt+Shift+Y down): a top-level block, or a block inside a
// block holding blocks (an image in a gallery, a paragraph in a column). The caret or the
// selected block moves with it; one undo step puts it back. The list view moves a block among
// its neighbours the same way (blockMovedTo), by a drag or by keys.
import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
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

/** Pieces of rich text of a block holding blocks (a summary, a caption): they stay in their place, blocks do not go past them. */
const isPart = (node: PmNode) => node.type.name === 'richPart' || node.type.name === 'captionPart';

/**
 * The block starting at `from` moved to `at` (a place between blocks of the same parent), as one
 * change, with where it then starts; null when it would not move or `at` is another parent's.
 */
export function blockMovedTo(state: EditorState, from: number, at: number): { tr: Transaction; start: number } | null {
  const $from = state.doc.resolve(from);
  const block = $from.nodeAfter;
  const $at = state.doc.resolve(at);
  if (!block || !BLOCK_PARENTS.has($from.parent.type.name) || $at.depth !== $from.depth || $at.start() !== $from.start() || (at >= from && at <= from + block.nodeSize)) return null;
  const tr = state.tr.delete(from, from + block.nodeSize);
  const start = tr.mapping.map(at);
  tr.insert(start, block);
  return { tr: $from.depth === 0 ? withSpacingByPlace(tr, state.doc) : tr, start };
}

/**
 * The document's blocks keep the spacing read before each place (document-layout.ts), not the
 * spacing they came with: the block moved first starts the document as the first did, and no
 * two blocks run together where a `-->\n\n<!--` stood.
 */
function withSpacingByPlace(tr: Transaction, before: PmNode): Transaction {
  const gaps: unknown[] = [];
  before.forEach((child) => gaps.push(child.attrs.gap));
  const { doc } = tr;
  doc.forEach((child, offset, index) => {
    if ('gap' in child.attrs && child.attrs.gap !== gaps[index]) tr.setNodeAttribute(offset, 'gap', gaps[index] ?? null);
  });
  return tr;
}

/** Where the block at `start` goes to swap with its neighbour before (-1) or after (1), or null when it has none it can pass. */
export function besideNeighbour(state: EditorState, start: number, direction: -1 | 1): number | null {
  const $start = state.doc.resolve(start);
  const block = $start.nodeAfter;
  const neighbour = $start.parent.maybeChild($start.index() + direction);
  if (!block || !neighbour || isPart(neighbour)) return null;
  return direction < 0 ? start - neighbour.nodeSize : start + block.nodeSize + neighbour.nodeSize;
}

/** Swaps the selected block with its neighbour before (-1) or after (1); a summary or caption stays where it is. */
export function moveBlock(state: EditorState, dispatch: ((tr: Transaction) => void) | undefined, direction: -1 | 1): boolean {
  const found = movableBlock(state);
  const at = found && besideNeighbour(state, found.start, direction);
  const moved = found && at !== null ? blockMovedTo(state, found.start, at) : null;
  if (!found || !moved) return false;
  if (!dispatch) return true;
  const shift = moved.start - found.start;
  const { selection } = state;
  const kept = selection instanceof NodeSelection ? NodeSelection.create(moved.tr.doc, selection.from + shift) : TextSelection.create(moved.tr.doc, selection.anchor + shift, selection.head + shift);
  dispatch(moved.tr.setSelection(kept).scrollIntoView());
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
