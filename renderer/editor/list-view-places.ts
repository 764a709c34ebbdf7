// Where the list view puts a block dropped on a row, or moved by keys into or out of the block
// holding it, as places between blocks of the document (move-block.ts says whether it may go).
// As in the block editor's list view: the upper part of a row is before its block, the lower
// part of a row holding blocks is inside it (first), and the lower half of a row of a last
// block is after it at the depth the pointer stands at (further left: after the blocks holding
// it), so a block is dragged out of its parent.
import type { OutlineEntry } from './document-outline.ts';

export type Zone = 'before' | 'inside' | 'after';

/**
 * The part of the row (its height `height`, the pointer `y` from its top and at `depth`) a drop
 * falls in. As in the block editor's list view, the lower half of a row holding blocks is inside
 * it only when its blocks show below it (`open`: expanded, or it has none), or when the pointer
 * stands further in than its blocks would (the nesting gesture); else after it, since the next
 * row shown is its neighbour.
 */
export function zoneAt(entry: OutlineEntry, y: number, height: number, open: boolean, depth: number): Zone {
  if (y < height / 2) return 'before';
  return entry.holds && (open || depth > entry.depth + 1) ? 'inside' : 'after';
}

/** Whether the entry at `index` has blocks listed under it. */
export const hasListedBlocks = (entries: readonly OutlineEntry[], index: number): boolean => entries[index + 1]?.depth === entries[index].depth + 1;

/** Whether the blocks of the entry at `index` show below it: it is not collapsed, or it has none (a drop on its lower half goes inside). */
export const isOpen = (entries: readonly OutlineEntry[], index: number, collapsed: ReadonlySet<number>): boolean =>
  !hasListedBlocks(entries, index) || !collapsed.has(entries[index].position);

/** Which entries are hidden: those inside an entry collapsed (its position in `collapsed`). */
export function hiddenEntries(entries: readonly OutlineEntry[], collapsed: ReadonlySet<number>): boolean[] {
  let under = Infinity;
  return entries.map((entry) => {
    if (entry.depth > under) return true;
    under = collapsed.has(entry.position) ? entry.depth : Infinity;
    return false;
  });
}

/** The index of the entry holding the entry at `index`, or -1 at the top level. */
function parentIndex(entries: readonly OutlineEntry[], index: number): number {
  for (let at = index - 1; at >= 0; at -= 1) if (entries[at].depth < entries[index].depth) return at;
  return -1;
}

/** Whether the entry at `index` is the last block of its parent. */
function isLast(entries: readonly OutlineEntry[], index: number): boolean {
  const next = entries.slice(index + 1).find((entry) => entry.depth <= entries[index].depth);
  return !next || next.depth < entries[index].depth;
}

/** The entry (an index) a drop after the entry at `index` goes after, climbing out of the blocks it is last in towards `depth`. */
export function afterAt(entries: readonly OutlineEntry[], index: number, depth: number): number {
  let at = index;
  while (entries[at].depth > Math.max(1, depth) && isLast(entries, at)) at = parentIndex(entries, at);
  return at;
}

/** The first place inside the block at `index`: before its first block (after a summary), or at its end when it has none listed. */
function firstPlaceIn(entries: readonly OutlineEntry[], index: number): number {
  const first = entries[index + 1];
  return first && first.depth === entries[index].depth + 1 ? first.position : entries[index].end - 1;
}

/** The last place inside the block at `index`: after its last block, or at its end when it has none listed. */
function lastPlaceIn(entries: readonly OutlineEntry[], index: number): number {
  const inside = entries.slice(index + 1).findIndex((entry) => entry.depth <= entries[index].depth);
  const children = entries.slice(index + 1, inside < 0 ? undefined : index + 1 + inside).filter((entry) => entry.depth === entries[index].depth + 1);
  return children.length > 0 ? children[children.length - 1].end : entries[index].end - 1;
}

/** Where a block dropped on the row at `index`, in `zone`, with the pointer at `depth`, goes: inside a collapsed block, after its last block. */
export function dropPlace(entries: readonly OutlineEntry[], index: number, zone: Zone, depth: number, collapsed = false): number {
  if (zone === 'before') return entries[index].position;
  if (zone === 'inside') return collapsed ? lastPlaceIn(entries, index) : firstPlaceIn(entries, index);
  return entries[afterAt(entries, index, depth)].end;
}

/** The index of the block just above the entry at `index` among its neighbours, or -1 when it is the first. */
export function neighbourAbove(entries: readonly OutlineEntry[], index: number): number {
  const { depth } = entries[index];
  let above = index - 1;
  while (above >= 0 && entries[above].depth > depth) above -= 1;
  return above >= 0 && entries[above].depth === depth ? above : -1;
}

/** The place a block goes by the keys into the block just above it (after that block's last block), or null when none is above. */
export function placeInto(entries: readonly OutlineEntry[], index: number): number | null {
  const above = neighbourAbove(entries, index);
  return above < 0 ? null : lastPlaceIn(entries, above);
}

/**
 * The places a block goes by the keys out of the block holding it: just after that block, then
 * after each block holding that one, outermost last (the first the block may stand in is taken:
 * a nested list's item goes to the list around it, a column's paragraph past its columns).
 */
export function placesOut(entries: readonly OutlineEntry[], index: number): number[] {
  const places: number[] = [];
  for (let parent = parentIndex(entries, index); parent >= 0; parent = parentIndex(entries, parent)) places.push(entries[parent].end);
  return places;
}
