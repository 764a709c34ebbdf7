// @vitest-environment jsdom
// Every pattern shipped with the app (renderer/editor/app-patterns.ts), as the block editor and the
// writer meet it: its markup read by the block editor, every block strictly valid (validateBlock)
// and in its current form;
// inserted at the caret in the editor, wholly editable (no block kept read-only); saved with no
// edit, byte for byte its markup; with a word typed in each of its text blocks, strictly valid still.
import { describe, expect, it } from 'vitest';
import type { Node as PmNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { APP_PATTERN_CATEGORIES, APP_PATTERNS } from '../../renderer/editor/app-patterns.ts';
import { insertMarkup } from '../../renderer/editor/create-block.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { checkSaved, strictlyInvalid } from '../helpers/strict-validity.ts';

const openEditor = editorsForFile();
const EMPTY_LINE = '<!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph -->';
const patterns = APP_PATTERNS.map((pattern) => [pattern.title, pattern] as const);

/** The blocks of the document the editor keeps read-only (shown as the site shows them, not edited). */
function readOnly(doc: PmNode): string[] {
  const found: string[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'unknownBlock') found.push(String(node.attrs.name ?? node.type.name));
    return true;
  });
  return found;
}

/** An editor holding `markup` where the writer's empty line was, as the inserter puts it there. */
function inserted(markup: string) {
  const editor = openEditor(EMPTY_LINE);
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 1)));
  insertMarkup(editor, markup);
  return editor;
}

function eachBlock(blocks: readonly WpBlock[], visit: (block: WpBlock) => void): void {
  for (const block of blocks) {
    visit(block);
    eachBlock(block.innerBlocks, visit);
  }
}

describe('the patterns shipped with the app', () => {
  it('are 8 to 12, each of a category the inserter can name, with a unique name', () => {
    expect(APP_PATTERNS.length).toBeGreaterThanOrEqual(8);
    expect(APP_PATTERNS.length).toBeLessThanOrEqual(12);
    expect(new Set(APP_PATTERNS.map((pattern) => pattern.name)).size).toBe(APP_PATTERNS.length);
    const named = new Set(APP_PATTERN_CATEGORIES.map((category) => category.name));
    for (const pattern of APP_PATTERNS) expect(pattern.categories.filter((category) => !named.has(category))).toEqual([]);
  });

  it.each(patterns)('%s: every block is read by the block editor and strictly valid', (_title, pattern) => {
    const blocks = quietly(() => blockEditor().parse(pattern.content));
    eachBlock(blocks, (block) => {
      expect(block.name).not.toBe('core/freeform');
      expect(block.isValid).toBe(true);
    });
    // Every block against what its current save writes (validateBlock), not only parse()'s verdict,
    // and in its current form, not one the block editor reads as an older one (a deprecation).
    expect(strictlyInvalid(pattern.content)).toEqual([]);
    expect(checkSaved('', pattern.content).resaved).toEqual([]);
  });

  it.each(patterns)('%s: inserted at the caret, wholly editable and saved byte for byte', (_title, pattern) => {
    const editor = inserted(pattern.content);
    expect(readOnly(editor.state.doc)).toEqual([]);
    // The caret is in the pattern's first text, as after inserting a block.
    expect(editor.state.selection.$from.parent.isTextblock).toBe(true);
    expect(docToMarkup(editor.state.doc)).toBe(pattern.content);
  });

  it.each(patterns)('%s: with a word typed in each text block, strictly valid', (_title, pattern) => {
    const editor = inserted(pattern.content);
    const ends: number[] = [];
    editor.state.doc.descendants((node, position) => {
      if (node.isTextblock) ends.push(position + node.nodeSize - 1);
      return true;
    });
    expect(ends.length).toBeGreaterThan(0);
    let tr = editor.state.tr;
    for (const end of ends.reverse()) tr = tr.insertText(' & tea', end);
    editor.view.dispatch(tr);
    const saved = docToMarkup(editor.state.doc);
    expect(saved.match(/ &amp; tea/g)).toHaveLength(ends.length);
    expect(strictlyInvalid(saved)).toEqual([]);
  });
});
