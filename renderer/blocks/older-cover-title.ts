// The first cover blocks (core/cover-image, then core/cover before WordPress 5.8): an image as the
// wrapper's background, dimmed by the wrapper's class, and a title of its own (a heading, later a
// paragraph of the cover's text class) instead of inner blocks. The block editor's deprecations
// make the image the background element the current save writes, before the overlay, and the
// title a large centred paragraph inside, an empty one when it had none. The first two saves (a
// `wp-block-cover-image` section with its heading, then a div with its paragraph) are known with
// every setting they wrote (a fixed background, the dim, an overlay colour, a video, a focal
// point, an alignment, which the migration drops), when the HTML is exactly what that save wrote
// for the block's attributes; the next one (a `wp-block-cover` div) in its plain form only (its
// image and title alone). Anything else keeps it as written.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { htmlBody } from './html-nodes.ts';
import { inDeclaredOrder } from './older-form-parts.ts';
import { COVER_ATTRIBUTES } from './older-cover.ts';

/** A first cover as read: the settings its migration keeps, and its title's HTML. */
interface FirstCover {
  url?: string;
  id?: number;
  hasParallax: boolean;
  dimRatio: number;
  overlayColor?: string;
  customOverlayColor?: string;
  video: boolean;
  focalPoint?: { x: number; y: number };
  contentAlign: string;
  title: string;
}

/** The wrapper of the first covers: its class dimmed, the image its background. */
const TITLED_COVER = /^\s*<(section|div) class="(wp-block-cover(?:-image)?) has-background-dim" style="background-image:url\(([^)"]*)\)">([\s\S]*)<\/\1>\s*$/;
/** The title: a heading in the first cover, then a paragraph of the cover's text class. */
const TITLE = /^<(?:h2|p class="wp-block-cover(?:-image)?-text")>([\s\S]*)<\/(?:h2|p)>$/;

