// @vitest-environment jsdom
// Where the list view puts a dropped block (issue 29): before a row's block, inside a row that
// holds blocks (first, after a summary), after a last block at the depth the pointer stands at
// (further left: after each block it is the last in), and by the keys into the block above or
// out of the block holding it. Checked over every row of a document with nested blocks.
import { expect, it } from 'vitest';
import type { Node as PmNode } from '@tiptap/pm/model';
import { documentOutline, type OutlineEntry } from '../../renderer/editor/document-outline.ts';
import { afterAt, dropPlace, placeInto, placesOut, zoneAt } from '../../renderer/editor/list-view-places.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const wp = () => blockEditor();
const openEditor = editorsForFile();
const words = (content: string) => wp().createBlock('core/paragraph', { content });

/** One, a group (Two, details with a summary holding Three, then a quote holding Four), Five. */
function outline(): { doc: PmNode; entries: OutlineEntry[] } {
  const details = wp().createBlock('core/details', { summary: 'Ask' }, [words('Three')]);
  const quote = wp().createBlock('core/quote', {}, [words('Four')]);
  const markup = wp().serialize([words('One'), wp().createBlock('core/group', { layout: { type: 'constrained' } }, [words('Two'), details, quote]), words('Five')]);
  const { doc } = openEditor(markup).state;
  return { doc, entries: documentOutline(doc) };
}

/** The entries holding the entry at `index`, innermost first. */
function ancestors(entries: OutlineEntry[], index: number): number[] {
  const found: number[] = [];
  for (let at = index - 1, depth = entries[index].depth; at >= 0; at -= 1) if (entries[at].depth < depth) { found.push(at); depth = entries[at].depth; }
  return found;
}

it('a drop before a row goes before its block; inside a row holding blocks, before its first block (after a summary)', () => {
  const { doc, entries } = outline();
  entries.forEach((entry, index) => {
    expect(dropPlace(entries, index, 'before', entry.depth)).toBe(entry.position);
    if (!entry.holds) return;
    const first = entries[index + 1];
    expect(first.depth).toBe(entry.depth + 1);
    expect(dropPlace(entries, index, 'inside', entry.depth)).toBe(first.position);
    // Between blocks of the row's block, not before a summary.
    expect(doc.resolve(first.position).parent).toBe(doc.nodeAt(entry.position));
  });
});

it('a drop after a row goes after its block, or after each block it is the last of, as far left as the pointer goes', () => {
  const { entries } = outline();
  entries.forEach((entry, index) => {
    expect(dropPlace(entries, index, 'after', entry.depth)).toBe(entry.end);
    for (let depth = entry.depth - 1; depth >= 1; depth -= 1) {
      // The block at that depth holding this row, when each between is last in its parent; else the shallowest it is last in.
      const chain = [index, ...ancestors(entries, index)];
      const lastIn = (at: number) => { const next = entries.slice(at + 1).find((later) => later.depth <= entries[at].depth); return !next || next.depth < entries[at].depth; };
      let climbed = 0;
      while (entries[chain[climbed]].depth > depth && lastIn(chain[climbed])) climbed += 1;
      expect(afterAt(entries, index, depth)).toBe(chain[climbed]);
      expect(dropPlace(entries, index, 'after', depth)).toBe(entries[chain[climbed]].end);
    }
  });
  // Four, last in its quote, last in the group: far left, after the group.
  const four = entries.findIndex((entry) => entry.words === 'Four');
  expect(entries[afterAt(entries, four, 1)].title).toBe('Group');
  // Three is last in its details but the details is not last in the group: after the details at most.
  const three = entries.findIndex((entry) => entry.words === 'Three');
  expect(entries[afterAt(entries, three, 1)].title).toBe('Details');
});

it('the upper half of a row is before it, the lower half inside a row holding blocks, else after', () => {
  const { entries } = outline();
  for (const entry of entries) {
    expect(zoneAt(entry, 5, 30)).toBe('before');
    expect(zoneAt(entry, 20, 30)).toBe(entry.holds ? 'inside' : 'after');
  }
});

it('the keys move a block into the block above it (after its last block) and out of the blocks holding it, innermost first', () => {
  const { entries } = outline();
  entries.forEach((entry, index) => {
    const parents = ancestors(entries, index);
    expect(placesOut(entries, index)).toEqual(parents.map((parent) => entries[parent].end));
    const above = entries.slice(0, index).reverse().find((before) => before.depth <= entry.depth);
    const into = placeInto(entries, index);
    if (!above || above.depth < entry.depth) expect(into).toBeNull();
    else {
      const aboveIndex = entries.indexOf(above);
      const children = entries.slice(aboveIndex + 1, index).filter((child) => child.depth === entry.depth + 1);
      expect(into).toBe(children.length > 0 ? children[children.length - 1].end : above.end - 1);
    }
  });
});
