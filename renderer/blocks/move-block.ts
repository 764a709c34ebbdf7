// Moving a block up or down among its neighbours from the keyboard, with the block editor's
// keys (Ctrl+Alt+Shift+T up, Ctrl+Alt+Shift+Y down): a top-level block, or a block inside a
// block holding blocks (an image in a gallery, a paragraph in a column). The caret or the
// selected block moves with it; one undo step puts it back. The list view moves a block the same
// way (blockMovedTo), by a drag or by keys, among its neighbours and into and out of the blocks
// that may hold it.
import { Extension } from '@tiptap/core';
import { Fragment, type Node as PmNode } from '@tiptap/pm/model';
import { holdsBlocks, mayStandEmpty, refusal } from './block-nesting.ts';
import { NodeSelection, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';

/** Parents whose children are blocks the keys move among: the document and blocks holding blocks. */
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

/** Whether `parent` holds one block only (a summary or a caption is no block). */
function isOnlyBlock(parent: PmNode): boolean {
  let blocks = 0;
  parent.forEach((child) => { if (!isPart(child)) blocks += 1; });
  return blocks === 1;
}

/** Whether the block at `from` goes to `at`: it stays (null, nothing to say), it moves (''), or why it cannot. */
export function moveRefusal(state: EditorState, from: number, at: number): string | null {
  const $from = state.doc.resolve(from);
  const block = $from.nodeAfter;
  if (!block || !holdsBlocks($from.parent) || (at >= from && at <= from + block.nodeSize)) return null;
  const $at = state.doc.resolve(at);
  const leaves = $at.start() !== $from.start();
  // Among its neighbours a block always moves (as in the block editor, which checks where it may stand only when it changes parent).
  const why = leaves ? refusal($at, block) : null;
  if (why !== null) return why;
  // A summary stays first and a caption last; a list item's own line before its nested list.
  if (!$at.parent.canReplace($at.index(), $at.index(), Fragment.from(block))) return 'The block cannot go there.';
  const leavesEmpty = isOnlyBlock($from.parent) && !mayStandEmpty($from.parent);
  if (leaves && (leavesEmpty || !$from.parent.canReplace($from.index(), $from.index() + 1))) return 'It is the only block in its parent, which cannot be left empty.';
  return '';
}

/**
 * The block starting at `from` moved to `at` (a place between the blocks of any block holding
 * blocks that may hold it, see block-nesting.ts), as one change, with where it then starts;
 * null when it would not move or cannot go there.
 */
export function blockMovedTo(state: EditorState, from: number, at: number): { tr: Transaction; start: number } | null {
  if (moveRefusal(state, from, at) !== '') return null;
  const $from = state.doc.resolve(from);
  const block = $from.nodeAfter!;
  const atTop = state.doc.resolve(at).depth === 0;
  const tr = state.tr.delete(from, from + block.nodeSize);
  const start = tr.mapping.map(at);
  // A block going into another keeps no spacing read at the top level.
  const placed = $from.depth === 0 && !atTop && 'gap' in block.attrs ? block.type.create({ ...block.attrs, gap: null, readAt: null }, block.content, block.marks) : block;
  tr.insert(start, placed);
  if ($from.depth === 0 && atTop) return { tr: withSpacingByPlace(tr, state.doc), start };
  return { tr: $from.depth === 0 || atTop ? withFirstSpacing(tr, state.doc, placed) : tr, start };
}

/**
 * A block moved among the document's blocks: they keep the spacing read before each place
 * (document-layout.ts), not the spacing they came with: the block moved first starts the
 * document as the first did, and no two blocks run together where a `-->\n\n<!--` stood.
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

/**
 * A block moved into or out of the document's blocks: the others keep their spacing, the
 * document starts as it did, and the block that came in, or the one no longer first, is
 * separated as the serializer separates blocks.
 */
function withFirstSpacing(tr: Transaction, before: PmNode, moved: PmNode): Transaction {
  tr.doc.forEach((child, offset, index) => {
    if (!('gap' in child.attrs)) return;
    const gap = index === 0 ? (before.firstChild?.attrs.gap ?? null) : child === moved || child === before.firstChild ? null : child.attrs.gap;
    if (child.attrs.gap !== gap) tr.setNodeAttribute(offset, 'gap', gap);
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

/** The change swapping the selected block with its neighbour before (-1) or after (1), or null when it has none it can pass: for the Options menu. */
export function blockMove(direction: -1 | 1): (state: EditorState) => Transaction | null {
  return (state) => {
    let made: Transaction | null = null;
    moveBlock(state, (tr) => { made = tr; }, direction);
    return made;
  };
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
