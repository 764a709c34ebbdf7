// A cover's or media & text's media replaced from its Replace as the block editor's onSelectMedia
// does it, an image by an image or a video and the other way (cover-replace.ts,
// media-text-replace.ts). Where a block's HTML cannot be written again after it (a form the current
// save does not write), its Replace takes its own kind only and swaps the address (media-blocks.ts).
import { COVER_BLOCK, NO_IMAGE_COLOUR } from './cover-block.ts';
import { MEDIA_TEXT_BLOCK } from './media-text-block.ts';
import { DEFAULT_PALETTE } from './site-presets.ts';
import { coverReplaceable, replacedCover } from './cover-replace.ts';
import { mediaTextReplaceable, replacedMediaText } from './media-text-replace.ts';
import type { PaletteColour, Replaced, ReplacedBy } from './replaced-media.ts';

type Attributes = Record<string, unknown>;

/** Whether the block's Replace is the block editor's onSelectMedia here: a cover or media & text whose HTML can be written after it. */
export function replacesAsBlockEditor(name: string, attributes: Attributes, opening: string, closing: string): boolean {
  if (name === COVER_BLOCK) return coverReplaceable(attributes, opening, closing);
  return name === MEDIA_TEXT_BLOCK && mediaTextReplaceable(opening, closing);
}

/**
 * The block (`name`, its attributes and held HTML) with the picked media, as the block editor's
 * Replace writes it; a cover's new image over `imageColour` (its average colour) and its overlay
 * judged with the site's `palette`; null where its HTML cannot be written after it.
 */
export function replacedMedia(name: string, held: Attributes, opening: string, closing: string, to: ReplacedBy, imageColour = NO_IMAGE_COLOUR, palette: readonly PaletteColour[] = DEFAULT_PALETTE): Replaced | null {
  if (!replacesAsBlockEditor(name, held, opening, closing)) return null;
  return name === COVER_BLOCK ? replacedCover(held, opening, closing, to, imageColour, palette) : replacedMediaText(held, opening, closing, to);
}
