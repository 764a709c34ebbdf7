// @vitest-environment jsdom
// Convert to blocks makes of classic content what the block editor's raw handler makes of it
// (`rawHandler` of @wordpress/blocks, every core block registered), strictly valid (issue 29):
// every node shape of the classic schema alone, in a quote and in a list item; and every
// attribute of an element the raw handler keeps (the set asked of the raw handler itself, not
// listed by hand). What is left unequal is named, with why, and the table printed.
import { afterAll, describe, expect, it } from 'vitest';
import { markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { classicNodeSamples } from '../helpers/classic-node-samples.ts';
import { CAPTION_SHORTCODES } from '../helpers/caption-shortcodes.ts';
import { CLASSED_IMAGE, IN_ITEM_BLOCKS, PLAIN_IMAGE, itemImageLists } from '../helpers/item-images.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { LEAD, convertedAgainstRawHandler } from '../helpers/classic-conversion.ts';
import { HELD_IMAGE_NAMES } from '../../renderer/blocks/held-image.ts';
import { htmlBody } from '../../renderer/blocks/html-nodes.ts';
import { LINK_ATTRIBUTE_NAMES } from '../../renderer/blocks/link-as-read.ts';
import { CAPTION_SHORTCODES_AROUND, DIVISIONS, IMAGE_ALIGNMENTS, IMAGE_AMONG, inQuotes } from '../helpers/image-containers.ts';

const SAMPLES = classicNodeSamples('Inside words');

/** Where a node's HTML stands in the classic post converted. */
const PLACES: Readonly<Record<string, (html: string) => string>> = {
  alone: (html) => html,
  'in a quote': (html) => `<blockquote>${html}</blockquote>`,
  'in a list item': (html) => `<ul><li>${html}</li></ul>`,
};

/** Attributes a classic element may carry, each asked of the raw handler (kept when its blocks change with it). */
const CANDIDATES: readonly string[] = ['class="note wide"', 'id="anchor"', 'style="color: #c00;"', 'style="text-align: center;"', 'type="i"', 'type="A"', 'reversed', 'start="3"', 'cite="https://example.com/source"', 'lang="fr"', 'title="The title"'];

// The block editor (the judge and the raw handler) loads once, before the tests; one editor converts every case, opened afresh for each.
const openEditor = editorsForFile();

/** The classic post `Lead words.` then `html`, converted in the editor, and what the raw handler makes of the same HTML. */
const converted = (html: string) => convertedAgainstRawHandler(openEditor, html);

/** The raw handler drops a more tag and a page break (the writer's content lost); Convert keeps each as its block. */
const MARKER = 'marker kept: the raw handler drops it';

/** Shapes whose conversion is still not the raw handler's, with why (a shape fixed fails here until taken off). */
const LEFT_UNEQUAL: Readonly<Record<string, string>> = {
  'moreBlock in a list item': MARKER, 'pageBreak in a list item': MARKER,
  'moreBlock alone': MARKER, 'moreBlock in a quote': MARKER, 'pageBreak alone': MARKER, 'pageBreak in a quote': MARKER,
};

const SHAPES = Object.entries(SAMPLES).flatMap(([type, sample]) => Object.entries(PLACES).map(([place, put]) => ({ name: `${type} ${place}`, html: put(sample) })));

describe('Convert to blocks against the raw handler, every node shape', () => {
  const table: string[] = [];
  afterAll(() => {
    console.log(`shape | equal to rawHandler | strictly valid\n${table.join('\n')}\n${table.filter((row) => row.includes('| yes |')).length} of ${table.length} equal`);
  });

  it.each(SHAPES)('$name', ({ name, html }) => {
    const { ours, theirs } = converted(html);
    const invalid = quietly(() => strictlyInvalid(ours));
    table.push(`${name} | ${ours === theirs ? 'yes' : `no (${LEFT_UNEQUAL[name] ?? 'not named'})`} | ${invalid.length === 0 ? 'yes' : `no (${invalid.join(', ')})`}`);
    expect(invalid).toEqual([]);
    if (Object.hasOwn(LEFT_UNEQUAL, name)) expect(ours).not.toBe(theirs);
    else expect(ours).toBe(theirs);
  });
});

describe('Convert to blocks makes a quote empty where the raw handler does', () => {
  // The raw handler's quote of no paragraph holds nothing; of an empty paragraph, that paragraph.
  it.each(['<blockquote></blockquote>', '<blockquote><p></p></blockquote>', '<blockquote class="note"></blockquote>'])('%s', (html) => {
    const { ours, theirs } = converted(html);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours).toBe(theirs);
  });
});

