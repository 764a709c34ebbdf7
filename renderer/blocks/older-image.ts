// Images in the older forms the block editor migrates: the first image block's float, its figure
// at most half the width (which the current save leaves out); rounded corners as the figure's style
// (before WordPress 5.9), which its deprecation moves onto the image and marks the figure
// `has-custom-border` (which places a caption under the rounded image); and a size written as
// the image's width and height attributes (before WordPress 6.3), aligned ones in a wrapper
// of their own before WordPress 5.6, which the current save writes as the image's style and
// the figure's `is-resized` class, its sizes in pixels; unsized ones in that wrapper are written out
// of it, the figure taking the block's class.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { inDeclaredOrder } from './older-form-parts.ts';
import { tidyTags } from './older-inner-blocks.ts';

/** core/image's attributes in the order the block type declares them (checked against the block editor by the test). */
export const IMAGE_ATTRIBUTES = ['blob', 'url', 'alt', 'caption', 'lightbox', 'title', 'href', 'rel', 'linkClass', 'id', 'width', 'height', 'aspectRatio', 'scale', 'focalPoint', 'sizeSlug', 'linkDestination', 'linkTarget', 'isDecorative', 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata'];

/** The older figure: its classes and the radius as its only style, around an image (maybe linked) with its own attributes. */
const ROUNDED_FIGURE = /^<figure class="(wp-block-image[^"]*)" style="border-radius:([^";]+)">((?:<a [^>]*>)?<img [^>]*?)\s*\/?>/;

function withRadiusOnImage(block: ParsedBlock, html: string): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  const style = (attributes.style ?? {}) as { border?: Record<string, unknown> };
  const figure = ROUNDED_FIGURE.exec(html);
  // The style held the radius alone, as one value (one per corner was never the figure's).
  if (!figure || Object.keys(style).length !== 1 || Object.keys(style.border ?? {}).length !== 1 || style.border?.radius !== figure[2]) return null;
  const [whole, classes, radius, image] = figure;
  if (/\sstyle="/.test(image) || classes.split(' ').includes('has-custom-border')) return null;
  return blockMarkup('image', attributes, html.replace(whole, () => `<figure class="${classes} has-custom-border">${image} style="border-radius:${radius}"/>`));
}

/** The figure sized by its image's attributes: maybe in the older wrapper of an aligned image, the figure's classes, a link, the image and its size, the rest (a caption). */
const SIZED_FIGURE = /^(<div class="wp-block-image">)?<figure class="([^"]*)">((?:<a [^>]*>)?)(<img (?![^>]*\sstyle=)[^>]*?) width="(\d+)" height="(\d+)"\/>((?:<\/a>)?(?:<figcaption[ >][\s\S]*?<\/figcaption>)?)<\/figure>(?:<\/div>)?$/;

function withSizeAsStyle(block: ParsedBlock, html: string): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  const figure = SIZED_FIGURE.exec(html);
  if (!figure || attributes.style !== undefined || !Object.keys(attributes).every((name) => IMAGE_ATTRIBUTES.includes(name))) return null;
  const [, wrapper, classes, link, image, width, height, rest] = figure;
  if (attributes.width !== Number(width) || attributes.height !== Number(height)) return null;
  const classList = classes.split(' ').filter(Boolean);
  // The wrapper held the block's class; the figure only the settings'.
  if (classList.includes('wp-block-image') === Boolean(wrapper)) return null;
  const align = typeof attributes.align === 'string' ? `align${attributes.align}` : null;
  const sizeSlug = typeof attributes.sizeSlug === 'string' ? `size-${attributes.sizeSlug}` : null;
  const written = ['wp-block-image', align, sizeSlug, 'is-resized'];
  const current = [...written, ...classList.filter((name) => !written.includes(name))].filter(Boolean).join(' ');
  // In pixels: the block type reads its sizes as text now; the numbers some deprecations keep, its save leaves out.
  const sizes = { width: `${width}px`, height: `${height}px` };
  return blockMarkup('image', inDeclaredOrder({ ...attributes, ...sizes }, IMAGE_ATTRIBUTES), `<figure class="${current}">${link}${image} style="width:${width}px;height:${height}px"/>${withCaptionClass(rest)}</figure>`);
}

/** The caption with the class it has had since WordPress 6.1 (the theme styles captions by it). */
const withCaptionClass = (html: string) => html.replace('<figcaption>', '<figcaption class="wp-element-caption">');

