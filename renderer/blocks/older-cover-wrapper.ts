// Covers saved before WordPress 6.1 whose wrapper held what the current save writes as an element
// of its own. Before WordPress 5.8 (the cover's deprecations v7 and v6), the dim, the overlay
// colour and a custom gradient were the wrapper's own classes and style, with no overlay element,
// and a fixed or repeated image (v7), or any image (v6), was the wrapper's background; the block
// editor's migration keeps the attributes, makes the dim whole where there is no image and the tag
// a div (so too v5 and v4, before 5.6, whose saves named no preset gradient by a class and
// wrote no unit of height; v4 its focal point as multiplied, unrounded). From 5.8 to 6.0 (v10 to v8), a fixed or repeated image was still the wrapper's background,
// after which came the overlay; the migration keeps the attributes. Its current save then writes
// the cover anew (cover-save.ts): the background, then the overlay. Such a cover is known where
// its HTML is exactly what one of those saves wrote for its attributes (an empty one too); its
// inner blocks stay as written. A style in the comment of a cover before 5.8 (a colour of its text,
// its typography, its spacing), which those saves never wrote, the migration keeps and the current
// save writes on the wrapper (cover-style.ts).
import type { ParsedBlock } from './split-blocks.ts';
import { htmlBody } from './html-nodes.ts';
import { currentCoverWithStyle } from './cover-style.ts';
import { keptStyle, wrapperStyleOf } from './wrapper-style.ts';
import { containerPieces, currentContainer } from './older-form-parts.ts';
import { tidyOwnHtml } from './older-inner-blocks.ts';
import { COVER_DEFAULTS, INNER_CONTAINER, classList, coverAttributesAsWritten, dimRatioClass, olderDimRatioClass, currentCoverParts, gradientClass, mediaPosition, overlayColourClass, positionClasses, writable, wrapperClasses, wrapperTag } from './cover-save.ts';
import { styleAttribute } from './style-attribute.ts';

/** The attributes the saves before WordPress 5.8 read from the block's comment (their block supports add the alignment and the writer's class). */
const DIM_ATTRIBUTES = ['url', 'id', 'hasParallax', 'dimRatio', 'overlayColor', 'customOverlayColor', 'backgroundType', 'focalPoint', 'isRepeated', 'minHeight', 'minHeightUnit', 'gradient', 'customGradient', 'contentPosition', 'align', 'className'];
/**
 * The attributes those deprecations declare beyond them (their supports'): any other attribute in
 * the comment (alt text, `isDark`, which those saves never wrote) the block editor drops as it reads
 * the block with them, and migrates it without.
 */
const DIM_DECLARED = [...DIM_ATTRIBUTES, 'lock', 'style', 'metadata'];
/** Their defaults, which the current block type's differ from (a dim of a half). */
const DIM_DEFAULTS = { hasParallax: false, dimRatio: 50, backgroundType: 'image', isRepeated: false };

type Point = { x: number; y: number };

