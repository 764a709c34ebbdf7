// @vitest-environment jsdom
// The placeholder a block names (its `placeholder` attribute: the cover's title "Write title…" the
// block editor gives a cover that gains media, a paragraph's, a heading's, a button's text, a
// details summary) shows in its empty text, as the block editor's rich text shows it (issue 29):
// over every block type of the block editor with that attribute whose text the editor edits (not
// one it shows as the site shows it: a post title's or a search form's preview, a list whose item
// holds attributes), the empty text's element carries it for the stylesheet while the document
// holds no word of it, what is saved is the block as read, and a typed letter takes it away.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { COVER_TITLE } from '../../renderer/blocks/cover-block.ts';
import { BlockPlaceholders, PLACEHOLDER_ATTRIBUTE } from '../../renderer/editor/block-placeholders.ts';
import { DEFINED_PLACEHOLDERS } from '../../renderer/blocks/defined-blocks.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { INSERTER_BLOCKS, INSERTER_COMMAND_BLOCKS } from '../helpers/inserter-blocks.ts';

const SAID = 'Say it here…';
let element: HTMLElement;
let editor: Editor;
beforeAll(() => {
  blockEditor();
  element = document.body.appendChild(document.createElement('div'));
  editor = new Editor({ element, extensions: [...editorExtensions, BlockPlaceholders] });
}, 300_000);
afterAll(() => {
  editor.destroy();
  element.remove();
});

type Block = ReturnType<ReturnType<typeof blockEditor>['createBlock']>;
/** The block holding the placeholder, empty, where it stands (a button in buttons, a list item in a list). */
function emptyBlock(name: string): Block {
  const wp = blockEditor();
  const block = wp.createBlock(name, { placeholder: SAID });
  if (name === 'core/button') return wp.createBlock('core/buttons', {}, [block]);
  if (name === 'core/list-item') return wp.createBlock('core/list', {}, [block]);
  return block;
}

/** The elements drawn with a placeholder, and their text. */
const shown = () => [...element.querySelectorAll(`[${PLACEHOLDER_ATTRIBUTE}]`)].map((found) => [found.getAttribute(PLACEHOLDER_ATTRIBUTE), found.textContent]);

/** The block types of the block editor with a placeholder its edit shows (a list's is its older forms' only: its items show their own). */
const withPlaceholder = () => blockEditor().getBlockTypes().filter((type) => Object.hasOwn(type.attributes ?? {}, 'placeholder') && type.name !== 'core/list').map((type) => type.name);

/** The empty block opened in the editor: whether it holds text the editor edits (not a block shown as the site shows it). */
function opened(markup: string): boolean {
  editor.commands.setContent(markupToDoc(markup));
  const block = editor.state.doc.firstChild;
  let text = block?.isTextblock === true;
  block?.descendants((node) => {
    text ||= node.isTextblock;
    return !text;
  });
  return text;
}

it('shows the placeholder of every block naming one in its empty text, never as a word of the document or of what is saved', () => {
  const edited = withPlaceholder().filter((name) => {
    const markup = blockEditor().serialize([emptyBlock(name)]);
    if (!opened(markup)) return false;
    expect(shown(), name).toEqual([[SAID, '']]);
    expect(editor.state.doc.textContent, name).toBe('');
    expect(docToMarkup(editor.getJSON()), name).toBe(markup);
    return true;
  });
  expect(edited).toEqual(expect.arrayContaining(['core/paragraph', 'core/heading', 'core/button', 'core/details']));
});

it("shows a new cover title's \"Write title…\" until a letter is typed, and saves the title as typed", () => {
  editor.commands.setContent(markupToDoc(COVER_TITLE));
  expect(shown()).toEqual([['Write title…', '']]);
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 1)).insertText('H'));
  expect(shown()).toEqual([]);
  expect(docToMarkup(editor.getJSON())).toBe(COVER_TITLE.replace('</p>', 'H</p>'));
});

it('shows the placeholders a block type names for its pieces of text (a file\'s name and button) in each while empty, as the block editor\'s edit does, and takes each away once typed in', () => {
  const wp = blockEditor();
  // A block of any number of pieces each showing one placeholder (a tab list) has no example to empty: the inserter's blocks' test below shows its.
  const named = Object.entries(DEFINED_PLACEHOLDERS).flatMap(([name, placeholders]) => (typeof placeholders === 'string' ? [] : [[name, placeholders] as const])).filter(([name, placeholders]) => {
    // The block type's example with every piece of its rich text emptied.
    const type = wp.getBlockType(name) as { attributes: Record<string, { type?: string }>; example?: { attributes?: Record<string, unknown> } };
    const emptied = Object.fromEntries(Object.entries(type.attributes).filter(([, declared]) => declared.type === 'rich-text').map(([attribute]) => [attribute, '']));
    const markup = wp.serialize([wp.createBlock(name, { ...type.example?.attributes, ...emptied })]);
    expect(opened(markup), name).toBe(true);
    expect(shown(), name).toEqual(placeholders.map((placeholder) => [placeholder, '']));
    expect(editor.state.doc.textContent, name).toBe('');
    expect(docToMarkup(editor.getJSON()), name).toBe(markup);
    editor.view.dispatch(editor.state.tr.insertText('N', 2));
    expect(shown(), name).toEqual(placeholders.slice(1).map((placeholder) => [placeholder, '']));
    return true;
  });
  expect(named.map(([name]) => name)).toContain('core/file');
});

