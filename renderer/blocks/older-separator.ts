// A separator written before separators had an opacity setting (WordPress 6.0), its colour then a
// `color` or `customColor` of its own: the block editor's deprecation gives it the theme's opacity
// ("css"), its colour as the background colour support's (a named one, or a custom one in
// `style`), and the current save's classes and style.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { inDeclaredOrder } from './older-form-parts.ts';
import { tidyTags } from './older-inner-blocks.ts';

/** core/separator's attributes in the order the block type declares them. */
const SEPARATOR_ATTRIBUTES = ['opacity', 'tagName', 'backgroundColor', 'textColor', 'gradient', 'align', 'lock', 'anchor', 'className', 'style', 'metadata'];
/** The attributes the deprecation declares, and the block's own it keeps. */
const OLDER_ATTRIBUTES = new Set(['color', 'customColor', 'className']);

/** A rule as the serializer writes it: its classes, and its style when it has one. */
const rule = (classes: (string | false | undefined)[], style: string | null) => `<hr class="${classes.filter(Boolean).join(' ')}"${style ? ` style="${style}"` : ''}/>`;

/** The separator in its current form, or null when it is not the older form this migration knows. */
export function currentSeparator(block: ParsedBlock): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  if (block.innerBlocks.length > 0 || !Object.keys(attributes).every((name) => OLDER_ATTRIBUTES.has(name))) return null;
  if (!Object.values(attributes).every((value) => typeof value === 'string' && value !== '')) return null;
  const { color, customColor, className } = attributes as Record<string, string | undefined>;
  const coloured = Boolean(color ?? customColor);
  // The deprecated save's rule (a named colour as classes, a custom one as both colours), as a hand or the serializer spaced its tag.
  const customStyle = !color && customColor ? `background-color:${customColor};color:${customColor}` : null;
  const older = rule(['wp-block-separator', coloured && 'has-text-color', coloured && 'has-background', color && `has-${color}-background-color`, color && `has-${color}-color`, className], customStyle);
  if (tidyTags(block.innerHTML.trim(), true) !== older) return null;
  const current = inDeclaredOrder({ opacity: 'css', backgroundColor: color, className, style: !color && customColor ? { color: { background: customColor } } : undefined }, SEPARATOR_ATTRIBUTES);
  const classes = ['wp-block-separator', coloured && 'has-text-color', color && `has-${color}-color`, 'has-css-opacity', color && `has-${color}-background-color`, coloured && 'has-background', className];
  return blockMarkup('separator', current, rule(classes, customStyle));
}
