// @vitest-environment jsdom
// Blocks the block editor does not register (issue 29, row 33): kept as read, their box saying
// what the block editor's Missing block says (WordPress 6.1's words), with "Keep as HTML" where
// the block has HTML (a Custom HTML block of it, saved as the block editor saves its conversion)
// and "Remove". Over the fixture documents' unregistered blocks (where the shared folder holds
// them) and generated names and shapes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { REGISTERED_BLOCKS } from '../../renderer/blocks/registered-blocks.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { blockEditorFixtures } from '../helpers/untouched-corpus.ts';
import { checkSaved } from '../helpers/strict-validity.ts';

const NAMES = ['acme/widget', 'my-plugin/card-2', 'core/removed-block', 'comment-author-avatar', 'a_b/c_d'];
const BODIES = (name: string) => [
  `<!-- wp:${name} /-->`,
  `<!-- wp:${name} {"size":3,"label":"A \\u003cb\\u003e"} /-->`,
  `<!-- wp:${name} -->\n<p>Words <em>kept</em></p>\n<!-- /wp:${name} -->`,
  `<!-- wp:${name} {"a":1} -->\n  <div class="x">\n\tTwo lines\n</div>  \n<!-- /wp:${name} -->`,
  `<!-- wp:${name} -->\n<div class="outer"><!-- wp:paragraph -->\n<p>Inner</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:${name} -->`,
  `<!-- wp:${name} --><!-- /wp:${name} -->`,
];

/** The Missing blocks of parsed blocks, nested ones too. */
const missingIn = (blocks: readonly WpBlock[]): WpBlock[] => blocks.flatMap((block) => [...(block.name === 'core/missing' && block.attributes.originalName ? [block] : []), ...missingIn(block.innerBlocks)]);

/** The block editor's Missing block's words (WordPress 6.1). */
const said = (name: string, hasContent: boolean) =>
  hasContent
    ? `Your site doesn’t include support for the "${name}" block. You can leave this block intact, convert its content to a Custom HTML block, or remove it entirely.`
    : `Your site doesn’t include support for the "${name}" block. You can leave this block intact or remove it entirely.`;

interface Sample { label: string; markup: string; name: string; content: string }
let samples: Sample[] = [];

beforeAll(() => {
  const wp = blockEditor();
  const fixtures = blockEditorFixtures();
  if (fixtures === null) console.log('NOT TESTED here: the block editor\'s fixture documents\' unregistered blocks (the shared folder\'s corpus/block-fixtures is missing); the generated ones are.');
  const documents = [...(fixtures ?? []), ...NAMES.flatMap((name) => BODIES(name).map((markup) => ({ name: `generated: ${markup.split('\n')[0]}`, markup })))];
  samples = quietly(() =>
    documents.flatMap((document) =>
      missingIn(wp.parse(document.markup)).map((block) => ({ label: document.name, markup: String(block.attributes.originalContent), name: String(block.attributes.originalName), content: String(block.attributes.originalUndelimitedContent ?? '') })),
    ),
  );
  console.log(`${samples.length} unregistered blocks: ${samples.map((sample) => `${sample.label} (${sample.name})`).join(', ')}`);
}, 120_000);

const openEditor = editorsForFile();
let last: Editor | undefined;

/** An editor holding `markup`: each test looks at one sample's editor at a time, so the one before is handed back and opened afresh for this one. */
function opened(markup: string): Editor {
  if (last) openEditor.done(last);
  last = openEditor(markup);
  return last;
}

const box = (editor: Editor) => editor.view.dom.querySelector('.missing-block') as HTMLElement;
const click = (editor: Editor, text: string) => [...box(editor).querySelectorAll('button')].find((button) => button.textContent === text)?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

describe('blocks the block editor does not register', () => {
  it('are those the block library does not register: the list held to it', () => {
    expect([...REGISTERED_BLOCKS].sort()).toEqual(blockEditor().getBlockTypes().map((type) => type.name).sort());
  });

  it('include the fixture documents\' and the generated ones', () => {
    expect(samples.filter((sample) => sample.label.startsWith('generated')).length).toBe(NAMES.length * BODIES('').length);
  });

  it('say what the block editor says, offer Keep as HTML where they have HTML and Remove, and show their HTML as read', () => {
    for (const sample of samples) {
      const editor = opened(sample.markup);
      expect(box(editor).querySelector('.unknown-block-label')?.textContent, sample.label).toBe(said(sample.name, sample.content !== ''));
      expect([...box(editor).querySelectorAll('button')].map((button) => button.textContent), sample.label).toEqual([...(sample.content ? ['Keep as HTML'] : []), 'Remove']);
      expect(docToMarkup(editor.state.doc), sample.label).toBe(sample.markup);
    }
  });

  it('Keep as HTML makes a Custom HTML block of their HTML, saved as the block editor saves its conversion', () => {
    const wp = blockEditor();
    for (const sample of samples.filter(({ content }) => content !== '')) {
      const editor = opened(sample.markup);
      click(editor, 'Keep as HTML');
      const saved = docToMarkup(editor.state.doc);
      expect(saved, sample.label).toBe(quietly(() => wp.serialize([wp.createBlock('core/html', { content: sample.content })])));
      expect(checkSaved('', saved).invalid, sample.label).toEqual([]);
    }
  });

  it('Remove takes them out', () => {
    for (const sample of samples) {
      const editor = opened(sample.markup);
      click(editor, 'Remove');
      expect(editor.state.doc.toJSON().content.map((node: { type: string }) => node.type), sample.label).not.toContain('unknownBlock');
      expect(docToMarkup(editor.state.doc), sample.label).toBe('');
    }
  });
});
