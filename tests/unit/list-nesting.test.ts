// @vitest-environment jsdom
// A list item nested under another (issue 29), as the block editor's list view nests one dropped
// on the lower half of another item's row (first among its nested items) and Alt+Shift+Right
// nests one under the item above (last): every item of a list with a nested list, nested under
// every other item it may go under, first and last, is saved as the block editor's serialiser
// saves the list it then makes, strictly valid; an item under itself, or the only item of a
// list, is refused with a reason and nothing changes.
import { describe, expect, it } from 'vitest';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { nestedUnder, nestingRefusal, nestsListItem } from '../../renderer/blocks/list-nesting.ts';
import { documentOutline } from '../../renderer/editor/document-outline.ts';
import { blockEditor, type WpBlock } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const wp = () => blockEditor();
const openEditor = editorsForFile();

interface Item { text: string; items: Item[] }

const listBlock = (items: Item[], ordered: boolean): WpBlock => wp().createBlock('core/list', ordered ? { ordered } : {}, items.map((item) => itemBlock(item, ordered)));
const itemBlock = (item: Item, ordered: boolean): WpBlock => wp().createBlock('core/list-item', { content: item.text }, item.items.length > 0 ? [listBlock(item.items, ordered)] : []);

/** One; Two holding Two a and Two b; Three. */
const TREE: Item[] = [{ text: 'One', items: [] }, { text: 'Two', items: [{ text: 'Two a', items: [] }, { text: 'Two b', items: [] }] }, { text: 'Three', items: [] }];
const TEXTS = ['One', 'Two', 'Two a', 'Two b', 'Three'];

/** The tree without the item `text`, and that item. */
function without(items: Item[], text: string): { rest: Item[]; taken: Item | null } {
  let taken: Item | null = null;
  const rest = items.flatMap((item) => {
    if (item.text === text) {
      taken = item;
      return [];
    }
    const inner = without(item.items, text);
    taken ??= inner.taken;
    return [{ ...item, items: inner.rest }];
  });
  return { rest, taken };
}

/** The tree with `moved` nested under `text`, first or last among its items. */
const nestedIn = (items: Item[], text: string, moved: Item, first: boolean): Item[] => items.map((item) => ({
  ...item,
  items: item.text === text ? (first ? [moved, ...item.items] : [...item.items, moved]) : nestedIn(item.items, text, moved, first),
}));

const contains = (item: Item, text: string): boolean => item.items.some((inner) => inner.text === text || contains(inner, text));

describe.each([false, true])('in a list (ordered: %s)', (ordered) => {
  const pairs = TEXTS.flatMap((moved) => TEXTS.filter((under) => under !== moved).flatMap((under) => [true, false].map((first) => [moved, under, first] as const)));

  it.each(pairs)('%s nested under %s (first: %s) is saved as the block editor saves the nested list, or refused', (moved, under, first) => {
    const editor = openEditor(wp().serialize([listBlock(TREE, ordered)]));
    const entries = documentOutline(editor.state.doc);
    const at = (text: string) => entries.find((entry) => entry.title === 'List item' && entry.words === text)!.position;
    const { rest, taken } = without(TREE, moved);
    if (contains(taken!, under)) {
      expect(nestingRefusal(editor.state, at(moved), at(under), first)).toMatch(/itself/);
      expect(nestedUnder(editor.state, at(moved), at(under), first)).toBeNull();
      return;
    }
    const stays = rest.length === TREE.length && TREE.find((item) => item.text === under)?.items.at(first ? 0 : -1)?.text === moved;
    expect(nestsListItem(editor.state, at(moved), at(under))).toBe(true);
    expect(nestingRefusal(editor.state, at(moved), at(under), first)).toBe(stays ? null : '');
    if (stays) return;
    const done = nestedUnder(editor.state, at(moved), at(under), first)!;
    editor.view.dispatch(done.tr);
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe(wp().serialize([listBlock(nestedIn(rest, under, taken!, first), ordered)]));
    expect(strictlyInvalid(saved)).toEqual([]);
    expect(editor.state.doc.nodeAt(done.start)?.firstChild?.textContent).toBe(moved);
  });
});

it('the only item of a list is not nested under an item of another list (its list would be left empty), saying why', () => {
  const editor = openEditor(wp().serialize([listBlock([{ text: 'Alone', items: [] }], false), listBlock(TREE, false)]));
  const entries = documentOutline(editor.state.doc);
  const at = (text: string) => entries.find((entry) => entry.words === text && entry.title === 'List item')!.position;
  expect(nestingRefusal(editor.state, at('Alone'), at('One'), true)).toMatch(/only block/);
  expect(nestedUnder(editor.state, at('Alone'), at('One'), true)).toBeNull();
});

it('a block other than a list item is no nesting: the list view moves it as any block', () => {
  const editor = openEditor(wp().serialize([wp().createBlock('core/paragraph', { content: 'Words' }), listBlock(TREE, false)]));
  const entries = documentOutline(editor.state.doc);
  expect(nestsListItem(editor.state, entries[0].position, entries[2].position)).toBe(false);
});
