// A cover's media replaced from its Replace as the block editor's cover does it (its edit's
// onSelectMedia, @wordpress/block-library's cover/edit/index.jsx): the picked item's address, id,
// alt text and kind (a video drops the parallax; a repeated background stays, as there); the
// overlay, unless the writer chose it (`isUserOverlayColor`), the new media's average colour (white
// for a video), a palette colour's slug when it is one of the site's; the cover judged dark or light
// (compositeIsDark) with its overlay (a preset's value from the site's palette) over that colour; no
// focal point or featured image (a cover showing the post's featured image shows the picked item
// instead); and, when the cover's media was an image, its size: the one it
// had when the new image has it, else the editor's default (large) when it has that, else "full"
// (a video has none). The cover is then written from its attributes by cover-save.ts where it can
// be (one piece writes the cover); where it cannot (a style, a text colour …), its media element and
// overlay are rewritten in the HTML as read, provided they are the elements the current save writes
// (the featured image's cover has none: the new media goes before its overlay, where the save puts it).
import { COVER_DEFAULTS, coverAttributesAsWritten, currentCoverHtml, dimRatioClass } from './cover-save.ts';
import { NO_IMAGE_COLOUR, compositeIsDark, heldOverlayColour, overlaySetTo } from './cover-block.ts';
import { withClasses } from './block-align.ts';
import { escapeAttribute } from './inline-html.ts';
import { tidyOwnHtml } from './older-inner-blocks.ts';
import type { PaletteColour, Replaced, ReplacedBy } from './replaced-media.ts';

type Attributes = Record<string, unknown>;

/** The size the block editor shows an image at when none is kept (its `imageDefaultSize`). */
const DEFAULT_SIZE = 'large';

const COVER_IMAGE = /<img class="wp-block-cover__image-background[^"]*"[^>]*\/>/;
const COVER_VIDEO = /<video class="wp-block-cover__video-background[^"]*"[^>]*><\/video>/;
/** A fixed or repeated image: the background of an element of its own. */
const COVER_BACKGROUND = /<div(?: role="img" aria-label="[^"]*")? class="wp-block-cover__image-background[^"]*"[^>]*><\/div>/;
const COVER_MEDIA = [COVER_IMAGE, COVER_VIDEO, COVER_BACKGROUND];
const OVERLAY_SPAN = /<span aria-hidden="true" class="wp-block-cover__background[^"]*"[^>]*>/;

/** The cover's attributes after its Replace picked `to` (an image over `imageColour`, its average colour), as the block editor's onSelectMedia sets them. */
function coverAfterReplace(held: Attributes, to: ReplacedBy, imageColour: string, palette: readonly PaletteColour[]): Attributes {
  const current = { ...COVER_DEFAULTS, ...held };
  const video = to.kind === 'video';
  const behind = video ? NO_IMAGE_COLOUR : imageColour;
  const user = current.isUserOverlayColor === true;
  const heldOverlay = heldOverlayColour(current, palette);
  const overlay = user ? {} : overlaySetTo(behind, palette);
  const dimRatio = current.url === undefined && current.dimRatio === 100 ? 50 : current.dimRatio;
  const media: Attributes = { url: to.url, id: to.id, alt: to.alt, backgroundType: to.kind, ...(video ? { hasParallax: undefined } : {}) };
  if (current.backgroundType === 'image' && to.id) {
    const kept = typeof current.sizeSlug === 'string' ? to.sizes?.[current.sizeSlug] : undefined;
    const size = kept ? String(current.sizeSlug) : to.sizes?.[DEFAULT_SIZE] ? DEFAULT_SIZE : 'full';
    Object.assign(media, { sizeSlug: size, ...(size === 'full' ? {} : { url: to.sizes?.[size] }) });
  }
  const dark = compositeIsDark(Number(dimRatio), user ? heldOverlay : behind, behind);
  return coverAttributesAsWritten({ ...current, ...overlay, ...media, focalPoint: undefined, useFeaturedImage: undefined, dimRatio, isDark: dark, isUserOverlayColor: user });
}

/** The overlay's span with the overlay colour `slug` (a preset) or `custom` and the dim `dimRatio`, as the save writes them: the preset's class after the span's own, then the dim's, the custom colour first in its style. */
function overlaySpan(span: string, slug: unknown, custom: unknown, dimRatio: unknown): string {
  const classed = withClasses(span, (classes) => {
    const rest = classes.filter((item) => !/^has-[a-z0-9-]+-background-color$/.test(item) && !/^has-background-dim-\d+$/.test(item));
    const dim = rest.includes('has-background-dim') ? dimRatioClass(dimRatio) : null;
    return [...rest.slice(0, 1), ...(typeof slug === 'string' ? [`has-${slug}-background-color`] : []), ...(dim ? [dim] : []), ...rest.slice(1)];
  });
  const declarations = (/\sstyle="([^"]*)"/.exec(classed)?.[1] ?? '').split(';').filter((item) => item !== '' && !item.startsWith('background-color:'));
  const style = [...(typeof slug !== 'string' && typeof custom === 'string' ? [`background-color:${escapeAttribute(custom)}`] : []), ...declarations];
  return classed.replace(/\sstyle="[^"]*"/, '').replace(/>$/, style.length > 0 ? ` style="${style.join(';')}">` : '>');
}

