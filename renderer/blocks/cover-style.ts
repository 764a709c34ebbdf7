// A style in an older cover's comment, which its save never wrote: the block editor's migration
// keeps it, and the current save writes it on the wrapper as the cover's block supports do
// (older-cover-wrapper.ts, older-cover-title.ts; the style as the style engine writes it:
// wrapper-style.ts), and the cover's own minimum height replaces the style's. A custom CSS leaves the
// cover as written: the block editor reads such a cover invalid (every save of it adds `has-custom-css`,
// which the older saves never wrote).
import { classList, coverHtmlOf, currentCoverParts } from './cover-save.ts';
import type { WrapperStyle } from './wrapper-style.ts';

/** The current save's HTML of a migrated cover, what its style writes (if any) on its wrapper: its classes after the others, its declarations first; null where the current save is not written here. */
export function currentCoverWithStyle(held: Record<string, unknown>, style: WrapperStyle | undefined): [string, string] | null {
  const parts = currentCoverParts(held);
  return parts && coverHtmlOf(style === undefined ? parts : { ...parts, classes: classList(parts.classes, ...style.classes), style: { ...style.declarations, ...parts.style } });
}
