// @vitest-environment jsdom
// The arrows select every block (renderer/editor/block-arrows.ts), over every block the inserter
// makes: wherever the arrows would stop in a gap cursor in or beside the block, coming from the
// text before it (down) or after it (up), the block is selected whole instead; leaving it from
// inside, they go on past the gap to the text beyond; from the block selected, the next arrow goes
// into its text, never outside it.
import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { GapCursor } from '@tiptap/pm/gapcursor';
import type { ResolvedPos } from '@tiptap/pm/model';
import { EditorState, NodeSelection, TextSelection } from '@tiptap/pm/state';
import { markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { selectionForGap, selectionIntoBlock } from '../../renderer/editor/block-arrows.ts';
import { INSERTER_BLOCKS } from '../helpers/inserter-blocks.ts';

const schema = getSchema(editorExtensions);
/** Where a gap cursor may stand: the gap cursor's own test (not in its typings). */
const gapValid = (GapCursor as unknown as { valid($pos: ResolvedPos): boolean }).valid;
const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;

describe.each(INSERTER_BLOCKS)('%s', (_title, markup) => {
  const doc = schema.nodeFromJSON(markupToDoc([paragraph('Words before.'), markup, paragraph('Words after.')].join('\n\n')));
  const [from, to] = [doc.child(0).nodeSize, doc.child(0).nodeSize + doc.child(1).nodeSize];
  const state = EditorState.create({ schema, doc });
  const before = TextSelection.create(doc, from - 1);
  const after = TextSelection.create(doc, to + 1);
  /** Every place in and beside the block a gap cursor may stand. */
  const gaps = Array.from({ length: to - from + 1 }, (_, index) => from + index).filter((position) => gapValid(doc.resolve(position)));
  const at = (position: number) => state.apply(state.tr.setSelection(new GapCursor(doc.resolve(position))));

  it('selects the block (or one inside it) whole where the arrows would stop in a gap on their way in', () => {
    for (const position of gaps) {
      for (const [coming, direction] of [[before, 1], [after, -1]] as const) {
        const next = selectionForGap(at(position), coming, direction);
        expect(next, `gap ${position}, direction ${direction}`).toBeInstanceOf(NodeSelection);
        expect([next?.from ?? -1, next?.to ?? -1].every((end) => end >= from && end <= to), `gap ${position}, direction ${direction}: within the block`).toBe(true);
      }
    }
  });

  it('goes on into the text of the block selected whole, and never stays in a gap on the way out', () => {
    const selected = NodeSelection.isSelectable(doc.child(1)) ? state.apply(state.tr.setSelection(NodeSelection.create(doc, from))) : null;
    for (const direction of [1, -1] as const) {
      const into = selected && selectionIntoBlock(selected, direction);
      if (into) expect(into.from > from && into.to < to, `into the block, direction ${direction}`).toBe(true);
      for (const position of gaps) {
        const inside = TextSelection.near(doc.resolve(position), direction);
        if (inside.from <= from || inside.to >= to) continue;
        expect(selectionForGap(at(position), inside, direction), `gap ${position} from inside, direction ${direction}`).not.toBeInstanceOf(GapCursor);
      }
    }
  });
});
