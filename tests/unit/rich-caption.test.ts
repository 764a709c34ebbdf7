// @vitest-environment jsdom
// An image's caption as rich text (issue 29): every format the caption offers (bold, italic, a
// link and the More formats), applied in the caption's own editor to an image alone and to an
// image in a gallery, is saved as the block editor saves that caption (its own serialiser is the
// oracle), strictly valid, and read back into the same format; an untouched caption, formats and
// all, comes back byte for byte; a caption holding what the writing area holds as read (an element
// of no format, its attributes, a footnote mark) is edited too, over every caption of the block
// editor's examples and fixture documents: what the writer did not touch is written as it was read.
// Only what the writing area's rich text cannot hold either (an image among the words) is held.
import { describe, expect, it } from 'vitest';
import { Editor, type JSONContent } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { CAPTION_EXTENSIONS, captionDocument, captionHtml } from '../../renderer/blocks/caption-text.ts';
import { MORE_FORMATS, setHighlight } from '../../renderer/editor/more-formats.ts';
import { applyLinkAddress } from '../../renderer/editor/link-commands.ts';
import { countWords } from '../../renderer/editor/stats.ts';
import { blockEditor, corpus, type WpBlock } from '../helpers/block-editor.ts';
import { blockEditorFixtures } from '../helpers/untouched-corpus.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const wp = () => blockEditor();
const openEditor = editorsForFile();

const WORDS = 'Words here';
const image = (caption: string) => wp().createBlock('core/image', { id: 7, url: 'https://example.com/a.jpg', alt: 'A door', caption });

/** Each place an image's caption is typed: the block as the block editor writes it with that caption. */
const PLACES: Readonly<Record<string, (caption: string) => WpBlock>> = {
  'an image': image,
  'an image in a gallery': (caption) => wp().createBlock('core/gallery', { linkTo: 'none' }, [image(caption)]),
};

/** Each format the caption offers, applied to the selection of the caption's editor, and the element the block editor writes for it. */
const FORMATS: Readonly<Record<string, { apply(editor: Editor): void; written: string }>> = {
  bold: { apply: (editor) => editor.commands.toggleBold(), written: '<strong>here</strong>' },
  italic: { apply: (editor) => editor.commands.toggleItalic(), written: '<em>here</em>' },
  link: { apply: (editor) => applyLinkAddress(editor, 'example.org/door'), written: '<a href="https://example.org/door">here</a>' },
  highlight: { apply: (editor) => setHighlight(editor, { text: 'vivid-red' }), written: '<mark style="background-color:rgba(0, 0, 0, 0)" class="has-inline-color has-vivid-red-color">here</mark>' },
  code: { apply: (editor) => editor.commands.toggleMark('code'), written: '<code>here</code>' },
  keyboardInput: { apply: (editor) => editor.commands.toggleMark('keyboardInput'), written: '<kbd>here</kbd>' },
  strike: { apply: (editor) => editor.commands.toggleMark('strike'), written: '<s>here</s>' },
  subscript: { apply: (editor) => editor.commands.toggleMark('subscript'), written: '<sub>here</sub>' },
  superscript: { apply: (editor) => editor.commands.toggleMark('superscript'), written: '<sup>here</sup>' },
};

/** The caption's own editor, as the image's node view opens it. */
function captionEditor(html: string): Editor {
  const doc = captionDocument(html);
  if (!doc) throw new Error(`The caption "${html}" is not editable`);
  return new Editor({ element: document.createElement('div'), extensions: CAPTION_EXTENSIONS, content: doc });
}

/** Selects the word "here" of the caption. */
function selectHere(editor: Editor): void {
  const at = (editor.state.doc.textContent.indexOf('here')) + 1;
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, at, at + 4)));
}

/** The first image of the writing area, with the caption its node view wrote into it. */
function withCaption(writing: Editor, caption: string): void {
  let position = -1;
  writing.state.doc.descendants((node, at) => {
    if (position < 0 && node.type.name === 'imageBlock') position = at;
    return position < 0;
  });
  const node = writing.state.doc.nodeAt(position);
  if (!node) throw new Error('No image');
  writing.view.dispatch(writing.state.tr.setNodeMarkup(position, undefined, { ...node.attrs, caption }));
}

const imageCaption = (writing: Editor) => {
  let caption = '';
  writing.state.doc.descendants((node) => {
    if (node.type.name === 'imageBlock') caption = String(node.attrs.caption);
    return caption === '';
  });
  return caption;
};

it('offers every format of the More menu', () => {
  for (const { mark } of MORE_FORMATS) expect(Object.keys(FORMATS)).toContain(mark);
});

