// @vitest-environment jsdom
// Text columns (core/text-columns, deprecated since columns hold blocks; issue 29): the block
// editor still reads and saves it in its own form, so the Inkwell editor edits the text of each
// column in place. Over column counts, widths and rich text: read as editable, saved untouched
// byte for byte, and with a word typed in any one column written as the block editor writes
// the block with that text, which its strict validator accepts.
import { beforeAll, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

beforeAll(() => {
  blockEditor();
}, 300_000);

const TEXTS = ['First <strong>words</strong>', 'Second with a <a href="https://example.com/?a=1&amp;b=2">link</a>', 'Third<br>on two lines', '', 'Fifth <em>one</em>'];
const CASES: Record<string, unknown>[] = [
  { columns: 2 },
  { columns: 1 },
  { columns: 3, width: 'wide' },
  { columns: 4, width: 'full', className: 'is-style-custom' },
  { columns: 5, width: 'center' },
];

/** The block as the block editor saves it with these attributes, its columns holding `texts`. */
const saved = (attributes: Record<string, unknown>, texts: string[]) =>
  quietly(() => blockEditor().serialize([blockEditor().createBlock('core/text-columns', { ...attributes, content: texts.map((children) => ({ children })) })]));

/** The document with `word` typed at the end of the `index`-th column. */
function typedInColumn(doc: JSONContent, index: number, word: string): JSONContent {
  const [block] = doc.content ?? [];
  const content = (block.content ?? []).map((part, at) => (at === index ? { ...part, content: [...(part.content ?? []), { type: 'text', text: word }] } : part));
  return { ...doc, content: [{ ...block, content }] };
}

it.each(CASES.map((attributes) => [JSON.stringify(attributes), attributes] as const))('text columns %s: each column edited in place, saved as the block editor saves it', (_, attributes) => {
  const texts = TEXTS.slice(0, Number(attributes.columns));
  const markup = saved(attributes, texts);
  const doc = markupToDoc(markup);
  expect(doc.content?.map((node) => node.type)).toEqual(['richBlock']);
  expect(doc.content?.[0].content).toHaveLength(texts.length);
  expect(docToMarkup(doc)).toBe(markup);
  for (const index of texts.keys()) {
    const written = docToMarkup(typedInColumn(doc, index, ' Inkwelled'));
    expect(written).toBe(saved(attributes, texts.map((text, at) => (at === index ? `${text} Inkwelled` : text))));
    expect(strictlyInvalid(written, markup)).toEqual([]);
  }
}, 120_000);

it('edits text columns written with spacing between their elements (as early posts hold them), keeping the spacing', () => {
  const markup = '<!-- wp:text-columns {"width":"center"} -->\n<div class="wp-block-text-columns aligncenter columns-2">\n\t<div class="wp-block-column">\n\t\t<p>One</p>\n\t</div>\n\t<div class="wp-block-column">\n\t\t<p>Two</p>\n\t</div>\n</div>\n<!-- /wp:text-columns -->';
  const doc = markupToDoc(markup);
  expect(doc.content?.map((node) => node.type)).toEqual(['richBlock']);
  expect(docToMarkup(doc)).toBe(markup);
  const written = docToMarkup(typedInColumn(doc, 1, ' Inkwelled'));
  expect(written).toBe(markup.replace('<p>Two</p>', '<p>Two Inkwelled</p>'));
  expect(strictlyInvalid(written, markup)).toEqual([]);
});

it('keeps text columns holding more than a paragraph in a column as written', () => {
  const markup = '<!-- wp:text-columns -->\n<div class="wp-block-text-columns alignundefined columns-2"><div class="wp-block-column"><p>One</p><p>Two</p></div><div class="wp-block-column"><p>Three</p></div></div>\n<!-- /wp:text-columns -->';
  expect(markupToDoc(markup).content?.map((node) => node.type)).toEqual(['unknownBlock']);
});
