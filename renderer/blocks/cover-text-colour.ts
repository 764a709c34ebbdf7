// A custom text colour in the style of an older cover, which its save never wrote: the block
// editor's migration keeps it, and the current save writes it on the wrapper (older-cover-wrapper.ts,
// older-cover-title.ts). A text colour set otherwise (a preset's reference, beside another style)
// leaves the cover as written.
import { classList, coverHtmlOf, currentCoverParts } from './cover-save.ts';

/** The custom text colour a style sets when it sets that alone; undefined without a style; null for any other style. */
export function textColourAlone(style: unknown): string | undefined | null {
  if (style === undefined) return undefined;
  const text = (style as { color?: { text?: unknown } } | null)?.color?.text;
  const alone = JSON.stringify(style) === JSON.stringify({ color: { text } });
  return alone && typeof text === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(text) ? text : null;
}

/** The current save's HTML of a migrated cover, its custom text colour (if any) on its wrapper: its class after the others, its style first; null where the current save is not written here. */
export function currentCoverWithTextColour(held: Record<string, unknown>, colour: string | undefined): [string, string] | null {
  const parts = currentCoverParts(held);
  return parts && coverHtmlOf(colour === undefined ? parts : { ...parts, classes: classList(parts.classes, 'has-text-color'), style: { color: colour, ...parts.style } });
}
