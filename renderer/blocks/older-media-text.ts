// A media & text block as WordPress 6.1 and 6.2 wrote it: wide unless said otherwise (the
// `alignwide` class without an `align` attribute; before 5.3 also not stacked on mobiles unless
// said, its image without its size's class), and an image filling its half as the
// figure's background; and media on the right written before the text (before WordPress 6.0);
// and as the saves before WordPress 5.5 wrote it (no alignment class at all), which the block
// editor reads by the save of 5.2 to 5.4, the classes it does not write kept as the writer's. The block editor's deprecations write the alignment out and make the
// filling image an element of its own (`is-image-fill-element`, the focal point as the image's
// object position).
import type { ParsedBlock } from './split-blocks.ts';
import { currentContainer, inDeclaredOrder } from './older-form-parts.ts';
import { tidyOwnHtml } from './older-inner-blocks.ts';

/** core/media-text's attributes in the order the block type declares them (checked against the block editor by the test). */
export const MEDIA_TEXT_ATTRIBUTES = ['align', 'mediaAlt', 'mediaPosition', 'mediaId', 'mediaUrl', 'mediaLink', 'linkDestination', 'linkTarget', 'href', 'rel', 'linkClass', 'mediaType', 'mediaWidth', 'mediaSizeSlug', 'isStackedOnMobile', 'verticalAlignment', 'imageFill', 'focalPoint', 'useFeaturedImage', 'backgroundColor', 'textColor', 'gradient', 'fontFamily', 'fontSize', 'lock', 'allowedBlocks', 'anchor', 'className', 'borderColor', 'style', 'metadata'];

