// @vitest-environment jsdom
// A list item standing outside a list (issue 29; the block editor's fixture core__list-item is
// `<!-- wp:list-item --><li></li><!-- /wp:list-item -->`): the block editor shows it and edits its
// text there, so the Inkwell editor does too. Over texts and attributes, and holding a nested list
// or not: read as editable, saved untouched byte for byte, and with a word typed written as the
// block editor writes the item with that text, which its strict validator accepts.
import { beforeAll, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

beforeAll(() => {
  blockEditor();
}, 300_000);

/** The item as the block editor saves it with these attributes and text. */
const saved = (attributes: Record<string, unknown>, content: string) => quietly(() => blockEditor().serialize([blockEditor().createBlock('core/list-item', { ...attributes, content })]));

const TEXTS = ['', 'Words', 'A <strong>bold</strong> and <a href="https://example.com/?a=1&amp;b=2">linked</a> item', 'Two<br>lines'];
const ATTRIBUTES: Record<string, unknown>[] = [{}, { className: 'is-style-checked' }, { fontSize: 'large' }];

/** The document with `word` typed at the end of the item's text. */
function typed(doc: JSONContent, word: string): JSONContent {
  const [item] = doc.content ?? [];
  const [text] = item.content ?? [];
  return { ...doc, content: [{ ...item, content: [{ ...text, content: [...(text.content ?? []), { type: 'text', text: word }] }] }] };
}

const CASES = ATTRIBUTES.flatMap((attributes) => TEXTS.map((text) => [`${JSON.stringify(attributes)} ${JSON.stringify(text)}`, attributes, text] as const));

it.each(CASES)('a list item alone, %s: its text edited in place, saved as the block editor saves it', (_, attributes, text) => {
  const markup = saved(attributes, text);
  const doc = markupToDoc(markup);
  expect(doc.content?.map((node) => node.type)).toEqual(['richBlock']);
  expect(docToMarkup(doc)).toBe(markup);
  const written = docToMarkup(typed(doc, ' Inkwelled'));
  expect(written).toBe(saved(attributes, `${text} Inkwelled`));
  expect(strictlyInvalid(written)).toEqual([]);
}, 120_000);

it('opens the block editor\'s fixture of a list item alone editable, and saves it byte for byte untouched', () => {
  const fixture = '<!-- wp:list-item --><li></li><!-- /wp:list-item -->\n';
  const doc = markupToDoc(fixture);
  expect(doc.content?.map((node) => node.type)).toEqual(['richBlock']);
  expect(docToMarkup(doc)).toBe(fixture);
  expect(strictlyInvalid(docToMarkup(typed(doc, 'Inkwelled')))).toEqual([]);
});

/** A list of these items as the block editor makes it; an item given as [text, list] holds that list. */
type Item = string | [string, NestedList];
interface NestedList { ordered: boolean; items: Item[] }
const listBlock = ({ ordered, items }: NestedList): WpBlock => blockEditor().createBlock('core/list', ordered ? { ordered } : {}, items.map(itemBlock));
const itemBlock = (item: Item): WpBlock => (typeof item === 'string' ? blockEditor().createBlock('core/list-item', { content: item }) : blockEditor().createBlock('core/list-item', { content: item[0] }, [listBlock(item[1])]));

/** The item alone holding `nested`, as the block editor saves it with these attributes and text. */
const holding = (attributes: Record<string, unknown>, content: string, nested: NestedList) => quietly(() => blockEditor().serialize([blockEditor().createBlock('core/list-item', { ...attributes, content }, [listBlock(nested)])]));

const NESTED: NestedList[] = [
  { ordered: false, items: ['Inner'] },
  { ordered: true, items: ['One', 'Two <em>words</em>'] },
  { ordered: false, items: [['Deeper', { ordered: false, items: ['Deepest'] }], 'After'] },
];
const HOLDING_CASES = ATTRIBUTES.slice(0, 2).flatMap((attributes) => ['Holding', '', 'A <strong>bold</strong> item'].flatMap((text) => NESTED.map((nested) => [`${JSON.stringify(attributes)} ${JSON.stringify(text)} ${JSON.stringify(nested)}`, attributes, text, nested] as const)));

/** The document with `word` typed at the end of the item's own text (before the list it holds). */
function typedBeforeNested(doc: JSONContent, word: string): JSONContent {
  const [item] = doc.content ?? [];
  const [text, ...rest] = item.content ?? [];
  return { ...doc, content: [{ ...item, content: [{ ...text, content: [...(text.content ?? []), { type: 'text', text: word }] }, ...rest] }] };
}

it.each(HOLDING_CASES)('a list item alone holding a nested list, %s: its text edited in place, saved as the block editor saves it', (_, attributes, text, nested) => {
  const markup = holding(attributes, text, nested);
  const doc = markupToDoc(markup);
  expect(doc.content?.map((node) => node.type)).toEqual(['blockContainer']);
  expect(docToMarkup(doc)).toBe(markup);
  const written = docToMarkup(typedBeforeNested(doc, ' Inkwelled'));
  expect(written).toBe(holding(attributes, `${text} Inkwelled`, nested));
  expect(strictlyInvalid(written)).toEqual([]);
}, 120_000);
