// A spacer written when its height and width were numbers of pixels: the block editor's
// deprecation writes them as pixel lengths ("72px"), the height left out at its default.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';

// A height of 0 was written without its unit.
const OLDER_SPACER = /^\s*<div style="height:(\d+)(?:px)?(?:;width:(\d+)px)?" aria-hidden="true" class="wp-block-spacer"><\/div>\s*$/;
const DEFAULT_HEIGHT = '100px';

/** The spacer in its current form, or null when it is not the older form this migration knows. */
export function currentSpacer(block: ParsedBlock): string | null {
  const { height, width, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const html = OLDER_SPACER.exec(block.innerHTML);
  const numbers = [height, width].filter((value) => value !== undefined);
  if (!html || block.innerBlocks.length > 0 || Object.keys(others).length > 0 || numbers.length === 0 || !numbers.every((value) => typeof value === 'number')) return null;
  // The HTML says the same sizes (a height left out is the default).
  if (String(height ?? 100) !== html[1] || (width === undefined ? html[2] !== undefined : String(width) !== html[2])) return null;
  const pixels = `${html[1]}px`;
  const attributes = { ...(pixels === DEFAULT_HEIGHT ? {} : { height: pixels }), ...(width === undefined ? {} : { width: `${width}px` }) };
  const style = `height:${pixels}${width === undefined ? '' : `;width:${width}px`}`;
  return blockMarkup('spacer', attributes, `<div style="${style}" aria-hidden="true" class="wp-block-spacer"></div>`);
}
