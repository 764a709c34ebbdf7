// The cover's own HTML as the block editor's current save writes it for the attributes the block
// holds (@wordpress/block-library's cover/save.jsx, with the class, alignment and anchor its block
// supports add): the HTML before its inner blocks and after them. An older cover's migration
// writes its current form with it (older-cover-wrapper.ts, older-cover-title.ts), and a cover
// whose HTML is this is in its current form (older-forms.ts: its older inner blocks then migrate
// with the first edit in it). Attributes whose HTML is written here only: any other (a style, a
// colour of its text, an embedded video) leaves the cover to be read as written. A cover showing the
// post's featured image (`useFeaturedImage`) writes no image of its own: the site puts it in.
import type { ParsedBlock } from './split-blocks.ts';
import { tidyOwnHtml } from './older-inner-blocks.ts';
import { containerPieces, inDeclaredOrder } from './older-form-parts.ts';
import { styleAttribute } from './style-attribute.ts';

/** core/cover's attributes in the order the block type declares them (checked against the block editor by the test). */
export const COVER_ATTRIBUTES = ['url', 'useFeaturedImage', 'id', 'alt', 'hasParallax', 'isRepeated', 'dimRatio', 'overlayColor', 'customOverlayColor', 'isUserOverlayColor', 'backgroundType', 'focalPoint', 'minHeight', 'minHeightUnit', 'gradient', 'customGradient', 'contentPosition', 'isDark', 'templateLock', 'tagName', 'sizeSlug', 'poster', 'allowedVideoProviders', 'backgroundColor', 'textColor', 'fontFamily', 'fontSize', 'align', 'lock', 'allowedBlocks', 'anchor', 'className', 'borderColor', 'style', 'layout', 'metadata'];

/** The cover's attributes with a default, as the block type declares them (held so when it is read). */
export const COVER_DEFAULTS: Readonly<Record<string, unknown>> = { useFeaturedImage: false, alt: '', hasParallax: false, isRepeated: false, dimRatio: 100, backgroundType: 'image', isDark: true, tagName: 'div' };

/** Attributes that write nothing in the cover's HTML. */
const UNWRITTEN = ['useFeaturedImage', 'isUserOverlayColor', 'templateLock', 'allowedBlocks', 'allowedVideoProviders', 'lock', 'metadata', 'layout'];
/** Attributes whose HTML is written here. */
const WRITTEN = ['url', 'id', 'alt', 'hasParallax', 'isRepeated', 'dimRatio', 'overlayColor', 'customOverlayColor', 'backgroundType', 'focalPoint', 'minHeight', 'minHeightUnit', 'gradient', 'customGradient', 'contentPosition', 'isDark', 'tagName', 'sizeSlug', 'align', 'className', 'anchor'];

const POSITION_CLASSES: Readonly<Record<string, string>> = {
  'top left': 'is-position-top-left', 'top center': 'is-position-top-center', 'top right': 'is-position-top-right',
  'center left': 'is-position-center-left', 'center center': 'is-position-center-center', center: 'is-position-center-center', 'center right': 'is-position-center-right',
  'bottom left': 'is-position-bottom-left', 'bottom center': 'is-position-bottom-center', 'bottom right': 'is-position-bottom-right',
};

/** The attributes a cover holds as the block editor's serializer writes them in its comment: in the block type's order, without its defaults. */
export const coverAttributesAsWritten = (held: Record<string, unknown>): Record<string, unknown> => inDeclaredOrder(Object.fromEntries(Object.entries(held).filter(([name, value]) => value !== COVER_DEFAULTS[name])), COVER_ATTRIBUTES);

