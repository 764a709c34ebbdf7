// A spacer whose height (and width) were numbers of pixels, before they took units: the block
// editor's deprecation writes them in pixels ("100px"), the height left out at its default.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { inDeclaredOrder } from './older-form-parts.ts';

/** core/spacer's attributes in the order the block type declares them. */
const SPACER_ATTRIBUTES = ['height', 'width', 'lock', 'anchor', 'className', 'style', 'metadata'];
const DEFAULT_HEIGHT = '100px';

/** The spacer in its current form, or null when its sizes are not the numbers of the older form. */
export function currentSpacer(block: ParsedBlock): string | null {
  const { height, width, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  if (block.innerBlocks.length > 0 || (typeof height !== 'number' && typeof width !== 'number') || !Object.keys(others).every((name) => SPACER_ATTRIBUTES.includes(name))) return null;
  const inPixels = (size: unknown) => (typeof size === 'number' ? `${size}px` : size);
  const migrated = { ...others, height: inPixels(height) === DEFAULT_HEIGHT ? undefined : inPixels(height), width: inPixels(width) };
  return blockMarkup('spacer', inDeclaredOrder(migrated, SPACER_ATTRIBUTES), block.innerHTML.trim());
}
