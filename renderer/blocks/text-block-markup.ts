// The blocks of text a transform makes (block-definition.ts: BlockTransform), as the block editor saves
// each made from its words alone (a paragraph, a heading, a list, a quote, preformatted text, verse,
// code, a pullquote), and the words a block of text holds: one place for the blocks of text's
// transforms into one another, each declared in its block's module.
import { attributesOf, madeBlockMarkup } from './block-definition.ts';
import type { ParsedBlock } from './split-blocks.ts';

/** The words of a block of text (its rich text's HTML) and the text alignment a transform carries. */
export interface PlainText { text: string; textAlign?: string }

/** The rich text of a block held in one element (`<p>`, `<h2>`, `<li>`, `<pre>`, a code block's `<pre><code>`), or null when its HTML is not that. */
export function textOf(block: ParsedBlock): string | null {
  const html = block.innerHTML.trim();
  const code = /^<pre[^>]*><code>([\s\S]*)<\/code><\/pre>$/.exec(html);
  if (code) return code[1];
  return /^<(p|h[1-6]|li|pre)(?:\s[^>]*)?>([\s\S]*)<\/\1>$/.exec(html)?.[2] ?? null;
}

/**
 * The words of a block of text setting nothing but `allowed` attributes and a text alignment, or null
 * for one setting more (its colours, size, class, anchor …: a transform carries some of them, not made
 * here yet) or not held in one element.
 */
export function plainText(block: ParsedBlock, allowed: readonly string[] = []): PlainText | null {
  const { style, ...rest } = attributesOf(block);
  const text = textOf(block);
  if (text === null || Object.keys(rest).some((name) => !allowed.includes(name))) return null;
  if (style === undefined) return { text };
  const textAlign = /^\{"typography":\{"textAlign":"(left|center|right)"\}\}$/.exec(JSON.stringify(style))?.[1];
  return textAlign ? { text, textAlign } : null;
}

const alignStyle = (textAlign?: string) => (textAlign ? { style: { typography: { textAlign } } } : {});

export const madeParagraph = ({ text, textAlign }: PlainText) => madeBlockMarkup('paragraph', alignStyle(textAlign), `<p${textAlign ? ` class="has-text-align-${textAlign}"` : ''}>${text}</p>`);

/** A heading of the block editor's default level, 2. */
export const madeHeading = ({ text, textAlign }: PlainText) => madeBlockMarkup('heading', alignStyle(textAlign), `<h2 class="wp-block-heading${textAlign ? ` has-text-align-${textAlign}` : ''}">${text}</h2>`);

/** Blocks made one after another, spaced as the block serializer spaces them. */
export const madeBlocks = (blocks: readonly string[]) => blocks.join('\n\n');

export const madeList = (items: readonly string[]) => madeBlockMarkup('list', {}, `<ul class="wp-block-list">${madeBlocks(items.map((item) => madeBlockMarkup('list-item', {}, `<li>${item}</li>`)))}</ul>`);

/** A quote holding blocks (their markup), maybe with a citation. */
export const madeQuote = (inner: string, citation = '') => madeBlockMarkup('quote', {}, `<blockquote class="wp-block-quote">${inner}${citation ? `<cite>${citation}</cite>` : ''}</blockquote>`);

export const madePre = (name: 'preformatted' | 'verse', text: string) => madeBlockMarkup(name, {}, `<pre class="wp-block-${name}">${text}</pre>`);

export const madeCode = (text: string) => madeBlockMarkup('code', {}, `<pre class="wp-block-code"><code>${text}</code></pre>`);

export const madePullquote = (value: string, citation = '') => madeBlockMarkup('pullquote', {}, `<figure class="wp-block-pullquote"><blockquote><p>${value}</p>${citation ? `<cite>${citation}</cite>` : ''}</blockquote></figure>`);

/** A transform of a block of text setting nothing but `allowed` attributes into what `make` makes of its words. */
export const fromText = (make: (text: PlainText) => string | null, allowed: readonly string[] = []) => (block: ParsedBlock) => {
  const text = plainText(block, allowed);
  return text && make(text);
};
