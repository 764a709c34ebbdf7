// A cover showing the post's featured image, made in its placeholder or switched to it and back
// from its media bar, as the block editor's cover toggles it (its "Use featured image" in both
// places: toggleUseFeaturedImage), where its HTML is the one cover-save.ts writes, so it can be
// written after (no image of its own for the featured image: the site puts it in).
import { COVER_DEFAULTS, coverAttributesAsWritten, currentCoverHtml } from './cover-save.ts';
import { COVER_BLOCK, COVER_TITLE, NO_IMAGE_COLOUR, compositeIsDark, heldOverlayColour, overlaySetTo } from './cover-block.ts';
import { madeBlockMarkup } from './block-definition.ts';
import { writtenBySave } from './cover-replace.ts';
import type { PaletteColour, Replaced } from './replaced-media.ts';
import { closeHistory } from '@tiptap/pm/history';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { mediaBlockAt, withCoverTitle } from './media-blocks.ts';

type Attributes = Record<string, unknown>;

/**
 * The cover's attributes after the block editor's toggleUseFeaturedImage (its placeholder's and its
 * media menu's "Use featured image"), with the site's `palette`: its own media cleared (url, id; the
 * kind back to an image), `useFeaturedImage` switched, the dim a half where it was whole; the
 * overlay, unless the writer chose it (`isUserOverlayColor`), white (what the block editor reads
 * before it has the featured image's colour) switched on and none switched off; judged dark or light
 * (compositeIsDark) over white; switched on, marked as not the writer's colour unless it was, as the
 * effect following the featured image marks it.
 */
export function featuredImageToggled(held: Attributes, palette: readonly PaletteColour[]): Attributes {
  const current = { ...COVER_DEFAULTS, ...held };
  const on = current.useFeaturedImage !== true;
  const user = current.isUserOverlayColor === true;
  const overlay = user ? {} : overlaySetTo(on ? NO_IMAGE_COLOUR : undefined, palette);
  const dimRatio = current.dimRatio === 100 ? 50 : current.dimRatio;
  const dark = compositeIsDark(Number(dimRatio), user ? heldOverlayColour(current, palette) : NO_IMAGE_COLOUR, NO_IMAGE_COLOUR);
  return coverAttributesAsWritten({ ...current, ...overlay, url: undefined, id: undefined, useFeaturedImage: on, dimRatio, backgroundType: 'image', isDark: dark, ...(on ? { isUserOverlayColor: user } : {}) });
}

/** A new cover showing the post's featured image, made in its placeholder: the empty cover toggled on (featuredImageToggled), its one block the empty title the block editor's scaffoldInnerBlocks puts in (COVER_TITLE). */
export function coverOfFeaturedImage(palette: readonly PaletteColour[]): string {
  const attributes = featuredImageToggled({}, palette);
  const [opening, closing] = currentCoverHtml({ ...COVER_DEFAULTS, ...attributes }) ?? ['', ''];
  return madeBlockMarkup(COVER_BLOCK, attributes, `${opening}${COVER_TITLE}${closing}`);
}

/** The cover switched to or from the post's featured image (with the site's `palette`), or null where its HTML cannot be written after it. */
export function coverFeaturedToggled(held: Attributes, opening: string, closing: string, palette: readonly PaletteColour[]): Replaced | null {
  if (!writtenBySave(held, opening, closing)) return null;
  const next = featuredImageToggled(held, palette);
  const html = currentCoverHtml({ ...COVER_DEFAULTS, ...next });
  return html && { opening: html[0], closing: html[1], blockAttributes: next };
}

const heldAttributes = (node: PmNode): Attributes => ({ ...((node.attrs.blockAttributes ?? {}) as Attributes) });

/** The cover the selection stands in, where its featured image can be toggled here; else null. */
function togglableCover(state: EditorState): { position: number; node: PmNode } | null {
  const found = mediaBlockAt(state);
  if (!found || found.node.type.name !== 'blockContainer' || found.node.attrs.name !== COVER_BLOCK) return null;
  return writtenBySave(heldAttributes(found.node), String(found.node.attrs.opening), String(found.node.attrs.closing)) ? found : null;
}

/** Whether the cover the selection stands in shows the post's featured image; null where it offers no such toggle here. */
export function usesFeaturedImage(state: EditorState): boolean | null {
  const found = togglableCover(state);
  return found && heldAttributes(found.node).useFeaturedImage === true;
}

/**
 * The cover the selection stands in switched to the post's featured image or back, in an undo step
 * of its own; one switched on while it holds no block given the empty title the block editor puts
 * in (scaffoldInnerBlocks), the caret in it. Null where it offers no such toggle here.
 */
export function toggleFeaturedImage(state: EditorState, palette: readonly PaletteColour[]): Transaction | null {
  const found = togglableCover(state);
  const toggled = found && coverFeaturedToggled(heldAttributes(found.node), String(found.node.attrs.opening), String(found.node.attrs.closing), palette);
  if (!found || !toggled) return null;
  const tr = closeHistory(state.tr.setNodeMarkup(found.position, undefined, { ...found.node.attrs, ...toggled }));
  return toggled.blockAttributes.useFeaturedImage === true && found.node.childCount === 0 ? withCoverTitle(tr, found.position) : tr;
}
