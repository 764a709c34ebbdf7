// Columns (`core/columns`) and each column (`core/column`): block containers, their own HTML held
// around the blocks they hold; their colours from the block's toolbar, the columns' alignment
// (wide or full) and how many columns there are (renderer/editor/block-settings.ts). A column goes
// only in columns, and columns hold only columns, as the block editor allows them.
import { attributesOf, madeBlockMarkup, newBlockMarkup, type BlockDefinition, type WrittenSource } from './block-definition.ts';
import { imageShown, madeImageMarkup, madeVideoMarkup, mediaShown } from './image-made.ts';
import { escapeAttribute } from './inline-html.ts';
import { inlineStyleAttribute, lookClasses } from './text-block-markup.ts';
import { keptStyle, wrapperCss, wrapperStyleOf } from './wrapper-style.ts';
import { MEDIA_TEXT_BLOCK, mediaTextInner } from './media-text-block.ts';
import { mediaTextAwaitsMedia } from './media-text-awaiting.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { NEW_PARAGRAPH } from './paragraph-block.ts';

export const COLUMNS = 'core/columns';
const COLUMN = 'core/column';

/** A new column, holding an empty paragraph, as the columns block adds one. */
export const NEW_COLUMN = newBlockMarkup('column', `<div class="wp-block-column">${NEW_PARAGRAPH}</div>`);

const columnsMarkup = (count: number) => newBlockMarkup('columns', `<div class="wp-block-columns">${Array.from({ length: count }, () => NEW_COLUMN).join('\n\n')}</div>`);

/** A column of `width` % holding the blocks of `inner` (markup), as the columns' transforms make one. */
const madeColumn = (width: number, inner: string) => newBlockMarkup('column', `<div class="wp-block-column" style="flex-basis:${width}%">${inner}</div>`, { width: `${width}%` });

/** The alignments the columns take (their supports'), each written as a class; another (media & text's `none`) writes none. */
const COLUMNS_ALIGNMENTS = ['wide', 'full'];

/** The address media & text's image links to (its link element's: none without one), or null for a link setting more (a class, a target, a rel: not made here yet). */
function linkOf(block: ParsedBlock): { href?: string } | null {
  const template = document.createElement('template');
  template.innerHTML = block.innerHTML;
  const link = template.content.querySelector('.wp-block-media-text__media > a');
  if (!link) return {};
  return link.getAttributeNames().every((name) => name === 'href') ? { href: link.getAttribute('href') ?? '' } : null;
}

/** Media & text's media as the block its transform to columns makes of it: an image (its size and link carried; an empty one of no media yet), else a video of its address. */
function mediaOf(block: ParsedBlock): string | null {
  const { mediaType, mediaId, mediaSizeSlug, linkDestination } = attributesOf(block);
  if (mediaType === undefined || mediaType === 'image') {
    const awaiting = mediaTextAwaitsMedia(block.innerHTML);
    const shown = awaiting ? { url: undefined, alt: '' } : imageShown(block);
    const link = linkOf(block);
    return shown && (awaiting || shown.url) && link ? madeImageMarkup({ url: shown.url, alt: shown.alt, id: mediaId, sizeSlug: mediaSizeSlug, linkDestination, ...link }) : null;
  }
  return madeVideoMarkup(mediaId, mediaShown(block, 'video')?.url);
}

/**
 * Media & text turned into two columns, its media in one as wide as it was, its blocks in the other (the media's
 * on its side: the second when on the right), its alignment, vertical alignment, preset colours and font size
 * and its style (written on the columns' element as their supports write it) the columns', as the block editor's
 * transform from media & text (and its supports) does; null for a style holding a custom CSS (not made here yet).
 */
function columnsOfMediaText(block: ParsedBlock, source: string): string | null {
  const attributes = attributesOf(block);
  const { mediaWidth, mediaPosition, verticalAlignment, backgroundColor, textColor, gradient, fontSize, align = 'none', style } = attributes;
  const media = mediaOf(block);
  const inner = mediaTextInner(source);
  const written = wrapperStyleOf(style, true);
  if (media === null || inner === null || written === null) return null;
  const width = typeof mediaWidth === 'number' ? mediaWidth : 50;
  const columns = [madeColumn(width, media), madeColumn(100 - width, inner)];
  const look = { backgroundColor, textColor, gradient, fontSize };
  const kept = keptStyle(style);
  const inline = written && kept ? { style: kept, css: wrapperCss(written), whole: true } : undefined;
  const classes = [...(COLUMNS_ALIGNMENTS.includes(String(align)) ? [`align${String(align)}`] : []), ...(typeof verticalAlignment === 'string' ? [`are-vertically-aligned-${verticalAlignment}`] : []), ...lookClasses(look, inline)];
  const made = { verticalAlignment, ...look, align, style: kept };
  return madeBlockMarkup(COLUMNS, Object.fromEntries(Object.entries(made).filter(([, value]) => value !== undefined)), `<div class="${escapeAttribute(['wp-block-columns', ...classes].join(' '))}"${inlineStyleAttribute(inline)}>${(mediaPosition === 'right' ? columns.reverse() : columns).join('\n\n')}</div>`);
}

/** The most blocks the block editor puts each in a column of its own at once. */
const MOST_SELECTED = 6;

/** Blocks put each in a column of its own, of equal widths, as the block editor's transform from any blocks does. */
function columnsOf(blocks: readonly WrittenSource[]): string | null {
  const width = Number((100 / blocks.length).toFixed(2));
  return blocks.length > MOST_SELECTED ? null : newBlockMarkup('columns', `<div class="wp-block-columns">${blocks.map(({ source }) => madeColumn(width, source)).join('\n\n')}</div>`);
}

export const columnsBlock: BlockDefinition = {
  containers: [COLUMNS, COLUMN],
  colours: { [COLUMNS]: { title: 'Columns', text: true, link: true }, [COLUMN]: { title: 'Column', text: true, link: true } },
  alignments: { [COLUMNS]: { title: 'Columns', options: ['wide', 'full'] } },
  nesting: {
    [COLUMN]: { onlyIn: { names: [COLUMNS], why: 'A column goes only in columns.' }, standsEmpty: true },
    [COLUMNS]: { holdsOnly: { names: [COLUMN], why: 'Columns hold only columns.' } },
  },
  // Any block, or several selected, each in a column of its own.
  transforms: {
    '*': [{ to: COLUMNS, title: 'Columns', make: (block, source) => columnsOf([{ block, source }]), several: columnsOf }],
    [MEDIA_TEXT_BLOCK]: [{ to: COLUMNS, title: 'Columns', make: columnsOfMediaText }],
  },
  inserter: [
    { title: 'Columns (2)', keywords: 'layout side by side two', after: 'Table', markup: columnsMarkup(2) },
    { title: 'Columns (3)', keywords: 'layout side by side three', after: 'Columns (2)', markup: columnsMarkup(3) },
  ],
};
