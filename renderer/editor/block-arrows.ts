// The arrow keys select every block, as in the block editor: where they would stop in a gap
// cursor at a block's edge (an audio's or a video's player, a table's rows, a column's edge), the
// block coming into reach is selected whole instead, so its toolbar is the writer's (Alt+F10) and
// the selection survives a trip there and back (a gap cursor has no place in the page's own
// selection, and focusing the text again lost it). From a selected block that holds text, the
// next arrow goes on into it, and so do the letters typed; a gap at the edge of the block being left
// is passed over.
import { Extension } from '@tiptap/core';
import { GapCursor } from '@tiptap/pm/gapcursor';
import type { Node as PmNode, ResolvedPos } from '@tiptap/pm/model';
import { NodeSelection, Plugin, Selection, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { blockEdges, holdsBlocks } from './insert-beside.ts';

type Direction = 1 | -1;
const DIRECTIONS: Readonly<Record<string, Direction>> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** The block a gap cursor at `$gap` stands at the edge of, moving in `direction`: the block beside it among blocks, else the block it is inside. */
function blockAtGap($gap: ResolvedPos, direction: Direction): { from: number; node: PmNode } | null {
  const beside = direction > 0 ? $gap.nodeAfter : $gap.nodeBefore;
  if (beside?.type.isInGroup('block') && holdsBlocks($gap.parent)) return { from: direction > 0 ? $gap.pos : $gap.pos - beside.nodeSize, node: beside };
  const edges = blockEdges($gap, null);
  const node = edges && $gap.doc.nodeAt(edges.before);
  return edges && node ? { from: edges.before, node } : null;
}

/** Where an arrow that stopped in a gap cursor goes instead: the block it reached, selected; past the edge of the block it leaves; null to stay. */
export function selectionForGap(state: EditorState, before: Selection, direction: Direction): Selection | null {
  const { selection } = state;
  if (!(selection instanceof GapCursor)) return null;
  const block = blockAtGap(selection.$head, direction);
  if (!block) return null;
  const to = block.from + block.node.nodeSize;
  const leaving = before.from >= block.from && before.to <= to && !(before instanceof NodeSelection && before.from === block.from);
  if (leaving) return Selection.findFrom(selection.$head, direction);
  return NodeSelection.isSelectable(block.node) ? NodeSelection.create(state.doc, block.from) : null;
}

/** From a selected block that holds text, the arrow goes on into it (its first text going down, its last going up). */
export function selectionIntoBlock(state: EditorState, direction: Direction): Selection | null {
  const { selection } = state;
  if (!(selection instanceof NodeSelection) || selection.node.isAtom || selection.node.isTextblock) return null;
  return Selection.findFrom(state.doc.resolve(direction > 0 ? selection.from + 1 : selection.to - 1), direction);
}

export const BlockArrows = Extension.create({
  name: 'blockArrows',
  // Before the gap cursor's own keys, which would stop in the gap.
  priority: 1000,
  addProseMirrorPlugins() {
    /** The direction of the arrow key last pressed while it is the last key pressed (the caret it moves is read from the page a moment later). */
    let arrow: { direction: Direction; from: Selection } | null = null;
    return [
      new Plugin({
        props: {
          handleKeyDown(view, event) {
            const direction = DIRECTIONS[event.key];
            arrow = direction && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey ? { direction, from: view.state.selection } : null;
            if (!arrow) return false;
            const into = selectionIntoBlock(view.state, arrow.direction);
            if (!into) return false;
            view.dispatch(view.state.tr.setSelection(into).scrollIntoView());
            return true;
          },
          // Typing on a block selected whole goes into its first text, as its next arrow does, never over the whole block (three columns gone for a letter).
          handleTextInput(view, _from, _to, typed) {
            const { selection } = view.state;
            if (!(selection instanceof NodeSelection) || selection.node.isAtom) return false;
            const into = selectionIntoBlock(view.state, 1);
            if (into instanceof TextSelection) view.dispatch(view.state.tr.setSelection(into).insertText(typed).scrollIntoView());
            return true;
          },
          handleDOMEvents: {
            mousedown() {
              arrow = null;
              return false;
            },
          },
        },
        appendTransaction(transactions: readonly Transaction[], _old: EditorState, state: EditorState) {
          if (!arrow || !transactions.some((tr) => tr.selectionSet) || transactions.some((tr) => tr.docChanged)) return null;
          const next = selectionForGap(state, arrow.from, arrow.direction);
          return next && state.tr.setSelection(next).scrollIntoView();
        },
      }),
    ];
  },
});
