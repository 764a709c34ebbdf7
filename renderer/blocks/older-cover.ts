// A cover written before its overlay followed its background (WordPress 6.1 to 6.4 wrote the
// overlay's span first, then the image or video): the block editor's deprecations move the span
// after the background, keep an image's alt text as an attribute of the block (it was read from
// the image), leave out the `role` of a fixed or repeated background that has no alt text, and
// mark an overlay colour as the writer's own (`isUserOverlayColor`, so the image's colour does
// not replace it). The overlay's classes as WordPress 5.8 to 6.0 wrote them (a gradient named
// twice, `wp-block-cover__gradient-background` for every overlay) become the current ones. The
// inner blocks stay as written; an empty cover (its blocks all moved out) migrates the same way.
import type { ParsedBlock } from './split-blocks.ts';
import { htmlBody } from './html-nodes.ts';
import { containerPieces, currentContainer, inDeclaredOrder } from './older-form-parts.ts';
import { tidyOwnHtml } from './older-inner-blocks.ts';
import { COVER_ATTRIBUTES, dimRatioClass } from './cover-save.ts';


/** The older opening: the cover's element, the overlay, maybe a background, then the inner container. */
const OLDER_OPENING = /^(<([a-z]+) class="wp-block-cover[^"]*"(?: [a-z-]+="[^"]*")*>)<span aria-hidden="true" class="([^"]*)"((?: style="[^"]*")?)><\/span>((?:<(img|video|div) [^>]*?(?:\/>|><\/(?:video|div)>))?)(<div class="wp-block-cover__inner-container">\s*)$/;
/** The classes a background of each kind starts with. */
const BACKGROUND_CLASSES: Readonly<Record<string, string>> = { img: 'wp-block-cover__image-background', video: 'wp-block-cover__video-background', div: 'wp-block-cover__image-background' };

const SLUG = /^[a-z]+(?:-[a-z]+)*$/;

/** The overlay's classes as the current save writes them for the cover's attributes, or null for a colour or gradient slug it would spell otherwise. */
function currentOverlayClasses(attributes: Record<string, unknown>): string | null {
  const { overlayColor, gradient, customGradient, url } = attributes;
  const dimRatio = (attributes.dimRatio ?? 100) as number;
  if ([overlayColor, gradient].some((slug) => slug !== undefined && !SLUG.test(String(slug))) || typeof dimRatio !== 'number') return null;
  const hasGradient = Boolean(gradient ?? customGradient);
  return ['wp-block-cover__background', overlayColor ? `has-${String(overlayColor)}-background-color` : null, dimRatioClass(dimRatio), 'has-background-dim', url && hasGradient && dimRatio !== 0 ? 'wp-block-cover__gradient-background' : null, hasGradient ? 'has-background-gradient' : null, gradient ? `has-${String(gradient)}-gradient-background` : null].filter(Boolean).join(' ');
}

/** The background as the current save writes it and the alt text it held; `roleAlways`: it is a fixed background written with its role whatever its alt text (WordPress 6.2 to 6.3). */
interface Background { html: string; alt: string | undefined; roleAlways: boolean; sized: boolean }

/** The background element as the current save writes it, or null when it is not one the migration knows. */
function currentBackground(html: string): Background | null {
  if (html === '') return { html, alt: undefined, roleAlways: false, sized: false };
  const element = htmlBody(html).firstElementChild;
  const tag = element?.tagName.toLowerCase() ?? '';
  const classes = element?.getAttribute('class') ?? '';
  if (!element || !classes.startsWith(BACKGROUND_CLASSES[tag] ?? '\0')) return null;
  const sized = /(^| )size-/.test(classes);
  if (tag !== 'div') return { html, alt: tag === 'img' ? (element.getAttribute('alt') ?? '') : undefined, roleAlways: false, sized };
  // A fixed or repeated background: its role says it is an image only with the alt text the block holds.
  if (element.hasAttribute('aria-label')) return html.startsWith('<div role="img" aria-label="') ? { html, alt: element.getAttribute('aria-label') ?? '', roleAlways: false, sized } : null;
  const roleAlways = html.startsWith('<div role="img" ');
  return { html: html.replace(/^<div role="img" /, '<div '), alt: undefined, roleAlways, sized };
}

/** The cover in its current form, or null when it is not the older form this migration knows. */
export function currentCover(block: ParsedBlock, source: string): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  // An empty cover's opening is its HTML up to its inner container.
  const [first] = containerPieces(block);
  const opening = typeof first === 'string' ? OLDER_OPENING.exec(tidyOwnHtml(first)) : null;
  if (!opening || !Object.keys(attributes).every((name) => COVER_ATTRIBUTES.includes(name))) return null;
  const [, wrapper, tag, overlayClasses, overlayStyle, backgroundHtml, , inner] = opening;
  // The overlay's classes as the current save writes them: WordPress 5.8 to 6.0 wrote others (a gradient's twice), later ones the same.
  const overlayClass = currentOverlayClasses(attributes);
  if (overlayClass === null || (overlayClasses !== overlayClass && !overlayClasses.split(' ').includes('wp-block-cover__gradient-background'))) return null;
  const overlay = `<span aria-hidden="true" class="${overlayClass}"${overlayStyle}></span>`;
  const background = currentBackground(backgroundHtml);
  // Before WordPress 6.1 a fixed background was the wrapper's own (its style); before WordPress 5.8 the dim was the wrapper's own class: another migration.
  if (!background || tag !== (attributes.tagName ?? 'div') || /background-image|undefined|has-background-dim/.test(wrapper)) return null;
  // An image's alt text was read from the image, then held by the block.
  const alt = attributes.alt ?? (background.alt || undefined);
  if (background.alt !== undefined && background.alt !== (attributes.alt ?? background.alt)) return null;
  // The overlay's colour is marked the writer's (kept when the image changes) where the save of WordPress 6.2 to 6.3 wrote this same HTML.
  const overlayColour = (attributes.overlayColor !== undefined || attributes.customOverlayColor !== undefined) && attributes.isUserOverlayColor === undefined;
  const writtenBy62 = overlayClasses === overlayClass && !background.sized && attributes.sizeSlug === undefined && (backgroundHtml.startsWith('<div') ? background.roleAlways : true);
  const userOverlay = overlayColour && writtenBy62;
  if (backgroundHtml === '' && !userOverlay && overlayClasses === overlayClass) return null;
  const current = inDeclaredOrder({ ...attributes, alt, ...(userOverlay ? { isUserOverlayColor: true } : {}) }, COVER_ATTRIBUTES);
  return currentContainer(block, source, current, () => `${wrapper}${background.html}${overlay}${inner}`, (closing) => closing, true);
}
