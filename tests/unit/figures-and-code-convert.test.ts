// @vitest-environment jsdom
// A figure holding an image and its caption, and code holding an image, in classic content (issue
// 29, row 33). Convert to blocks makes what the block editor's raw handler makes of them (strictly
// valid, the block editor's own output compared): every form of the figure (its image as WordPress's
// editor inserts one, aligned, sized or not, linked or not; the figure plain, aligned by its class,
// as WordPress writes an HTML5 caption; a caption of words, with formats, with a link, empty), every
// variant of code (a `<pre>` of code, with a class, the image alone, among words, linked, aligned,
// beside formats, a line break, a shortcode's bracket and an entity; inline code in a paragraph),
// in every place (alone, in a quote, in a quote in a quote, in a list item, in a division). And the
// classic post (or HTML between blocks) holding them opens with no read-only box where they stand as
// blocks (a figure in a list item too, code beside a link or a format), saved byte for byte untouched
// and with a word typed; what Convert made opens editable (the code block holding an image too),
// strictly valid after a word typed; a captioned image aligned by WordPress's class is drawn with it.
import { describe, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { quietly } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { convertedAgainstRawHandler, savedThenTyped } from '../helpers/classic-conversion.ts';
import { IMAGE_ALIGNMENTS, inQuotes } from '../helpers/image-containers.ts';

const openEditor = editorsForFile();

/** The words a case's caption or code holds, where a word is typed. */
const WORDS = 'Caption words';

const linked = (image: string) => `<a href="https://example.com/page">${image}</a>`;

/** The figure's image: each way a classic post aligns and sizes one (image-containers.ts), linked or not. */
const FIGURE_IMAGES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(IMAGE_ALIGNMENTS).flatMap(([alignment, image]) => [[alignment, image], [`${alignment}, linked`, linked(image)]]),
);

/** The figure's own tags around its image and caption: plain, aligned by its class, as WordPress writes an HTML5 caption. */
const FIGURE_TAGS: Readonly<Record<string, (image: string, caption: string) => string>> = {
  'plain figure': (image, caption) => `<figure>${image}<figcaption>${caption}</figcaption></figure>`,
  'figure aligned by its class': (image, caption) => `<figure class="alignright">${image}<figcaption>${caption}</figcaption></figure>`,
  'HTML5 caption': (image, caption) =>
    `<figure id="attachment_7" aria-describedby="caption-attachment-7" style="width: 300px" class="wp-caption aligncenter">${image}<figcaption id="caption-attachment-7" class="wp-caption-text">${caption}</figcaption></figure>`,
};

/** A caption's words: plain, with formats, with a link (the raw handler's figure transform reads a link anywhere in the figure as the image's), none. */
const CAPTIONS: Readonly<Record<string, string>> = {
  words: WORDS,
  formats: `${WORDS} <strong>bold</strong> and <em>slanted</em>`,
  link: `${WORDS} <a href="https://example.com/source">from a source</a>`,
  empty: '',
};

/** Every image in the plain figure, then every figure's tags with every caption around the first image. */
const FIGURES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(FIGURE_IMAGES).map(([image, html]) => [`plain figure, ${image}`, FIGURE_TAGS['plain figure'](html, WORDS)])),
  ...Object.fromEntries(
    Object.entries(FIGURE_TAGS).flatMap(([tags, put]) =>
      Object.entries(CAPTIONS).filter(([caption]) => caption !== 'words' || tags !== 'plain figure').map(([caption, words]) => [`${tags}, caption of ${caption}`, put(IMAGE_ALIGNMENTS['class alignright, a size and the library\u2019s id'], words)]),
    ),
  ),
};

const IMAGE = IMAGE_ALIGNMENTS['not aligned'];