/** Values written into the HTML as they are: none the serializer would escape. */
const PLAIN = /^[^&"<>]*$/;
const SLUG = /^[a-z]+(?:-[a-z0-9]+)*$/;

/** Class names as clsx joins them: the truthy ones, in order. */
export const classList = (...names: unknown[]): string => names.filter((name) => typeof name === 'string' && name !== '').join(' ');

/** A focal point as the cover's save writes a position. */
export const mediaPosition = ({ x, y }: { x: number; y: number } = { x: 0.5, y: 0.5 }): string => `${Math.round(x * 100)}% ${Math.round(y * 100)}%`;

/** Whether the content stands in the centre, where the cover writes no position class. */
const centred = (position: unknown) => !position || position === 'center center' || position === 'center';
/** The classes of a content position off the centre. */
export const positionClasses = (position: unknown): string[] => (centred(position) ? [] : ['has-custom-content-position', POSITION_CLASSES[String(position)]]);

/** A number, or a string of one (older blocks held their focal point so): the saves multiply it as a number. */
const numeric = (part: unknown): boolean => typeof part === 'number' || (typeof part === 'string' && /^-?\d+(?:\.\d+)?$/.test(part));

/** Whether every attribute is one the saves written here know, with a value they write as it is. */
export function writable(attributes: Record<string, unknown>, known: readonly string[]): boolean {
  const { focalPoint, overlayColor, gradient, minHeight } = attributes;
  const point = focalPoint === undefined || (typeof focalPoint === 'object' && focalPoint !== null && Object.values(focalPoint).every(numeric) && Object.keys(focalPoint).sort().join() === 'x,y');
  const slugs = [overlayColor, gradient].every((slug) => slug === undefined || SLUG.test(String(slug)));
  const strings = Object.entries(attributes).every(([name, value]) => name === 'focalPoint' || UNWRITTEN.includes(name) || value === undefined || (['string', 'number', 'boolean'].includes(typeof value) && PLAIN.test(String(value))));
  return point && slugs && strings && (minHeight === undefined || typeof minHeight === 'number') && Object.keys(attributes).every((name) => known.includes(name));
}

/** The wrapper's classes: the block's, its alignment's, the save's own, the writer's. */
export const wrapperClasses = (attributes: Record<string, unknown>, own: unknown[]): string => classList('wp-block-cover', attributes.align && `align${String(attributes.align)}`, ...own, attributes.className);

/** The dim's class the current save writes (and those since WordPress 5.8): none for a half. */
export const dimRatioClass = (ratio: unknown): string | null => (ratio === 50 || ratio === undefined ? null : `has-background-dim-${10 * Math.round(Number(ratio) / 10)}`);
/** The dim's class the saves before WordPress 5.8 wrote: none for none or a half. */
export const olderDimRatioClass = (ratio: unknown): string | null => (ratio === 0 ? null : dimRatioClass(ratio ?? 50));

/** The overlay colour's class, when it is a preset. */
export const overlayColourClass = (slug: unknown): string | undefined => (slug ? `has-${String(slug)}-background-color` : undefined);
/** The gradient's class, when it is a preset. */
export const gradientClass = (slug: unknown): string | undefined => (slug ? `has-${String(slug)}-gradient-background` : undefined);

/** The background the current save writes: an image (an element, or the background of one when fixed or repeated; none for the featured image) or a video. */
function background(held: Record<string, unknown>): string {
  const { url, id, alt, hasParallax, isRepeated, focalPoint, sizeSlug, backgroundType, useFeaturedImage } = held;
  if (!url || (useFeaturedImage && backgroundType !== 'video')) return '';
  const imgElement = !(hasParallax || isRepeated);
  const placed = focalPoint && imgElement ? mediaPosition(focalPoint as { x: number; y: number }) : undefined;
  const placedAttributes = `${styleAttribute({ 'object-position': placed })} data-object-fit="cover"${placed ? ` data-object-position="${placed}"` : ''}`;
  if (backgroundType === 'video') return `<video class="wp-block-cover__video-background intrinsic-ignore" autoplay muted loop playsinline src="${String(url)}"${placedAttributes}></video>`;
  const imageClasses = classList('wp-block-cover__image-background', id ? `wp-image-${String(id)}` : null, sizeSlug && `size-${String(sizeSlug)}`, hasParallax && 'has-parallax', isRepeated && 'is-repeated');
  if (imgElement) return `<img class="${imageClasses}"${alt === undefined ? '' : ` alt="${String(alt)}"`} src="${String(url)}"${placedAttributes}/>`;
  const label = alt ? ` role="img" aria-label="${String(alt)}"` : '';
  return `<div${label} class="${imageClasses}"${styleAttribute({ 'background-position': mediaPosition(focalPoint as { x: number; y: number } | undefined), 'background-image': `url(${String(url)})` })}></div>`;
}

/** The overlay the current save writes: its colour, dim and gradient. */
function overlay(held: Record<string, unknown>): string {
  const { overlayColor, customOverlayColor, dimRatio, url, gradient, customGradient } = held;
  const gradientValue = gradient ?? customGradient;
  const overlayClasses = classList('wp-block-cover__background', overlayColourClass(overlayColor), dimRatioClass(dimRatio), dimRatio !== undefined && 'has-background-dim', url && gradientValue && dimRatio !== 0 && 'wp-block-cover__gradient-background', gradientValue && 'has-background-gradient', gradientClass(gradient));
  return `<span aria-hidden="true" class="${overlayClasses}"${styleAttribute({ 'background-color': overlayColor ? undefined : customOverlayColor, background: customGradient })}></span>`;
}

/** The cover's own HTML as the current save writes it: its wrapper (its tag, classes, style and anchor), its background and its overlay. */
export interface CoverParts { tag: string; classes: string; style: Record<string, unknown>; anchor: unknown; background: string; overlay: string }

/** The cover's wrapper element's start tag. */
export const wrapperTag = ({ tag, classes, style, anchor }: Pick<CoverParts, 'tag' | 'classes' | 'style' | 'anchor'>): string => `<${tag} class="${classes}"${styleAttribute(style)}${anchor ? ` id="${String(anchor)}"` : ''}>`;

/** The element holding the cover's inner blocks, as every save since WordPress 5.3 opens it. */
export const INNER_CONTAINER = '<div class="wp-block-cover__inner-container">';

/**
 * The parts of the cover's own HTML the current save writes for the attributes the block holds
 * (`held`: its defaults included, as the block editor holds them once read or migrated), or null
 * when one of them is not written here.
 */
export function currentCoverParts(held: Record<string, unknown>): CoverParts | null {
  if (!writable(held, [...WRITTEN, ...UNWRITTEN]) || !['image', 'video'].includes(String(held.backgroundType))) return null;
  const { isDark, hasParallax, isRepeated, contentPosition, minHeight, minHeightUnit, anchor } = held;
  const tag = String(held.tagName ?? 'div');
  if (!/^[a-z][a-z0-9]*$/.test(tag)) return null;
  const height = minHeight && minHeightUnit ? `${String(minHeight)}${String(minHeightUnit)}` : minHeight;
  const classes = wrapperClasses(held, [!isDark && 'is-light', hasParallax && 'has-parallax', isRepeated && 'is-repeated', ...positionClasses(contentPosition)]);
  return { tag, classes, style: { 'min-height': height || undefined }, anchor, background: background(held), overlay: overlay(held) };
}

/** The cover's own HTML before and after its inner blocks, of those parts. */
export const coverHtmlOf = (parts: CoverParts): [opening: string, closing: string] => [`${wrapperTag(parts)}${parts.background}${parts.overlay}${INNER_CONTAINER}`, `</div></${parts.tag}>`];

/** The cover's own HTML before and after its inner blocks as the current save writes it for the attributes it holds (currentCoverParts), or null. */
export function currentCoverHtml(held: Record<string, unknown>): [opening: string, closing: string] | null {
  const parts = currentCoverParts(held);
  return parts && coverHtmlOf(parts);
}

/**
 * Whether a cover's own HTML is what the current save writes for its attributes (tidied as the
 * serializer writes tags): a cover in its current form, not one of its older forms.
 */
export function isCurrentCover(block: ParsedBlock): boolean {
  const [first, last] = containerPieces(block);
  const html = currentCoverHtml({ ...COVER_DEFAULTS, ...(block.attrs ?? {}) });
  return html !== null && typeof first === 'string' && typeof last === 'string' && tidyOwnHtml(first) === html[0] && tidyOwnHtml(last) === html[1];
}