/** A classic list holding an image in an item, every list shape, the image plain or as WordPress's editor inserts one. */
const ITEM_IMAGE_CASES = Object.entries({ plain: PLAIN_IMAGE, classed: CLASSED_IMAGE }).flatMap(([kind, image]) =>
  itemImageLists(image, 'Inside words').map(({ name, html }) => ({ name: `${name} (${kind})`, html })),
);

describe('Convert to blocks keeps an image in its list item, as the raw handler does', () => {
  it.each(ITEM_IMAGE_CASES)('$name', ({ html }) => {
    const { ours, theirs } = converted(html);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours).toBe(theirs);
  });
});

/** A classic list holding an image in a paragraph or a quote of an item, every list shape, the image plain or classed. */
const ITEM_BLOCK_IMAGE_CASES = Object.entries({ plain: PLAIN_IMAGE, classed: CLASSED_IMAGE }).flatMap(([kind, image]) =>
  itemImageLists(image, 'Inside words', IN_ITEM_BLOCKS).map(({ name, html }) => ({ name: `${name} (${kind})`, html })),
);
describe('Convert to blocks keeps an image in a paragraph or a quote of its list item, as the raw handler does', () => {
  it.each(ITEM_BLOCK_IMAGE_CASES)('$name', ({ html }) => {
    // (A list is converted from its HTML as written, as the raw handler reads it, not as paragraph forming sets it: since session 26.)
    const { ours, theirs } = converted(html);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours).toBe(theirs);
  });
});

/** Every element of the samples with every candidate attribute the raw handler keeps for it (its blocks change with it), alone and in a quote. */
function keptAttributeCases(): { name: string; html: string }[] {
  const wp = blockEditor();
  const rawBlocks = (html: string) => quietly(() => wp.serialize(wp.rawHandler({ HTML: html })));
  return Object.entries(SAMPLES).flatMap(([type, sample]) => {
    if (!/^<[a-z]/.test(sample)) return [];
    const plain = rawBlocks(sample);
    return CANDIDATES.map((attribute) => sample.replace(/^<([a-z0-9]+)/, `<$1 ${attribute}`))
      .filter((html) => rawBlocks(html) !== plain)
      .flatMap((html) => [
        { name: `${type} ${html.slice(0, html.indexOf('>') + 1)}`, html },
        { name: `${type} ${html.slice(0, html.indexOf('>') + 1)} in a quote`, html: `<blockquote>${html}</blockquote>` },
      ]);
  });
}

describe('Convert to blocks keeps what the raw handler keeps of an element', () => {
  // One test converting every element with every attribute kept: 17 s at load 12, 52 s at load 15 (session 22), past the 30 s of one case.
  it('keeps it for every element and attribute the raw handler keeps', () => {
    const unequal = keptAttributeCases().flatMap(({ name, html }) => {
      const { ours, theirs } = converted(html);
      expect(quietly(() => strictlyInvalid(ours)), name).toEqual([]);
      return ours === theirs ? [] : [name];
    });
    // (An image with a title was held in its line before session 25: image-line.ts.)
    expect(unequal).toEqual([]);
  }, 300_000);
});

/**
 * Values of every attribute a held image of classic content may hold (held-image.ts), each as the raw
 * handler treats them apart: a class it reads (an alignment, the library's id) or drops (a size's,
 * another), a width or height in whole pixels or not, zero; the rest, which it drops, once.
 */
const IMAGE_ATTRIBUTE_VALUES: Readonly<Record<string, readonly string[]>> = {
  class: ['alignleft', 'aligncenter', 'alignright', 'alignnone', 'wp-image-12', 'size-medium', 'note', 'note alignright wp-image-7 size-large'],
  title: ['The title'], style: ['border: 1px solid;'], lang: ['fr'], dir: ['rtl'], cite: ['https://example.com/'], datetime: ['2026-11-30'],
  width: ['300', '50%', '0'], height: ['200', '0'],
  srcset: ['https://example.com/photo.jpg 1x'], sizes: ['100vw'], loading: ['lazy'], decoding: ['async'], align: ['left'], border: ['0'], hspace: ['4'], vspace: ['4'],
};

const imageWith = (attributes: string) => `<img${attributes} src="https://example.com/photo.jpg" alt="Inside words" />`;

/** Links around an image, as classic content holds them: to a page, to the image's file with a target and relation. */
const LINKS: readonly ((image: string) => string)[] = [
  (image) => `<a href="https://example.com/page?a=1&amp;b=2">${image}</a>`,
  (image) => `<a href="https://example.com/photo.jpg" target="_blank" rel="noopener">${image}</a>`,
];

