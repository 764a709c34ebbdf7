// The text block, the paragraph's first name (renamed core/paragraph in 2017): the block editor
// reads it as the paragraph it is.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';

export function currentText(block: ParsedBlock): string | null {
  return block.innerBlocks.length > 0 ? null : blockMarkup('paragraph', block.attrs ?? {}, block.innerHTML.trim());
}