/**
 * What the block editor shows in each empty piece of text of a new block of each the inserter
 * offers, in the pieces' order (the document's last paragraph left out: the one after the block, or a
 * new paragraph, which shows the post's own prompt), with the block
 * library's folder whose edit shows it: `null` where it shows none while the block is not selected
 * (a paragraph's "Type / to choose a block" it shows only in a lone empty one, a caption's only in a
 * selected block, a table's body cells have none). A block the inserter comes to offer with an empty
 * piece of text fails until it is written here.
 */
const BLOCK_EDITOR_SHOWS: Readonly<Record<string, { library?: string; shown: readonly (string | null)[] }>> = {
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((level) => [`Heading ${level}`, { library: 'heading', shown: ['Heading'] }])),
  Pullquote: { library: 'pullquote', shown: ['Add quote'] },
  Preformatted: { library: 'preformatted', shown: ['Write preformatted text…'] },
  Verse: { library: 'verse', shown: ['Write poetry…'] },
  Code: { library: 'code', shown: ['Write code…'] },
  Buttons: { library: 'button', shown: ['Add text…'] },
  Details: { library: 'details', shown: ['Write summary…', null] },
  Accordion: { library: 'accordion-heading', shown: ['Accordion title', null] },
  Tabs: { library: 'tab-list', shown: ['Tab title', 'Tab title', null, null] },
  Cover: { library: 'cover', shown: ['Write title…'] },
  'Media & text': { library: 'media-text', shown: ['Content…'] },
  Gallery: { shown: [null] },
  Audio: { shown: [null] },
  Video: { shown: [null] },
  'Table 1×1': { shown: [null, null] },
  'Table 4×2': { shown: [...Array<null>(8).fill(null), null] },
  'Table 2×3 with header': { library: 'table', shown: [...Array<string>(3).fill('Header label'), ...Array<null>(6).fill(null), null] },
  'Columns (2)': { shown: [null, null] },
  'Columns (3)': { shown: [null, null, null] },
  Group: { shown: [null] },
  Quote: { shown: [null] },
  List: { library: 'list-item', shown: ['List'] },
  'Numbered list': { library: 'list-item', shown: ['List'] },
};

/** The source of the block library's edit of a block (its folder's scripts), where its `placeholder` props name the words it shows. */
function editSource(folder: string): string {
  const directory = path.resolve('node_modules/@wordpress/block-library/src', folder);
  return fs.readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((file) => /\.jsx?$/.test(file) && !file.includes('test')).map((file) => fs.readFileSync(path.join(directory, file), 'utf8')).join('\n');
}
const escaped = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

it("shows in every empty piece of text of each block the inserter offers the block editor's placeholder for it, drawn only, never a word of the document or of what is saved", () => {
  const shownIn: Record<string, (string | null)[]> = {};
  for (const [title, markup] of [...INSERTER_BLOCKS, ...INSERTER_COMMAND_BLOCKS]) {
    editor.commands.setContent(markupToDoc(markup));
    const pieces: (string | null)[] = [];
    editor.state.doc.descendants((node, position) => {
      if (node.isTextblock && node.content.size === 0 && position + node.nodeSize < editor.state.doc.content.size) pieces.push((editor.view.nodeDOM(position) as HTMLElement).getAttribute(PLACEHOLDER_ATTRIBUTE));
      return !node.isTextblock;
    });
    if (pieces.length > 0) shownIn[title] = pieces;
    // Its HTML, without the block comments, where a block's own `placeholder` attribute is kept (a cover's title's).
    const saved = docToMarkup(editor.getJSON()).replace(/<!--[\s\S]*?-->/g, '');
    for (const words of pieces.filter((shown) => shown !== null)) {
      expect(editor.state.doc.textContent, title).not.toContain(words);
      expect(saved, title).not.toContain(words);
    }
  }
  expect(shownIn).toEqual(Object.fromEntries(Object.entries(BLOCK_EDITOR_SHOWS).map(([title, { shown }]) => [title, shown])));
});

it("names the words the block editor's edit of each block shows as its placeholder", () => {
  for (const [title, { library, shown }] of Object.entries(BLOCK_EDITOR_SHOWS)) {
    for (const words of shown) if (words !== null) expect(editSource(library ?? ''), title).toMatch(new RegExp(`placeholder\\s*(?:=\\s*\\{|:)(?:[^{}]|\\{[^}]*\\})*?_[_x]\\(\\s*'${escaped(words)}'`));
  }
});
