// A verse written before its alignment and font were typography settings: an alignment of its
// own (`textAlign`, written as an inline style), or a font preset written as an inline style.
// The block editor's deprecations move both to the classes the current save writes.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { inlineFontPreset } from './older-form-parts.ts';

const OLDER_VERSE = /^\s*<pre style="([^"]*)" class="wp-block-verse">([\s\S]*)<\/pre>\s*$/;

/** The verse's current attributes and class for the inline style its older form wrote, or null. */
function currentStyle(attributes: Record<string, unknown>, style: string): { attributes: Record<string, unknown>; className: string } | null {
  const keys = Object.keys(attributes);
  const align = attributes.textAlign;
  if (keys.length === 1 && typeof align === 'string' && /^[a-z]+$/.test(align) && style === `text-align:${align}`) {
    return { attributes: { style: { typography: { textAlign: align } } }, className: `has-text-align-${align}` };
  }
  const font = keys.length === 1 ? inlineFontPreset(attributes.style, style) : null;
  if (font) return { attributes: { fontFamily: font }, className: `has-${font}-font-family` };
  return null;
}

/** The verse in its current form, or null when it is not an older form this migration knows. */
export function currentVerse(block: ParsedBlock): string | null {
  const html = OLDER_VERSE.exec(block.innerHTML);
  const current = html && block.innerBlocks.length === 0 ? currentStyle((block.attrs ?? {}) as Record<string, unknown>, html[1]) : null;
  return current && html ? blockMarkup('verse', current.attributes, `<pre class="wp-block-verse ${current.className}">${html[2]}</pre>`) : null;
}
