// @vitest-environment jsdom
// A drag held inside a collapsed row of the list view expands it (issue 29), as the block
// editor's list view does: for every kind of block holding blocks, collapsed, a block it may take
// dragged onto the lower half of its row with the pointer further in (the nesting gesture, the
// only 'inside' of a collapsed row) waits there 500 ms, then the row's blocks show; a block it may
// not take, the upper half or the pointer at the row's own depth expand nothing. A drag that
// moves on to another row, or ends, before the delay expands nothing. Time is the fake timers'.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Node as PmNode } from '@tiptap/pm/model';
import { documentOutline } from '../../renderer/editor/document-outline.ts';
import { isOpen, zoneAt } from '../../renderer/editor/list-view-places.ts';
import { dropMove } from '../../renderer/editor/list-view-move.ts';
import { EXPAND_DELAY_MS, dragExpander, expandsWhenHeld } from '../../renderer/editor/drag-expander.ts';
import { blockNameOf } from '../../renderer/blocks/block-nesting.ts';
import { blockEditor, type WpBlock } from '../helpers/block-editor.ts';
import { button, CONTAINERS, item, KINDS, placed, words } from '../helpers/block-kinds.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const wp = () => blockEditor();
const openEditor = editorsForFile();

afterEach(() => {
  vi.useRealTimers();
});

/** The block each kind holding blocks takes, standing where it can be dragged from (in a parent of its own, beside one that stays). */
const TAKES: Readonly<Record<string, () => WpBlock[]>> = {
  columns: () => [CONTAINERS.columns([KINDS.column(), wp().createBlock('core/column', {}, [words('Stays')])])],
  buttons: () => [CONTAINERS.buttons([KINDS.button(), button('Stays')])],
  list: () => [CONTAINERS.list([KINDS['list item'](), item('Stays')])],
  'list item': () => [CONTAINERS.list([KINDS['list item'](), item('Stays')])],
  gallery: () => [KINDS.image()],
};
const takes = (kind: string) => TAKES[kind]?.() ?? [KINDS.paragraph()];

/** The container's row (collapsed) and the block dragged, the first of its kind after the container. */
function dragOnto(kind: string, dragged: () => WpBlock[]) {
  const container = CONTAINERS[kind]();
  const blocks = dragged();
  const editor = openEditor(wp().serialize([placed(kind, container), ...blocks]));
  const { doc } = editor.state;
  const entries = documentOutline(doc);
  const nameAt = (position: number) => blockNameOf(doc.nodeAt(position) as PmNode);
  const index = entries.findIndex((entry) => nameAt(entry.position) === container.name);
  const draggedName = blocks[0].innerBlocks[0]?.name ?? blocks[0].name;
  const from = entries.find((entry) => entry.position >= entries[index].end && nameAt(entry.position) === draggedName)!.position;
  const collapsed = new Set([entries[index].position]);
  const open = isOpen(entries, index, collapsed);
  /** Whether a drag held on the row's part (`y` of its height 20, the pointer at `depth`) waits to expand it. */
  const waits = (y: number, depth: number) => {
    const zone = zoneAt(entries[index], y * 20, 20, open, depth);
    return expandsWhenHeld(zone, open, dropMove(editor.state, entries, from, index, zone, depth, !open).why);
  };
  return { entry: entries[index], open, waits };
}

describe.each(Object.keys(CONTAINERS))('a collapsed %s', (kind) => {
  it('held inside by a block it takes, with the nesting gesture, waits to expand; its upper half or the pointer at its depth do not', () => {
    const { entry, open, waits } = dragOnto(kind, () => takes(kind));
    expect(open).toBe(false);
    expect(waits(0.75, entry.depth + 2)).toBe(true);
    expect(waits(0.25, entry.depth + 2)).toBe(false);
    expect(waits(0.75, entry.depth)).toBe(false);
  });

  it('held inside by a block it may not take, waits for nothing', () => {
    const refused = kind in TAKES ? () => [KINDS.paragraph()] : () => [CONTAINERS.columns([KINDS.column(), wp().createBlock('core/column', {}, [words('Stays')])])];
    const { entry, waits } = dragOnto(kind, refused);
    expect(waits(0.75, entry.depth + 2)).toBe(false);
  });
});

describe('the drag expander', () => {
  it('expands the row held on once the block editor\'s 500 ms have passed, not before', () => {
    vi.useFakeTimers();
    const expanded: number[] = [];
    const expander = dragExpander((position) => expanded.push(position));
    expect(EXPAND_DELAY_MS).toBe(500);
    expander.hold(7);
    vi.advanceTimersByTime(300);
    // Each move of the drag tells it again: the wait is not restarted.
    expander.hold(7);
    vi.advanceTimersByTime(199);
    expect(expanded).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expanded).toEqual([7]);
    vi.advanceTimersByTime(5000);
    expect(expanded).toEqual([7]);
  });

  it('a drag passing over a row, leaving for no row, or ending expands nothing', () => {
    vi.useFakeTimers();
    const expanded: number[] = [];
    const expander = dragExpander((position) => expanded.push(position));
    expander.hold(7);
    vi.advanceTimersByTime(400);
    expander.hold(12);
    vi.advanceTimersByTime(400);
    expander.hold(null);
    vi.advanceTimersByTime(1000);
    expander.hold(12);
    vi.advanceTimersByTime(400);
    expander.stop();
    vi.advanceTimersByTime(1000);
    expect(expanded).toEqual([]);
    expander.hold(12);
    vi.advanceTimersByTime(500);
    expect(expanded).toEqual([12]);
  });
});