/** Attributes together: an alignment with the library's id, a size, a title (each alone above); none, the image block's own unless linked. */
const IMAGE_COMBINATIONS = ['', ' class="aligncenter wp-image-12 size-full"']
  .flatMap((classes) => ['', ' width="400" height="300"', ' height="200"'].map((size) => `${classes}${size}`))
  .flatMap((attributes) => ['', ' title="The &quot;title&quot;"'].map((title) => `${attributes}${title}`));

/**
 * A held image alone in its line (at the top or in a quote): every attribute it may hold with each
 * of its values, alone and linked, and those the raw handler reads together, linked or not.
 */
const IMAGE_LINE_CASES = [
  ...Object.entries(IMAGE_ATTRIBUTE_VALUES).flatMap(([name, values]) => values.map((value) => imageWith(` ${name}="${value}"`))),
  ...IMAGE_COMBINATIONS.map(imageWith),
].flatMap((image) => [image, ...LINKS.map((link) => link(image))]).flatMap((line) => [line, `<blockquote>${line}</blockquote>`]);

describe('Convert to blocks makes an image alone in its line the raw handler\u2019s image block', () => {
  it('holds a value for every attribute a held image may hold', () => {
    expect(Object.keys(IMAGE_ATTRIBUTE_VALUES).sort()).toEqual([...HELD_IMAGE_NAMES].filter((name) => name !== 'src' && name !== 'alt').sort());
  });
  it.each(IMAGE_LINE_CASES)('%s', (html) => {
    const { ours, theirs } = converted(html);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours).toBe(theirs);
  });
});

/** Where an image stands among a line's words, in its own link or not. */
const AMONG_WORDS: readonly ((image: string) => string)[] = [
  (image) => `Words ${image} more words.`,
  (image) => `${image} more words.`,
  (image) => `Words <a href="https://example.com/">${image}</a> and <strong>more</strong>`,
  (image) => `<a href="https://example.com/">Linked words ${image}</a> after.`,
  (image) => `Two ${image}${image.replace('photo.jpg', 'other.jpg')} images.`,
];

/** An image among a line's words (a paragraph, in a quote or not): aligned each way or not, with a size and the library's class, which the raw handler takes out into its figure before the line when aligned. */
const AMONG_WORDS_CASES = ['alignleft', 'aligncenter', 'alignright wp-image-7 size-medium', 'alignnone', 'note']
  .flatMap((classes) => AMONG_WORDS.map((line) => line(imageWith(` class="${classes}" width="300" height="200"`))))
  .flatMap((line) => [`<p>${line}</p>`, `<blockquote><p>${line}</p></blockquote>`]);

/**
 * An image left among a line's words (not aligned by its class: those are taken out, above), in its
 * own link or not, with every other attribute a held image may hold and each of its values, closed
 * as the raw handler's rich text closes it, in a paragraph, in a quote or not.
 */
const IMAGE_AMONG_WORDS_CASES = Object.entries(IMAGE_ATTRIBUTE_VALUES)
  .flatMap(([name, values]) => values.map((value) => imageWith(` ${name}="${value}"`)))
  .filter((image) => !/class="[^"]*align(?:left|center|right)/.test(image))
  .flatMap((image) => [AMONG_WORDS[0](image), AMONG_WORDS[2](image)])
  .flatMap((line) => [`<p>${line}</p>`, `<blockquote><p>${line}</p></blockquote>`]);

describe('Convert to blocks takes an aligned image out of its line\u2019s words, as the raw handler does', () => {
  it.each([...AMONG_WORDS_CASES, ...IMAGE_AMONG_WORDS_CASES])('%s', (html) => {
    const { ours, theirs } = converted(html);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours).toBe(theirs);
  });
});

/**
 * An image left among a paragraph's words, wherever the samples stand a paragraph (alone, in a
 * quote; in a list item the list closes it: ITEM_BLOCK_IMAGE_CASES), in a link or not. (Among the
 * words of a heading, a cell, preformatted text … the raw handler puts it in a figure: FIGURED_CASES.)
 */
const LEFT_IMAGE = imageWith(' class="note" width="300" height="200"');
const IMAGE_IN_PARAGRAPHS = Object.entries(classicNodeSamples(`Words ${LEFT_IMAGE} more`))
  .filter(([, sample]) => htmlBody(sample).querySelector('p > img.note') !== null)
  .flatMap(([type, sample]) => Object.entries(PLACES).filter(([place]) => place !== 'in a list item').flatMap(([place, put]) => [
    { name: `${type} ${place}`, html: put(sample) },
    { name: `${type} ${place}, linked`, html: put(sample).replace(LEFT_IMAGE, `<a href="https://example.com/">${LEFT_IMAGE}</a>`) },
  ]));

