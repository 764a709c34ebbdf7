// The image block as the block editor's transforms read it and make it (block-definition.ts:
// BlockTransform): what an image (or a video, an audio) shows, and a new image made from a cover's,
// media & text's or columns' media. Apart from image-block.ts, which the cover's module cannot import (image-block → nodes →
// container-colours → cover-block).
import { madeBlockMarkup } from './block-definition.ts';
import { escapeAttribute } from './inline-html.ts';
import { captionElement } from './picked-caption.ts';
import type { ParsedBlock } from './split-blocks.ts';

/** What a media block shows (an image's, a video's or an audio's element), read from its markup, for the blocks a transform makes of it: its address, alt text and caption (HTML), or null when it holds no such element. */
export function mediaShown(block: ParsedBlock, element: 'img' | 'video' | 'audio'): { url: string; alt: string; caption: string } | null {
  const template = document.createElement('template');
  template.innerHTML = block.innerHTML;
  const media = template.content.querySelector(element);
  if (!media) return null;
  const caption = /<figcaption class="wp-element-caption">([\s\S]*)<\/figcaption>/.exec(block.innerHTML)?.[1] ?? '';
  return { url: media.getAttribute('src') ?? '', alt: media.getAttribute('alt') ?? '', caption };
}

/** What an image block shows (mediaShown). */
export const imageShown = (block: ParsedBlock) => mediaShown(block, 'img');

/** A video as the block editor saves one a transform makes (from media & text): its media id, and its player where it has an address. */
export const madeVideoMarkup = (id: unknown, src?: string) =>
  madeBlockMarkup('video', typeof id === 'number' ? { id } : {}, `<figure class="wp-block-video">${src ? `<video controls src="${escapeAttribute(src)}"></video>` : ''}</figure>`);

/** A new image as the block editor saves one a transform makes (from a cover, media & text): its address (none: none yet), alt text, media id, size, link destination and address, alignment and caption; `style` as the transform sets it. */
export function madeImageMarkup({ url, alt, id, sizeSlug, linkDestination, href, align, caption, style }: { url?: string; alt: string; id?: unknown; sizeSlug?: unknown; linkDestination?: unknown; href?: unknown; align?: unknown; caption?: string; style?: Record<string, unknown> }): string {
  const attributes = { ...(typeof id === 'number' ? { id } : {}), ...(typeof sizeSlug === 'string' ? { sizeSlug } : {}), ...(typeof linkDestination === 'string' ? { linkDestination } : {}), ...(typeof align === 'string' ? { align } : {}), ...(style ? { style } : {}) };
  const image = `<img${url ? ` src="${escapeAttribute(url)}"` : ''} alt="${escapeAttribute(alt)}"${typeof id === 'number' ? ` class="wp-image-${id}"` : ''}/>`;
  const linked = typeof href === 'string' ? `<a href="${escapeAttribute(href)}">${image}</a>` : image;
  return madeBlockMarkup('image', attributes, `<figure class="wp-block-image${typeof align === 'string' ? ` align${align}` : ''}${typeof sizeSlug === 'string' ? ` size-${sizeSlug}` : ''}">${linked}${captionElement(caption ?? '')}</figure>`);
}
