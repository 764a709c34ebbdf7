// @vitest-environment jsdom
// What the editor wrote opens editable again (issue 29, row 33): an image left among a paragraph's
// words, which Convert to blocks and the block editor's raw handler leave in a paragraph block
// (`<p>words <img class="…" src=…> words</p>`), is read as the image classic content holds, a piece
// among the words; saved untouched, the post is its bytes; a word typed beside it changes that word
// alone, strictly valid. Every image as classic content holds one (every attribute set), in every
// place among a line's words, converted by the editor and by the raw handler.
import { describe, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { CLASSED_IMAGE, PLAIN_IMAGE } from '../helpers/item-images.ts';
import { strictlyValid } from '../helpers/strict-validity.ts';

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

/** Where the image stands among its line's words. */
const AMONG_WORDS: Readonly<Record<string, (image: string) => string>> = {
  'words either side': (image) => `<p>Lead ${image} ${WORDS}</p>`,
  'words before': (image) => `<p>${WORDS} ${image}</p>`,
  'words after': (image) => `<p>${image} ${WORDS}</p>`,
  'linked among words': (image) => `<p>Lead <a href="https://example.com/photo.jpg">${image}</a> ${WORDS}</p>`,
  'in a link with words': (image) => `<p><a href="https://example.com/">${image} ${WORDS}</a></p>`,
};

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
  ...(node.content ? { content: node.content.map(typedInside) } : {}),
});

/** Whether the maker leaves the image among the words: Convert makes a plain image outside a link the image block (classic content reads it so), the raw handler leaves every one. */
const leftAmongWords = (maker: string, image: string, place: string) => maker !== 'Convert to blocks' || image !== 'plain image' || place.includes('link');

const CASES = Object.entries(MAKERS).flatMap(([maker, make]) =>
  Object.entries(IMAGES).flatMap(([image, tag]) =>
    Object.entries(AMONG_WORDS)
      .filter(([place]) => leftAmongWords(maker, image, place))
      .map(([place, line]) => ({ name: `${image}, ${place}, saved by ${maker}`, make: () => make(line(tag)) })),
  ),
);

describe('an image among a paragraph block\u2019s words, reopened', () => {
  it.each(CASES)('$name opens editable, kept byte for byte, a typed word changing that word alone', ({ make }) => {
    const saved = make();
    const reopened = schema.nodeFromJSON(markupToDoc(saved)).toJSON() as JSONContent;
    expect(readOnlyBoxes(reopened)).toEqual([]);
    expect(docToMarkup(reopened)).toBe(saved);
    const typed = docToMarkup(typedInside(reopened));
    expect(typed).toBe(saved.replace(WORDS, TYPED));
    strictlyValid(typed, saved);
  });
});
