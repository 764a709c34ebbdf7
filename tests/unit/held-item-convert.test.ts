// @vitest-environment jsdom
// Convert to blocks of a classic list whose item holds a block element among its words, or an image
// held with HTML the editor cannot hold (issue 29, writer-features row 33), against the block
// editor's raw handler (strictly valid): the list is converted from its HTML as written, as the raw
// handler reads it, not as the site's paragraph forming sets it (a block element on a line of its
// own, the words after it a paragraph), and a held image is set in its figure as the raw handler's
// figure reducer sets it. The list block made reads back editable, and a word typed in it keeps
// every other byte.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { blockEditor, leftOpen, quietly } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { convertedAgainstRawHandler, savedThenTyped, typedInto } from '../helpers/classic-conversion.ts';
import { AMONG_ITEM_WORDS, ELEMENT_SAMPLES, ITEM_WORDS } from '../helpers/html-element-samples.ts';

const { autop } = createRequire(import.meta.url)('@wordpress/autop') as { autop(html: string): string };

const openEditor = editorsForFile();
const WORDS = ITEM_WORDS;
const TYPED = 'Item typed words';

const listOf = (item: string) => `<ul><li>${item}</li><li>Other ${WORDS}</li></ul>`;

/** How many paragraphs and line breaks `html` holds. */
const breaksIn = (html: string) => (html.match(/<(?:p|br)[\s/>]/g) ?? []).length;

/** The name of a case whose list stands in a quote. */
const IN_A_QUOTE = ', the list in a quote';

/** Every element of HTML in every place among an item's words where the site's paragraph forming sets it on a line of its own (adds a line break or a paragraph), the list alone and in a quote. */
const BLOCK_AMONG_WORDS = ELEMENT_SAMPLES.flatMap((element) =>
  Object.entries(AMONG_ITEM_WORDS).flatMap(([place, put]) => {
    const html = listOf(put(element));
    if (breaksIn(autop(html)) <= breaksIn(html)) return [];
    return [{ name: `${element} ${place}`, html }, { name: `${element} ${place}${IN_A_QUOTE}`, html: `<blockquote>${html}</blockquote>` }];
  }),
);

const converted = (html: string) => convertedAgainstRawHandler(openEditor, html);
const typedIn = (markup: string) => typedInto(openEditor, markup, WORDS);

/**
 * Convert's blocks are the raw handler's, strictly valid (but where the raw handler leaves an
 * element open, which its validator rejects: there Convert closes it), and read back editable: a
 * word typed keeps every other byte.
 */
function convertsAsRawHandler(html: string): void {
  const { ours, theirs } = converted(html);
  expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
  if (ours !== theirs) {
    expect(quietly(() => strictlyInvalid(theirs))).not.toEqual([]);
    expect(leftOpen(ours)).toBe(theirs);
  }
  expect(JSON.stringify(openEditor.read(ours))).not.toContain('"unknownBlock"');
  const typed = typedIn(ours);
  expect(typed).toBe(ours.replace(WORDS, TYPED));
  expect(quietly(() => strictlyInvalid(typed))).toEqual([]);
}

describe('Convert to blocks reads a list as written: a block element among an item\u2019s words stays there, as the raw handler leaves it', () => {
  it('tries every element paragraph forming sets apart', () => {
    // (The elements of a box of words, a quote, a table …: at least these.)
    for (const tag of ['div', 'p', 'blockquote', 'table', 'pre', 'h2', 'form', 'section']) expect(BLOCK_AMONG_WORDS.map(({ name }) => name).join('\n')).toContain(`<${tag}>`);
  });
  it.each(BLOCK_AMONG_WORDS)('$name', ({ html }) => {
    // The classic post itself keeps its bytes, and a word typed in the item changes no other.
    const post = `Lead words.\n\n${html}\n\nTail words.`;
    // Saved untouched, with a word typed, then converted: one editor, as a writer has.
    const { untouched, typed, converted } = savedThenTyped(openEditor, post, WORDS, true);
    expect(untouched).toBe(post);
    expect(typed).toBe(post.replace(WORDS, TYPED));
    convertsAsRawHandler(html);
    // Typed in before Convert, the word is in the HTML as written that Convert reads.
    const wp = blockEditor();
    expect(converted).toBe(quietly(() => wp.serialize(wp.rawHandler({ HTML: `<p>Lead words.</p>\n${html.replace(WORDS, TYPED)}\n<p>Tail words.</p>` }))));
  });
});

/** An image with an event handler, which the editor holds as a piece of the item (held-html.ts), and the HTML it cannot hold around an image. */
const HOLDERS: Readonly<Record<string, (image: string) => string>> = {
  'the image': (image) => image,
  'a link with a handler': (image) => `<a href="https://example.com/" onmouseover="alert(1)">${image}</a>`,
  'a span with a handler': (image) => `<span onclick="alert(1)">Held ${image} words</span>`,
  'a form': (image) => `<form action="https://example.com/">${image} Held words</form>`,
  'a label': (image) => `<label for="f">${image}</label>`,
  'a button': (image) => `<button type="button">${image}</button>`,
};

/** The images: a handler of each kind the attack corpus uses, aligned or not. */
const IMAGES = ['onerror="alert(1)"', 'onload="alert(1)"', 'class="alignleft" onerror="alert(1)"'].map((rest) => `<img src="https://example.com/photo.jpg" alt="A photo" ${rest}>`);

/** Where the held HTML stands in its item: alone, among its words, in a division with or without words. */
const PLACES: Readonly<Record<string, (held: string) => string>> = {
  alone: (held) => held,
  'among words': (held) => `${WORDS} ${held} more`,
  'in a division with words': (held) => `<div>Boxed words ${held}</div> ${WORDS}`,
  'alone in a division': (held) => `<div>${held}</div> ${WORDS}`,
};

const HELD_IMAGE_CASES = Object.entries(HOLDERS).flatMap(([holder, hold]) =>
  IMAGES.flatMap((image) => Object.entries(PLACES).map(([place, put]) => ({ name: `${image} in ${holder}, ${place}`, html: listOf(put(hold(image))) }))),
);

describe('Convert to blocks sets an image held in a list item in its figure, as the raw handler\u2019s figure reducer does', () => {
  it.each(HELD_IMAGE_CASES)('$name', ({ html }) => {
    convertsAsRawHandler(html);
  });
});

/** A newline where an item's words are written over lines: among its words, around and in a format, first or last, before a nested list, in a paragraph, preformatted text or HTML the editor cannot hold that the item holds. */
const LINES_IN_ITEM: readonly string[] = [
  `${WORDS}\nmore`, `${WORDS} \n more`, `${WORDS}\r\nmore`, `\n${WORDS}`, `${WORDS}\n`, `<em>${WORDS}</em>\n<em>more</em>`, `${WORDS} <em>one\ntwo</em>`,
  `${WORDS}\n<ul><li>Nested</li></ul>`, `${WORDS}<p>One\ntwo</p>`, `${WORDS}<pre>One\ntwo</pre>`, `${WORDS} <span onclick="alert(1)">one\ntwo</span> more`,
];

describe('Convert to blocks makes a newline in an item\u2019s words the line break the raw handler\u2019s rich text reads', () => {
  it.each(LINES_IN_ITEM)('%j', (item) => {
    convertsAsRawHandler(listOf(item));
  });
});
