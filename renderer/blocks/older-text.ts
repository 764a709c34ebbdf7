// The text block (core/text), the paragraph's first name: the block editor's parser reads it as a
// paragraph, its attributes and HTML as written.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';

/**
 * The text block as the paragraph it now is, or null when it holds anything but one paragraph,
 * or runs of spaces: the editor's paragraph holds one space where the block editor keeps them
 * all, so its edit would change more than the writer did (kept as written until it holds them).
 */
export function currentText(block: ParsedBlock): string | null {
  const html = block.innerHTML.trim();
  const paragraph = block.innerBlocks.length === 0 && /^<p[\s>][\s\S]*<\/p>$/.test(html) && !/\s\s/.test(html);
  return paragraph ? blockMarkup('paragraph', block.attrs ?? {}, html) : null;
}
