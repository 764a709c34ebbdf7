// @vitest-environment jsdom
// Classic content copied and pasted among blocks becomes the blocks Convert to blocks makes of it
// (issue 29): every node shape of the classic schema, alone and in a quote, plain and with a class
// the raw handler keeps, between blocks and in a classic post, copied through the clipboard's HTML as
// the editor writes it (whole: the copy carries the Classic block's markup). What the clipboard of other programs holds (Word, LibreOffice Writer,
// a WordPress post in Chromium, a web page) has no classic content in it: pasted among blocks
// through the same path, it is the blocks its HTML makes, as before (pasted-content.test.ts). A
// caption shortcode copied as text (a real copy from a text area, as WordPress's Text tab holds
// it, and every form of it) pastes as the block editor's paste makes it (`pasteHandler`).
import { afterAll, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { classicNodeSamples } from '../helpers/classic-node-samples.ts';
import { clipboardFixture } from '../helpers/clipboard-fixtures.ts';
import { pastedHtml } from '../../renderer/blocks/pasted-content.ts';
import { DOMParser as SchemaParser } from '@tiptap/pm/model';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { CAPTION_SHORTCODES } from '../helpers/caption-shortcodes.ts';
import { BLOCK_BEFORE, pastedAndConverted } from '../helpers/classic-conversion.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { partsPasted } from '../helpers/classic-part-paste.ts';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PASTE_ATTRIBUTES, PASTE_IMAGE_CLASSES } from '../../renderer/blocks/paste-schema.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

// (The block editor, the judge, loads once before the tests: editorsForFile.)
const openEditor = editorsForFile();

const SAMPLES = classicNodeSamples('Inside words');

/** Where the classic content is copied from: between blocks, and a classic post (its paragraphs formed). */
const CONTEXTS: Readonly<Record<string, (html: string) => string>> = {
  'between blocks': (html) => `${BLOCK_BEFORE}\n\n${html}`,
  'in a classic post': (html) => `First words.\n\n${html}\n\nLast words.`,
};

/** Each sample alone and in a quote, plain and with a class on its element, in each context. */
const SHAPES = Object.entries(SAMPLES).flatMap(([type, sample]) =>
  [sample, ...(/^<[a-z]/.test(sample) ? [sample.replace(/^<([a-z0-9]+)/, '<$1 class="note wide"')] : [])].flatMap((html) =>
    // (A rejected block comment alone between blocks is not read as classic content there: nothing to copy or convert.)
    Object.entries(CONTEXTS).filter(([context]) => type !== 'heldComment' || context !== 'between blocks').flatMap(([context, within]) => [
      { name: `${type}, ${context}: ${html.slice(0, 60)}`, post: within(html) },
      { name: `${type} in a quote, ${context}: ${html.slice(0, 60)}`, post: within(`<blockquote>${html}</blockquote>`) },
    ]),
  ),
);

const editorOf = (markup: string) => new Editor({ element: document.createElement('div'), extensions: editorExtensions, content: markupToDoc(markup) });

describe('classic content pasted among blocks', () => {
  it.each(SHAPES)('$name is what Convert to blocks makes of it', ({ post }) => {
    const { pasted, converted } = pastedAndConverted(openEditor, post);
    expect(pasted).toBe(converted);
  });
});

/** A classic post holding a list split around a `[caption]` (read as several nodes), and the node its copy in part starts at. */
const SPLIT_LIST_POST = 'First words.\n\n<ul><li>Words [caption id="attachment_9" align="alignnone" width="300"]<img src="https://example.com/photo.jpg" alt="" /> Caption words[/caption] more</li><li>Other words</li></ul>\n\nLast words.';

/** Where a Classic block a part is copied from stands: HTML between blocks, and a classic post (its paragraphs formed). */
const PART_CONTEXTS: Readonly<Record<string, { within: (html: string) => string; formed: boolean }>> = {
  'between blocks': { within: (html) => html, formed: false },
  'in a classic post': { within: (html) => `First words.\n\n${html}\n\nLast words.`, formed: true },
};

/** The node shapes of SHAPES, each as a Classic block of its own. */
const PART_SHAPES = Object.entries(SAMPLES).flatMap(([type, sample]) =>
  [sample, ...(/^<[a-z]/.test(sample) ? [sample.replace(/^<([a-z0-9]+)/, '<$1 class="note wide"')] : [])].flatMap((html) =>
    Object.entries(PART_CONTEXTS).filter(([context]) => type !== 'heldComment' || context !== 'between blocks').flatMap(([context, { within, formed }]) => [
      { name: `${type}, ${context}: ${html.slice(0, 60)}`, classic: within(html), formed },
      { name: `${type} in a quote, ${context}: ${html.slice(0, 60)}`, classic: within(`<blockquote>${html}</blockquote>`), formed },
    ]),
  ),
);

/**
 * Copies that may paste otherwise than the block editor's paste makes them, by what their HTML holds, with why: a
 * deliberate choice, or words the paste would lose (not held to equality; the table counts them).
 */
const PART_LEFT_UNEQUAL: readonly { holds: RegExp; shape?: string; why: string }[] = [
  { holds: /<!--more/, why: 'a more tag keeps its words (the block editor\u2019s paste drops them: the writer\u2019s words lost)' },
  { holds: /<!-- wp:/, why: 'a rejected block comment: the block editor\u2019s paste reads the copy as block markup (a Classic block of its HTML)' },
  { holds: /<hr/, shape: 'horizontalRule in a quote', why: 'a rule in a quote kept (the block editor\u2019s paste drops it)' },
  { holds: /<dt/, shape: 'classicBox in a quote', why: 'a definition list\u2019s words in a quote: spaced as written (the paste joins them)' },
];

describe('a part of classic content pasted among blocks', () => {
  const table: string[] = [];
  afterAll(() => {
    console.log(`shape | selections | equal to pasteHandler\n${table.join('\n')}`);
  });

  it.each(PART_SHAPES)('$name: each selection is what the block editor\u2019s paste makes of the HTML its Classic block copies', ({ name, classic, formed }) => {
    const pasted = partsPasted(openEditor, classic, formed);
    // (A caption shortcode read apart from the words around it: its nodes and TinyMCE's do not line up.)
    if (pasted === null) return void table.push(`${name} | not lined up | -`);
    const left = pasted.map(({ cut }) => PART_LEFT_UNEQUAL.find(({ holds, shape }) => holds.test(cut) && (!shape || name.startsWith(`${shape},`)))?.why ?? null);
    const leftUnequal = pasted.filter(({ ours, theirs }, index) => left[index] !== null && ours !== theirs).length;
    table.push(`${name} | ${pasted.length} | ${pasted.filter(({ ours, theirs }) => ours === theirs).length} (${leftUnequal} left: ${[...new Set(left.filter(Boolean))].join('; ') || '-'})`);
    for (const [index, { ours }] of pasted.entries()) if (left[index] === null) expect(quietly(() => strictlyInvalid(ours))).toEqual([]);
    expect(pasted.map(({ selection, cut, ours, theirs }, index) => ({ selection, cut, equal: left[index] !== null || ours === theirs }))).toEqual(
      pasted.map(({ selection, cut }) => ({ selection, cut, equal: true })),
    );
  });
});

/** A rule of the block editor's paste schema: the attributes and classes it keeps of an element, the elements it holds. */
type SchemaRule = { attributes?: string[]; classes?: (string | RegExp)[]; children?: Record<string, SchemaRule> | '*' };

/** The block editor's paste schema, every element it names at any depth with the attributes and classes it keeps there (@wordpress/blocks' own, the core blocks registered). */
function pasteSchema(): Map<string, { attributes: Set<string>; classes: Set<string> }> {
  blockEditor();
  const require = createRequire(import.meta.url);
  const utils = require(path.resolve('node_modules/@wordpress/blocks/build/api/raw-handling/utils.cjs')) as { getBlockContentSchema(context: string): Record<string, SchemaRule> };
  const dom = require(path.resolve('node_modules/@wordpress/dom/build/index.cjs')) as { getPhrasingContentSchema(context: string): Record<string, SchemaRule> };
  const tags = new Map<string, { attributes: Set<string>; classes: Set<string> }>();
  const seen = new Set<object>();
  const walk = (rules: Record<string, SchemaRule>) => {
    if (seen.has(rules)) return;
    seen.add(rules);
    for (const [tag, rule] of Object.entries(rules)) {
      if (tag === '#text') continue;
      const kept = tags.get(tag) ?? { attributes: new Set(), classes: new Set() };
      tags.set(tag, kept);
      for (const name of rule.attributes ?? []) kept.attributes.add(name);
      for (const name of rule.classes ?? []) kept.classes.add(String(name));
      if (rule.children && rule.children !== '*') walk(rule.children);
    }
  };
  walk({ ...utils.getBlockContentSchema('paste'), ...dom.getPhrasingContentSchema('paste') });
  return tags;
}

describe('what the paste keeps of HTML (paste-schema.ts)', () => {
  it('is the block editor\u2019s paste schema: its elements, their attributes and the image\u2019s classes', () => {
    const schema = pasteSchema();
    const ours = Object.fromEntries(Object.entries(PASTE_ATTRIBUTES).map(([tag, names]) => [tag, [...names].sort()]));
    // (`wp-block`: the element its own filters make of a more tag or page break, which paste-schema.ts keeps as its comment.)
    expect(ours).toEqual(Object.fromEntries([...schema].filter(([tag]) => tag !== 'wp-block').map(([tag, { attributes }]) => [tag, [...attributes].sort()])));
    const imageClasses = [...(schema.get('img')?.classes ?? [])];
    // (A link's classes: kept only in a figure of an image, where the image block reads none of them.)
    for (const name of ['alignleft', 'aligncenter', 'alignright', 'alignnone', 'wp-image-12']) expect(PASTE_IMAGE_CLASSES.some((kept) => kept.test(name))).toBe(imageClasses.some((kept) => kept === name || new RegExp(kept.replace(/^\/|\/$/g, '')).test(name)));
  });
});

describe('classic content pasted into classic content', () => {
  // (Copied as given, or as the selection from inside its first words to the end: a part cut, carrying the HTML its Classic block copies.)
  it.each([
    { from: 0, selected: false },
    { from: 1, selected: false },
    { from: 0, selected: true },
  ])('copied from its node $from on (as the selection: $selected), keeps its nodes as they are: no Classic block in it, nothing of the copy saved', ({ from, selected }) => {
    // (Cut where its nodes and the HTML its Classic block holds line up: not around a caption.)
    const editor = openEditor(selected ? 'First words.\n\n<ul><li>Inside words</li></ul>\n\nLast words.' : SPLIT_LIST_POST);
    const classic = editor.state.doc.child(0);
    let start = selected ? 4 : 1;
    for (let index = 0; index < from; index++) start += classic.child(index).nodeSize;
    if (selected) editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, start, classic.content.size)));
    const copy = selected ? editor.state.selection.content() : editor.state.doc.slice(start, 1 + classic.content.size);
    const { dom } = editor.view.serializeForClipboard(copy);
    if (selected) expect(dom.innerHTML).toContain('data-cut=');
    // (At the end of its first line's words.)
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 2 + classic.child(0).content.size)));
    editor.view.pasteHTML(dom.innerHTML, new Event('paste') as ClipboardEvent);
    const classics: string[] = [];
    editor.state.doc.descendants((node) => {
      if (node.type.name === 'classicBlock') classics.push(node.type.name);
      for (const name of ['copied', 'writtenAs', 'cut']) expect(node.attrs[name] ?? null).toBeNull();
    });
    expect(classics).toHaveLength(1);
    // (The part's words pasted where the caret stood: the list's words twice.)
    if (selected) expect(editor.state.doc.textContent.split('Inside words')).toHaveLength(3);
    expect(docToMarkup(editor.state.doc)).not.toMatch(/data-(?:copied|written-as|cut)/);
    openEditor.done(editor);
  });
});