/** An image as WordPress 5.9 to 6.0 saved it: its caption without the class. */
const CAPTIONED_BEFORE_61 = /^<figure class="wp-block-image[^"]*">(?:<a [^>]*>)?<img [^>]*\/>(?:<\/a>)?<figcaption>[\s\S]*<\/figcaption><\/figure>$/;

/** The figure with the formatting between its elements (a caption's text aside) and inside its tags left out. */
const untangled = (html: string) => tidyTags(html.trim(), true).replace(/(<div class="wp-block-image">|<figure[^>]*>|<a [^>]*>|\/>|<\/a>)\s+(?=<)/g, '$1').replace(/\s+(<\/figure>|<\/div>|<figcaption[ >])/g, '$1');

/** An image floated left or right as the first image block saved it: its figure at most half the width, its image without a class. */
const HALF_WIDTH_FIGURE = /^<figure class="wp-block-image align(left|right)" style="max-width:50%">((?:<a href="[^"]*">)?<img src="[^"]*" alt="[^"]*"\/>(?:<\/a>)?)((?:<figcaption>[\s\S]*<\/figcaption>)?)<\/figure>$/;

/** The first image block's float: the current save leaves the limit to the theme. */
function withoutHalfWidth(block: ParsedBlock, html: string): string | null {
  const figure = HALF_WIDTH_FIGURE.exec(html);
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  // Only its alignment in its comment: the rest is its HTML's (an id or a size wrote more).
  if (!figure || Object.keys(attributes).join() !== 'align' || attributes.align !== figure[1]) return null;
  return blockMarkup('image', attributes, `<figure class="wp-block-image align${figure[1]}">${figure[2]}${withCaptionClass(figure[3])}</figure>`);
}

/** An aligned image in the wrapper of its own it had before WordPress 5.6, unsized: the wrapper's classes of the block's own, the figure's (its alignment first), a link, the image, the rest (a caption). */
const WRAPPED_FIGURE = /^<div class="wp-block-image((?: [\w-]+)*)"><figure class="(align(?:left|center|right)(?: size-[\w-]+)?)">((?:<a [^>]*>)?<img (?![^>]*\s(?:width|height|style)=)[^>]*\/>(?:<\/a>)?)((?:<figcaption>[\s\S]*?<\/figcaption>)?)<\/figure><\/div>$/;
/** What such an image's comment may say: the rest would have been written elsewhere in its HTML. */
const WRAPPED_ATTRIBUTES = ['align', 'id', 'sizeSlug', 'linkDestination', 'className'];

/** The aligned image out of its older wrapper, its figure of the block's class, as the current save writes it. */
function withoutWrapper(block: ParsedBlock, html: string): string | null {
  const figure = WRAPPED_FIGURE.exec(html);
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  if (!figure || !Object.keys(attributes).every((name) => WRAPPED_ATTRIBUTES.includes(name))) return null;
  const [, own, classes, image, caption] = figure;
  const said = [`align${String(attributes.align)}`, ...(typeof attributes.sizeSlug === 'string' ? [`size-${attributes.sizeSlug}`] : [])].join(' ');
  if (classes !== said || own.trim() !== (attributes.className ?? '')) return null;
  return blockMarkup('image', inDeclaredOrder(attributes, IMAGE_ATTRIBUTES), `<figure class="wp-block-image ${classes}${own}">${image}${withCaptionClass(caption)}</figure>`);
}

/** The image block in its current form, or null when it is not an older form these migrations know. */
export function currentImage(block: ParsedBlock): string | null {
  if (block.innerBlocks.length > 0) return null;
  // Settings a gallery's image said it took from the gallery: no longer declared, the block editor leaves them out.
  if (block.attrs?.inheritedAttributes !== undefined) {
    const { inheritedAttributes: _inherited, ...attributes } = block.attrs;
    return currentImage({ ...block, attrs: attributes }) ?? blockMarkup('image', attributes, untangled(block.innerHTML));
  }
  const html = untangled(block.innerHTML);
  return withRadiusOnImage(block, html) ?? withSizeAsStyle(block, html) ?? withoutHalfWidth(block, html) ?? withoutWrapper(block, html) ?? (CAPTIONED_BEFORE_61.test(html) ? blockMarkup('image', block.attrs ?? {}, withCaptionClass(html)) : null);
}