const WRAPPER = /^<div class="wp-block-media-text((?: [\w-]+)*)"((?: [a-z-]+="[^"]*")*)>/;
/** The figure filled by its image as a background (whole percentages: older forms wrote fractions), and the image in it. */
const FILLED_FIGURE = /<figure class="wp-block-media-text__media" style="background-image:url\(([^)"]*)\);background-position:([\d.]+)% ([\d.]+)%">((?:<a [^>]*>)?)<img src="([^"]*)"((?: alt="[^"]*")?(?: class="[^"]*")?)\/>/;
/** The media's figure, and the opening of the text beside it. */
const MEDIA_FIGURE = /<figure class="wp-block-media-text__media"[\s\S]*?<\/figure>/;
const CONTENT_OPENING = '<div class="wp-block-media-text__content">';

/** The figure with its image as the element that fills it, or null when it is not the older filled figure. */
function filledImage(html: string): string | null {
  const figure = FILLED_FIGURE.exec(html);
  if (!figure || figure[1] !== figure[5] || html.split('<figure').length !== 2) return null;
  const [whole, , x, y, link, url, attributes] = figure;
  // The position in whole percentages, as the save writes the focal point (older saves wrote it unrounded).
  return html.replace(whole, () => `<figure class="wp-block-media-text__media">${link}<img src="${url}"${attributes} style="object-position:${Math.round(Number(x))}% ${Math.round(Number(y))}%"/>`);
}

/** Attributes the serializer leaves out at their default value. */
const DEFAULTS: Readonly<Record<string, unknown>> = { mediaAlt: '', mediaPosition: 'left', mediaWidth: 50, isStackedOnMobile: true, useFeaturedImage: false };
/** The attributes a media & text holds as the serializer writes them in its comment: in the block type's order, without its defaults. */
export const mediaTextAttributesAsWritten = (attributes: Record<string, unknown>) => Object.fromEntries(Object.entries(inDeclaredOrder(attributes, MEDIA_TEXT_ATTRIBUTES)).filter(([name, value]) => DEFAULTS[name] !== value));

/** The wrapper's classes the save writes from the block's settings, in its order: the alignment, the media's side, stacking, vertical alignment, fill. */
const SAVED_ORDER = [/^align(?:wide|full)$/, /^has-media-on-the-right$/, /^is-stacked-on-mobile$/, /^is-vertically-aligned-/, /^is-image-fill-element$/];

/** The wrapper's classes, each once, as the save orders them: the settings' classes, then the others as they were. */
function inSavedOrder(classes: string[]): string[] {
  const unique = [...new Set(classes)];
  const rank = (name: string) => SAVED_ORDER.findIndex((pattern) => pattern.test(name));
  const settings = unique.filter((name) => rank(name) >= 0).sort((a, b) => rank(a) - rank(b));
  return [...settings, ...unique.filter((name) => rank(name) < 0)];
}

/** The attributes the save of WordPress 5.2 to 5.4 read (the deprecation the block editor reads the first saves by), of those a current block holds. */
const SECOND_SAVE_ATTRIBUTES = ['align', 'mediaAlt', 'mediaPosition', 'mediaId', 'mediaUrl', 'mediaType', 'mediaWidth', 'isStackedOnMobile', 'verticalAlignment', 'imageFill', 'focalPoint', 'backgroundColor', 'customBackgroundColor', 'className'];

/**
 * A media & text the saves before WordPress 5.5 wrote (the block had no supports: no alignment
 * class, an unclassed image or none of its size, no has-background, not stacked by default) as the
 * block editor reads it: by the save of 5.2 to 5.4, not stacked unless said, each class that save
 * does not write kept as one of the writer's, wide unless said; its current attributes and
 * wrapper classes (the save's, the writer's, the background's, each once), or null when not such a form.
 */
function readBySecondSave(attributes: Record<string, unknown>, classes: string[]): { current: Record<string, unknown>; classes: string } | null {
  if (!Object.keys(attributes).every((name) => SECOND_SAVE_ATTRIBUTES.includes(name))) return null;
  const stacked = attributes.isStackedOnMobile === true;
  const background = typeof attributes.backgroundColor === 'string' ? `has-${attributes.backgroundColor}-background-color` : null;
  const right = attributes.mediaPosition === 'right' ? 'has-media-on-the-right' : null;
  const vertical = typeof attributes.verticalAlignment === 'string' ? `is-vertically-aligned-${attributes.verticalAlignment}` : null;
  const written = [right, background, stacked ? 'is-stacked-on-mobile' : null, vertical, attributes.imageFill === true ? 'is-image-fill' : null];
  const own = typeof attributes.className === 'string' ? attributes.className.split(' ') : [];
  const className = [...own, ...classes.filter((name) => !written.includes(name) && !own.includes(name))].join(' ');
  const align = typeof attributes.align === 'string' ? attributes.align : 'wide';
  // A custom background colour (its style written by that save, no class) is the colour support's now.
  const { customBackgroundColor, ...others } = attributes;
  const custom = typeof customBackgroundColor === 'string' ? { style: { color: { background: customBackgroundColor } } } : {};
  const current = mediaTextAttributesAsWritten({ ...others, align, isStackedOnMobile: stacked, className: className || undefined, ...custom });
  const coloured = background !== null || typeof customBackgroundColor === 'string';
  const saved = [`align${align}`, right, stacked ? 'is-stacked-on-mobile' : null, vertical, attributes.imageFill === true ? 'is-image-fill-element' : null, ...className.split(' '), background, coloured ? 'has-background' : null];
  return { current, classes: [...new Set(saved.filter((name): name is string => Boolean(name)))].join(' ') };
}

/** Whether the wrapper and image are not what a save since WordPress 5.5 writes: a custom background colour of its own, no alignment class where one is said, unstacked by no setting, an old fill, a background without has-background, an image of the library without its size's class, media on the right written first. */
function writtenBefore55(attributes: Record<string, unknown>, classes: string[], html: string, rightFirst: boolean): boolean {
  // A custom background colour of its own: only those saves declared it (an alignment's class is then the writer's).
  if (typeof attributes.customBackgroundColor === 'string') return true;
  if (classes.some((name) => /^align(?:wide|full)$/.test(name)) || classes.includes('is-image-fill-element')) return false;
  const image = attributes.mediaType === 'image' && typeof attributes.mediaId === 'number';
  return (
    rightFirst ||
    attributes.align === 'wide' ||
    attributes.align === 'full' ||
    (attributes.isStackedOnMobile === undefined && !classes.includes('is-stacked-on-mobile')) ||
    classes.includes('is-image-fill') ||
    (typeof attributes.backgroundColor === 'string' && !classes.includes('has-background')) ||
    (image && !new RegExp(`<img [^>]*class="wp-image-${String(attributes.mediaId)} size-`).test(html))
  );
}

/** The media & text block in its current form, or null when it is not an older form this migration knows. */
export function currentMediaText(block: ParsedBlock, source: string): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  const first = block.innerContent[0];
  // Its tags as the serializer writes them: a hand may have spread them over lines.
  const wrapper = typeof first === 'string' ? WRAPPER.exec(tidyOwnHtml(first)) : null;
  if (!wrapper || !Object.keys(attributes).every((name) => MEDIA_TEXT_ATTRIBUTES.includes(name) || SECOND_SAVE_ATTRIBUTES.includes(name))) return null;
  const classes = wrapper[1].trim().split(' ');
  // Wide was the default: the class without the attribute.
  const wide = attributes.align === undefined && classes.includes('alignwide');
  const filled = classes.includes('is-image-fill');
  // Media on the right written before the text (before WordPress 6.0, a grid placed it): the save writes it after the text now.
  const rightFirst = classes.includes('has-media-on-the-right') && first?.includes('<figure');
  const second = writtenBefore55(attributes, classes, block.innerHTML, Boolean(rightFirst)) ? readBySecondSave(attributes, classes) : null;
  if (!second && attributes.customBackgroundColor !== undefined) return null;
  if ((!second && !wide && !filled && !rightFirst) || (filled && attributes.imageFill !== true) || classes.includes('is-image-fill-element')) return null;
  // Not stacked on mobiles, and said so by no setting: stacking was off by default before WordPress 5.3, on now.
  // The save of then did not write the alignment's class either: the block editor keeps the one found as a class of the writer's.
  const alignment = classes.find((name) => /^align(?:wide|full)$/.test(name));
  const unstacked = attributes.isStackedOnMobile === undefined && !classes.includes('is-stacked-on-mobile') ? { isStackedOnMobile: false, ...(alignment ? { className: [attributes.className, alignment].filter(Boolean).join(' ') } : {}) } : {};
  const current = second?.current ?? mediaTextAttributesAsWritten({ ...attributes, ...(wide ? { align: 'wide' } : {}), ...unstacked });
  const currentClasses = second?.classes ?? inSavedOrder(classes.map((name) => (name === 'is-image-fill' ? 'is-image-fill-element' : name))).join(' ');
  // The figure is before the text, or after it when the media is on the right; an image of the library has its size's class (full unless said) since WordPress 5.3,
  // and its own class since 5.2 (the first save wrote the image alone).
  const sized = (html: string) => {
    if (attributes.mediaType !== 'image' || typeof attributes.mediaId !== 'number' || typeof attributes.mediaSizeSlug === 'string') return html;
    const classed = html.replace(new RegExp(`( class="wp-image-${attributes.mediaId})"`), '$1 size-full"');
    return classed !== html ? classed : html.replace(/(<figure class="wp-block-media-text__media"><img src="[^"]*" alt="[^"]*")\/>/, `$1 class="wp-image-${attributes.mediaId} size-full"/>`);
  };
  const part = (html: string) => {
    const figure = filled && html.includes('<figure') ? filledImage(html) : html;
    return figure === null ? null : sized(figure);
  };
  const opening = part(tidyOwnHtml(first ?? '').replace(WRAPPER, () => `<div class="wp-block-media-text ${currentClasses}"${wrapper[2]}>`));
  const figure = opening === null ? undefined : MEDIA_FIGURE.exec(opening)?.[0];
  if (opening === null || (rightFirst && (figure === undefined || !opening.endsWith(`${figure}${CONTENT_OPENING}`)))) return null;
  return currentContainer(block, source, current, () => (rightFirst ? opening.replace(figure ?? '', '') : opening), (html) => {
    const closing = tidyOwnHtml(html);
    if (!rightFirst) return part(closing);
    return closing === '</div></div>' ? `</div>${figure ?? ''}</div>` : null;
  });
}
