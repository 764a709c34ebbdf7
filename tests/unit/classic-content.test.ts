// @vitest-environment jsdom
// The quick loop's sample of classic (freeform) content, whose rules are judged over every shape,
// attribute and place in the blocks project (classic-editable, classic-paste, classic-convert):
// a span with a class, in each place classic HTML stands, is shown whole with no read-only box and
// saved byte for byte; an image's alternative text and alignment changed are all that change.
import { describe, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { keptText } from '../../renderer/blocks/kept-markup.ts';
import { inlineHtml } from '../../renderer/blocks/inline-html.ts';
import { withAlignment, withHeld } from '../../renderer/blocks/held-image-edits.ts';
import type { Held } from '../../renderer/blocks/held-inline.ts';

const schema = getSchema(editorExtensions);
const opened = (markup: string) => schema.nodeFromJSON(markupToDoc(markup)).toJSON() as JSONContent;
const BLOCK_BEFORE = '<!-- wp:paragraph -->\n<p>Block words.</p>\n<!-- /wp:paragraph -->';
const SPAN = '<p>Lead <span class="note" style="color: #c00;">Inside words</span> tail.</p>';

const PLACES: Readonly<Record<string, string>> = {
  'a classic post': `First words.\n\n${SPAN}\n\nLast words.`,
  'between blocks': `${BLOCK_BEFORE}\n\n${SPAN}`,
  'a Classic block with its comment': `${BLOCK_BEFORE}\n\n<!-- wp:freeform -->\n${SPAN}\n<!-- /wp:freeform -->`,
};

/** `doc` with each held image's attributes changed, as its controls change them. */
const withImages = (doc: JSONContent, change: (held: Held) => Held): JSONContent =>
  JSON.parse(JSON.stringify(doc), (_key, value: JSONContent) => (value?.type === 'heldImage' ? { ...value, attrs: { ...value.attrs, held: change(value.attrs?.held as Held) } } : value));

describe('classic content with a class and a style, a sample', () => {
  it.each(Object.entries(PLACES))('in %s is shown whole, editable, and saved byte for byte', (_place, markup) => {
    const doc = opened(markup);
    expect(JSON.stringify(doc)).not.toContain('"unknownBlock"');
    const shown = schema.nodeFromJSON(doc).textContent;
    expect(keptText(SPAN).match(/\p{L}+/gu)?.filter((word) => !shown.includes(word))).toEqual([]);
    expect(docToMarkup(doc)).toBe(markup);
  });

  it('writes a bold word as classic content holds it', () => {
    expect(inlineHtml([{ type: 'text', text: 'Inside', marks: [{ type: 'bold' }] }])).toBe('<strong>Inside</strong>');
  });

  it('changes only the alternative text and the alignment of an image its controls change', () => {
    const markup = `First words.\n\n<p><img class="alignleft size-medium wp-image-12" src="https://example.com/photo-300x200.jpg" alt="A photo" width="300" height="200" /> Inside words</p>`;
    const doc = opened(markup);
    expect(docToMarkup(withImages(doc, (held) => withHeld(held, 'alt', 'Edited')))).toBe(markup.replace('alt="A photo"', 'alt="Edited"'));
    expect(docToMarkup(withImages(doc, (held) => withAlignment(held, 'right')))).toBe(markup.replace('alignleft', 'alignright'));
  });
});
