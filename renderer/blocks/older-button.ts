// A button written before buttons took the theme's element style (`wp-element-button` on its
// link, WordPress 6.1): the block editor's deprecations keep its HTML and add that class; an
// alignment attribute becomes the class it already wrote, and the retired squared style goes.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { customClassName, rootClasses } from './older-form-parts.ts';

/** The older button: a div of the button's classes around its link (class first, then the link's own attributes in the order the save writes them). */
const OLDER_BUTTON = /^\s*<div class="wp-block-button((?: [\w-]+)*)"><a class="wp-block-button__link"((?: href="[^"]*")?(?: title="[^"]*")?(?: target="[^"]*")?(?: rel="[^"]*")?)>([\s\S]*)<\/a><\/div>\s*$/;
const ALIGNMENTS = ['left', 'center', 'right'];
/** A style the block editor no longer offers: its migration leaves the class out. */
const RETIRED_CLASSES = ['is-style-squared'];

/** The button in its current form, or null when it is not the older form this migration knows. */
export function currentButton(block: ParsedBlock): string | null {
  const { align, className, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const html = OLDER_BUTTON.exec(block.innerHTML);
  if (!html || block.innerBlocks.length > 0 || Object.keys(others).length > 0) return null;
  if ((align !== undefined && !ALIGNMENTS.includes(String(align))) || (className !== undefined && typeof className !== 'string')) return null;
  // The div's classes are the block's own and its alignment's, nothing else.
  const said = [...(className ?? '').split(' ').filter(Boolean), ...(align === undefined ? [] : [`align${String(align)}`])];
  if (rootClasses(block.innerHTML).slice(1).sort().join(' ') !== said.sort().join(' ')) return null;
  const classes = customClassName(block.innerHTML, ['wp-block-button', ...RETIRED_CLASSES]);
  const attributes = classes ? { className: classes } : {};
  return blockMarkup('button', attributes, `<div class="wp-block-button${classes ? ` ${classes}` : ''}"><a class="wp-block-button__link wp-element-button"${html[2]}>${html[3]}</a></div>`);
}
