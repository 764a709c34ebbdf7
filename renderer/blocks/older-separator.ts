// A separator written before separators had an opacity setting (WordPress 6.0): the block
// editor's deprecation gives it the theme's opacity ("css") and its class.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { rootClasses } from './older-form-parts.ts';

/** The separator in its current form, or null when it is not the older form this migration knows. */
export function currentSeparator(block: ParsedBlock): string | null {
  const { className, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const rule = /^\s*<hr class="wp-block-separator(?: [\w-]+)*"\/>\s*$/.exec(block.innerHTML);
  if (!rule || block.innerBlocks.length > 0 || Object.keys(others).length > 0 || (className !== undefined && typeof className !== 'string')) return null;
  // The rule's classes are the block's and its own, nothing else.
  if (rootClasses(block.innerHTML).slice(1).join(' ') !== (className ?? '')) return null;
  const classes = ['wp-block-separator', 'has-css-opacity', ...(className ? [className] : [])].join(' ');
  return blockMarkup('separator', { opacity: 'css', ...(className ? { className } : {}) }, `<hr class="${classes}"/>`);
}