/** The real and reconstructed clipboard captures (tests/fixtures/clipboard). */
const CAPTURES = ['word.html', 'word-table.html', 'web-page.html', 'web-table.html', 'libreoffice-writer.html', 'chromium-wordpress-post.html'];

describe('another program\u2019s clipboard pasted among blocks', () => {
  it.each(CAPTURES)('%s is the blocks its HTML makes', (capture) => {
    const html = clipboardFixture(capture);
    const editor = editorOf('<!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph -->');
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 1)));
    editor.view.pasteHTML(html, new Event('paste') as ClipboardEvent);
    const pasted = docToMarkup(editor.state.doc);
    const parsed = SchemaParser.fromSchema(editor.schema).parse(new DOMParser().parseFromString(pastedHtml(html), 'text/html').body);
    editor.destroy();
    expect(pasted).toBe(docToMarkup(parsed));
  });
});

/** `text` pasted as plain text into an empty paragraph among blocks, and what the block editor's paste makes of it. */
function pastedText(text: string): { ours: string; theirs: string } {
  const editor = editorOf('<!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph -->');
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 1)));
  editor.view.pasteText(text, new Event('paste') as ClipboardEvent);
  const ours = docToMarkup(editor.state.doc);
  editor.destroy();
  const wp = blockEditor();
  return { ours, theirs: quietly(() => wp.serialize(wp.pasteHandler({ HTML: '', plainText: text }))) };
}

describe('a caption shortcode copied as text and pasted among blocks', () => {
  it('from a text area (chromium-text-tab-caption.txt) is the block editor\u2019s image with its caption, the words around it its paragraphs', () => {
    const { ours, theirs } = pastedText(clipboardFixture('chromium-text-tab-caption.txt'));
    expect(ours).toContain('<!-- wp:image');
    expect(ours).toBe(theirs);
  });

  it.each(CAPTION_SHORTCODES)('%s is the block editor\u2019s image with its caption', (shortcode) => {
    const { ours, theirs } = pastedText(shortcode);
    expect(ours).toBe(theirs);
  });
});
