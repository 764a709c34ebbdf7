// The first cover blocks (core/cover-image, then core/cover before WordPress 5.8): an image as the
// wrapper's background, dimmed by the wrapper's class, and a title of its own (a heading, later a
// paragraph of the cover's text class) instead of inner blocks. The block editor's deprecations
// make the image the background element the current save writes, before the overlay, and the
// title a large centred paragraph inside, an empty one when it had none. The first two saves (a
// `wp-block-cover-image` section with its heading, then a div with its paragraph) are known with
// every setting they wrote (a fixed background, the dim, an overlay colour, a video, a focal
// point, an alignment, which the migration drops), when the HTML is exactly what that save wrote
// for the block's attributes; the next one (a `wp-block-cover` div) too, its alignment kept. Anything
// else keeps it as written.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { htmlBody } from './html-nodes.ts';
import { classList as classes, coverAttributesAsWritten, olderDimRatioClass } from './cover-save.ts';
import { currentCoverWithStyle } from './cover-style.ts';
import { keptStyle, wrapperStyleOf } from './wrapper-style.ts';

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
  /** The alignment, which only the third save's migration keeps. */
  align?: string;
  title: string;
  /** Attributes every block type declares (a lock, metadata, a style), which the migration keeps. */
  kept?: Record<string, unknown>;
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


/** Attributes every block type declares, which the block editor keeps as it migrates a first cover (the current save writes a style on the wrapper: cover-style.ts). */
const KEPT_BY_EVERY_BLOCK = ['lock', 'metadata', 'style'];

/**
 * A cover of the first two saves (a section with its heading, then a div with its paragraph) when its
 * HTML is exactly what that save wrote for its attributes. Any attribute those saves did not declare
 * (a class, an anchor, a preset text colour, `isDark`: settings they never wrote) the block editor
 * drops as it reads the block with them, and so it is dropped here; a lock, metadata and a style
 * it keeps.
 */
function firstSavedCover(block: ParsedBlock): FirstCover | null {
  const attributes = Object.fromEntries(Object.entries(block.attrs ?? {}).filter(([name]) => Object.hasOwn(FIRST_SETTINGS, name)));
  const kept = Object.fromEntries(Object.entries(block.attrs ?? {}).filter(([name]) => KEPT_BY_EVERY_BLOCK.includes(name)));
  if (wrapperStyleOf(kept.style) === null || !Object.entries(attributes).every(([name, value]) => FIRST_SETTINGS[name](value))) return null;
  const { url, id, hasParallax = false, dimRatio = 50, overlayColor, customOverlayColor, backgroundType = 'image', focalPoint, contentAlign = 'center', align } = attributes as Partial<FirstCover> & { backgroundType?: string; align?: string };
  const heading = /^\s*<section [^>]*><h2>([\s\S]*)<\/h2><\/section>\s*$/.exec(block.innerHTML);
  const paragraph = /^\s*<div [^>]*>(?:<p class="wp-block-cover-image-text">([\s\S]*)<\/p>)?<\/div>\s*$/.exec(block.innerHTML);
  const title = heading?.[1] ?? paragraph?.[1] ?? '';
  // The title is one element's content (not several headings or paragraphs in a row).
  if ((!heading && !paragraph) || htmlBody(heading ? `<h2>${title}</h2>` : `<p>${title}</p>`).children.length !== 1) return null;
  const shared = (colourClass: string | null) => classes('wp-block-cover-image', olderDimRatioClass(dimRatio), colourClass, dimRatio !== 0 && 'has-background-dim', hasParallax && 'has-parallax');
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
  return { url, id, hasParallax, dimRatio, overlayColor, customOverlayColor, video: backgroundType === 'video', focalPoint, contentAlign, title, kept };
}

