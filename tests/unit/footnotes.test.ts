// @vitest-environment jsdom
// Footnote marks as the block editor writes them: read as editable text, numbered in order of
// appearance, and written back byte for byte when nothing changed.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Editor, type JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { footnoteOrder } from '../../renderer/blocks/footnote-marks.ts';
import { footnotesMeta, metaWithFootnotes, withFootnoteNotes } from '../../renderer/blocks/footnote-notes.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyValid } from '../helpers/strict-validity.ts';

const A = '4b2b4b1e-1c3d-4f5e-8a9b-0c1d2e3f4a5b';
const B = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const mark = (id: string, number: number) => `<sup data-fn="${id}" class="fn"><a href="#${id}" id="${id}-link">${number}</a></sup>`;
const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;
const POST = [paragraph(`First${mark(A, 1)} and <strong>second</strong>${mark(B, 2)}.`), '<!-- wp:footnotes /-->'].join('\n\n');
/** Every block counted as changed, so none is written from its source. */
const asChanged = (doc: JSONContent): JSONContent => ({ ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, source: null, canonical: null } })) });

// The block editor, the judge of what is saved, loads once (about 20 s).
beforeAll(() => {
  blockEditor();
}, 120_000);

let editor: Editor | null = null;
afterEach(() => editor?.destroy());

describe('footnote marks', () => {
  it('leave their paragraph editable, each mark one node, and come back byte for byte', () => {
    const doc = markupToDoc(POST);
    expect(doc.content?.[0].type).toBe('paragraph');
    expect(doc.content?.[0].content?.filter((node) => node.type === 'footnoteMark').map((node) => node.attrs?.id)).toEqual([A, B]);
    expect(docToMarkup(doc)).toBe(POST);
    // Written by the editor itself, not from the source, the marks are the same bytes.
    expect(strictlyValid(docToMarkup(asChanged(doc)))).toBe(POST);
  });

  // (A plain `<sup>` is the Superscript format: more-formats.test.ts.)
  it('keep a sup the block editor would not write (other attributes, a missing link) as written', () => {
    for (const odd of [`<sup data-fn="${A}" class="fn" title="x"><a href="#${A}" id="${A}-link">1</a></sup>`, `<sup data-fn="${A}" class="fn">1</sup>`]) {
      expect(markupToDoc(paragraph(`Text${odd}`)).content?.[0].type).toBe('unknownBlock');
    }
  });

  it('are renumbered in order of appearance when one is inserted before the others', () => {
    editor = new Editor({ extensions: editorExtensions, content: markupToDoc(POST) });
    editor.commands.setTextSelection(2);
    editor.commands.insertFootnoteMark('new-note');
    expect(footnoteOrder(editor.state.doc)).toEqual(['new-note', A, B]);
    const saved = strictlyValid(docToMarkup(editor.getJSON()), POST);
    expect(saved).toContain(`F${mark('new-note', 1)}irst${mark(A, 2)} and <strong>second</strong>${mark(B, 3)}.`);
  });
});

describe('the footnotes block and its notes', () => {
  const META = JSON.stringify([{ content: 'A <a href="https://example.com/">source</a>', id: A }, { content: 'Second <em>note</em>', id: B }]);
  const open = () => withFootnoteNotes(markupToDoc(POST), META);

  it('holds the notes of the meta as rich text, in the order of the marks, and saves both unchanged', () => {
    const doc = open();
    const block = doc.content?.find((node) => node.type === 'footnotesBlock');
    expect(block?.content?.map((note) => note.attrs?.id)).toEqual([A, B]);
    expect(block?.content?.[0].content?.[1]).toMatchObject({ text: 'source', marks: [{ type: 'link' }] });
    expect(docToMarkup(doc)).toBe(POST);
    // The meta as it was, byte for byte (key order included).
    expect(footnotesMeta(doc, META)).toBe(META);
  });

  it('saves an edited note, a new one at the caret, and drops the note of a deleted mark', () => {
    editor = new Editor({ extensions: editorExtensions, content: open() });
    let secondNote = 0;
    editor.state.doc.descendants((node, position) => {
      if (node.type.name === 'footnoteNote' && node.attrs.id === B) secondNote = position;
    });
    editor.commands.insertContentAt(secondNote + 1, 'Edited. ');
    editor.commands.setTextSelection(3);
    expect(editor.commands.insertFootnote()).toBe(true);
    // The caret is in the new note, which comes first, as its mark does.
    expect(editor.state.selection.$from.parent.type.name).toBe('footnoteNote');
    editor.commands.insertContent('New note');
    let markA = -1;
    editor.state.doc.descendants((node, position) => {
      if (node.type.name === 'footnoteMark' && node.attrs.id === A) markA = position;
    });
    editor.commands.deleteRange({ from: markA, to: markA + 1 });
    const notes = JSON.parse(String(metaWithFootnotes({ footnotes: META }, editor.getJSON()).footnotes)) as { id: string; content: string }[];
    expect(notes.map((note) => note.content)).toEqual(['New note', 'Edited. Second <em>note</em>']);
    expect(notes[1].id).toBe(B);
    const saved = strictlyValid(docToMarkup(editor.getJSON()), POST);
    expect(saved).not.toContain(A);
    expect(saved).toContain(`Fi${mark(notes[0].id, 1)}rst and <strong>second</strong>${mark(B, 2)}.`);
  });

  it('adds a footnotes block at the end when the post has none, and leaves the meta of a post without footnotes alone', () => {
    editor = new Editor({ extensions: editorExtensions, content: markupToDoc(paragraph('Plain words')) });
    expect(metaWithFootnotes({ other: 1 }, editor.getJSON())).toEqual({ other: 1 });
    editor.commands.setTextSelection(6);
    editor.commands.insertFootnote();
    const saved = strictlyValid(docToMarkup(editor.getJSON()));
    expect(saved.endsWith('\n\n<!-- wp:footnotes /-->')).toBe(true);
    expect(JSON.parse(String(metaWithFootnotes({}, editor.getJSON()).footnotes))).toHaveLength(1);
    // Neither in a note nor in code.
    expect(editor.commands.insertFootnote()).toBe(false);
    editor.commands.setContent(markupToDoc('<!-- wp:code -->\n<pre class="wp-block-code"><code>x()</code></pre>\n<!-- /wp:code -->'));
    editor.commands.setTextSelection(2);
    expect(editor.commands.insertFootnote()).toBe(false);
  });
});
