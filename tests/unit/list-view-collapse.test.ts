// @vitest-environment jsdom
// A collapsed row of the list view follows its block (issue 29), as the block editor keys its
// list view's expanded state by block: every kind of block holding blocks, collapsed, stays
// collapsed when it is moved past its neighbour (a drag or the keys: blockMovedTo), when a
// neighbour is moved past it, when the block holding it is moved, and when each move is undone.
import { describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import { blockAfter } from '../../renderer/editor/block-follower.ts';
import { documentOutline } from '../../renderer/editor/document-outline.ts';
import { blockNameOf } from '../../renderer/blocks/block-nesting.ts';
import { blockMovedTo } from '../../renderer/blocks/move-block.ts';
import { blockEditor, type WpBlock } from '../helpers/block-editor.ts';
import { CONTAINERS, item, placed, words } from '../helpers/block-kinds.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const wp = () => blockEditor();
const openEditor = editorsForFile();

/** The neighbour a container starts beside, in the parent it needs (a column in columns, a list item in a list). */
const NEIGHBOURS: Readonly<Record<string, (container: WpBlock) => WpBlock[]>> = {
  column: (column) => [wp().createBlock('core/columns', {}, [column, wp().createBlock('core/column', {}, [words('Stays')])])],
  'list item': (listItem) => [wp().createBlock('core/list', {}, [listItem, item('Stays')])],
};
const withNeighbour = (kind: string, container: WpBlock) => NEIGHBOURS[kind]?.(container) ?? [container, words('Stays')];

/** The first block named `name` (where it starts) and its neighbour after it. */
function found(editor: Editor, name: string): { at: number; neighbour: { position: number; end: number } } {
  const entries = documentOutline(editor.state.doc);
  const index = entries.findIndex((entry) => blockNameOf(editor.state.doc.nodeAt(entry.position)!) === name);
  const neighbour = entries.slice(index + 1).find((entry) => entry.depth === entries[index].depth)!;
  return { at: entries[index].position, neighbour };
}

/** Dispatches the change, returning where the block at `position` stands after it, as the list view follows it. */
function followed(editor: Editor, tr: Transaction, position: number): number | null {
  let after: number | null = null;
  const follow = ({ transaction }: { transaction: Transaction }) => { after = blockAfter(transaction, position); };
  editor.on('transaction', follow);
  editor.view.dispatch(tr);
  editor.off('transaction', follow);
  return after;
}

function undone(editor: Editor, position: number): number | null {
  let after: number | null = null;
  const follow = ({ transaction }: { transaction: Transaction }) => { if (transaction.docChanged) after = blockAfter(transaction, position); };
  editor.on('transaction', follow);
  expect(editor.commands.undo()).toBe(true);
  editor.off('transaction', follow);
  return after;
}

describe.each(Object.keys(CONTAINERS))('a collapsed %s', (kind) => {
  it('follows its block moved past its neighbour, and back by undo', () => {
    const container = CONTAINERS[kind]();
    const editor = openEditor(wp().serialize(withNeighbour(kind, container)));
    const { at, neighbour } = found(editor, container.name);
    const moved = blockMovedTo(editor.state, at, neighbour.end)!;
    expect(moved).not.toBeNull();
    expect(moved.start).not.toBe(at);
    expect(followed(editor, moved.tr, at)).toBe(moved.start);
    expect(undone(editor, moved.start)).toBe(at);
  });

  it('stays on its block when the neighbour is moved past it', () => {
    const container = CONTAINERS[kind]();
    const editor = openEditor(wp().serialize(withNeighbour(kind, container)));
    const { at, neighbour } = found(editor, container.name);
    const moved = blockMovedTo(editor.state, neighbour.position, at)!;
    expect(followed(editor, moved.tr, at)).toBe(at + (neighbour.end - neighbour.position));
  });

  it('follows the group holding it when that is moved', () => {
    const container = CONTAINERS[kind]();
    const editor = openEditor(wp().serialize([CONTAINERS.group([placed(kind, container)]), words('Stays')]));
    const { at } = found(editor, container.name);
    const group = found(editor, 'core/group');
    const moved = blockMovedTo(editor.state, group.at, group.neighbour.end)!;
    expect(followed(editor, moved.tr, at)).toBe(moved.start + (at - group.at));
  });
});

it('a block that is deleted is followed nowhere', () => {
  const editor = openEditor(wp().serialize([CONTAINERS.group(), words('Stays')]));
  const { at } = found(editor, 'core/group');
  const size = editor.state.doc.nodeAt(at)!.nodeSize;
  expect(followed(editor, editor.state.tr.delete(at, at + size), at)).toBeNull();
});
