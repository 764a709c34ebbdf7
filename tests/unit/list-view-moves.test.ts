// @vitest-environment jsdom
// Moving a block in the list view (issue 29): every block of every kind of parent that holds
// blocks (the document, a group, a column, a gallery with its caption, details after its
// summary), moved to every other place among its neighbours, is saved as the block editor saves
// the reordered blocks (its own serialiser is the oracle), strictly valid; a move to another
// parent, or past a summary or a caption, is refused.
import { describe, expect, it } from 'vitest';
import type { Node as PmNode } from '@tiptap/pm/model';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { besideNeighbour, blockMovedTo } from '../../renderer/blocks/move-block.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const wp = () => blockEditor();
const openEditor = editorsForFile();

const words = (text: string) => wp().createBlock('core/paragraph', { content: text });
const image = (alt: string) => wp().createBlock('core/image', { id: 1, url: 'https://example.com/a.jpg', alt });

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

it('a block is not moved into another parent', () => {
  const editor = openEditor(wp().serialize([words('Outside'), wp().createBlock('core/group', {}, [words('Inside')])]));
  const groupStart = editor.state.doc.firstChild!.nodeSize;
  expect(blockMovedTo(editor.state, 0, groupStart + 1)).toBeNull();
  expect(blockMovedTo(editor.state, groupStart + 1, 0)).toBeNull();
});