/** What v7 (`imgElement`: an image not fixed or repeated is an element) or v6 (every image the wrapper's background) wrote before the inner blocks. */
function dimOpening(held: Record<string, unknown>, v7: boolean): string {
  const { url, id, alt, hasParallax, isRepeated, dimRatio, overlayColor, customOverlayColor, backgroundType, focalPoint, minHeight, minHeightUnit, gradient, customGradient, contentPosition } = held;
  const [image, video] = [backgroundType === 'image', backgroundType === 'video'];
  const imgElement = v7 && !(hasParallax || isRepeated);
  const height = minHeightUnit ? `${String(minHeight)}${String(minHeightUnit)}` : minHeight;
  const classes = wrapperClasses(held, [olderDimRatioClass(dimRatio), overlayColourClass(overlayColor), dimRatio !== 0 && 'has-background-dim', hasParallax && 'has-parallax', isRepeated && 'is-repeated', (gradient || customGradient) && 'has-background-gradient', !url && gradientClass(gradient), ...positionClasses(contentPosition)]);
  const placed = focalPoint ? mediaPosition(focalPoint as Point) : undefined;
  const style = styleAttribute({
    'background-image': url && image && !imgElement ? `url(${String(url)})` : undefined,
    'background-color': overlayColor ? undefined : customOverlayColor,
    background: customGradient && !url ? customGradient : undefined,
    'min-height': height || undefined,
    ...(v7 ? {} : { 'background-position': image && !hasParallax ? placed : undefined }),
  });
  // v7 placed an image element or a video by its focal point, unless fixed or repeated.
  const objectPosition = v7 && !(hasParallax || isRepeated) ? placed : undefined;
  const fitted = `${styleAttribute({ 'object-position': objectPosition })} data-object-fit="cover"${objectPosition ? ` data-object-position="${objectPosition}"` : ''}`;
  const img = url && imgElement && image ? `<img class="${classList('wp-block-cover__image-background', id ? `wp-image-${String(id)}` : null)}" alt="${String(alt)}" src="${String(url)}"${fitted}/>` : '';
  const videoElement = !url || !video ? '' : v7 ? `<video class="wp-block-cover__video-background intrinsic-ignore" autoplay muted loop playsinline src="${String(url)}"${fitted}></video>` : `<video class="wp-block-cover__video-background" autoplay muted loop playsinline src="${String(url)}"${styleAttribute({ 'object-position': placed })}></video>`;
  return `<div class="${classes}"${style}>${gradientSpan(held)}${img}${videoElement}${INNER_CONTAINER}`;
}

/** The gradient's element every save before WordPress 5.8 wrote over an image or a video. */
function gradientSpan({ url, gradient, customGradient, dimRatio }: Record<string, unknown>): string {
  return url && (gradient || customGradient) && dimRatio !== 0 ? `<span aria-hidden="true" class="${classList('wp-block-cover__gradient-background', gradientClass(gradient))}"${styleAttribute({ background: customGradient })}></span>` : '';
}

/** The attributes the saves of v5 and v4 (WordPress 5.3 to 5.5) read: neither a content position, a repeated image nor a unit of height. */
const FIRST_ATTRIBUTES = ['url', 'id', 'hasParallax', 'dimRatio', 'overlayColor', 'customOverlayColor', 'backgroundType', 'focalPoint', 'minHeight', 'gradient', 'customGradient'];

/** What v5 (`rounded`: its focal point in whole percents) or v4 (as multiplied) wrote before the inner blocks: every image the wrapper's background, a preset gradient unnamed by a class. */
function firstOpening(held: Record<string, unknown>, rounded: boolean): string {
  const { url, hasParallax, dimRatio, overlayColor, customOverlayColor, backgroundType, focalPoint, minHeight, gradient, customGradient } = held;
  const point = focalPoint as Point | undefined;
  const classes = classList('wp-block-cover', olderDimRatioClass(dimRatio), overlayColourClass(overlayColor), dimRatio !== 0 && 'has-background-dim', hasParallax && 'has-parallax', customGradient && 'has-background-gradient', !url && gradientClass(gradient));
  const style = styleAttribute({
    'background-image': url && backgroundType === 'image' ? `url(${String(url)})` : undefined,
    'background-color': overlayColor ? undefined : customOverlayColor,
    'background-position': point && !hasParallax ? (rounded ? mediaPosition(point) : `${point.x * 100}% ${point.y * 100}%`) : undefined,
    background: customGradient && !url ? customGradient : undefined,
    'min-height': minHeight || undefined,
  });
  const video = url && backgroundType === 'video' ? `<video class="wp-block-cover__video-background" autoplay muted loop src="${String(url)}"></video>` : '';
  return `<div class="${classes}"${style}>${gradientSpan(held)}${video}${INNER_CONTAINER}`;
}

/** The attributes the saves of WordPress 5.8 to 6.0 read from the block's comment, their supports' included. */
const FIXED_ATTRIBUTES = ['url', 'id', 'hasParallax', 'isRepeated', 'dimRatio', 'overlayColor', 'customOverlayColor', 'backgroundType', 'focalPoint', 'minHeight', 'minHeightUnit', 'gradient', 'customGradient', 'contentPosition', 'isDark', 'allowedBlocks', 'templateLock', 'align', 'className', 'lock'];

