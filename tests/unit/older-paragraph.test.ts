// @vitest-environment jsdom
// A paragraph aligned by its older `align` attribute (its HTML already the has-text-align class):
// untouched, saved byte for byte; once edited, saved as the block editor migrates it (the
// alignment a typography setting), alone, which its strict validator accepts; in a container kept
// as written, and in the forms its deprecations read otherwise, kept as written, still valid.
// Generated over every alignment and the attributes writers give paragraphs.
import { beforeAll, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

interface Wp { parse(markup: string): WpBlock[]; serialize(blocks: WpBlock[]): string }

const schema = getSchema(editorExtensions);
const TYPED = 'Inkwelled';

/** The document with a word typed at the end of its last text. */
function typed(doc: PmNode): PmNode {
  let end = 0;
  doc.descendants((node, pos) => {
    if (node.isTextblock) end = pos + 1 + node.content.size;
    return !node.isTextblock;
  });
  const state = EditorState.create({ doc });
  return state.tr.setSelection(TextSelection.create(state.doc, end)).insertText(` ${TYPED}`).doc;
}

/** What the block editor saves for `markup` once its last paragraph has the word typed at its end. */
function blockEditorSaves(wp: Wp, markup: string): string {
  return quietly(() => {
    const blocks = wp.parse(markup);
    let last = blocks[blocks.length - 1];
    while (last.innerBlocks.length > 0) last = last.innerBlocks[last.innerBlocks.length - 1];
    last.attributes = { ...last.attributes, content: `${String(last.attributes.content)} ${TYPED}` };
    return wp.serialize(blocks);
  });
}

/**
 * The attribute sets writers give an aligned paragraph, and whether the block editor migrates the
 * alignment to a typography setting (with an anchor, or a drop cap beside another alignment, its
 * deprecations read it otherwise: the editor keeps those as written, still valid).
 */
const VARIANTS: [attributes: string, classes: string, opening: string, migrated: boolean][] = [
  ['', '', '', true],
  [',"placeholder":"Write title…","fontSize":"large"', ' has-large-font-size', '', true],
  [',"className":"lead"', ' lead', '', true],
  [',"textColor":"vivid-red","backgroundColor":"pale-pink"', ' has-vivid-red-color has-pale-pink-background-color has-text-color has-background', '', true],
  [',"dropCap":true', ' has-drop-cap', '', false],
  [',"anchor":"intro"', '', ' id="intro"', false],
];

/** Each paragraph alone, and in a group (in its current form: the block editor migrates the paragraph in it alike). */
const documents = ['left', 'center', 'right'].flatMap((align) =>
  VARIANTS.flatMap(([attributes, classes, opening, migrated]) => {
    const paragraph = `<!-- wp:paragraph {"align":"${align}"${attributes}} -->\n<p${opening} class="has-text-align-${align}${classes}">Words <strong>aligned</strong> here</p>\n<!-- /wp:paragraph -->`;
    const group = `<!-- wp:group {"layout":{"type":"constrained"}} -->\n<div class="wp-block-group">${paragraph}</div>\n<!-- /wp:group -->`;
    // A drop cap beside the left alignment is migrated too; in a group, the first edit saves the group with the paragraph migrated.
    const migrates = migrated || (attributes.includes('dropCap') && align === 'left');
    return [{ markup: paragraph, migrated: migrates }, { markup: group, migrated: migrates }];
  }),
);

let wp: Wp;
beforeAll(() => {
  wp = blockEditor() as unknown as Wp;
}, 120_000);

it('keeps an aligned paragraph byte for byte untouched, and saves it as the block editor migrates it once edited', () => {
  const problems: string[] = [];
  for (const { markup, migrated } of documents) {
    const doc = schema.nodeFromJSON(markupToDoc(markup));
    if (doc.toJSON().content?.some((node: JSONContent) => node.type === 'unknownBlock')) problems.push(`read-only: ${markup}`);
    if (docToMarkup(doc.toJSON() as JSONContent) !== markup) problems.push(`changed with no edit: ${markup}`);
    const written = docToMarkup(typed(doc).toJSON() as JSONContent);
    const expected = migrated ? blockEditorSaves(wp, markup) : markup.replace('here', `here ${TYPED}`);
    if (written !== expected) problems.push(`edited: wrote ${JSON.stringify(written)}, the block editor ${JSON.stringify(expected)}`);
    const invalid = strictlyInvalid(written, markup);
    if (invalid.length > 0) problems.push(`edited, invalid for the block editor (${invalid.join(', ')}): ${written}`);
  }
  expect(problems).toEqual([]);
}, 120_000);