/** The wrapper's start tag with is-light as the save places it (after the block's class and its alignment's) when the cover is light, and no has-parallax when it is not fixed. */
const wrapperFor = (tag: string, next: Attributes) => withClasses(tag, (classes) => {
  const rest = classes.filter((item) => item !== 'is-light' && (item !== 'has-parallax' || next.hasParallax));
  const at = /^align/.test(rest[1] ?? '') ? 2 : 1;
  return next.isDark !== false ? rest : [...rest.slice(0, at), 'is-light', ...rest.slice(at)];
});

/** The media element the current save writes for `next`: a video (with the poster `poster`, as read: its attribute is the video element's), an image, or a fixed or repeated image as an element's background (centred: no focal point). */
function mediaElement(next: Attributes, poster: string | undefined): string {
  const url = escapeAttribute(String(next.url));
  const alt = escapeAttribute(String(next.alt ?? ''));
  if (next.backgroundType === 'video') return `<video class="wp-block-cover__video-background intrinsic-ignore" autoplay muted loop playsinline src="${url}"${poster === undefined ? '' : ` poster="${poster}"`} data-object-fit="cover"></video>`;
  const classes = ['wp-block-cover__image-background', `wp-image-${String(next.id)}`, ...(typeof next.sizeSlug === 'string' ? [`size-${next.sizeSlug}`] : [])];
  if (!next.hasParallax && !next.isRepeated) return `<img class="${classes.join(' ')}" alt="${alt}" src="${url}" data-object-fit="cover"/>`;
  const label = alt ? ` role="img" aria-label="${alt}"` : '';
  return `<div${label} class="${[...classes, ...(next.hasParallax ? ['has-parallax'] : []), ...(next.isRepeated ? ['is-repeated'] : [])].join(' ')}" style="background-position:50% 50%;background-image:url(${url})"></div>`;
}

/** Whether the cover shows the post's featured image: no media element of its own, the new one goes before its overlay. */
const showsFeaturedImage = (held: Attributes, opening: string) => held.useFeaturedImage === true && OVERLAY_SPAN.test(opening);

/** The cover's HTML as read with its media element (or, for the featured image, a new one before the overlay), overlay and darkness rewritten for `next`, or null when its media is not an element the current save writes. */
function rewritten(held: Attributes, next: Attributes, opening: string, closing: string): [string, string] | null {
  const element = COVER_MEDIA.find((pattern) => pattern.test(opening)) ?? (showsFeaturedImage(held, opening) ? OVERLAY_SPAN : undefined);
  if (!element) return null;
  // The poster is the video element's attribute (not in the block's comment): the new video keeps it, as the block editor's Replace leaves it set.
  const poster = /<video class="wp-block-cover__video-background[^>]*?\sposter="([^"]*)"/.exec(opening)?.[1];
  const media = opening.replace(element, (found) => mediaElement(next, poster) + (element === OVERLAY_SPAN ? found : ''));
  const coloured = media.replace(OVERLAY_SPAN, (span) => overlaySpan(span, next.overlayColor, next.customOverlayColor, next.dimRatio ?? COVER_DEFAULTS.dimRatio));
  return [coloured.replace(/^(\s*)(<[a-z][^>]*>)/i, (_whole, space: string, tag: string) => space + wrapperFor(tag, next)), closing];
}

/** Whether the cover's HTML is what cover-save.ts writes for its attributes: it can write the replaced cover too. */
export function writtenBySave(held: Attributes, opening: string, closing: string): boolean {
  const html = currentCoverHtml({ ...COVER_DEFAULTS, ...held });
  return html !== null && html[0] === tidyOwnHtml(opening) && html[1] === tidyOwnHtml(closing);
}

/** Whether the cover's Replace can take an image or a video (its HTML can be written after it). */
export function coverReplaceable(held: Attributes, opening: string, closing: string): boolean {
  return writtenBySave(held, opening, closing) || COVER_MEDIA.some((pattern) => pattern.test(opening)) || showsFeaturedImage(held, opening);
}

/** The cover with the picked media (an image over `imageColour`), or null when its HTML cannot be written after it. */
export function replacedCover(held: Attributes, opening: string, closing: string, to: ReplacedBy, imageColour: string, palette: readonly PaletteColour[]): Replaced | null {
  const next = coverAfterReplace(held, to, imageColour, palette);
  const written = writtenBySave(held, opening, closing) ? currentCoverHtml({ ...COVER_DEFAULTS, ...next }) : null;
  const html = written ?? rewritten(held, next, opening, closing);
  return html && { opening: html[0], closing: html[1], blockAttributes: next };
}
