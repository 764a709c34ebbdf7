// The math block (`core/math`): the writer types LaTeX in the block, and it is saved as the block
// editor saves it, the LaTeX in the comment (`latex`) and the MathML it makes in the HTML
// (@wordpress/latex-to-mathml, the block editor's own converter), which Chromium shows natively.
// LaTeX that does not convert is said in words and the last good MathML kept. Its other
// attributes (an anchor, colours, spacing) and its opening tag are held as read.
import { Node, type JSONContent } from '@tiptap/core';
import latexModule from '@wordpress/latex-to-mathml';
import DOMPurify from 'dompurify';
import { BLOCK_ATTRIBUTES } from './kept-attributes.ts';
import { dataAttribute } from './nodes.ts';
import { keptText } from './kept-markup.ts';
import type { BlockDefinition, WrittenBlock } from './block-definition.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { asBlockControl } from './block-controls.ts';

// The package's types are read as CommonJS (they put the converter under `default`); the module the
// renderer and the tests load is ESM, whose default export is the converter itself.
const latexToMathML = latexModule as unknown as typeof latexModule.default;

const NAME = 'core/math';
const NEW_OPENING = '<div class="wp-block-math">';
/** The block's HTML: its wrapper holding the MathML in a block-level `<math>`. */
const MATH_HTML = /^(<div [^>]*\bclass="(?:[^"]* )?wp-block-math[ "][^>]*>)<math display="block">([\s\S]*)<\/math><\/div>$/;

/** The MathML for `latex`, or the converter's words for why there is none. */
export function convertLatex(latex: string): { mathML: string } | { error: string } {
  try {
    return { mathML: latexToMathML(latex, { displayMode: true }) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** A math block whose comment and HTML agree with what its save writes; null keeps it as written. */
function readMath(block: ParsedBlock): JSONContent | null {
  const { latex = '', ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const html = block.innerHTML.trim();
  if (typeof latex !== 'string' || block.innerBlocks.length > 0) return null;
  // Without LaTeX the block saves nothing but its comment.
  const match = latex === '' ? null : MATH_HTML.exec(html);
  if (latex === '' ? html !== '' : !match) return null;
  return { type: 'mathBlock', attrs: { latex, mathML: match?.[2] ?? '', blockAttributes: Object.keys(others).length > 0 ? others : null, opening: match?.[1] ?? null } };
}

/** The block as its save writes it: the LaTeX first among the attributes, as the block type lists it. */
function writeMath(node: JSONContent): WrittenBlock {
  const latex = String(node.attrs?.latex ?? '');
  const held = (node.attrs?.blockAttributes ?? {}) as Record<string, unknown>;
  const attributes = latex ? { latex, ...held } : held;
  const html = latex ? `${String(node.attrs?.opening ?? NEW_OPENING)}<math display="block">${String(node.attrs?.mathML ?? '')}</math></div>` : '';
  return { name: NAME, attributes, html };
}

/** MathML as the editor shows it: nothing in it runs. */
const shownMath = (mathML: string) => DOMPurify.sanitize(`<math display="block">${mathML}</math>`, { USE_PROFILES: { mathMl: true } });

export const MathBlock = Node.create({
  name: 'mathBlock',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      latex: dataAttribute('latex', '', String),
      mathML: dataAttribute('mathML', '', String),
      blockAttributes: BLOCK_ATTRIBUTES,
      opening: dataAttribute<string | null>('opening', null, String),
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-math-block]' }];
  },
  // The formula's words as the page shows them (its TeX annotation is not shown), for the word count.
  renderText({ node }) {
    return keptText(`<math>${String(node.attrs.mathML)}</math>`);
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', { ...HTMLAttributes, 'data-math-block': '' }];
  },
  addNodeView() {
    return ({ node, getPos, editor }) => {
      const dom = document.createElement('div');
      dom.className = 'math-block';
      dom.contentEditable = 'false';
      const preview = document.createElement('div');
      preview.className = 'math-block-preview';
      const field = asBlockControl(document.createElement('textarea'));
      field.rows = 2;
      field.placeholder = 'e.g., x^2, \\frac{a}{b}';
      field.setAttribute('aria-label', 'LaTeX math syntax');
      field.spellcheck = false;
      const problem = document.createElement('p');
      problem.className = 'math-block-error';
      problem.setAttribute('role', 'alert');
      const show = (latex: string, mathML: string) => {
        preview.innerHTML = mathML ? shownMath(mathML) : '';
        const converted = latex ? convertLatex(latex) : null;
        problem.textContent = converted && 'error' in converted ? `This LaTeX has an error (${converted.error}). The formula shown is the last one that worked.` : '';
        problem.hidden = problem.textContent === '';
      };
      field.value = String(node.attrs.latex);
      show(String(node.attrs.latex), String(node.attrs.mathML));
      field.addEventListener('input', () => {
        const position = getPos();
        if (typeof position !== 'number') return;
        const converted = convertLatex(field.value);
        // LaTeX that does not convert keeps the last good formula; none at all leaves none.
        const mathML = field.value === '' ? '' : 'mathML' in converted ? converted.mathML : editor.state.doc.nodeAt(position)?.attrs.mathML;
        editor.view.dispatch(editor.state.tr.setNodeMarkup(position, undefined, { ...editor.state.doc.nodeAt(position)?.attrs, latex: field.value, mathML }));
      });
      dom.append(preview, field, problem);
      return {
        dom,
        // The field's own keys and clicks are its own, not the editor's.
        stopEvent: (event) => event.target === field,
        ignoreMutation: () => true,
        update: (next) => {
          if (next.type.name !== 'mathBlock') return false;
          if (field.value !== next.attrs.latex) field.value = String(next.attrs.latex);
          show(String(next.attrs.latex), String(next.attrs.mathML));
          return true;
        },
      };
    };
  },
});

export const mathBlock: BlockDefinition = {
  readers: { [NAME]: readMath },
  extensions: [MathBlock],
  writers: { mathBlock: writeMath },
  inserter: [{ title: 'Math', keywords: 'latex formula equation mathml', markup: '<!-- wp:math /-->' }],
};