/** The third save (a `wp-block-cover` div) with its image and title alone, or the first two in that plain form under the first name. */
function plainCover(block: ParsedBlock): FirstCover | null {
  const html = TITLED_COVER.exec(block.innerHTML);
  const { url, id, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const title = html ? TITLE.exec(html[4].trim()) : null;
  if (!html || !title || Object.keys(others).length > 0 || url !== html[3] || (id !== undefined && !Number.isInteger(id))) return null;
  // Its class says the block it was: the first name's class under the first name only.
  if ((html[2] === 'wp-block-cover-image') !== (block.blockName === 'core/cover-image') || htmlBody(html[4]).children.length !== 1) return null;
  return { url: html[3], id: id as number | undefined, hasParallax: false, dimRatio: 50, video: false, contentAlign: 'center', title: title[1] };
}

/** The settings the first two saves read from the block's comment, and what each may hold. */
const FIRST_SETTINGS: Readonly<Record<string, (value: unknown) => boolean>> = {
  url: (value) => typeof value === 'string' && /^[\w.~:/?#[\]@!$+,;=%-]+$/.test(value),
  id: (value) => Number.isInteger(value),
  hasParallax: (value) => typeof value === 'boolean',
  dimRatio: (value) => Number.isInteger(value) && Number(value) >= 0 && Number(value) <= 100,
  overlayColor: (value) => typeof value === 'string' && /^[a-z]+(?:-[a-z]+)*$/.test(value),
  customOverlayColor: (value) => typeof value === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(value),
  backgroundType: (value) => value === 'image' || value === 'video',
  focalPoint: (value) => typeof value === 'object' && value !== null && Object.keys(value).join() === 'x,y' && Object.values(value).every((part) => typeof part === 'number' && part >= 0 && part <= 1),
  contentAlign: (value) => value === 'left' || value === 'center' || value === 'right',
  align: (value) => typeof value === 'string' && /^[a-z]+$/.test(value),
};

const classes = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');
/** The dim's class of the first saves: none for none or a half. */
const firstDimClass = (ratio: number) => (ratio === 0 || ratio === 50 ? null : `has-background-dim-${10 * Math.round(ratio / 10)}`);

/** A cover of the first two saves (a section with its heading, then a div with its paragraph) when its HTML is exactly what that save wrote for its attributes. */
function firstSavedCover(block: ParsedBlock): FirstCover | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  if (!Object.entries(attributes).every(([name, value]) => Object.hasOwn(FIRST_SETTINGS, name) && FIRST_SETTINGS[name](value))) return null;
  const { url, id, hasParallax = false, dimRatio = 50, overlayColor, customOverlayColor, backgroundType = 'image', focalPoint, contentAlign = 'center', align } = attributes as Partial<FirstCover> & { backgroundType?: string; align?: string };
  const heading = /^\s*<section [^>]*><h2>([\s\S]*)<\/h2><\/section>\s*$/.exec(block.innerHTML);
  const paragraph = /^\s*<div [^>]*>(?:<p class="wp-block-cover-image-text">([\s\S]*)<\/p>)?<\/div>\s*$/.exec(block.innerHTML);
  const title = heading?.[1] ?? paragraph?.[1] ?? '';
  // The title is one element's content (not several headings or paragraphs in a row).
  if ((!heading && !paragraph) || htmlBody(heading ? `<h2>${title}</h2>` : `<p>${title}</p>`).children.length !== 1) return null;
  const shared = (colourClass: string | null) => classes('wp-block-cover-image', firstDimClass(dimRatio), colourClass, dimRatio !== 0 && 'has-background-dim', hasParallax && 'has-parallax');
  const image = url ? `background-image:url(${url})` : '';
  // The first save wrote no colour and a heading even when empty; the second its colour, its content's alignment and its paragraph only when there was a title.
  const written = heading
    ? `<section class="${classes(shared(null), align && `align${align}`)}"${image ? ` style="${image}"` : ''}><h2>${title}</h2></section>`
    : (() => {
        const style = [image, !overlayColor && customOverlayColor ? `background-color:${customOverlayColor}` : ''].filter(Boolean).join(';');
        const wrapper = classes(shared(overlayColor ? `has-${overlayColor}-background-color` : null), contentAlign !== 'center' && `has-${contentAlign}-content`, align && `align${align}`);
        return `<div class="${wrapper}"${style ? ` style="${style}"` : ''}>${title ? `<p class="wp-block-cover-image-text">${title}</p>` : ''}</div>`;
      })();
  if (written !== block.innerHTML.trim()) return null;
  return { url, id, hasParallax, dimRatio, overlayColor, customOverlayColor, video: backgroundType === 'video', focalPoint, contentAlign, title };
}

/** A focal point as the cover's save writes it. */
const position = ({ x, y }: { x: number; y: number } = { x: 0.5, y: 0.5 }) => `${Math.round(x * 100)}% ${Math.round(y * 100)}%`;

/** The background the current save writes for the cover's image or video (none without one). */
function background(cover: FirstCover): string {
  const { url, id, hasParallax, focalPoint } = cover;
  if (!url) return '';
  const placed = focalPoint && !hasParallax ? position(focalPoint) : null;
  const [style, data] = placed ? [` style="object-position:${placed}"`, ` data-object-position="${placed}"`] : ['', ''];
  if (cover.video) return `<video class="wp-block-cover__video-background intrinsic-ignore" autoplay muted loop playsinline src="${url}"${style} data-object-fit="cover"${data}></video>`;
  const imageClass = classes('wp-block-cover__image-background', id !== undefined && `wp-image-${id}`, hasParallax && 'has-parallax');
  return hasParallax ? `<div class="${imageClass}" style="background-position:${position(focalPoint)};background-image:url(${url})"></div>` : `<img class="${imageClass}" src="${url}"${style} data-object-fit="cover"${data}/>`;
}

/**
 * The first cover as the block editor migrates it: the dim a half where it was unset (whole
 * without an image), its title a large paragraph aligned as its content was; its migration
 * leaves `isDark` unset, which the save writes as the class of a light cover, and no alt text.
 */
function currentCoverOf(cover: FirstCover): string {
  const { url, id, hasParallax, overlayColor, customOverlayColor, focalPoint, contentAlign, title } = cover;
  const dimRatio = url ? cover.dimRatio : 100;
  const attributes = inDeclaredOrder({ url, id, hasParallax: hasParallax || undefined, dimRatio: dimRatio === 100 ? undefined : dimRatio, overlayColor, customOverlayColor, backgroundType: cover.video ? 'video' : undefined, focalPoint }, COVER_ATTRIBUTES);
  const overlayClass = classes('wp-block-cover__background', overlayColor && `has-${overlayColor}-background-color`, dimRatio !== 50 && `has-background-dim-${10 * Math.round(dimRatio / 10)}`, 'has-background-dim');
  const overlay = `<span aria-hidden="true" class="${overlayClass}"${!overlayColor && customOverlayColor ? ` style="background-color:${customOverlayColor}"` : ''}></span>`;
  const paragraph = blockMarkup('paragraph', { placeholder: 'Write title…', fontSize: 'large', style: { typography: { textAlign: contentAlign } } }, `<p class="has-text-align-${contentAlign} has-large-font-size">${title}</p>`);
  return blockMarkup('cover', attributes, `<div class="${classes('wp-block-cover is-light', hasParallax && 'has-parallax')}">${background(cover)}${overlay}<div class="wp-block-cover__inner-container">${paragraph}</div></div>`);
}

/** The titled cover as the cover the block editor migrates it to, or null when it is not a form known here. */
export function coverOfTitle(block: ParsedBlock): string | null {
  if (block.innerBlocks.length > 0) return null;
  const cover = plainCover(block) ?? firstSavedCover(block);
  return cover && currentCoverOf(cover);
}