/**
 * A cover of the third save (a `wp-block-cover` div: its title a paragraph of the cover's text class,
 * none when empty; a video its element) when its HTML is exactly what that save wrote for its
 * attributes, the block's props on its root as the block editor gives a save of version 1: its
 * class, then its alignment's.
 */
function thirdSavedCover(block: ParsedBlock): FirstCover | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  if (block.blockName !== 'core/cover' || !Object.entries(attributes).every(([name, value]) => Object.hasOwn(FIRST_SETTINGS, name) && FIRST_SETTINGS[name](value))) return null;
  const { url, id, hasParallax = false, dimRatio = 50, overlayColor, customOverlayColor, backgroundType = 'image', focalPoint, contentAlign = 'center', align } = attributes as Partial<FirstCover> & { backgroundType?: string };
  const html = /^\s*<div [^>]*>(<video [^>]*><\/video>)?(?:<p class="wp-block-cover-text">([\s\S]*)<\/p>)?<\/div>\s*$/.exec(block.innerHTML);
  const title = html?.[2] ?? '';
  if (!html || (html[2] !== undefined && (title === '' || htmlBody(`<p>${title}</p>`).children.length !== 1))) return null;
  const video = backgroundType === 'video';
  const style = [
    !video && url ? `background-image:url(${url})` : '',
    !overlayColor && customOverlayColor ? `background-color:${customOverlayColor}` : '',
    focalPoint && !hasParallax ? `background-position:${focalPoint.x * 100}% ${focalPoint.y * 100}%` : '',
  ].filter(Boolean).join(';');
  const wrapper = classes('wp-block-cover', align && `align${align}`, olderDimRatioClass(dimRatio), overlayColor && `has-${overlayColor}-background-color`, dimRatio !== 0 && 'has-background-dim', hasParallax && 'has-parallax', contentAlign !== 'center' && `has-${contentAlign}-content`);
  const player = video && url ? `<video class="wp-block-cover__video-background" autoplay muted loop src="${url}"></video>` : '';
  const written = `<div class="${wrapper}"${style ? ` style="${style}"` : ''}>${player}${title ? `<p class="wp-block-cover-text">${title}</p>` : ''}</div>`;
  if (written !== block.innerHTML.trim()) return null;
  return { url, id, hasParallax, dimRatio, overlayColor, customOverlayColor, video, focalPoint, contentAlign, align, title };
}

/**
 * The first cover as the block editor migrates it, written by the current save (cover-save.ts):
 * the dim a half where it was unset (whole without an image), its title a large paragraph aligned
 * as its content was; its migration leaves `isDark` unset, which the save writes as the class of a
 * light cover, and no alt text. Null where the current save is not written here.
 */
function currentCoverOf(cover: FirstCover): string | null {
  const { url, id, hasParallax, overlayColor, customOverlayColor, focalPoint, contentAlign, align, title } = cover;
  const { style, ...kept } = cover.kept ?? {};
  const held = { url, id, hasParallax, dimRatio: url ? cover.dimRatio : 100, overlayColor, customOverlayColor, backgroundType: cover.video ? 'video' : 'image', focalPoint, tagName: 'div', align, ...kept };
  const html = currentCoverWithStyle(held, wrapperStyleOf(style) ?? undefined);
  const paragraph = blockMarkup('paragraph', { placeholder: 'Write title…', fontSize: 'large', style: { typography: { textAlign: contentAlign } } }, `<p class="has-text-align-${contentAlign} has-large-font-size">${title}</p>`);
  return html && blockMarkup('cover', coverAttributesAsWritten({ ...held, style: keptStyle(style) }), `${html[0]}${paragraph}${html[1]}`);
}

/** The titled cover as the cover the block editor migrates it to, or null when it is not a form known here. */
export function coverOfTitle(block: ParsedBlock): string | null {
  if (block.innerBlocks.length > 0) return null;
  const cover = plainCover(block) ?? firstSavedCover(block) ?? thirdSavedCover(block);
  return cover && currentCoverOf(cover);
}
