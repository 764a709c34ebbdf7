// @vitest-environment jsdom
// The accordion (issue 29): over accordions of one to three items, every heading level, each icon
// setting, items open by default and the accordion's own held attributes: read as blocks at every
// depth, untouched byte for byte; a heading's title typed, an item set open by default, an item
// added, removed or moved: saved as the block editor's serialiser saves the same blocks, strictly valid.
import { describe, expect, it } from 'vitest';
import type { Editor, JSONContent } from '@tiptap/core';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { accordionSettings, addAccordionItem, moveAccordionItem, removeAccordionItem, setAccordionSettings, setItemOpen, type AccordionSettings } from '../../renderer/blocks/accordion-block.ts';
import { CATALOGUE } from '../../renderer/editor/block-catalogue.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';
import { strictlyValid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const openEditor = editorsForFile();

interface Item { title: string; open?: boolean; level?: number; words: string[] }
interface Accordion { attributes: Record<string, unknown>; heading: Record<string, unknown>; items: Item[] }

function wpBlocks(accordion: Accordion): WpBlock {
  const { createBlock } = blockEditor();
  return createBlock(
    'core/accordion',
    accordion.attributes,
    accordion.items.map((item) =>
      createBlock('core/accordion-item', item.open ? { openByDefault: true } : {}, [
        createBlock('core/accordion-heading', { ...accordion.heading, title: item.title, ...(item.level ? { level: item.level } : {}) }),
        createBlock('core/accordion-panel', {}, item.words.map((words) => createBlock('core/paragraph', { content: words }))),
      ]),
    ),
  );
}

const wpAccordion = (accordion: Accordion) => quietly(() => blockEditor().serialize(wpBlocks(accordion)));

const ITEMS: Item[] = [
  { title: 'What is it?', words: ['An accordion.'] },
  { title: 'Tom &amp; <em>Jerry</em>', open: true, level: 4, words: ['One.', 'Two <strong>bold</strong>.'] },
  { title: '', level: 2, words: ['Untitled.'] },
];
const ACCORDIONS: Accordion[] = [
  { attributes: {}, heading: {}, items: ITEMS.slice(0, 1) },
  { attributes: {}, heading: {}, items: ITEMS.slice(0, 2) },
  { attributes: { anchor: 'faq', className: 'is-style-plain' }, heading: {}, items: ITEMS },
  { attributes: { headingLevel: 2, backgroundColor: 'pale-cyan-blue' }, heading: { showIcon: false }, items: ITEMS.slice(1) },
  { attributes: { iconPosition: 'left' }, heading: { iconPosition: 'left' }, items: ITEMS },
];
/** Each setting the block editor offers for the accordion, changed one at a time (to and from its default). */
const SETTING_CHANGES: Partial<AccordionSettings>[] = [
  { headingLevel: 2 }, { headingLevel: 3 }, { headingLevel: 6 }, { autoclose: true }, { autoclose: false },
  { showIcon: false }, { showIcon: true }, { iconPosition: 'left' }, { iconPosition: 'right' },
];
const named = (accordion: Accordion) => `${accordion.items.length} item(s), ${JSON.stringify(accordion.attributes)}, heading ${JSON.stringify(accordion.heading)}`;

/** Every node's type at every depth. */
const types = (node: JSONContent): string[] => [node.type ?? '', ...(node.content ?? []).flatMap(types)];

function itemPositions(editor: Editor): number[] {
  const positions: number[] = [];
  editor.state.doc.descendants((node, position) => {
    if (node.type.name === 'blockContainer' && node.attrs.name === 'core/accordion-item') positions.push(position);
    return true;
  });
  return positions;
}

function apply(editor: Editor, make: (state: EditorState) => Transaction | null): void {
  const tr = make(editor.state);
  expect(tr).not.toBeNull();
  if (tr) editor.view.dispatch(tr);
}

/** The writer types `text` at the start of the title of the item numbered `index`. */
function typeTitle(editor: Editor, index: number, text: string): void {
  let start = -1;
  let seen = -1;
  editor.state.doc.descendants((node, position) => {
    if (node.type.name === 'richBlock' && node.attrs.name === 'core/accordion-heading' && ++seen === index) start = position + 2;
    return true;
  });
  editor.view.dispatch(editor.state.tr.insertText(text, start));
}

const moved = <T,>(list: T[], from: number, to: number) => {
  const copy = [...list];
  copy.splice(to, 0, ...copy.splice(from, 1));
  return copy;
};

describe('the accordion', () => {
  for (const accordion of ACCORDIONS) {
    it(`${named(accordion)}: read as blocks at every depth, controls shown, and written back byte for byte untouched`, () => {
      const markup = wpAccordion(accordion);
      const doc = markupToDoc(markup);
      expect(types(doc)).not.toContain('unknownBlock');
      const editor = openEditor(markup, { inPage: true });
      expect(editor.view.dom.querySelectorAll('.accordion-item-bar')).toHaveLength(accordion.items.length);
      expect(editor.view.dom.querySelectorAll('.accordion-add-item')).toHaveLength(1);
      expect(docToMarkup(editor.state.doc)).toBe(markup);
    });

    accordion.items.forEach((item, index) => {
      it(`${named(accordion)}: item ${index + 1}'s title typed into and it set ${item.open ? 'closed' : 'open'} by default, saved as the block editor saves it, strictly valid`, () => {
        const original = wpAccordion(accordion);
        const editor = openEditor(original, { inPage: true });
        typeTitle(editor, index, 'Now: ');
        apply(editor, (state) => setItemOpen(state, itemPositions(editor)[index], !item.open));
        const items = accordion.items.map((other, at) => (at === index ? { ...other, title: `Now: ${other.title}`, open: !other.open } : other));
        const saved = strictlyValid(docToMarkup(editor.state.doc), original);
        expect(saved).toBe(wpAccordion({ ...accordion, items }));
      });
    });

    it(`${named(accordion)}: an item added, as the block editor's Add item adds one, strictly valid`, () => {
      const original = wpAccordion(accordion);
      const editor = openEditor(original, { inPage: true });
      apply(editor, (state) => addAccordionItem(state, 0));
      const saved = strictlyValid(docToMarkup(editor.state.doc), original);
      const level = Number(accordion.attributes.headingLevel ?? 3);
      const expected = quietly(() => {
        const { createBlock, serialize } = blockEditor();
        const blocks = wpBlocks(accordion);
        blocks.innerBlocks.push(createBlock('core/accordion-item', {}, [createBlock('core/accordion-heading', { level }), createBlock('core/accordion-panel', {}, [createBlock('core/paragraph')])]));
        return serialize(blocks);
      });
      expect(saved).toBe(expected);
    });

    for (const changes of SETTING_CHANGES) {
      it(`${named(accordion)}: its settings changed (${JSON.stringify(changes)}), its headings following them, saved as the block editor saves it, strictly valid`, () => {
        const original = wpAccordion(accordion);
        const editor = openEditor(original, { inPage: true });
        expect(editor.view.dom.querySelectorAll('.accordion-bar')).toHaveLength(1);
        apply(editor, (state) => setAccordionSettings(state, 0, changes));
        const settings = { ...accordionSettings(accordion.attributes), ...changes };
        if (!settings.showIcon) settings.iconPosition = 'right';
        const { showIcon, iconPosition } = settings;
        const expected = wpAccordion({
          attributes: { ...accordion.attributes, ...settings },
          heading: { ...accordion.heading, showIcon, iconPosition },
          items: accordion.items.map((item) => ({ ...item, level: changes.headingLevel ?? item.level })),
        });
        expect(strictlyValid(docToMarkup(editor.state.doc), original)).toBe(expected);
      });
    }

    if (accordion.items.length > 1) {
      it(`${named(accordion)}: the first item moved down, the last moved up, then the first removed, strictly valid at each step`, () => {
        const original = wpAccordion(accordion);
        const editor = openEditor(original, { inPage: true });
        const count = accordion.items.length;
        apply(editor, (state) => moveAccordionItem(state, itemPositions(editor)[0], 1));
        expect(strictlyValid(docToMarkup(editor.state.doc), original)).toBe(wpAccordion({ ...accordion, items: moved(accordion.items, 0, 1) }));
        apply(editor, (state) => moveAccordionItem(state, itemPositions(editor)[count - 1], -1));
        const twiceMoved = moved(moved(accordion.items, 0, 1), count - 1, count - 2);
        expect(strictlyValid(docToMarkup(editor.state.doc), original)).toBe(wpAccordion({ ...accordion, items: twiceMoved }));
        apply(editor, (state) => removeAccordionItem(state, itemPositions(editor)[0]));
        expect(strictlyValid(docToMarkup(editor.state.doc), original)).toBe(wpAccordion({ ...accordion, items: twiceMoved.slice(1) }));
      });
    } else {
      it(`${named(accordion)}: its only item is not removed, nor moved`, () => {
        const editor = openEditor(wpAccordion(accordion), { inPage: true });
        expect(removeAccordionItem(editor.state, itemPositions(editor)[0])).toBeNull();
        expect(moveAccordionItem(editor.state, itemPositions(editor)[0], 1)).toBeNull();
        expect(moveAccordionItem(editor.state, itemPositions(editor)[0], -1)).toBeNull();
      });
    }
  }

  it('is offered by the inserter as the block editor makes a new one (one item, a paragraph in its panel), and read as blocks', () => {
    const entry = CATALOGUE.find((candidate) => candidate.title === 'Accordion');
    const made = quietly(() => {
      const { createBlock, serialize } = blockEditor();
      return serialize(createBlock('core/accordion', {}, [createBlock('core/accordion-item', {}, [createBlock('core/accordion-heading'), createBlock('core/accordion-panel', {}, [createBlock('core/paragraph')])])]));
    });
    expect(entry?.creation).toEqual({ kind: 'markup', markup: made });
    expect(types(markupToDoc(made))).not.toContain('unknownBlock');
    const editor = openEditor(made, { inPage: true });
    typeTitle(editor, 0, 'Question');
    strictlyValid(docToMarkup(editor.state.doc));
  });
});
