// The code block (`core/code`): a program's text, kept as typed and shown in a monospace font.
// Read only when it is all the block says (no attributes, one `<code>` of text in its `<pre>`);
// its node is also what classic HTML's `<pre>` of `<code>` is read into (html-read-blocks.ts).
import CodeBlock from '@tiptap/extension-code-block';
import type { JSONContent } from '@tiptap/core';
import { escapeText } from './inline-html.ts';
import { CODE_HTML } from './html-rules.ts';
import { isHeldCommentElement } from './held-html.ts';
import { madeBlockMarkup, type BlockDefinition, type DefinedReader, type WrittenBlock } from './block-definition.ts';
import { CLASSIC, CLASSIC_ATTRIBUTE, classicTag } from './classic-mark.ts';
import { PARAGRAPH_NAME, madeParagraph } from './paragraph-block.ts';
import { ELEMENTS, HANDED_ON, LOOK, METADATA, fromText, madeAttributes, lookedOpening, type InlineStyle } from './text-block-markup.ts';

export const CODE_NAME = 'core/code';
/** What an empty code block shows, as the block editor's edit does. */
export const CODE_PLACEHOLDER = 'Write code…';
const NAME = CODE_NAME;
/** The block's node, which the formatting toolbar turns text into. */
export const CODE_NODE = 'codeBlock';

/** Whether a `<code>` holds an image or a comment among its words, as written or held as a piece (a code block holds text alone). */
export const holdsMoreThanText = (code: Element): boolean =>
  code.querySelector('img') !== null ||
  [...code.childNodes].some((child) => child.nodeType === child.COMMENT_NODE || (child.nodeType === child.ELEMENT_NODE && (isHeldCommentElement(child as Element) || holdsMoreThanText(child as Element))));

/**
 * Whether a `<pre>` is a code block's: its words all in `<code>`, and no image or comment among them
 * (a code block holds text alone; such code is preformatted text's, which holds either as read).
 */
export const isCodeBlockElement = (pre: Element) => pre.querySelector('code') !== null && ![...pre.querySelectorAll('code')].some(holdsMoreThanText) && [...pre.childNodes].every((child) => child.nodeName === 'CODE' || !child.textContent?.trim());

/** A code block of text alone (code holding an image is preformatted text's node: preformatted-block.ts). */
const readCode: DefinedReader = (block, _source, html) =>
  block.innerBlocks.length === 0 && Object.keys(block.attrs ?? {}).length === 0 ? html.onlyNode(block.innerHTML, CODE_HTML, CODE_NODE) : null;

/** As the code block saves its content (HTML): `[` and an isolated URL's `//` as entities, so the site runs no shortcode and no auto-embed inside code. */
export const escapeCodeHtml = (html: string): string => html.replace(/\[/g, '&#91;').replace(/^(\s*https?:)\/\/([^\s<>"]+\s*)$/m, '$1&#47;&#47;$2');

/** Its text, as the code block saves it. */
const escapeCode = (text: string): string => escapeCodeHtml(escapeText(text));

function writeCode(node: JSONContent): WrittenBlock {
  const text = (node.content ?? []).map((child) => child.text ?? '').join('');
  // Code of classic content stays as TinyMCE keeps it: its `<pre>` as written, its text as typed.
  const classic = classicTag(node);
  if (classic) return { name: NAME, attributes: {}, html: `${classic}<code>${escapeText(text)}</code></pre>` };
  return { name: NAME, attributes: {}, html: `<pre class="wp-block-code"><code>${escapeCode(text)}</code></pre>` };
}

/** The code block, marked when it stands in classic content (classic-mark.ts). */
const MarkedCodeBlock = CodeBlock.extend({
  addAttributes() {
    return { ...this.parent?.(), [CLASSIC]: CLASSIC_ATTRIBUTE };
  },
});

/** A code block a transform makes of words (maybe with the look it carries: an anchor, colours …; a text alignment only in its attributes), as the block editor saves it. */
export const madeCode = (text: string, look: Record<string, unknown> = {}, inline?: InlineStyle) => madeBlockMarkup(CODE_NAME, look, `${lookedOpening('pre', 'wp-block-code', look, undefined, inline)}<code>${text}</code></pre>`);

export const codeBlock: BlockDefinition = {
  readers: { [NAME]: readCode },
  extensions: [MarkedCodeBlock],
  writers: { [CODE_NODE]: writeCode },
  textPlaceholders: { [CODE_NODE]: () => CODE_PLACEHOLDER },
  transforms: {
    [PARAGRAPH_NAME]: [{ to: NAME, title: 'Code', make: fromText(({ text, textAlign, look, inline }) => madeCode(text, madeAttributes({ textAlign, look, inline }), inline), ['align', 'anchor', ...LOOK, 'style', 'spacing', ELEMENTS, ...HANDED_ON]) }],
    // Its words, anchor and look, and what the supports carry of its style (its alignment left behind).
    [NAME]: [{ to: PARAGRAPH_NAME, title: 'Paragraph', make: fromText(({ text, look, inline }) => madeParagraph({ text, look, inline }), ['anchor', ...LOOK, 'style', ELEMENTS, METADATA]) }],
  },
  inserter: [{ title: 'Code', keywords: 'program source', markup: `<!-- wp:code -->\n<pre class="wp-block-code"><code></code></pre>\n<!-- /wp:code -->`, after: 'Pullquote', command: (chain) => chain.setCodeBlock() }],
  remembersReading: true,
};
