// @vitest-environment jsdom
// Footnote marks as the block editor writes them: read as editable text, numbered in order of
// appearance, and written back byte for byte when nothing changed.
import { afterEach, describe, expect, it } from 'vitest';
import { Editor, type JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { footnoteOrder } from '../../renderer/blocks/footnote-marks.ts';

const A = '4b2b4b1e-1c3d-4f5e-8a9b-0c1d2e3f4a5b';
const B = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const mark = (id: string, number: number) => `<sup data-fn="${id}" class="fn"><a href="#${id}" id="${id}-link">${number}</a></sup>`;
const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;
const POST = [paragraph(`First${mark(A, 1)} and <strong>second</strong>${mark(B, 2)}.`), '<!-- wp:footnotes /-->'].join('\n\n');
/** Every block counted as changed, so none is written from its source. */
const asChanged = (doc: JSONContent): JSONContent => ({ ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, source: null, canonical: null } })) });

let editor: Editor | null = null;
afterEach(() => editor?.destroy());

describe('footnote marks', () => {
  it('leave their paragraph editable, each mark one node, and come back byte for byte', () => {
    const doc = markupToDoc(POST);
    expect(doc.content?.[0].type).toBe('paragraph');
    expect(doc.content?.[0].content?.filter((node) => node.type === 'footnoteMark').map((node) => node.attrs?.id)).toEqual([A, B]);
    expect(docToMarkup(doc)).toBe(POST);
    // Written by the editor itself, not from the source, the marks are the same bytes.
    expect(docToMarkup(asChanged(doc))).toBe(POST);
  });

  it('keep a sup the block editor would not write (other attributes, a missing link) as written', () => {
    for (const odd of [`<sup data-fn="${A}" class="fn" title="x"><a href="#${A}" id="${A}-link">1</a></sup>`, `<sup data-fn="${A}" class="fn">1</sup>`, '<sup>2</sup>']) {
      expect(markupToDoc(paragraph(`Text${odd}`)).content?.[0].type).toBe('unknownBlock');
    }
  });

  it('are renumbered in order of appearance when one is inserted before the others', () => {
    editor = new Editor({ extensions: editorExtensions, content: markupToDoc(POST) });
    editor.commands.setTextSelection(2);
    editor.commands.insertFootnoteMark('new-note');
    expect(footnoteOrder(editor.state.doc)).toEqual(['new-note', A, B]);
    const saved = docToMarkup(editor.getJSON());
    expect(saved).toContain(`F${mark('new-note', 1)}irst${mark(A, 2)} and <strong>second</strong>${mark(B, 3)}.`);
  });
});
