// @vitest-environment jsdom
// A quote of classic content holding an HTML comment other than a More or page break (a writer's
// note, Word's conditional comments; issue 29, row 33) opens editable, in a classic post, between
// blocks and in a Classic block: the comment a piece of the quote (between its blocks) or of its
// words (in a paragraph or heading), never live, kept byte for byte untouched and with a word typed;
// Convert to blocks makes of it what the block editor's raw handler makes, strictly valid; and a
// block put first in such a quote goes in as its HTML, the rest as read. By the same rule, a comment
// among the words of a paragraph, heading, division, table cell or preformatted text, in a quote or
// not, and among loose words (Convert dropping it as the raw handler does where they are not
// paragraph formed). Every comment, place, context and inserter block.
import { describe, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { keptText } from '../../renderer/blocks/kept-markup.ts';
import { quietly } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { AS_PARSED, LEAD, convertedAgainstRawHandler, pastedAndConverted, postOf, typedConvertedAgainstRawHandler, type Spelling } from '../helpers/classic-conversion.ts';
import { expectOnlyTheBlockIn, blockFirstForFile } from '../helpers/block-first.ts';
import { INSERTER_BLOCKS, INSERTER_COMMAND_BLOCKS } from '../helpers/inserter-blocks.ts';

const withBlockFirst = blockFirstForFile();

const schema = getSchema(editorExtensions);
const WORDS = 'Inside words';
const TYPED = 'Inside typed words';

/** Comments a quote holds: a note, Word's conditional comments (a whole one, and the pair around a list's marker). */
const COMMENTS: Readonly<Record<string, string>> = {
  note: '<!-- note -->',
  'note with dashes and a tag': '<!-- a note - <b>not</b> shown -->',
  "Word's conditional comment": '<!--[if gte mso 9]><xml><o:OfficeDocumentSettings><o:AllowPNG/></o:OfficeDocumentSettings></xml><![endif]-->',
  "Word's conditional pair": '<!--[if !supportLists]--><span style="mso-list:Ignore">1.</span><!--[endif]-->',
};

/** The boxes of words other than a paragraph and a heading, around their words. */
const BOXES_OF_WORDS: Readonly<Record<string, (words: string) => string>> = {
  'a division’s': (words) => `<div>${words}</div>`,
  'a classed division’s': (words) => `<div class="note">${words}</div>`,
  'a table cell’s': (words) => `<table><tbody><tr><td>${words}</td><td>Cell</td></tr></tbody></table>`,
  'a header cell’s': (words) => `<table class="wide"><thead><tr><th>${words}</th></tr></thead><tbody><tr><td>Cell</td></tr></tbody></table>`,
  'preformatted': (words) => `<pre>${words}</pre>`,
  'code’s': (words) => `<pre><code>${words}</code></pre>`,
  'a defined term’s': (words) => `<dl><dt>${words}</dt><dd>Definition</dd></dl>`,
  'a definition’s': (words) => `<dl><dt>Term</dt><dd>${words}</dd></dl>`,
  'a quote’s loose': (words) => `<blockquote>${words}</blockquote>`,
};

/** The ways a quote holds a comment beside its words. */
const PLACES: Readonly<Record<string, (comment: string) => string>> = {
  first: (comment) => `<blockquote>${comment}<p>${WORDS}</p></blockquote>`,
  'first, words outside a paragraph': (comment) => `<blockquote>${comment}\n${WORDS}</blockquote>`,
  'among a paragraph’s words': (comment) => `<blockquote><p>Lead ${comment} ${WORDS}</p></blockquote>`,
  'among a heading’s words': (comment) => `<blockquote><p>${WORDS}</p><h3>Lead ${comment}heading</h3></blockquote>`,
  'between paragraphs, on lines': (comment) => `<blockquote class="note">\n<p>Lead.</p>\n${comment}\n<p>${WORDS}</p>\n</blockquote>`,
  last: (comment) => `<blockquote cite="https://example.com/source"><p>${WORDS}</p>${comment}</blockquote>`,
  'in a quote in a quote': (comment) => `<blockquote><p>Said:</p><blockquote>${comment}<p>${WORDS}</p></blockquote></blockquote>`,
  // (Outside a quote: the same rule holds the comment among a paragraph's or heading's words.)
  'among a paragraph’s words, outside a quote': (comment) => `<p>Lead ${comment} ${WORDS}</p>`,
  'among a heading’s words, outside a quote': (comment) => `<h3>Lead ${comment}${WORDS}</h3>`,
  'among loose words, outside a quote': (comment) => `Lead ${comment} ${WORDS}`,
  // (The same rule holds it among the words of every other box of words, in a quote or not.)
  ...Object.fromEntries(
    Object.entries(BOXES_OF_WORDS).flatMap(([box, put]) => [
      [`among ${box} words, in a quote`, (comment: string) => `<blockquote>${put(`Lead ${comment} ${WORDS}`)}</blockquote>`],
      [`among ${box} words, outside a quote`, (comment: string) => put(`Lead ${comment} ${WORDS}`)],
    ]),
  ),
};

/** The block before classic HTML between blocks. */
const BLOCK_BEFORE = '<!-- wp:paragraph -->\n<p>Block words.</p>\n<!-- /wp:paragraph -->';

/** Where classic HTML stands. */
const CONTEXTS: Readonly<Record<string, (html: string) => string>> = {
  'classic post': (html) => `First words.\n\n${html}\n\nLast words.`,
  'between blocks': (html) => `${BLOCK_BEFORE}\n\n${html}`,
  'classic block with its comment': (html) => `${BLOCK_BEFORE}\n\n<!-- wp:freeform -->\n${html}\n<!-- /wp:freeform -->`,
};

/**
 * Each comment in each place it stands: Word's pair around a list's marker only among words, as Word
 * writes it, code's and a quote's loose words too (the marker's span standing loose between a quote's
 * blocks is inline HTML of its own, not a comment, held as a piece there).
 */
const PLACED = Object.entries(COMMENTS).flatMap(([commentName, comment]) =>
  Object.entries(PLACES)
    .filter(([place]) => commentName !== "Word's conditional pair" || place.startsWith('among'))
    .map(([place, put]) => ({ commentName, place, comment, html: put(comment) })),
);

const CASES = PLACED.flatMap(({ commentName, place, comment, html }) => Object.entries(CONTEXTS).map(([context, within]) => ({ name: `${commentName} ${place}, ${context}`, amongWords: place.startsWith('among'), comment, markup: within(html) })));

const opened = (markup: string) => schema.nodeFromJSON(openEditor.read(markup)).toJSON() as JSONContent;
const readOnlyBoxes = (node: JSONContent): string[] => [...(node.type === 'unknownBlock' ? [String(node.attrs?.markup)] : []), ...(node.content ?? []).flatMap(readOnlyBoxes)];
const pieces = (node: JSONContent): string[] => [...(['unknownBlock', 'heldHtml'].includes(node.type ?? '') ? [String(node.attrs?.markup)] : []), ...(node.content ?? []).flatMap(pieces)];
const typedInside = (node: JSONContent): JSONContent => ({ ...node, ...(node.text?.includes(WORDS) ? { text: node.text.replace(WORDS, TYPED) } : {}), ...(node.content ? { content: node.content.map(typedInside) } : {}) });
/** The comments of some HTML, as written. */
const commentsOf = (html: string) => html.match(/<!--[\s\S]*?-->/g) ?? [];

describe('a quote of classic content holding a comment', () => {
  it.each(CASES)('$name: editable, the comment a piece, kept byte for byte', ({ amongWords, comment, markup }) => {
    const doc = opened(markup);
    // (No words held read-only: the pieces hold the comments alone.)
    expect(pieces(doc).filter((piece) => keptText(piece) !== '')).toEqual([]);
    // (A comment among words is a piece of them, not a box splitting them.)
    if (amongWords) expect(readOnlyBoxes(doc)).toEqual([]);
    // (Each comment held in a piece, never read as the editor's own content.)
    for (const each of commentsOf(comment)) expect(pieces(doc).some((piece) => piece.includes(each))).toBe(true);
    expect(docToMarkup(doc)).toBe(markup);
    expect(docToMarkup(typedInside(doc))).toBe(markup.replace(WORDS, TYPED));
  });
});

// The block editor (the judge and the raw handler) loads once, before the tests.
const openEditor = editorsForFile();

/** Places whose HTML paragraph forming wraps in a paragraph of its own, as the raw handler is given it. */
const FORMED: Readonly<Record<string, Spelling>> = {
  'among loose words, outside a quote': (html) => ({ post: `${LEAD}\n\n${html}`, raw: `<p>${LEAD}</p>\n<p>${html}</p>` }),
  'first, words outside a paragraph': AS_PARSED,
  'among a quote’s loose words, in a quote': AS_PARSED,
  'among a quote’s loose words, outside a quote': AS_PARSED,
};

/** Whether a place's comment stands among loose words (at the top, or directly in a quote). */
const amongLooseWords = (place: string) => place.startsWith('among loose words') || place.startsWith('among a quote’s loose words');

/** Loose words between blocks and in a Classic block, not paragraph formed: the raw handler is given them as they stand, and forms their paragraph itself, of text and elements alone. */
const NOT_FORMED: Readonly<Record<string, Spelling>> = {
  'between blocks': (html) => ({ post: `${html}\n\n${BLOCK_BEFORE}`, raw: html, after: BLOCK_BEFORE }),
  'in a Classic block': (html) => ({ post: `<!-- wp:freeform -->\n${html}\n<!-- /wp:freeform -->\n\n${BLOCK_BEFORE}`, raw: html, after: BLOCK_BEFORE }),
};

/** Whether a place is among the words of a box other than a paragraph or heading (a division, a cell, preformatted text). */
const inOtherBox = (place: string) => Object.keys(BOXES_OF_WORDS).some((box) => place.startsWith(`among ${box} words`));

/** Convert of the comment in each place of a classic post, and of loose words holding it in each context they are not paragraph formed in. */
const CONVERT_CASES = [
  ...PLACED.map(({ commentName, place, html }) => ({ name: `${commentName} ${place}`, spelling: FORMED[place], html, typed: inOtherBox(place) })),
  ...PLACED.filter(({ place }) => amongLooseWords(place)).flatMap(({ commentName, place, html }) =>
    Object.entries(NOT_FORMED).map(([context, spelling]) => ({ name: `${commentName} ${place}, ${context}`, spelling, html, typed: true })),
  ),
];

describe('Convert to blocks of a quote holding a comment, against the raw handler', () => {
  it.each(CONVERT_CASES)('$name', ({ spelling, html, typed }) => {
    const { ours, theirs } = convertedAgainstRawHandler(openEditor, html, spelling);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours).toBe(theirs);
    // (Copied whole and pasted among blocks: what Convert makes of it there.)
    const { pasted, converted } = pastedAndConverted(openEditor, postOf(html, spelling));
    expect(pasted).toBe(converted);
    // (Where the words were read-only, or are not formed a paragraph of, a word typed first too.)
    if (!typed) return;
    const afterTyping = typedConvertedAgainstRawHandler(openEditor, html, WORDS, spelling);
    expect(quietly(() => strictlyInvalid(afterTyping.ours))).toEqual([]);
    expect(afterTyping.ours).toBe(afterTyping.theirs);
  });
});

