// @vitest-environment jsdom
// Convert to blocks against the block editor's raw handler (strictly valid; issue 29, writer-features
// row 33), where it used to differ: a classic list holding a rule first or alone in an item (paragraph
// forming splits the list there; Convert makes the one list the raw handler makes, the rule dropped
// as it drops it), a list holding a More or a page break (Convert makes the raw handler's list but
// keeps the marker where it was written, deliberately: the raw handler drops it and puts an empty
// item after its item, the writer's marker lost), in every place of an item, in a nested list and in
// a quote; and bold and italic words spelt `<b>` and `<i>` outside a list, or two elements of one mark
// side by side (a `<b>` beside a `<strong>`, which the editor's mark runs together), which the raw
// handler keeps as written (Convert keeps them as the block's bytes until edited, a table cell's too).
// And a list holding a `[caption]` shortcode, which the raw handler's shortcode conversion splits around
// its image block (the list's start a list, the words after it a paragraph, each item after it a Custom
// HTML block), in every place of an item, in a quote too (split around it as well), the words after it in
// a list's last item taking the newline paragraph forming ends the list with; and a newline among the words
// of every block, which paragraph forming makes a line break and that newline, kept by the raw handler. Every block made is saved untouched and with a word typed byte for byte.
import { describe, expect, it } from 'vitest';
import { quietly } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { AS_PARSED, convertedAgainstRawHandler, keepsBytes, LEAD, pastedAndConverted, savedThenTyped, SPELLINGS, TAIL, type Spelling } from '../helpers/classic-conversion.ts';

const openEditor = editorsForFile();
const OTHER = 'Other words';

/** Where a marker stands in an item's words. */
const IN_ITEM: Readonly<Record<string, (marker: string) => string>> = {
  'first in its item': (marker) => `${marker} before words`,
  'alone in its item': (marker) => marker,
  'last in its item': (marker) => `Words ${marker}`,
  'among its item\u2019s words': (marker) => `Words ${marker} more`,
};

/** Where the item stands: in the list, or in a list nested in an item; in a quote or not. */
const LISTS: Readonly<Record<string, (item: string) => string>> = {
  'a list': (item) => `<ul><li>${item}</li><li>${OTHER}</li></ul>`,
  'a nested list': (item) => `<ol><li>Outer words<ul><li>${item}</li><li>Inner words</li></ul></li><li>${OTHER}</li></ol>`,
};
const QUOTED: Readonly<Record<string, (html: string) => string>> = { '': (html) => html, ', in a quote': (html) => `<blockquote>${html}</blockquote>` };

/** Two of the ways a post holds the list (SPELLINGS): its own paragraph, and read with the words around it. */
const LIST_SPELLINGS = ['set apart by blank lines', 'run in with the words'];

/** Every marker in every place of `places` and list of `lists`. */
function listCases(markers: Readonly<Record<string, string>>, places: readonly string[], lists: readonly string[]) {
  return Object.entries(markers).flatMap(([kind, marker]) =>
    places.flatMap((place) =>
      lists.flatMap((list) =>
        Object.entries(QUOTED).flatMap(([quoted, inQuote]) =>
          LIST_SPELLINGS.map((spelt) => ({ name: `${kind} ${place} in ${list}${quoted}, ${spelt}`, marker, html: inQuote(LISTS[list](IN_ITEM[place](marker))), spelling: SPELLINGS[spelt] })),
        ),
      ),
    ),
  );
}

// (A rule elsewhere in an item, or in a nested list, is read as the raw handler's list already: raw-list-convert.test.ts.)
const RULE_CASES = listCases({ 'a rule': '<hr />', 'a rule written <hr>': '<hr>' }, ['first in its item', 'alone in its item'], ['a list']);
const MARKER_CASES = listCases({ 'a More': '<!--more-->', 'a More with its text': '<!--more Read on-->', 'a page break': '<!--nextpage-->' }, Object.keys(IN_ITEM), Object.keys(LISTS));

/** Blocks made strictly valid and read editable, each kept byte for byte saved untouched and with a word typed. */
function editableAndKept(ours: string, typedIn: string): void {
  expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
  expect(JSON.stringify(openEditor.read(ours))).not.toContain('"unknownBlock"');
  keepsBytes(openEditor, ours, typedIn);
}

