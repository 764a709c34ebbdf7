// @vitest-environment jsdom
// A more tag or page break a writer put in a quote of a classic post (issue 29, row 33): the quote
// opens editable, the marker a piece of it shown as its marker (no empty line read around it), saved
// untouched byte for byte and with a word typed changing that word alone; Convert to blocks makes
// the marker its block in the quote, as at the top. Every marker, in every way a quote holds one.
import { describe, expect, it } from 'vitest';
import { Editor, getSchema, type JSONContent } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { QUOTE_NODE } from '../../renderer/blocks/quote-block.ts';
import { keptBlockElement } from '../../renderer/blocks/kept-markup.ts';

const schema = getSchema(editorExtensions);
const WORDS = 'Inside words';

/** Each marker, with the block Convert makes of it. */
const MARKERS: Readonly<Record<string, string>> = {
  '<!--more-->': '<!-- wp:more -->\n<!--more-->\n<!-- /wp:more -->',
  '<!--more Read on-->': '<!-- wp:more {"customText":"Read on"} -->\n<!--more Read on-->\n<!-- /wp:more -->',
  '<!--nextpage-->': '<!-- wp:nextpage -->\n<!--nextpage-->\n<!-- /wp:nextpage -->',
};

/** The ways a quote of a classic post holds a marker beside its words. */
const PLACES: Readonly<Record<string, (marker: string) => string>> = {
  first: (marker) => `<blockquote>${marker}<p>${WORDS}</p></blockquote>`,
  'first, words outside a paragraph': (marker) => `<blockquote>${marker}\n${WORDS}</blockquote>`,
  'in a paragraph of its own': (marker) => `<blockquote><p>${marker}</p><p>${WORDS}</p></blockquote>`,
  'on lines': (marker) => `<blockquote>\n${marker}\n<p>${WORDS}</p>\n</blockquote>`,
  'between paragraphs': (marker) => `<blockquote><p>Lead.</p>\n${marker}\n<p>${WORDS}</p></blockquote>`,
  last: (marker) => `<blockquote class="note"><p>${WORDS}</p>${marker}</blockquote>`,
};

const CASES = Object.entries(MARKERS).flatMap(([marker, block]) => Object.entries(PLACES).map(([place, put]) => ({ name: `${marker} ${place}`, marker, block, markup: `<p>Lead words.</p>\n\n${put(marker)}` })));

const quoteOf = (doc: JSONContent): JSONContent | undefined => doc.content?.[0]?.content?.find((node) => node.type === QUOTE_NODE);
const typedInside = (node: JSONContent): JSONContent => ({ ...node, ...(node.text?.includes(WORDS) ? { text: node.text.replace(WORDS, 'Typed words') } : {}), ...(node.content ? { content: node.content.map(typedInside) } : {}) });

describe('a more tag or page break in a quote of a classic post', () => {
  it.each(CASES)('$name: the quote is editable, the marker a piece of it, kept byte for byte', ({ marker, markup }) => {
    const doc = schema.nodeFromJSON(markupToDoc(markup)).toJSON() as JSONContent;
    const quoted = (quoteOf(doc)?.content ?? []).map((node) => (node.type === 'unknownBlock' ? String(node.attrs?.markup) : node.type === 'paragraph' && !node.content ? 'empty line' : node.type));
    expect(quoted.filter((node) => node !== 'paragraph')).toEqual([marker]);
    // (Shown as its marker, as one at the top is.)
    expect(keptBlockElement(marker, document).classList.contains('marker-block')).toBe(true);
    expect(docToMarkup(doc)).toBe(markup);
    expect(docToMarkup(typedInside(doc))).toBe(markup.replace(WORDS, 'Typed words'));
  });

  it.each(CASES)('$name: Convert to blocks makes the marker its block in the quote', ({ block, markup }) => {
    const editor = new Editor({ element: document.createElement('div'), extensions: editorExtensions, content: markupToDoc(markup) });
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.near(editor.state.doc.resolve(1))));
    expect(editor.commands.convertClassicToBlocks()).toBe(true);
    const converted = docToMarkup(editor.state.doc);
    editor.destroy();
    expect(converted).toMatch(new RegExp(`<blockquote class="wp-block-quote[^"]*">[\\s\\S]*${block.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*</blockquote>`));
    expect(converted).not.toContain('<p></p>');
  });
});