/** The quotes holding a comment a block is put first in: before words outside a paragraph, and before a paragraph. */
const QUOTES_FOR_A_BLOCK: Readonly<Record<string, (comment: string) => string>> = {
  'words outside a paragraph': (comment) => `<blockquote>${WORDS} and more.${comment}</blockquote>`,
  'words in a paragraph': (comment) => `<blockquote>${comment}<p>${WORDS} and more.</p></blockquote>`,
};

const BLOCK_FIRST_CASES = [COMMENTS.note, COMMENTS["Word's conditional comment"]].flatMap((comment) =>
  Object.entries(QUOTES_FOR_A_BLOCK).flatMap(([shape, put]) =>
    ['between blocks', 'classic block with its comment'].flatMap((context) =>
      [...INSERTER_BLOCKS, ...INSERTER_COMMAND_BLOCKS].map(([block, blockMarkup]) => ({ name: `${block} first in a quote of ${shape} holding ${comment.slice(0, 14)}…, ${context}`, markup: CONTEXTS[context](put(comment)), blockMarkup })),
    ),
  ),
);

describe('a block put first in a quote holding a comment', () => {
  it.each(BLOCK_FIRST_CASES)('$name: only the block goes in; it reopens editable, kept as saved', ({ markup, blockMarkup }) => {
    const written = withBlockFirst(opened(markup), blockMarkup, WORDS);
    expectOnlyTheBlockIn(markup, written, blockMarkup);
    const reopened = opened(written);
    expect(readOnlyBoxes(reopened).filter((box) => box.includes(WORDS))).toEqual([]);
    expect(docToMarkup(reopened)).toBe(written);
    expect(docToMarkup(typedInside(reopened))).toBe(written.replace(WORDS, TYPED));
  });
});
