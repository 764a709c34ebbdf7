// An image whose rounded corners were the figure's style (before WordPress 5.9): the block
// editor's deprecation moves the radius onto the image, where the border support writes it now,
// and marks the figure `has-custom-border` (which places a caption under the rounded image).
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';

/** The older figure: its classes and the radius as its only style, around an image (maybe linked) with its own attributes. */
const ROUNDED_FIGURE = /^<figure class="(wp-block-image[^"]*)" style="border-radius:([^";]+)">((?:<a [^>]*>)?<img [^>]*?)\s*\/?>/;

/** The image block in its current form, or null when it is not the older form this migration knows. */
export function currentImage(block: ParsedBlock): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  const style = (attributes.style ?? {}) as { border?: Record<string, unknown> };
  const html = block.innerHTML.trim();
  const figure = ROUNDED_FIGURE.exec(html);
  // The style held the radius alone, as one value (one per corner was never the figure's).
  if (!figure || block.innerBlocks.length > 0 || Object.keys(style).length !== 1 || Object.keys(style.border ?? {}).length !== 1 || style.border?.radius !== figure[2]) return null;
  const [whole, classes, radius, image] = figure;
  if (/\sstyle="/.test(image) || classes.split(' ').includes('has-custom-border')) return null;
  return blockMarkup('image', attributes, html.replace(whole, () => `<figure class="${classes} has-custom-border">${image} style="border-radius:${radius}"/>`));
}
