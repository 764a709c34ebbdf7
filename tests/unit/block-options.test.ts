// @vitest-environment jsdom
// The block toolbar's Duplicate and Delete (issue 29), over every block the inserter offers,
// text blocks, containers and blocks kept read-only alike: the copy is saved as the original is,
// after it, strictly valid; Delete removes the block whole and names it for the Undo notice.
import { describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection, type Transaction } from '@tiptap/pm/state';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { BLOCK_SEPARATOR } from '../../renderer/blocks/document-layout.ts';
import { deleteBlock, duplicateBlock } from '../../renderer/editor/block-options.ts';
import { REMOVED_NAMES } from '../../renderer/editor/safe-blocks.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { INSERTER_BLOCKS } from '../helpers/inserter-blocks.ts';

const openEditor = editorsForFile();
const block = (name: string, inner: string) => `<!-- wp:${name} -->\n${inner}\n<!-- /wp:${name} -->`;

/** Every block the inserter offers, the text blocks it turns a line into, and a block the editor keeps as written. */
const BLOCKS: readonly [string, string][] = [
  ['Paragraph', block('paragraph', '<p>Some <strong>words</strong></p>')],
  ['Heading', '<!-- wp:heading {"level":3} -->\n<h3 class="wp-block-heading">A heading</h3>\n<!-- /wp:heading -->'],
  ['List', block('list', `<ul class="wp-block-list">${block('list-item', '<li>One</li>')}\n\n${block('list-item', '<li>Two</li>')}</ul>`)],
  ['Quote', block('quote', `<blockquote class="wp-block-quote">${block('paragraph', '<p>Said</p>')}</blockquote>`)],
  ['Code', block('code', '<pre class="wp-block-code"><code>x = 1</code></pre>')],
  ['A block kept as written', '<!-- wp:elsewhere/widget {"size":2} -->\n<div class="widget">Kept</div>\n<!-- /wp:elsewhere/widget -->'],
  ...INSERTER_BLOCKS,
];

/** An editor holding `markup` with its (first) block selected whole, as a click on its edge or the list view does. */
function selected(markup: string): Editor {
  const editor = openEditor(markup);
  editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, 0)));
  return editor;
}

const run = (editor: Editor, tr: Transaction | null) => {
  expect(tr).not.toBeNull();
  if (tr) editor.view.dispatch(tr);
  return tr as Transaction;
};

describe.each(BLOCKS)('%s', (_name, markup) => {
  it('duplicated: the copy after it is saved as the original, and strictly valid', () => {
    const editor = selected(markup);
    run(editor, duplicateBlock(editor.state));
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe(`${markup}${BLOCK_SEPARATOR}${markup}`);
    expect(strictlyInvalid(saved, markup)).toEqual([]);
    // The copy is the writer's block now.
    expect(editor.state.selection.from).toBeGreaterThanOrEqual(editor.state.doc.firstChild!.nodeSize);
  });

  it('deleted: gone whole, and named for the notice', () => {
    const editor = selected(`${markup}${BLOCK_SEPARATOR}${block('paragraph', '<p>After</p>')}`);
    const tr = run(editor, deleteBlock(editor.state));
    expect(tr.getMeta(REMOVED_NAMES)).toEqual([expect.stringMatching(/^an? /)]);
    expect(docToMarkup(editor.state.doc)).toBe(block('paragraph', '<p>After</p>'));
  });
});

it('in a paragraph of a column, the paragraph is duplicated and deleted, not the columns', () => {
  const column = (inner: string) => block('column', `<div class="wp-block-column">${inner}</div>`);
  const markup = block('columns', `<div class="wp-block-columns">${column(block('paragraph', '<p>Left</p>'))}\n\n${column(block('paragraph', '<p>Right</p>'))}</div>`);
  const editor = openEditor(markup);
  let at = 0;
  editor.state.doc.descendants((node, position) => {
    if (node.isText && node.text === 'Right') at = position;
  });
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, at + 1)));
  run(editor, duplicateBlock(editor.state));
  const twice = docToMarkup(editor.state.doc);
  expect(twice).toContain(`${block('paragraph', '<p>Right</p>')}${BLOCK_SEPARATOR}${block('paragraph', '<p>Right</p>')}`);
  expect(strictlyInvalid(twice)).toEqual([]);
  run(editor, deleteBlock(editor.state));
  run(editor, deleteBlock(editor.state));
  const saved = docToMarkup(editor.state.doc);
  expect(saved).not.toContain('Right');
  expect(saved).toContain('Left');
  expect(strictlyInvalid(saved)).toEqual([]);
});
