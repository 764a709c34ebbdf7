// @vitest-environment jsdom
// Where the list view puts a dropped block (issue 29): before a row's block, inside a row that
// holds blocks (first, after a summary), after a last block at the depth the pointer stands at
// (further left: after each block it is the last in), and by the keys into the block above or
// out of the block holding it. Checked over every row of a document with nested blocks.
import { describe, expect, it } from 'vitest';
import type { Node as PmNode } from '@tiptap/pm/model';
import { documentOutline, type OutlineEntry } from '../../renderer/editor/document-outline.ts';
import { afterAt, dropPlace, hasListedBlocks, hiddenEntries, isOpen, placeInto, placesOut, zoneAt } from '../../renderer/editor/list-view-places.ts';
import { blockNameOf } from '../../renderer/blocks/block-nesting.ts';
import { blockMovedTo } from '../../renderer/blocks/move-block.ts';
import { CONTAINERS, PLACED, placed, words } from '../helpers/block-kinds.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const wp = () => blockEditor();
const openEditor = editorsForFile();

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

it('the upper half of a row is before it; the lower half inside a row holding blocks while they show, else after', () => {
  const { entries } = outline();
  for (const entry of entries) {
    expect(zoneAt(entry, 5, 30, true, entry.depth)).toBe('before');
    expect(zoneAt(entry, 20, 30, true, entry.depth)).toBe(entry.holds ? 'inside' : 'after');
  }
});

describe.each(Object.keys(CONTAINERS))('the row of %s', (kind) => {
  const container = CONTAINERS[kind]();
  /** The document (the container where it stands, then a paragraph), its outline, and the container's row. */
  const opened = () => {
    const editor = openEditor(wp().serialize([placed(kind, container), words('After')]));
    const entries = documentOutline(editor.state.doc);
    const index = entries.findIndex((entry) => blockNameOf(editor.state.doc.nodeAt(entry.position)!) === container.name && entry.depth === (PLACED[kind] ? 2 : 1));
    return { editor, entries, index };
  };

  it('expanded: its lower half is inside it, before its first block; collapsed: after it, unless the pointer stands further in (then after its last block)', () => {
    const { entries, index } = opened();
    const entry = entries[index];
    expect(hasListedBlocks(entries, index)).toBe(true);
    const collapsed = new Set([entry.position]);
    expect(isOpen(entries, index, new Set())).toBe(true);
    expect(isOpen(entries, index, collapsed)).toBe(false);
    expect(zoneAt(entry, 20, 30, isOpen(entries, index, new Set()), entry.depth)).toBe('inside');
    expect(dropPlace(entries, index, 'inside', entry.depth)).toBe(entries[index + 1].position);
    expect(zoneAt(entry, 20, 30, isOpen(entries, index, collapsed), entry.depth)).toBe('after');
    expect(zoneAt(entry, 20, 30, isOpen(entries, index, collapsed), entry.depth + 2)).toBe('inside');
    const inner = entries.filter((child, at) => at > index && child.depth === entry.depth + 1 && entries.slice(index + 1, at).every((between) => between.depth > entry.depth));
    expect(dropPlace(entries, index, 'inside', entry.depth, true)).toBe(inner[inner.length - 1].end);
    // Collapsed, its blocks are not listed; nothing else is hidden.
    const next = entries.findIndex((later, at) => at > index && later.depth <= entry.depth);
    const end = next < 0 ? entries.length : next;
    expect(hiddenEntries(entries, collapsed)).toEqual(entries.map((_, at) => at > index && at < end));
  });

  it('empty (where the block editor lets its last block leave): its lower half is inside it, collapsed or not', () => {
    const { editor, entries, index } = opened();
    const moved = blockMovedTo(editor.state, entries[index + 1].position, entries[entries.length - 1].end);
    if (!moved) return;
    editor.view.dispatch(moved.tr);
    const after = documentOutline(editor.state.doc);
    const empty = after.findIndex((entry) => entry.position === entries[index].position);
    expect(hasListedBlocks(after, empty)).toBe(false);
    expect(isOpen(after, empty, new Set([after[empty].position]))).toBe(true);
    expect(zoneAt(after[empty], 20, 30, true, after[empty].depth)).toBe('inside');
    expect(dropPlace(after, empty, 'inside', after[empty].depth)).toBe(after[empty].end - 1);
  });
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