/** The classic content of `post` copied whole (and from its node `from` on, of each of `partly`) and pasted among blocks is what Convert makes of it there. */
function pastedAsConverted(post: string, partly: readonly number[] = []): void {
  for (const from of [0, ...partly]) {
    const { pasted, converted } = pastedAndConverted(openEditor, post, from);
    expect(pasted).toBe(converted);
  }
}

/** The raw handler's blocks of what Convert made of a list holding `marker`: the marker dropped, an empty item put after the item it stood in. */
function droppedAsRawHandler(ours: string, marker: string): string {
  const at = ours.indexOf(marker);
  const itemEnd = ours.indexOf('<!-- /wp:list-item -->', at) + '<!-- /wp:list-item -->'.length;
  return `${ours.slice(0, at)}${ours.slice(at + marker.length, itemEnd)}\n\n<!-- wp:list-item -->\n<li></li>\n<!-- /wp:list-item -->${ours.slice(itemEnd)}`;
}

describe('Convert to blocks makes a list holding a rule first or alone in an item the raw handler\u2019s list', () => {
  for (const { name, html, spelling } of RULE_CASES)
    it(name, () => {
      const { ours, theirs } = convertedAgainstRawHandler(openEditor, html, spelling);
      expect(ours).toBe(theirs);
      editableAndKept(ours, OTHER);
      pastedAsConverted(spelling(html).post);
    });
});

describe('Convert to blocks makes a list holding a More or a page break the raw handler\u2019s list, the marker kept where written', () => {
  for (const { name, marker, html, spelling } of MARKER_CASES)
    it(name, () => {
      const { ours, theirs } = convertedAgainstRawHandler(openEditor, html, spelling);
      expect(ours.split(marker)).toHaveLength(2);
      expect(droppedAsRawHandler(ours, marker)).toBe(theirs);
      editableAndKept(ours, OTHER);
      pastedAsConverted(spelling(html).post);
    });
});

/** Every two spellings of one mark side by side, each order (the same one twice too): the editor's mark runs them together. */
const SIDE_BY_SIDE = [['b', 'strong'], ['i', 'em']].flatMap((tags) => tags.flatMap((first) => tags.map((second) => `<${first}>First</${first}><${second}>second</${second}> words`)));

/** Bold and italic words spelt as the block editor does not write them (and as it does, beside them), each followed by the words a word is typed in. */
const FORMATTED: readonly string[] = [
  '<b>Bold</b> words',
  'Words <i>italic</i>',
  'Words <b>bold</b> and <i>italic</i>',
  '<b><i>Both</i></b> words',
  '<i><b>Both</b></i> words',
  '<b class="note">Bold</b> words',
  '<i>Italic</i>, <strong>strong</strong> and <em>emphasis</em>',
  ...SIDE_BY_SIDE,
  '<b><i>Both</i></b><strong>strong</strong> words',
].map((words) => `${words} and more words`);

/** The blocks holding such words, and the post's paragraph of loose words (the raw handler is given it as the paragraph paragraph forming makes). */
const HOLDERS: Readonly<Record<string, (words: string) => string>> = {
  'a paragraph': (words) => `<p>${words}</p>`,
  'a heading': (words) => `<h2>${words}</h2>`,
  'preformatted text': (words) => `<pre>${words}</pre>`,
  'a table cell': (words) => `<table><tbody><tr><td>${words}</td><td>Cell</td></tr></tbody></table>`,
  'a table\u2019s header cell': (words) => `<table><thead><tr><th>${words}</th></tr></thead><tbody><tr><td>Cell</td></tr></tbody></table>`,
  'a quote\u2019s words': (words) => `<blockquote>${words}</blockquote>`,
  'a quote\u2019s paragraph': (words) => `<blockquote><p>${words}</p></blockquote>`,
  // (The list converted as the raw handler's list, its bytes its own: the quote's are read from them.)
  'a quote\u2019s paragraph beside a list': (words) => `<blockquote><p>${words}</p><ul><li><i>Item</i> words</li></ul></blockquote>`,
};
const LOOSE: Spelling = (words) => ({ post: `${LEAD}\n\n${words}\n\n${TAIL}`, raw: `<p>${LEAD}</p>\n<p>${words}</p>\n<p>${TAIL}</p>` });