/** Code holding an image: a `<pre>` of code (its image alone, among words, linked, aligned, beside formats, a line break, a bracket and an entity), with a class, and inline code in a paragraph. */
const CODE: Readonly<Record<string, string>> = {
  'code, the image alone': `<pre><code>${IMAGE}</code></pre>`,
  'code, the image among words': `<pre><code>${WORDS} ${IMAGE} more</code></pre>`,
  'code, the image linked': `<pre><code>${WORDS} ${linked(IMAGE)} more</code></pre>`,
  ...Object.fromEntries(Object.entries(IMAGE_ALIGNMENTS).filter(([alignment]) => alignment !== 'not aligned').map(([alignment, image]) => [`code, the image ${alignment}`, `<pre><code>${WORDS} ${image} more</code></pre>`])),
  'code with a class': `<pre class="language-js"><code>${WORDS} ${IMAGE} more</code></pre>`,
  'code beside a line break, a bracket and an entity': `<pre><code>${WORDS}<br>[gallery] &lt;tag&gt; ${IMAGE}</code></pre>`,
  'code holding formats': `<pre><code>${WORDS} <strong>bold</strong> ${IMAGE}</code></pre>`,
  'code, its words in a format': `<pre><code>Code <strong>${WORDS}</strong> ${IMAGE}</code></pre>`,
  'code, its words in a link': `<pre><code>Code <a href="https://example.com/page">${WORDS}</a> ${IMAGE} more</code></pre>`,
  'inline code in a paragraph': `<p>Words <code>${WORDS} ${IMAGE} more</code> after.</p>`,
};

/** Where the HTML stands in the classic post. */
const PLACES: Readonly<Record<string, (html: string) => string>> = {
  alone: (html) => html,
  'in a quote': (html) => inQuotes(html, 1),
  'in a quote in a quote': (html) => inQuotes(html, 2),
  'in a list item': (html) => `<ul><li>${html}</li><li>Other</li></ul>`,
  'in a division': (html) => `<div>${html}</div>`,
};

/**
 * A form and a place the raw handler makes what no browser reads back: an empty caption in a list item, whose rich
 * text drops the caption's closing tag (`<figcaption …></figure>`); Convert keeps it.
 */
const unreadable = (form: string, place: string) => form.endsWith('caption of empty') && place === 'in a list item';

const CASES = Object.entries({ ...FIGURES, ...CODE }).flatMap(([form, html]) =>
  Object.entries(PLACES)
    .filter(([place]) => !unreadable(form, place))
    .map(([place, put]) => ({ name: `${form}, ${place}`, html: put(html), form, place })),
);

const readOnlyBoxes = (node: JSONContent): string[] => [...(node.type === 'unknownBlock' ? [String(node.attrs?.markup)] : []), ...(node.content ?? []).flatMap(readOnlyBoxes)];

/** The words of a document's text (not an attribute's: an image block's caption, a Custom HTML block's, a piece of HTML among an item's words). */
const textOf = (node: JSONContent): string => (node.text ?? '') + (node.content ?? []).map(textOf).join('');

/**
 * What Convert made opens with no read-only box (code holding an image too, the image a piece among its words), saved
 * byte for byte untouched, and with a word typed in its words (where its text holds them) strictly valid, that word alone changed.
 */
function opensEditable(name: string, converted: string): void {
  const doc = openEditor.read(converted);
  expect(readOnlyBoxes(doc), name).toEqual([]);
  if (!textOf(doc).includes(WORDS)) return;
  const { untouched, typed } = savedThenTyped(openEditor, converted, WORDS);
  expect(untouched, name).toBe(converted);
  expect(typed, name).toBe(converted.replace(WORDS, 'Caption typed words'));
  expect(quietly(() => strictlyInvalid(typed)), name).toEqual([]);
}

describe('Convert to blocks makes a figure with its caption, and code holding an image, what the raw handler makes, and it opens editable', () => {
  it.each(CASES)('$name', ({ name, html }) => {
    const { ours, theirs } = convertedAgainstRawHandler(openEditor, html);
    expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(ours, name).toBe(theirs);
    opensEditable(name, ours);
  });
});

