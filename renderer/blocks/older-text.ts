// The text block (core/text), the paragraph's first name: the block editor's parser reads it as a
// paragraph, its attributes and HTML as written.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';

/**
 * The text block as the paragraph it now is, or null when it holds anything but one paragraph.
 * A run of spaces in it is held as one, as in any paragraph the editor reads (the block editor's
 * validator finds them the same; its own migration keeps the run).
 */
export function currentText(block: ParsedBlock): string | null {
  const html = block.innerHTML.trim();
  const paragraph = block.innerBlocks.length === 0 && /^<p[\s>][\s\S]*<\/p>$/.test(html);
  return paragraph ? blockMarkup('paragraph', block.attrs ?? {}, html) : null;
}
