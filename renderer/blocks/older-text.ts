// The text block (core/text), the paragraph's first name: the block editor's parser reads it as a
// paragraph, its attributes and HTML as written.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';

/** The text of HTML outside its tags. */
const TEXT_RUNS = /(^|>)([^<]*)/g;

/**
 * The text block as the paragraph it now is, or null when it holds anything but one paragraph. A run
 * of spaces in its text is one space, as in any paragraph the editor holds (the block editor's
 * validator finds them the same; its own migration keeps the run); other runs of whitespace keep it as written.
 */
export function currentText(block: ParsedBlock): string | null {
  const html = block.innerHTML.trim();
  const paragraph = block.innerBlocks.length === 0 && /^<p[\s>][\s\S]*<\/p>$/.test(html) && !/[\t\r\n]/.test(html);
  return paragraph ? blockMarkup('paragraph', block.attrs ?? {}, html.replace(TEXT_RUNS, (_run, tag: string, text: string) => `${tag}${text.replace(/ {2,}/g, ' ')}`)) : null;
}