/** Where classic HTML stands: a classic post (paragraphs formed from its lines), HTML between blocks. */
const CONTEXTS: Readonly<Record<string, (html: string) => string>> = {
  'classic post': (html) => `First words.\n\n${html}\n\nLast words.`,
  'between blocks': (html) => `<!-- wp:paragraph -->\n<p>Block words.</p>\n<!-- /wp:paragraph -->\n\n${html}`,
};

/** The cases whose words stand in a block of classic content, to type in: not in a division (a figure or a `<pre>` in one is kept as written, as the raw handler keeps it as HTML). */
const EDITABLE_CASES = CASES.filter(({ place, html }) => place !== 'in a division' && html.includes(WORDS)).flatMap(({ name, html, place }) =>
  Object.entries(CONTEXTS).map(([context, put]) => ({ name: `${name}, ${context}`, markup: put(html), place })),
);

/** The quotes and list items a place stands the words in, outermost first. */
const HOLDERS_OF_PLACE: Readonly<Record<string, string[]>> = { alone: [], 'in a quote': ['blockquote'], 'in a quote in a quote': ['blockquote', 'blockquote'], 'in a list item': ['listItem'] };

/** The quotes and list items around the first text holding `words`, outermost first. */
function holdersOf(node: JSONContent, words: string, around: string[] = []): string[] | null {
  if (node.text?.includes(words)) return around;
  const inside = ['blockquote', 'listItem'].includes(node.type ?? '') ? [...around, node.type ?? ''] : around;
  for (const child of node.content ?? []) {
    const found = holdersOf(child, words, inside);
    if (found) return found;
  }
  return null;
}

describe('a figure with its caption, and code holding an image, open editable in classic content', () => {
  it.each(EDITABLE_CASES)('$name', ({ name, markup, place }) => {
    const doc = openEditor.read(markup);
    expect(readOnlyBoxes(doc), name).toEqual([]);
    // (Its words where they were written: in their item, their quote, not taken out of either.)
    expect(holdersOf(doc, WORDS), name).toEqual(HOLDERS_OF_PLACE[place]);
    const { untouched, typed } = savedThenTyped(openEditor, markup, WORDS);
    expect(untouched, name).toBe(markup);
    expect(typed, name).toBe(markup.replace(WORDS, 'Caption typed words'));
  });
});

/** WordPress's alignment classes its themes float or centre an image by. */
const ALIGNMENTS = ['alignleft', 'alignright', 'aligncenter'];

/** Each way classic content aligns a captioned image (`alignment` its class or shortcode's align), the element the editor draws it as (an image held among words is drawn with its own class already). */
const ALIGNED_HOLDERS: Readonly<Record<string, (alignment: string) => string>> = {
  'figure aligned by its class': (alignment) => FIGURE_TAGS['plain figure'](IMAGE, WORDS).replace('<figure>', `<figure class="${alignment}">`),
  'HTML5 caption': (alignment) => FIGURE_TAGS['HTML5 caption'](IMAGE, WORDS).replace('aligncenter', alignment),
  'caption shortcode': (alignment) => `[caption id="attachment_9" align="${alignment}" width="300"]${IMAGE} ${WORDS}[/caption]`,
};

const ALIGNED_CASES = Object.entries(ALIGNED_HOLDERS).flatMap(([holder, html]) => ALIGNMENTS.map((alignment) => ({ name: `${holder}, ${alignment}`, markup: `First words.\n\n${html(alignment)}`, alignment })));

describe('a captioned image of classic content is drawn with its alignment class, as WordPress\u2019s themes float or centre it (styles.css)', () => {
  it.each(ALIGNED_CASES)('$name', ({ name, markup, alignment }) => {
    const editor = openEditor(markup);
    const element = editor.view.dom.querySelector('.classic-block-content .rich-block');
    const classes = [...(element?.classList ?? [])].filter((name) => /^align(left|right|center)$/.test(name));
    openEditor.done(editor);
    expect(classes, name).toEqual([alignment]);
  });
});