describe('Convert to blocks leaves an image among a paragraph\u2019s words as the raw handler does', () => {
  it.each(IMAGE_IN_PARAGRAPHS)('$name', ({ html }) => {
    const { ours, theirs } = converted(html);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours).toBe(theirs);
  });
});

/**
 * What a link of classic content holds beyond its own attributes (link-as-read.ts), each value alone,
 * and together with its own (target, relation, title), its class first (as a lightbox plugin writes
 * it) or last: the raw handler's image block keeps the class (with the target and relation) and drops
 * the rest; its paragraph keeps them all as written.
 */
const LINK_ATTRIBUTES = [
  ...Object.entries({ class: ['lightbox', 'lightbox wide'], style: ['color: #c00;'], lang: ['fr'], dir: ['rtl'], cite: ['https://example.com/'], datetime: ['2026-11-30'] })
    .flatMap(([name, values]) => values.map((value) => ` ${name}="${value}" href="https://example.com/photo.jpg"`)),
  ' class="lightbox" href="https://example.com/photo.jpg" target="_blank" rel="noopener"',
  ' href="https://example.com/photo.jpg" target="_blank" rel="nofollow noopener" title="The &quot;link&quot;" class="lightbox" style="color: #c00;"',
];

/** Each of those links around an image as WordPress's editor inserts one (not aligned, or aligned), alone in its line or among words, in a quote or not. */
const LINKED_IMAGE_CASES = LINK_ATTRIBUTES.flatMap((attributes) =>
  [' class="alignnone size-full wp-image-7" width="300" height="200"', ' class="alignright wp-image-7"'].map((image) => `<a${attributes}>${imageWith(image)}</a>`),
)
  .flatMap((link) => [link, `<p>Words ${link} more words.</p>`])
  .flatMap((line) => [line, `<blockquote>${line}</blockquote>`]);