/** The overlay as v8 wrote it: the classes of a gradient's overlay, whatever it held. */
function v8Overlay(held: Record<string, unknown>): string {
  const { overlayColor, customOverlayColor, dimRatio, url, gradient, customGradient } = held;
  const classes = classList(overlayColourClass(overlayColor), dimRatioClass(dimRatio), 'wp-block-cover__gradient-background', gradientClass(gradient), dimRatio !== undefined && 'has-background-dim', (gradient || customGradient) && 'has-background-gradient', !url && gradientClass(gradient));
  return `<span aria-hidden="true" class="${classes}"${styleAttribute({ 'background-color': overlayColor ? undefined : customOverlayColor, background: customGradient })}></span>`;
}

/**
 * A cover of WordPress 5.8 to 6.0 with a fixed or repeated image as the wrapper's background, as the
 * current save writes it; else null. Those saves read the alt text from the cover's image: alt text in
 * the comment of one with no image (which they never wrote) the block editor drops as it reads it. A
 * style in the comment their supports wrote on the wrapper before its own declarations, as the style
 * engine writes it (a gradient too; no class: their colours' supports were off); the migration keeps it, and the
 * current save writes it as it writes any (cover-style.ts).
 */
function fixedOfWrapper(read: Record<string, unknown>, opening: string): [held: Record<string, unknown>, html: [string, string]] | null {
  const { alt: _readFromNoImage, style, ...attributes } = read;
  const written = wrapperStyleOf(style);
  const held = { ...COVER_DEFAULTS, ...attributes };
  const parts = written !== null && writable(attributes, FIXED_ATTRIBUTES) && held.url && (held.hasParallax || held.isRepeated) ? currentCoverParts(held) : null;
  if (!parts || written === null) return null;
  const wrapper = wrapperTag({ ...parts, style: { ...wrapperStyleOf(style, true)?.declarations, 'background-image': `url(${String(held.url)})`, ...parts.style } });
  const html = [parts.overlay, v8Overlay(held)].some((overlay) => `${wrapper}${overlay}${INNER_CONTAINER}` === opening) ? currentCoverWithStyle(held, written) : null;
  return html && [{ ...held, style: keptStyle(style) }, html];
}

/** A cover before WordPress 5.8, the dim its wrapper's, as the current save writes it; else null. */
function dimOfWrapper(read: Record<string, unknown>, opening: string): [held: Record<string, unknown>, html: [string, string]] | null {
  const { style, ...attributes } = Object.fromEntries(Object.entries(read).filter(([name]) => DIM_DECLARED.includes(name)));
  const written = wrapperStyleOf(style);
  if (written === null || !writable(attributes, DIM_ATTRIBUTES)) return null;
  // v7 read the alt text from the image; the block editor tries v7, v6, v5 then v4.
  const v7Held = { ...DIM_DEFAULTS, ...attributes, alt: htmlBody(opening).querySelector('img')?.getAttribute('alt') ?? '' };
  const v6Held = { ...DIM_DEFAULTS, ...attributes };
  const first = writable(attributes, FIRST_ATTRIBUTES);
  const saves = [() => dimOpening(v7Held, true), () => dimOpening(v6Held, false), () => (first ? firstOpening(v6Held, true) : null), () => (first ? firstOpening(v6Held, false) : null)];
  const index = saves.findIndex((save) => save() === opening);
  const held: Record<string, unknown> | undefined = index < 0 ? undefined : index === 0 ? v7Held : v6Held;
  const migrated = held && { ...held, tagName: 'div', dimRatio: held.url ? held.dimRatio : 100 };
  const html = migrated && currentCoverWithStyle(migrated, written);
  return migrated && html ? [{ ...migrated, style: keptStyle(style) }, html] : null;
}

/** The cover in its current form, when it is one these saves wrote; else null. */
export function coverOfOlderWrapper(block: ParsedBlock, source: string): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  const [first] = containerPieces(block);
  const opening = typeof first === 'string' ? tidyOwnHtml(first) : null;
  const current = opening === null ? null : (fixedOfWrapper(attributes, opening) ?? dimOfWrapper(attributes, opening));
  if (!current) return null;
  const [held, [newOpening, newClosing]] = current;
  return currentContainer(block, source, coverAttributesAsWritten(held), () => newOpening, (closing) => (tidyOwnHtml(closing) === '</div></div>' ? newClosing : null), true);
}
