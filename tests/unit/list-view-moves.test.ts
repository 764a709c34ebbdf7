// @vitest-environment jsdom
// Moving a block in the list view (issue 29): every block of every kind of parent that holds
// blocks (the document, a group, a column, a gallery with its caption, details after its
// summary), moved to every other place among its neighbours, is saved as the block editor saves
// the reordered blocks (its own serialiser is the oracle), strictly valid; a move past a summary
// or a caption is refused. Every kind of block moved into every kind of block holding blocks,
// and out of its parent to the document, goes where the block editor's own rule (its block
// types' `parent` and `allowedBlocks`) lets it and is saved as it saves the result; elsewhere
// the move is refused with a reason and nothing changes.
import { describe, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { definedBlockWritten } from '../../renderer/blocks/defined-blocks.ts';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { besideNeighbour, blockMovedTo, moveRefusal } from '../../renderer/blocks/move-block.ts';
import { blockNameOf } from '../../renderer/blocks/block-nesting.ts';
import { documentOutline, type OutlineEntry } from '../../renderer/editor/document-outline.ts';
import { placesOut } from '../../renderer/editor/list-view-places.ts';
import { blockEditor, type WpBlock } from '../helpers/block-editor.ts';
import { button, CONTAINERS, image, item, KINDS, PLACED, placed, words } from '../helpers/block-kinds.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const wp = () => blockEditor();
const openEditor = editorsForFile();

/** Each kind of parent, holding three blocks: the markup, as the block editor writes it, for the blocks in the order given. */
const PARENTS: Readonly<Record<string, (order: number[]) => string>> = {
  'the document': (order) => wp().serialize(order.map((index) => words(`Block ${index}`))),
  'a group': (order) => wp().serialize(wp().createBlock('core/group', { layout: { type: 'constrained' } }, order.map((index) => words(`Block ${index}`)))),
  'a column': (order) => wp().serialize(wp().createBlock('core/columns', {}, [wp().createBlock('core/column', {}, order.map((index) => words(`Block ${index}`)))])),
  'a gallery with a caption': (order) => wp().serialize(wp().createBlock('core/gallery', { linkTo: 'none', caption: 'Our trip' }, order.map((index) => image(`Block ${index}`)))),
  'details, after its summary': (order) => wp().serialize(wp().createBlock('core/details', { summary: 'Ask' }, order.map((index) => words(`Block ${index}`)))),
};

const isPart = (node: PmNode) => node.type.name === 'richPart' || node.type.name === 'captionPart';

/** The parent's blocks (their positions) and the place after its last block, in the editor's document. */
function blocksOf(doc: PmNode): { starts: number[]; end: number } {
  // The document's own blocks, or those of the one block holding them.
  const container = doc.firstChild?.type.name === 'blockContainer' ? doc.firstChild : null;
  const inner = container?.firstChild?.type.name === 'blockContainer' && container.attrs.name === 'core/columns' ? container.firstChild : null;
  const parent = inner ?? container ?? doc;
  const offset = inner ? 2 : container ? 1 : 0;
  const starts: number[] = [];
  let end = offset;
  parent.forEach((child, at) => {
    if (isPart(child) || !child.type.isInGroup('block')) return;
    starts.push(offset + at);
    end = offset + at + child.nodeSize;
  });
  // The document's last empty line, which the editor adds, is no block of the writer's.
  return parent === doc && doc.lastChild?.content.size === 0 ? { starts: starts.slice(0, 3), end: starts[3] ?? end } : { starts, end };
}

describe.each(Object.entries(PARENTS))('in %s', (_parent, markup) => {
  const moves = [0, 1, 2].flatMap((from) => [0, 1, 2, 3].filter((to) => to !== from && to !== from + 1).map((to) => [from, to] as const));
  it.each(moves)('block %i moved to place %i is saved as the block editor saves the new order, strictly valid', (from, to) => {
    const editor = openEditor(markup([0, 1, 2]));
    const { starts, end } = blocksOf(editor.state.doc);
    const moved = blockMovedTo(editor.state, starts[from], to < 3 ? starts[to] : end);
    expect(moved).not.toBeNull();
    editor.view.dispatch(moved!.tr);
    const order = [0, 1, 2].filter((index) => index !== from);
    order.splice(to > from ? to - 1 : to, 0, from);
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe(markup(order));
    expect(strictlyInvalid(saved)).toEqual([]);
    // Where the block now starts.
    expect(blocksOf(editor.state.doc).starts[order.indexOf(from)]).toBe(moved!.start);
  });

  it('a block does not pass the first or last place among its neighbours (a summary, a caption stay)', () => {
    const editor = openEditor(markup([0, 1, 2]));
    const { starts } = blocksOf(editor.state.doc);
    expect(besideNeighbour(editor.state, starts[0], -1)).toBeNull();
    expect(besideNeighbour(editor.state, starts[2], 1)).toBeNull();
  });
});

/** Where a block of a kind stands before it moves: beside another of its kind, in its own parent when it has one. */
const HOME: Readonly<Record<string, (blocks: WpBlock[]) => WpBlock>> = {
  column: (blocks) => wp().createBlock('core/columns', {}, blocks),
  button: (blocks) => wp().createBlock('core/buttons', {}, blocks),
  'list item': (blocks) => wp().createBlock('core/list', {}, blocks),
};
/** The block left where the moved one was: another of its kind when its parent holds only those. */
const SIBLINGS: Readonly<Record<string, () => WpBlock>> = {
  column: () => wp().createBlock('core/column', {}, [words('Stays')]),
  button: () => button('Stays'),
  'list item': () => item('Stays'),
};
const sibling = (kind: string) => SIBLINGS[kind]?.() ?? words('Stays');
/** The blocks a block of `kind` starts among (with `moved` when it has not moved yet). */
function startingBlocks(kind: string, moved: WpBlock | null): WpBlock[] {
  const blocks = moved ? [moved, sibling(kind)] : [sibling(kind)];
  const home = HOME[kind];
  return home ? [home(blocks)] : blocks;
}

/** The block editor's own rule (its block types' `parent` and `allowedBlocks`): may a block named `name` stand in `parent` ('' for the document)? */
function blockEditorAllows(parent: string, name: string): boolean {
  const type = (blockName: string) => wp().getBlockType(blockName) as unknown as { parent?: string[]; allowedBlocks?: unknown } | undefined;
  const parents = type(name)?.parent;
  const allowed = parent ? type(parent)?.allowedBlocks : undefined;
  return (!parents || parents.includes(parent)) && (!Array.isArray(allowed) || allowed.includes(name));
}

/** The place after the last block of the container named `containerName` (the last of the least deep such). */
function endOfContainer(doc: PmNode, containerName: string): number {
  const entries = documentOutline(doc);
  const named = entries.flatMap((entry, index) => (blockNameOf(doc.nodeAt(entry.position)!) === containerName ? [index] : []));
  const index = named.reduce((found, at) => (entries[at].depth <= entries[found].depth ? at : found));
  const inner = entries.slice(index + 1).filter((entry, at, rest) => entry.depth === entries[index].depth + 1 && rest.slice(0, at).every((before) => before.depth > entries[index].depth));
  return inner.length > 0 ? inner[inner.length - 1].end : entries[index].end - 1;
}

/** A block's name: a block defined in a module of its own (a separator) by its definition (its name alone: the blocks it holds are not written). */
const nameOf = (node: PmNode) => definedBlockWritten(node.toJSON() as JSONContent, () => '')?.name ?? blockNameOf(node);

/** The outline entry of the block moved: the first of its kind whose words are "Moved …" (an image, a separator have none). */
function movedEntry(doc: PmNode, kind: string): OutlineEntry {
  const name = KINDS[kind]().name;
  return documentOutline(doc).find((entry) => nameOf(doc.nodeAt(entry.position)!) === name && /^(Moved|moved|$)/.test(entry.words))!;
}

describe.each(Object.keys(CONTAINERS))('into %s', (containerKind) => {
  it.each(Object.keys(KINDS))('a %s goes in at the end where the block editor lets it, saved as it saves it; elsewhere refused, nothing changed', (kind) => {
    const container = CONTAINERS[containerKind]();
    const markup = wp().serialize([...startingBlocks(kind, KINDS[kind]()), placed(containerKind, container)]);
    const editor = openEditor(markup);
    const from = movedEntry(editor.state.doc, kind).position;
    const at = endOfContainer(editor.state.doc, container.name);
    const allowed = blockEditorAllows(container.name, KINDS[kind]().name);
    expect(moveRefusal(editor.state, from, at) === '', `${kind} in ${containerKind}`).toBe(allowed);
    const moved = blockMovedTo(editor.state, from, at);
    if (!allowed) {
      expect(moved).toBeNull();
      expect(moveRefusal(editor.state, from, at)).toMatch(/\w/);
      return;
    }
    editor.view.dispatch(moved!.tr);
    const after = CONTAINERS[containerKind]([...container.innerBlocks, KINDS[kind]()]);
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe(wp().serialize([...startingBlocks(kind, null), placed(containerKind, after)]));
    expect(strictlyInvalid(saved)).toEqual([]);
    expect(editor.state.doc.nodeAt(moved!.start)?.type.name).toBe(editor.state.doc.nodeAt(movedEntry(editor.state.doc, kind).position)?.type.name);
  });
});

describe('out to the document', () => {
  it.each(Object.keys(KINDS))('a %s held in a block goes out after it where the block editor lets it stand at the top level', (kind) => {
    // A block with a parent of its own starts there; any other in a group, after a block that stays.
    const start = HOME[kind] ? startingBlocks(kind, KINDS[kind]()) : [CONTAINERS.group([sibling(kind), KINDS[kind]()])];
    const editor = openEditor(wp().serialize(start));
    const entries = documentOutline(editor.state.doc);
    const from = movedEntry(editor.state.doc, kind).position;
    const out = placesOut(entries, entries.findIndex((entry) => entry.position === from))[0];
    expect(out).toBe(entries[0].end);
    const allowed = blockEditorAllows('', KINDS[kind]().name);
    const moved = blockMovedTo(editor.state, from, out!);
    expect(moved !== null, kind).toBe(allowed);
    if (!moved) {
      expect(moveRefusal(editor.state, from, out!)).toMatch(/goes only in/);
      return;
    }
    editor.view.dispatch(moved.tr);
    const rest = HOME[kind] ? startingBlocks(kind, null) : [CONTAINERS.group([sibling(kind)])];
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe(wp().serialize([...rest, KINDS[kind]()]));
    expect(strictlyInvalid(saved)).toEqual([]);
  });
});

it('a block that is its parent\'s only one stays in it, when the parent cannot be left empty', () => {
  const editor = openEditor(wp().serialize([CONTAINERS.quote([words('Alone')]), words('After')]));
  const entries = documentOutline(editor.state.doc);
  expect(moveRefusal(editor.state, entries[1].position, entries[2].end)).toMatch(/only block/);
});

it('a block is not moved into itself', () => {
  const editor = openEditor(wp().serialize([CONTAINERS.group([words('Inside')]), words('After')]));
  expect(blockMovedTo(editor.state, 0, 2)).toBeNull();
  expect(moveRefusal(editor.state, 0, 2)).toBeNull();
});

it('out by the keys, a nested list\'s item goes to the list around it, after its item, saved as the block editor saves it', () => {
  const editor = openEditor(wp().serialize([wp().createBlock('core/list', {}, [item('Outer', [wp().createBlock('core/list', {}, [item('Inner'), item('Moved')])]), item('Last')])]));
  const entries = documentOutline(editor.state.doc);
  const index = entries.findIndex((entry) => entry.title === 'List item' && entry.words === 'Moved');
  const places = placesOut(entries, index);
  // After the nested list (in the outer item, which holds only a list): refused; after the outer item: taken.
  expect(moveRefusal(editor.state, entries[index].position, places[0])).toBe('A list item goes only in a list.');
  const moved = blockMovedTo(editor.state, entries[index].position, places[1]);
  editor.view.dispatch(moved!.tr);
  const saved = docToMarkup(editor.state.doc);
  expect(saved).toBe(wp().serialize([wp().createBlock('core/list', {}, [item('Outer', [wp().createBlock('core/list', {}, [item('Inner')])]), item('Moved'), item('Last')])]));
  expect(strictlyInvalid(saved)).toEqual([]);
});

/** The containers the block editor keeps empty when their last block leaves (it shows a place to add one there). */
const LEFT_EMPTY = new Set(['group', 'column', 'details', 'cover', 'list item']);

describe('a container\'s only block moved out to the document\'s end', () => {
  it.each(Object.keys(CONTAINERS))('of %s: leaves it empty where the block editor does, saved as it saves it; elsewhere refused, nothing changed', (containerKind) => {
    const container = CONTAINERS[containerKind]();
    const only = container.innerBlocks[0];
    const editor = openEditor(wp().serialize([placed(containerKind, container), words('After')]));
    const entries = documentOutline(editor.state.doc);
    const containerAt = entries.findIndex((entry) => blockNameOf(editor.state.doc.nodeAt(entry.position)!) === container.name && entry.depth === (PLACED[containerKind] ? 2 : 1));
    const from = entries[containerAt + 1].position;
    const at = entries[entries.length - 1].end;
    const allowed = LEFT_EMPTY.has(containerKind) && blockEditorAllows('', only.name);
    const before = docToMarkup(editor.state.doc);
    const moved = blockMovedTo(editor.state, from, at);
    expect(moved !== null, containerKind).toBe(allowed);
    if (!moved) {
      expect(moveRefusal(editor.state, from, at)).toMatch(/\w/);
      expect(docToMarkup(editor.state.doc)).toBe(before);
      return;
    }
    editor.view.dispatch(moved.tr);
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe(wp().serialize([placed(containerKind, CONTAINERS[containerKind]([])), words('After'), only]));
    expect(strictlyInvalid(saved)).toEqual([]);
    // Opened again, the empty container is editable (no block kept read-only) and saved as read.
    const reopened = openEditor(saved);
    const readOnly: string[] = [];
    reopened.state.doc.descendants((node) => void (node.type.name === 'unknownBlock' && readOnly.push(String(node.attrs.markup))));
    expect(readOnly, containerKind).toEqual([]);
    expect(docToMarkup(reopened.state.doc)).toBe(saved);
  });
});

describe('an empty media & text, as the block editor saves one', () => {
  it('opens editable, with a place for blocks inside it, and is saved as read', () => {
    const empty = wp().createBlock('core/media-text', { mediaUrl: 'https://example.com/a.jpg', mediaId: 5, mediaType: 'image' }, []);
    const markup = wp().serialize([empty, words('After')]);
    const editor = openEditor(markup);
    const readOnly: string[] = [];
    editor.state.doc.descendants((node) => void (node.type.name === 'unknownBlock' && readOnly.push(String(node.attrs.markup))));
    expect(readOnly).toEqual([]);
    expect(docToMarkup(editor.state.doc)).toBe(markup);
    // Its opening ends inside the element that holds its blocks, so a block put there stands inside it.
    const container = editor.state.doc.firstChild!;
    expect(String(container.attrs.closing)).toBe('</div></div>');
  });
});