describe('Convert to blocks makes an image in a link holding any attribute what the raw handler makes', () => {
  it('holds every attribute a link may hold', () => {
    const named = new Set(LINK_ATTRIBUTES.flatMap((attributes) => [...attributes.matchAll(/ ([a-z]+)="/g)].map(([, name]) => name)));
    expect([...LINK_ATTRIBUTE_NAMES].filter((name) => !named.has(name))).toEqual([]);
  });
  it.each(LINKED_IMAGE_CASES)('%s', (html) => {
    const { ours, theirs } = converted(html);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours).toBe(theirs);
  });
});

describe('Convert to blocks makes a caption shortcode the raw handler\u2019s image block', () => {
  it.each(CAPTION_SHORTCODES)('%s', (shortcode) => {
    const { ours, theirs } = converted(shortcode);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours).toBe(theirs);
  });
});

/** Whether classic HTML is read editable, no part of it kept as written. */
const readEditable = (html: string) => !JSON.stringify(markupToDoc(`${LEAD}\n\n${html}`)).includes('"unknownBlock"');

/** A classic table with each attribute on its row, its header cell or its cell in turn (a cell's own attributes too), where classic content holds it (else the table is kept as written). */
const TABLE_CASES = [...CANDIDATES, 'scope="col"', 'colspan="2"', 'rowspan="2"']
  .flatMap((attribute) =>
    ['tr', 'th', 'td'].map((element) => {
      const on = (tag: string) => (tag === element ? ` ${attribute}` : '');
      return `<table><tbody><tr${on('tr')}><th${on('th')}>Head</th><td${on('td')}>Inside words</td></tr><tr><td>Next</td><td>Row</td></tr></tbody></table>`;
    }),
  )
  .filter(readEditable);

/** A cell spanning rows or columns: the editor's table evens its rows out with empty cells (ProseMirror's table fixing), where the raw handler keeps them as written. */
const LEFT_SPANS = /(?:col|row)span=/;

describe('Convert to blocks makes a classic table\u2019s rows and cells what the raw handler makes', () => {
  it.each(TABLE_CASES)('%s', (html) => {
    const { ours, theirs } = converted(html);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    if (LEFT_SPANS.test(html)) expect(ours).not.toBe(theirs);
    else expect(ours).toBe(theirs);
  });
});

/**
 * Containers whose words stand in no paragraph, each around `words`: a heading, a cell, a header
 * cell, a definition's term and description, preformatted text, a form. The raw handler puts an
 * image among them in a figure, around the link it stands in alone (in two in a quote, whose HTML it
 * reads again). (Code holding an image, the raw handler's code block: figures-and-code-convert.test.ts.)
 */
const FIGURED_CONTAINERS: Readonly<Record<string, (words: string) => string>> = {
  heading: (words) => `<h3>${words}</h3>`,
  cell: (words) => `<table><tbody><tr><td>${words}</td></tr></tbody></table>`,
  'header cell': (words) => `<table><tbody><tr><th>${words}</th></tr></tbody></table>`,
  term: (words) => `<dl><dt>${words}</dt><dd>Description</dd></dl>`,
  description: (words) => `<dl><dt>Term</dt><dd>${words}</dd></dl>`,
  preformatted: (words) => `<pre>${words}</pre>`,
  form: (words) => `<form action="https://example.com/">${words}</form>`,
};

/** An image with every attribute a held image may hold, each value alone, and none (plain), by name. */
const FIGURED_IMAGES: readonly (readonly [string, string])[] = [
  ['plain', imageWith('')],
  ...Object.entries(IMAGE_ATTRIBUTE_VALUES).flatMap(([name, values]) => values.map((value): [string, string] => [`${name}="${value}"`, imageWith(` ${name}="${value}"`)])),
];

/** Every container, in a quote or not: every image among its words; the plain image and one aligned with the library's class and a size each other way it stands there. */
const FIGURED_CASES = Object.entries(FIGURED_CONTAINERS)
  .flatMap(([container, put]) =>
    Object.entries(IMAGE_AMONG).flatMap(([among, place]) =>
      (among === 'among words' ? FIGURED_IMAGES : FIGURED_IMAGES.filter(([name]) => name === 'plain' || name.startsWith('class="note alignright'))).map(([image, html]) => ({
        name: `${container}, ${among}, ${image}`,
        html: put(place(html)),
      })),
    ),
  )
  .flatMap(({ name, html }) => [
    { name, html },
    { name: `${name}, in a quote`, html: `<blockquote>${html}</blockquote>` },
  ]);

describe('Convert to blocks puts an image among the words of a heading, a cell, a definition, preformatted text, a form in the raw handler\u2019s figures', () => {
  it.each(FIGURED_CASES)('$name', ({ html }) => {
    const { ours, theirs } = converted(html);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours).toBe(theirs);
  });
});

/** Whether the raw handler's figure reducer takes an image out of the paragraph or division it stands in: aligned by its class, or alone there. */
const takenOutOfDivision = (among: string, image: string) => among === 'alone' || /class="align(?:left|right|center)\b/.test(image);

/**
 * An image the raw handler takes out of a division's words (which it makes a Custom HTML block of),
 * in every place there, every alignment, in a quote or not: into its image block before the block
 * (out of a division inside the block, into a figure before that division; in a quote, whose HTML it
 * reads again, out of the top one too, its first figure left empty). (One it leaves there was
 * converted so before.)
 */
const DIVISION_CASES = Object.entries(DIVISIONS).flatMap(([division, put]) =>
  Object.entries(IMAGE_AMONG).flatMap(([among, place]) =>
    Object.entries(IMAGE_ALIGNMENTS)
      .filter(([, image]) => takenOutOfDivision(among, image))
      .flatMap(([alignment, image]) => [0, 1].map((depth) => ({ name: `${division}, ${among}, ${alignment}${depth > 0 ? ', in a quote' : ''}`, html: inQuotes(put(place(image)), depth) }))),
  ),
);

describe('Convert to blocks takes an image out of a division’s words where the raw handler does', () => {
  it.each(DIVISION_CASES)('$name', ({ html }) => {
    const { ours, theirs } = converted(html);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours).toBe(theirs);
  });
});

/** A caption shortcode whose words hold an image, in every place there, aligned each way or not: the raw handler's image block with that image among its caption's words, closed as its rich text closes it. */
const CAPTIONED_CASES = Object.entries(CAPTION_SHORTCODES_AROUND).flatMap(([caption, put]) =>
  Object.entries(IMAGE_AMONG).flatMap(([among, place]) => Object.entries(IMAGE_ALIGNMENTS).map(([alignment, image]) => ({ name: `${caption}, ${among}, ${alignment}`, html: put(place(image)) }))),
);

describe('Convert to blocks makes a caption shortcode holding an image among its words the raw handler’s image block', () => {
  it.each(CAPTIONED_CASES)('$name', ({ html }) => {
    const { ours, theirs } = converted(html);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours).toBe(theirs);
  });
});
