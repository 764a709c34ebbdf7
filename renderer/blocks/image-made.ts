// The image block as the block editor's transforms read it and make it (block-definition.ts:
// BlockTransform): what an image shows, and a new image made from a cover's, media & text's or
// columns' media. Apart from image-block.ts, which the cover's module cannot import (image-block → nodes →
// container-colours → cover-block).
import { madeBlockMarkup } from './block-definition.ts';
import { escapeAttribute } from './inline-html.ts';
import { captionElement } from './picked-caption.ts';
import type { ParsedBlock } from './split-blocks.ts';

/** What an image block shows, read from its markup, for the blocks a transform makes of it: its address, alt text and caption (HTML), or null when it holds no image. */
export function imageShown(block: ParsedBlock): { url: string; alt: string; caption: string } | null {
  const template = document.createElement('template');
  template.innerHTML = block.innerHTML;
  const img = template.content.querySelector('img');
  if (!img) return null;
  const caption = /<figcaption class="wp-element-caption">([\s\S]*)<\/figcaption>/.exec(block.innerHTML)?.[1] ?? '';
  return { url: img.getAttribute('src') ?? '', alt: img.getAttribute('alt') ?? '', caption };
}

/** A new image as the block editor saves one a transform makes (from a cover, media & text): its address, alt text, media id, alignment and caption; `style` as the transform sets it. */
export function madeImageMarkup({ url, alt, id, align, caption, style }: { url: string; alt: string; id?: unknown; align?: unknown; caption?: string; style?: Record<string, unknown> }): string {
  const attributes = { ...(typeof id === 'number' ? { id } : {}), ...(typeof align === 'string' ? { align } : {}), ...(style ? { style } : {}) };
  const image = `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt)}"${typeof id === 'number' ? ` class="wp-image-${id}"` : ''}/>`;
  return madeBlockMarkup('image', attributes, `<figure class="wp-block-image${typeof align === 'string' ? ` align${align}` : ''}">${image}${captionElement(caption ?? '')}</figure>`);
}
