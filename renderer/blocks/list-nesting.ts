// A list item nested under another list item, as the block editor's list view nests one dropped
// on the lower half of another item's row, and as Alt+Shift+Right nests one under the item above:
// it goes into that item's nested list (first, when the item's nested items are shown below it;
// else last), or into a new nested list of the same kind as the list around that item.
import type { Node as PmNode } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { blockMovedTo, moveRefusal } from './move-block.ts';
import { BULLET_LIST_NODE, LIST_ITEM_NODE, ORDERED_LIST_NODE } from './list-block.ts';

const LISTS = new Set([BULLET_LIST_NODE, ORDERED_LIST_NODE]);

const isListItem = (node: PmNode | null | undefined): node is PmNode => node?.type.name === LIST_ITEM_NODE;

/** The nested list a list item holds (its last child), or null. */
function nestedList(item: PmNode): PmNode | null {
  const last = item.lastChild;
  return last && LISTS.has(last.type.name) ? last : null;
}

/** Whether the block at `from` and the block at `itemAt` are both list items: a drop of the one inside the other nests it. */
export const nestsListItem = (state: EditorState, from: number, itemAt: number): boolean => isListItem(state.doc.nodeAt(from)) && isListItem(state.doc.nodeAt(itemAt));

/** The place in the nested list of the list item at `itemAt` (before its first item or after its last), or null when it holds none. */
function placeInNested(state: EditorState, itemAt: number, first: boolean): number | null {
  const item = state.doc.nodeAt(itemAt)!;
  const nested = nestedList(item);
  if (!nested) return null;
  const listAt = itemAt + item.nodeSize - 1 - nested.nodeSize;
  return first ? listAt + 1 : listAt + nested.nodeSize - 1;
}

/**
 * Whether the list item at `from` may be nested under the list item at `itemAt` (both list items):
 * null when it would stay where it is, '' when it may, else why not (it would leave its list
 * empty, or go into itself).
 */
export function nestingRefusal(state: EditorState, from: number, itemAt: number, first: boolean): string | null {
  const moved = state.doc.nodeAt(from)!;
  const item = state.doc.nodeAt(itemAt)!;
  if (itemAt >= from && itemAt < from + moved.nodeSize) return 'A list item cannot go inside itself.';
  // Into its nested list, or beside that item in its list (before it when the item moved is just after it, else
  // that place would be where it stands): a list item leaving the only place in its list is refused there.
  const besideItem = from === itemAt + item.nodeSize ? itemAt : itemAt + item.nodeSize;
  return moveRefusal(state, from, placeInNested(state, itemAt, first) ?? besideItem);
}

/** The list item at `from` nested under the list item at `itemAt` (first or last among its nested items), as one change, with where it then starts; null when it may not. */
export function nestedUnder(state: EditorState, from: number, itemAt: number, first: boolean): { tr: Transaction; start: number } | null {
  if (nestingRefusal(state, from, itemAt, first) !== '') return null;
  const place = placeInNested(state, itemAt, first);
  if (place !== null) return blockMovedTo(state, from, place);
  const item = state.doc.nodeAt(itemAt)!;
  const moved = state.doc.nodeAt(from)!;
  const list = state.doc.resolve(itemAt).parent;
  const tr = state.tr.delete(from, from + moved.nodeSize);
  const at = tr.mapping.map(itemAt + item.nodeSize - 1);
  tr.insert(at, list.type.create(null, moved));
  return { tr, start: at + 1 };
}
