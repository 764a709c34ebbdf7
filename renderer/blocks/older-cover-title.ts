// The first cover blocks (core/cover-image, then core/cover before WordPress 5.8): an image as the
// wrapper's background, dimmed by the wrapper's class, and a title of its own (a heading, later a
// paragraph of the cover's text class) instead of inner blocks. The block editor's deprecations
// make the image the background element the current save writes, before the overlay, and the
// title a large centred paragraph inside (written as the block editor saves its migration once
// read again: the form it keeps). Only the plain form (its image and title alone) is known:
// any other setting (parallax, a colour, an alignment) keeps it as written.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { htmlBody } from './html-nodes.ts';

/** The wrapper of the first covers: its class dimmed, the image its background. */
const TITLED_COVER = /^\s*<(section|div) class="(wp-block-cover(?:-image)?) has-background-dim" style="background-image:url\(([^)"]*)\)">([\s\S]*)<\/\1>\s*$/;
/** The title: a heading in the first cover, then a paragraph of the cover's text class. */
const TITLE = /^<(?:h2|p class="wp-block-cover(?:-image)?-text")>([\s\S]*)<\/(?:h2|p)>$/;

/** The titled cover as the cover the block editor migrates it to, or null when it is not that plain form. */
export function coverOfTitle(block: ParsedBlock): string | null {
  const html = TITLED_COVER.exec(block.innerHTML);
  const { url, id, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const title = html ? TITLE.exec(html[4].trim()) : null;
  if (!html || !title || block.innerBlocks.length > 0 || Object.keys(others).length > 0 || url !== html[3] || (id !== undefined && !Number.isInteger(id))) return null;
  // Its class says the block it was: the first name's class under the first name only.
  if ((html[2] === 'wp-block-cover-image') !== (block.blockName === 'core/cover-image') || htmlBody(html[4]).children.length !== 1) return null;
  const paragraph = blockMarkup('paragraph', { placeholder: 'Write title…', fontSize: 'large', style: { typography: { textAlign: 'center' } } }, `<p class="has-text-align-center has-large-font-size">${title[1]}</p>`);
  const image = `<img class="wp-block-cover__image-background${id === undefined ? '' : ` wp-image-${String(id)}`}" alt="" src="${url}" data-object-fit="cover"/>`;
  // The dim of those covers was half. Its migration leaves `isDark` unset, which the save writes as
  // the class of a light cover, and no alt text: the block editor reads that back as a class of the
  // block's own and an empty alt text, and saves them so; that form, which it keeps, is written.
  return blockMarkup('cover', { url, ...(id === undefined ? {} : { id }), dimRatio: 50, className: 'is-light' }, `<div class="wp-block-cover is-light">${image}<span aria-hidden="true" class="wp-block-cover__background has-background-dim"></span><div class="wp-block-cover__inner-container">${paragraph}</div></div>`);
}
