// @vitest-environment jsdom
// What the editor wrote opens editable again (issue 29, row 33): an image left among the words of a
// paragraph, a heading, a table cell or preformatted text, which Convert to blocks and the block
// editor's raw handler leave there (in a paragraph as it is, `<p>words <img class="…" src=…> words</p>`;
// among a heading's, a cell's or preformatted text's words in the raw handler's figure, one more for
// each quote around: `<h3>words <figure><img …></figure> words</h3>`), is read as the image classic
// content holds, a piece among the words; saved untouched, the post is its bytes; a word typed beside
// it changes that word alone, strictly valid. Every block holding words, every image as classic
// content holds one (every attribute set), in every place among the words, in quotes or not,
// converted by the editor and by the raw handler. An image closed ` />` in a table cell stays so, written anew too.
import { describe, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { captionDocument, captionHtml } from '../../renderer/blocks/caption-text.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { CLASSED_IMAGE, PLAIN_IMAGE } from '../helpers/item-images.ts';
import { strictlyValid } from '../helpers/strict-validity.ts';
import { CAPTION_SHORTCODES_AROUND, IMAGE_ALIGNMENTS, IMAGE_AMONG } from '../helpers/image-containers.ts';

const schema = getSchema(editorExtensions);
const WORDS = 'Inside words';
const TYPED = 'Inside typed words';

/** Images as classic content holds them: WordPress's editor's (not aligned: an aligned one is taken out into its figure), a plain one, and one with each attribute a writer's HTML gives it. */
const IMAGES: Readonly<Record<string, string>> = {
  'classed image': CLASSED_IMAGE.replace('alignleft ', ''),
  'plain image': PLAIN_IMAGE,
  'image with a class': '<img class="note" src="https://example.com/photo.jpg" alt="A photo" />',
  'image with a style': '<img style="border: 1px solid #000;" src="https://example.com/photo.jpg" alt="" width="300" height="200" />',
  'image with a language and title': '<img lang="fr" title="Dit &quot;ainsi&quot;" src="https://example.com/photo.jpg" alt="Une photo" />',
};

/** Where the image stands among a block's words. */
const AMONG_WORDS: Readonly<Record<string, (image: string) => string>> = {
  'words either side': (image) => `Lead ${image} ${WORDS}`,
  'words before': (image) => `${WORDS} ${image}`,
  'words after': (image) => `${image} ${WORDS}`,
  'linked among words': (image) => `Lead <a href="https://example.com/photo.jpg">${image}</a> ${WORDS}`,
  'in a link with words': (image) => `<a href="https://example.com/">${image} ${WORDS}</a>`,
};

/**
 * The classic blocks whose words hold the image, around `words`: a paragraph, and those whose words
 * stand in no paragraph, where the raw handler puts the image in a figure (figured-images.ts): a
 * heading, a cell, a header cell, preformatted text.
 */
const CONTAINERS: Readonly<Record<string, (words: string) => string>> = {
  paragraph: (words) => `<p>${words}</p>`,
  heading: (words) => `<h3>${words}</h3>`,
  cell: (words) => `<table><tbody><tr><td>${words}</td></tr></tbody></table>`,
  'header cell': (words) => `<table><tbody><tr><th>${words}</th></tr></tbody></table>`,
  preformatted: (words) => `<pre>${words}</pre>`,
};

/** The quotes around the block, by how many: each puts the raw handler's image in one more figure (a paragraph's in none, and so in no quote here). */
const QUOTE_DEPTHS = [0, 1, 2];
const inQuotes = (html: string, depth: number) => `${'<blockquote>'.repeat(depth)}${html}${'</blockquote>'.repeat(depth)}`;

const openEditor = editorsForFile();

/** What each maker saves of the classic line `html`: Convert to blocks in the editor, and the block editor's raw handler. */
const MAKERS: Readonly<Record<string, (html: string) => string>> = {
  'Convert to blocks': (html) => {
    const editor = openEditor(html);
    editor.commands.setTextSelection(2);
    expect(editor.commands.convertClassicToBlocks()).toBe(true);
    const saved = docToMarkup(editor.state.doc);
    openEditor.done(editor);
    return saved;
  },
  'the raw handler': (html) => {
    const wp = blockEditor();
    return quietly(() => wp.serialize(wp.rawHandler({ HTML: html })));
  },
};

const readOnlyBoxes = (node: JSONContent): string[] => [...(node.type === 'unknownBlock' ? [String(node.attrs?.markup)] : []), ...(node.content ?? []).flatMap(readOnlyBoxes)];

const typedInside = (node: JSONContent): JSONContent => ({
  ...node,
  ...(node.text?.includes(WORDS) ? { text: node.text.replace(WORDS, TYPED) } : {}),
  ...(typeof node.attrs?.caption === 'string' && node.attrs.caption.includes(WORDS) ? { attrs: { ...node.attrs, caption: typedInCaption(node.attrs.caption) } } : {}),
  ...(node.content ? { content: node.content.map(typedInside) } : {}),
});

/** An image block's caption typed into as its caption's own editor holds it (caption-text.ts), which must hold it. */
function typedInCaption(caption: string): string {
  const doc = captionDocument(caption);
  expect(doc, caption).not.toBeNull();
  return captionHtml(typedInside(doc as JSONContent));
}

/** Whether the maker leaves the image among the words: Convert makes a plain image outside a link in a paragraph the image block (classic content reads it so), the raw handler leaves every one. */
const leftAmongWords = (maker: string, container: string, image: string, place: string) =>
  maker !== 'Convert to blocks' || container !== 'paragraph' || image !== 'plain image' || place.includes('link');

/** The images each other place is tried with in the blocks the raw handler figures: the rest differ only by their attributes, tried with words either side. */
const SHAPED_IMAGES: ReadonlySet<string> = new Set(['classed image', 'plain image']);

/** `make`, made once for the file: the cases of a cell closed ` />` take again what their case saved (the same maker, the same HTML). */
function madeOnce(make: () => string): () => string {
  let saved: string | undefined;
  return () => (saved ??= make());
}

const CASES = Object.entries(MAKERS).flatMap(([maker, make]) =>
  Object.entries(CONTAINERS).flatMap(([container, put]) =>
    QUOTE_DEPTHS.filter((depth) => container !== 'paragraph' || depth === 0).flatMap((depth) =>
      Object.entries(IMAGES).flatMap(([image, tag]) =>
        Object.entries(AMONG_WORDS)
          .filter(([place]) => leftAmongWords(maker, container, image, place) && (container === 'paragraph' || place === 'words either side' || SHAPED_IMAGES.has(image)))
          .map(([place, among]) => ({
            name: `${container}${depth > 0 ? ` in ${depth} quote(s)` : ''}, ${image}, ${place}, saved by ${maker}`,
            make: madeOnce(() => make(inQuotes(put(among(tag)), depth))),
          })),
      ),
    ),
  ),
);

/** Reopened as the editor opens it: editable, saved untouched byte for byte, a word typed changing that word alone, strictly valid. */
function reopensEditable(saved: string): void {
  const reopened = schema.nodeFromJSON(openEditor.read(saved)).toJSON() as JSONContent;
  expect(readOnlyBoxes(reopened)).toEqual([]);
  expect(docToMarkup(reopened)).toBe(saved);
  const typed = docToMarkup(typedInside(reopened));
  expect(typed).toBe(saved.replace(WORDS, TYPED));
  strictlyValid(typed, saved);
}

describe('an image among a paragraph\u2019s, heading\u2019s, cell\u2019s or preformatted text\u2019s words, reopened', () => {
  it.each(CASES)('$name opens editable, kept byte for byte, a typed word changing that word alone', ({ make }) => reopensEditable(make()));
});

/**
 * A caption holding an image among its words, in every place there, aligned each way or not: a
 * `[caption]` shortcode of a classic post as written, and the image block Convert to blocks and the
 * raw handler make of it; the raw handler's of a figure holding its caption too (the image among
 * the caption's words in its figure). The image is a piece among the caption's words.
 */
const CAPTIONS: Readonly<Record<string, (words: string) => string>> = {
  ...CAPTION_SHORTCODES_AROUND,
  'figure with a caption': (words) => `<figure><img src="https://example.com/main.jpg" alt="Main" /><figcaption>${words}</figcaption></figure>`,
};
const CAPTION_MAKERS: Readonly<Record<string, (html: string) => string>> = { 'as written': (html) => html, ...MAKERS };

const CAPTION_CASES = Object.entries(CAPTION_MAKERS).flatMap(([maker, make]) =>
  Object.entries(CAPTIONS)
    // (Classic content reads a figure holding its caption as written: only the raw handler makes a block of it here.)
    .filter(([caption]) => maker === 'the raw handler' || caption !== 'figure with a caption')
    .flatMap(([caption, put]) =>
      Object.entries(IMAGE_AMONG).flatMap(([among, place]) =>
        Object.entries(IMAGE_ALIGNMENTS).map(([alignment, image]) => ({ name: `saved ${maker}: ${caption}, ${among}, ${alignment}`, make: () => make(put(`${place(image)}, ${WORDS}`)) })),
      ),
    ),
);

describe('a caption holding an image among its words, reopened', () => {
  it.each(CAPTION_CASES)('$name opens editable, kept byte for byte, a typed word changing that word alone', ({ make }) => reopensEditable(make()));
});

/** Every image of `markup` closed as TinyMCE and hand-written HTML close it (` />`), where the makers close it as HTML (`>`). */
const closedAsXhtml = (markup: string) => markup.replace(/(<img\b[^>]*?)\s*\/?>/g, '$1 />');

/** A document written anew: each block's source forgotten, as after an edit that cannot be placed in it. */
const writtenAnew = (node: JSONContent): JSONContent => {
  const { source: _source, canonical: _canonical, ...attrs } = node.attrs ?? {};
  return { ...node, ...(node.attrs ? { attrs } : {}), ...(node.content ? { content: node.content.map(writtenAnew) } : {}) };
};

describe('an image closed ` />` among a table cell\u2019s words, reopened', () => {
  // Each cell, in each place, with each image, with its words either side (a paragraph's, heading's and preformatted text's are held so as read through their own source).
  const closedCases = CASES.filter(({ name }) => name.includes('cell') && name.includes('words either side'));
  it.each(closedCases)('$name, its images closed ` />`: kept so, edited and written anew, strictly valid', ({ make }) => {
    const saved = closedAsXhtml(make());
    const reopened = schema.nodeFromJSON(openEditor.read(saved)).toJSON() as JSONContent;
    expect(readOnlyBoxes(reopened)).toEqual([]);
    expect(docToMarkup(reopened)).toBe(saved);
    expect(docToMarkup(typedInside(reopened))).toBe(saved.replace(WORDS, TYPED));
    // Written anew, each image is closed as it was read.
    const anew = docToMarkup(writtenAnew(typedInside(reopened)));
    expect(anew.match(/<img\b[^>]*>/g)).toEqual(saved.match(/<img\b[^>]*>/g));
    strictlyValid(anew, saved);
  });
});
