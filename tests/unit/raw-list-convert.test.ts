// @vitest-environment jsdom
// Convert to blocks of a classic list holding any element of HTML in an item, against the block
// editor's raw handler (strictly valid; issue 29, writer-features row 33): the list is the block
// the raw handler makes of its HTML as written (raw-list.ts), whether the list is set apart from
// the post's words by blank lines or not: a nested list or a rule among an item's words, an item's
// `<p>` holding HTML the editor cannot hold, a `<b>`, each as the raw handler leaves it. Bytes the
// writer never touched stay: the classic post and the blocks made, each saved untouched and with a
// word typed in another item.
import { describe, expect, it } from 'vitest';
import { blockEditor, leftOpen, quietly } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { convertedAgainstRawHandler, keepsBytes as keepsBytesTyped, savedThenTyped, SPELLINGS } from '../helpers/classic-conversion.ts';
import { AMONG_ITEM_WORDS, ELEMENT_SAMPLES, ITEM_WORDS } from '../helpers/html-element-samples.ts';

const openEditor = editorsForFile();
const WORDS = ITEM_WORDS;
const OTHER = 'Other words';

/** Where an element stands in an item: among its words, or among those of a paragraph the item holds. */
const PLACES: Readonly<Record<string, (element: string) => string>> = {
  ...AMONG_ITEM_WORDS,
  'in the item\u2019s paragraph': (element) => `<p>${WORDS} ${element} more</p>`,
};

const listOf = (item: string) => `<ul><li>${item}</li><li>${OTHER}</li></ul>`;

/** `markup` saved untouched, and with a word typed in the other item (`saved`: by an editor that went on to Convert). */
const keepsBytes = (markup: string, saved?: { untouched: string; typed: string }) => keepsBytesTyped(openEditor, markup, OTHER, saved);

/** Convert's blocks `ours` are the raw handler's `theirs`, strictly valid, but where the raw handler writes an element emptied and left open, which its validator rejects: Convert keeps it closed, as written. */
function isRawHandlers(ours: string, theirs: string): void {
  expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
  if (ours === theirs) return;
  expect(quietly(() => strictlyInvalid(theirs))).not.toEqual([]);
  expect(leftOpen(ours)).toBe(theirs);
}

const CASES = ELEMENT_SAMPLES.flatMap((element) =>
  Object.entries(PLACES).flatMap(([place, put]) => Object.entries(SPELLINGS).map(([name, spelling]) => ({ name: `${element} ${place}, ${name}`, html: listOf(put(element)), spelling }))),
);

describe('Convert to blocks makes a list as the raw handler makes it of its HTML as written', () => {
  it.each(CASES)('$name', ({ html, spelling }) => {
    // Saved untouched, with a word typed, then converted: one editor, as a writer has.
    const saved = savedThenTyped(openEditor, spelling(html).post, OTHER, true);
    keepsBytes(spelling(html).post, saved);
    const { ours, theirs } = convertedAgainstRawHandler(openEditor, html, spelling);
    isRawHandlers(ours, theirs);
    expect(JSON.stringify(openEditor.read(ours))).not.toContain('"unknownBlock"');
    keepsBytes(ours);
    // Typed in before Convert, the word is in the HTML as written that Convert reads.
    const wp = blockEditor();
    const typed = quietly(() => wp.serialize(wp.rawHandler({ HTML: spelling(html.replace(OTHER, 'Other typed words')).raw })));
    isRawHandlers(saved.converted, typed);
  });
});