describe.each(Object.entries(PLACES))('in %s', (_place, make) => {
  it.each(Object.keys(FORMATS))('%s is saved as the block editor saves the caption, strictly valid, and read back', (format) => {
    const start = wp().serialize(make(WORDS));
    const writing = openEditor(start);
    const caption = captionEditor(imageCaption(writing));
    selectHere(caption);
    FORMATS[format].apply(caption);
    withCaption(writing, captionHtml(caption.getJSON()));
    caption.destroy();
    const saved = docToMarkup(writing.state.doc);
    expect(saved).toBe(wp().serialize(make(`Words ${FORMATS[format].written}`)));
    expect(strictlyInvalid(saved)).toEqual([]);
    // Read back: the caption's editor holds the format again, and writes the same caption.
    const again = captionEditor(imageCaption(openEditor(saved)));
    expect(captionHtml(again.getJSON())).toBe(`Words ${FORMATS[format].written}`);
    again.destroy();
  });

  it('an untouched caption with formats and a line break comes back byte for byte', () => {
    const start = wp().serialize(make('A <strong>bold</strong> <a href="https://example.org" target="_blank" rel="noreferrer noopener">link</a><br>and <em>more</em>'));
    const writing = openEditor(start);
    expect(captionDocument(imageCaption(writing))).not.toBeNull();
    expect(docToMarkup(writing.state.doc)).toBe(start);
  });

  it('a caption typed from nothing is saved in a figcaption of the current form, as the block editor saves it', () => {
    const writing = openEditor(wp().serialize(make('')));
    const caption = captionEditor('');
    caption.commands.insertContent('Our <door> & ');
    caption.commands.toggleBold();
    caption.commands.insertContent('knocker');
    withCaption(writing, captionHtml(caption.getJSON()));
    caption.destroy();
    const saved = docToMarkup(writing.state.doc);
    expect(saved).toBe(wp().serialize(make('Our &lt;door> &amp; <strong>knocker</strong>')));
    expect(saved).toContain('<figcaption class="wp-element-caption">');
    expect(strictlyInvalid(saved)).toEqual([]);
  });
});

it.each(Object.entries(PLACES))('in %s, a line break in the caption parts its words in the word count', (_place, make) => {
  const writing = openEditor(wp().serialize(make('The old<br>door')));
  expect(countWords(writing.getText())).toBe(3);
});

/** Captions holding what the writing area holds as read, each as the block editor's rich text writes it, ending in plain words (words typed after a format go into it, as in the block editor). */
const HELD_MARKUP: readonly [string, string][] = [
  ['an element of no format, with a class', 'A <span class="x">door</span> here'],
  ['an element of no format, with a style', 'A <span style="color:#cf2e2e">red</span> door'],
  ['a citation and an abbreviation', 'From <cite>The Door</cite>, <abbr title="circa">c.</abbr> 1900'],
  ['a format with attributes of its own', 'A <strong class="loud">door</strong> here'],
  ['a footnote', 'A door<sup data-fn="f1" class="fn"><a href="#f1" id="f1-link">1</a></sup>'],
  ['code among formats', '<strong>The <code>&lt;door></code> tag</strong> here'],
];

/** The captions of the block editor's own examples and of its fixture documents (when the shared corpus is here). */
function corpusCaptions(): [string, string][] {
  const documents = [...corpus().map((sample) => ({ name: sample.name, markup: sample.markup })), ...(blockEditorFixtures() ?? []).map((document) => ({ name: document.name, markup: document.markup }))];
  return documents.flatMap(({ name, markup }) => [...markup.matchAll(/<figcaption[^>]*>([\s\S]*?)<\/figcaption>/g)].map((match): [string, string] => [name, match[1]]));
}

/** The caption with `words` typed at its end in the caption's own editor, as it is then written. */
function typedAtEnd(html: string, words: string): string {
  const editor = captionEditor(html);
  editor.commands.setTextSelection(editor.state.doc.content.size - 1);
  editor.commands.insertContent(words);
  const written = captionHtml(editor.getJSON());
  editor.destroy();
  return written;
}

describe('captions holding what the writing area holds as read are edited', () => {
  it.each(HELD_MARKUP)('%s: read, written back as read, and with words typed after it, kept as it was before them', (_kind, html) => {
    const doc = captionDocument(html);
    expect(doc).not.toBeNull();
    expect(captionHtml(doc!)).toBe(html);
    expect(typedAtEnd(html, ' now')).toBe(`${html} now`);
  });

  it('every caption of the block editor’s examples and fixture documents is edited, what was not touched written as its rich text writes it', () => {
    const captions = corpusCaptions();
    expect(captions.length).toBeGreaterThan(3);
    const held = captions.filter(([, html]) => captionDocument(html) === null);
    expect(held).toEqual([]);
    for (const [, html] of captions) expect(typedAtEnd(html, ' now')).toBe(`${captionHtml(captionDocument(html)!)} now`);
  });

  // (Held as written before session 27, when the writing area could not hold one either.)
  it.each([
    'A <img src="https://example.com/knocker.png" alt="">door',
    'A <img class="alignright size-medium wp-image-7" src="https://example.com/knocker.png" alt="Knocker" width="300" height="200" /> door',
    'A <a href="https://example.com/"><img src="https://example.com/knocker.png" alt=""></a> door',
    'A <figure><img class="alignleft" src="https://example.com/knocker.png" alt=""></figure> door',
  ])('a caption holding an image among its words (%s) holds it as a piece among them, written back as read', (html) => {
    const doc = captionDocument(html);
    expect(doc?.content?.[0]?.content?.some((node) => node.type === 'heldImage')).toBe(true);
    expect(captionHtml(doc!)).toBe(html);
    expect(typedAtEnd(html, ' now')).toBe(`${html} now`);
  });

  it('plain words are one paragraph of text', () => {
    expect(captionDocument('A door')).toEqual<JSONContent>({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A door' }] }] });
    expect(captionDocument('')).toEqual<JSONContent>({ type: 'doc', content: [{ type: 'paragraph' }] });
  });
});
