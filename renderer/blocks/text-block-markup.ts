// The words a block of text holds (a paragraph, a heading, a list item, preformatted text, verse, code),
// as the block editor's transforms between blocks of text carry them (block-definition.ts:
// BlockTransform); each block's module makes its own block of them.
import { attributesOf } from './block-definition.ts';
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
function plainText(block: ParsedBlock, allowed: readonly string[] = []): PlainText | null {
  const { style, ...rest } = attributesOf(block);
  const text = textOf(block);
  if (text === null || Object.keys(rest).some((name) => !allowed.includes(name))) return null;
  if (style === undefined) return { text };
  const textAlign = /^\{"typography":\{"textAlign":"(left|center|right)"\}\}$/.exec(JSON.stringify(style))?.[1];
  return textAlign ? { text, textAlign } : null;
}

/** The attributes of a block of text made with a text alignment (none: none). */
export const alignStyle = (textAlign?: string) => (textAlign ? { style: { typography: { textAlign } } } : {});

/** A transform of a block of text setting nothing but `allowed` attributes into what `make` makes of its words. */
export const fromText = (make: (text: PlainText) => string | null, allowed: readonly string[] = []) => (block: ParsedBlock) => {
  const text = plainText(block, allowed);
  return text && make(text);
};
