// The moves the list view asks for (ListView.tsx): a block to a place between blocks, or a list
// item nested under another, each with why it cannot be done and the change that does it.
import type { EditorState, Transaction } from '@tiptap/pm/state';
import type { OutlineEntry } from './document-outline.ts';
import { dropPlace, type Zone } from './list-view-places.ts';
import { blockMovedTo, moveRefusal } from '../blocks/move-block.ts';
import { nestedUnder, nestingRefusal, nestsListItem } from '../blocks/list-nesting.ts';

/** A move asked for: why it cannot be done ('' when it can, null when the block would stay), and the change that does it. */
export interface Move { why: string | null; run(): { tr: Transaction; start: number } | null }

/** A move of the block at `from` to the place `at` (null: none). */
export const moveTo = (state: EditorState, from: number, at: number | null): Move =>
  ({ why: at === null ? null : moveRefusal(state, from, at), run: () => (at === null ? null : blockMovedTo(state, from, at)) });

/** A list item nested under the list item at `itemAt`, when both are list items (first among its nested items or last); else null. */
export function nesting(state: EditorState, from: number, itemAt: number, first: boolean): Move | null {
  return nestsListItem(state, from, itemAt) ? { why: nestingRefusal(state, from, itemAt, first), run: () => nestedUnder(state, from, itemAt, first) } : null;
}

/** What a drop of the block at `from` on the row at `index` (its blocks hidden: `collapsed`) does: a list item dropped inside a list item is nested under it. */
export const dropMove = (state: EditorState, entries: readonly OutlineEntry[], from: number, index: number, zone: Zone, depth: number, collapsed: boolean): Move =>
  (zone === 'inside' ? nesting(state, from, entries[index].position, !collapsed) : null) ?? moveTo(state, from, dropPlace(entries, index, zone, depth, collapsed));