const FORMATTED_CASES = FORMATTED.flatMap((words) => [
  ...Object.entries(HOLDERS).flatMap(([holder, hold]) => Object.entries(SPELLINGS).map(([spelt, spelling]) => ({ name: `${words} in ${holder}, ${spelt}`, html: hold(words), spelling }))),
  { name: `${words} as loose words`, html: words, spelling: LOOSE },
]);

describe('Convert to blocks keeps bold and italic words spelt <b> and <i>, and two of one mark side by side, as the raw handler keeps them', () => {
  for (const { name, html, spelling } of FORMATTED_CASES)
    it(name, () => {
      const { ours, theirs } = convertedAgainstRawHandler(openEditor, html, spelling);
      expect(ours).toBe(theirs);
      editableAndKept(ours, 'more words');
      pastedAsConverted(spelling(html).post);
    });
});

/** A newline among the words of every block holding them (and the post's loose words): paragraph forming makes it a line break and that newline, which the raw handler keeps. */
const LINES = 'First line\nsecond line and more words';
const NEWLINE_CASES = [...Object.entries(HOLDERS), ['loose words', (words: string) => words] as const].map(([holder, hold]) => ({ name: `a newline among the words of ${holder}`, html: hold(LINES), holder }));

/** The holders whose block writes a cell the writer types in anew, as the block editor's rich text writes it: that newline gone. */
const CELLS = ['a table cell', 'a table\u2019s header cell'];

describe('Convert to blocks keeps the newline paragraph forming writes after a line break, as the raw handler keeps it', () => {
  for (const { name, html, holder } of NEWLINE_CASES)
    it(name, () => {
      const { ours, theirs } = convertedAgainstRawHandler(openEditor, html, AS_PARSED);
      expect(ours).toBe(theirs);
      pastedAsConverted(AS_PARSED(html).post);
      if (!CELLS.includes(holder)) return editableAndKept(ours, 'more words');
      const { untouched, typed } = savedThenTyped(openEditor, ours, 'more words');
      expect(untouched).toBe(ours);
      expect(typed).toBe(ours.replace('<br>\nsecond line and more words', '<br>second line and more typed words'));
      expect(quietly(() => strictlyInvalid(typed))).toEqual([]);
    });
});

/** A `[caption]` shortcode: the raw handler's shortcode conversion splits the list around its image block. */
const CAPTION = '[caption id="attachment_9" align="alignnone" width="300"]<img src="https://example.com/photo.jpg" alt="" width="300" height="200" /> Caption words[/caption]';

/** The lists holding the item: the ones above, and one whose last item it is. */
const CAPTION_LISTS: Readonly<Record<string, (item: string) => string>> = {
  ...LISTS,
  'a list, its last item': (item) => `<ol><li>${OTHER}</li><li>${item}</li></ol>`,
  'a list of classed items': (item) => `<ul class="note"><li><b>Bold</b> ${item}</li>\n<li>${OTHER}</li>\n</ul>`,
};

/** Every place of an item, every list holding it, in a quote or not (the raw handler splits the quote around the caption too). */
const CAPTION_CASES = Object.keys(IN_ITEM).flatMap((place) =>
  Object.entries(CAPTION_LISTS).flatMap(([list, inList]) =>
    Object.entries(QUOTED).flatMap(([quoted, inQuote]) =>
      LIST_SPELLINGS.map((spelt) => ({ name: `a caption ${place} in ${list}${quoted}, ${spelt}`, html: inQuote(inList(IN_ITEM[place](CAPTION))), spelling: SPELLINGS[spelt] })),
    ),
  ),
);

describe('Convert to blocks splits a list holding a [caption] around its image as the raw handler does', () => {
  for (const { name, html, spelling } of CAPTION_CASES)
    it(name, () => {
      const { ours, theirs } = convertedAgainstRawHandler(openEditor, html, spelling);
      expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
      expect(ours).toBe(theirs);
      // (A word typed in the post's last line: the items after the caption are the raw handler's Custom HTML, and not every split leaves words in a list.)
      keepsBytes(openEditor, ours, 'Tail words');
      // (And the list without the post's lead line: each list or quote read as several nodes carries its HTML as written.)
      pastedAsConverted(spelling(html).post, [1]);
    });
});
