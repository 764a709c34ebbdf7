// @vitest-environment jsdom
// The math block (issue 29): read as a block of its own over every LaTeX sample and every held
// attribute the block supports; untouched byte for byte; its LaTeX typed in its field saved as the
// block editor's own serialiser saves the same attributes (the MathML made by the block editor's
// own converter), strictly valid; LaTeX in error said in words with the last good formula kept.
import { describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { convertLatex } from '../../renderer/blocks/math-block.ts';
import { CATALOGUE } from '../../renderer/editor/block-catalogue.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { strictlyValid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const openEditor = editorsForFile();

const mathML = (latex: string) => {
  const converted = convertLatex(latex);
  if (!('mathML' in converted)) throw new Error(`no MathML for ${latex}`);
  return converted.mathML;
};

/** The block editor's own markup for a math block with these attributes. */
const wpMath = (attributes: Record<string, unknown>) => quietly(() => blockEditor().serialize(blockEditor().createBlock('core/math', attributes)));

const LATEX = ['x^2', '\\frac{a}{b} + \\sqrt{c}', 'a < b -- c \\& \\text{"d"}', '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}'];
/** The attributes its supports add, each held as read. */
const HELD: Record<string, unknown>[] = [
  {},
  { anchor: 'formula' },
  { className: 'is-style-special' },
  { backgroundColor: 'pale-cyan-blue', textColor: 'vivid-red' },
  { fontSize: 'large' },
  { style: { spacing: { padding: { top: '1em' } }, border: { width: '2px', radius: '4px' } } },
];
const named = (attributes: Record<string, unknown>) => JSON.stringify(attributes);
const paragraph = (words: string) => `<!-- wp:paragraph -->\n<p>${words}</p>\n<!-- /wp:paragraph -->`;

function field(editor: Editor): HTMLTextAreaElement {
  const found = editor.view.dom.querySelector<HTMLTextAreaElement>('.math-block textarea');
  if (!found) throw new Error('The math block shows no field');
  return found;
}

/** The writer types `latex` into the math block's field, as the browser reports it. */
function typeInto(editor: Editor, latex: string): void {
  const area = field(editor);
  area.focus();
  area.value = latex;
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

const errorShown = (editor: Editor) => {
  const problem = editor.view.dom.querySelector<HTMLElement>('.math-block-error');
  return problem && !problem.hidden ? problem.textContent : null;
};

describe('the math block', () => {
  for (const latex of LATEX) {
    for (const held of HELD) {
      const attributes = { latex, mathML: mathML(latex), ...held };
      it(`${JSON.stringify(latex)} with ${named(held)}: read as a math block, shown, and written back byte for byte untouched`, () => {
        const markup = [paragraph('Before.'), wpMath(attributes), paragraph('After.')].join('\n\n');
        expect(markupToDoc(markup).content?.[1]).toMatchObject({ type: 'mathBlock', attrs: { latex, mathML: attributes.mathML } });
        const editor = openEditor(markup, { inPage: true });
        expect(field(editor).value).toBe(latex);
        expect(editor.view.dom.querySelector('.math-block-preview math')).not.toBeNull();
        expect(errorShown(editor)).toBeNull();
        expect(docToMarkup(editor.state.doc)).toBe(markup);
      });

      it(`${JSON.stringify(latex)} with ${named(held)} retyped: saved as the block editor saves it, strictly valid`, () => {
        const original = [paragraph('Before.'), wpMath(attributes), paragraph('After.')].join('\n\n');
        const editor = openEditor(original, { inPage: true });
        const typed = `${latex} + y_1`;
        typeInto(editor, typed);
        const saved = docToMarkup(editor.state.doc);
        expect(saved).toBe([paragraph('Before.'), wpMath({ latex: typed, mathML: mathML(typed), ...held }), paragraph('After.')].join('\n\n'));
        strictlyValid(saved, original);
      });
    }
  }

  it('LaTeX in error is said in words, and the last good formula kept (strictly valid)', () => {
    const original = wpMath({ latex: 'x^2', mathML: mathML('x^2') });
    const editor = openEditor(original, { inPage: true });
    typeInto(editor, '\\frac{a');
    expect(errorShown(editor)).toMatch(/error/i);
    expect(editor.view.dom.querySelector('.math-block-preview math')?.innerHTML).toContain('<mi>x</mi>');
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe(wpMath({ latex: '\\frac{a', mathML: mathML('x^2') }));
    strictlyValid(saved, original);
    typeInto(editor, '\\frac{a}{b}');
    expect(errorShown(editor)).toBeNull();
    expect(docToMarkup(editor.state.doc)).toBe(wpMath({ latex: '\\frac{a}{b}', mathML: mathML('\\frac{a}{b}') }));
  });

  it('a formula emptied saves the bare comment, as the block editor does', () => {
    const editor = openEditor(wpMath({ latex: 'x', mathML: mathML('x') }), { inPage: true });
    typeInto(editor, '');
    expect(docToMarkup(editor.state.doc)).toBe(wpMath({}));
  });

  it('is offered by the inserter as the block editor makes a new one, and saves what it saves once typed into', () => {
    const entry = CATALOGUE.find((candidate) => candidate.title === 'Math');
    expect(entry?.creation).toEqual({ kind: 'markup', markup: wpMath({}) });
    const editor = openEditor(wpMath({}), { inPage: true });
    expect(editor.state.doc.firstChild?.type.name).toBe('mathBlock');
    typeInto(editor, 'e^{i\\pi} = -1');
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe(wpMath({ latex: 'e^{i\\pi} = -1', mathML: mathML('e^{i\\pi} = -1') }));
    strictlyValid(saved);
  });

  it('markup its save would not write stays as written', () => {
    for (const markup of ['<!-- wp:math {"latex":"x"} -->\n<div class="wp-block-math"><math><mi>x</mi></math></div>\n<!-- /wp:math -->', '<!-- wp:math {"latex":"x"} -->\n<math display="block" class="wp-block-math"><mi>x</mi></math>\n<!-- /wp:math -->', '<!-- wp:math -->\n<div class="wp-block-math"><math display="block"><mi>x</mi></math></div>\n<!-- /wp:math -->']) {
      expect(markupToDoc(markup).content?.[0]?.type).toBe('unknownBlock');
    }
  });
});
