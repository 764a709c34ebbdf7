// A block followed through a change, not its place: the list view keeps which blocks are
// collapsed by where they start, and a block moved (by a drag, by the keys, by its undo) is
// taken out and put back in one change, so its old place no longer holds it. As the block
// editor keys its list view's expanded state by block (its clientId), a collapsed block stays
// collapsed where it goes.
import type { Transaction } from '@tiptap/pm/state';

/**
 * Where the block that started at `position` before `tr` starts after it: at its mapped place
 * when it was not taken out; else, when the change put back a block of its kind holding the
 * same blocks (a move), there (the nearest to its old place when several); null when it is gone.
 */
export function blockAfter(tr: Transaction, position: number): number | null {
  const before = tr.before.nodeAt(position);
  if (!before) return null;
  const { pos, deleted } = tr.mapping.mapResult(position, 1);
  if (!deleted && tr.doc.nodeAt(pos)?.type === before.type) return pos;
  // The blocks the change put in: those whose start maps back to nothing before it.
  const back = tr.mapping.invert();
  let found: number | null = null;
  tr.doc.descendants((node, at) => {
    if (node.type === before.type && node.content.eq(before.content) && back.mapResult(at, 1).deletedAfter && (found === null || Math.abs(at - pos) < Math.abs(found - pos))) found = at;
    return true;
  });
  return found;
}
