// A gallery in its older form (before galleries held image blocks: its images as a list, `<ul>`,
// or, oldest, figures in a `<div>`): the gallery the block editor migrates it to (its
// deprecations' v2 migration), a gallery of image blocks the editor edits one by one. Anything
// the migration does not know (an anchor, colours, a link kind of its own) keeps it as written.
// And a gallery of image blocks that still say which settings they took from it
// (`inheritedAttributes`, which the image block no longer declares): its images without it.
import type { JSONContent } from '@tiptap/core';
import { splitBlocks, type ParsedBlock } from './split-blocks.ts';
import { customClassName, inDeclaredOrder, rootClasses } from './older-form-parts.ts';
import { blockMarkup, nodeMarkup } from './serialize-blocks.ts';
import { htmlBody } from './html-nodes.ts';
import { equivalentForm, innerSources } from './equivalent-form.ts';
import type { Migration } from './older-inner-blocks.ts';
import { IMAGE_NODE } from './image-block.ts';

/** core/gallery's attributes in the order the block type declares them (checked against the block editor by the test). */
export const GALLERY_ATTRIBUTES = ['images', 'ids', 'dynamicContent', 'navigationButtonType', 'shortCodeTransforms', 'columns', 'caption', 'imageCrop', 'randomOrder', 'fixedHeight', 'linkTarget', 'linkTo', 'sizeSlug', 'allowResize', 'aspectRatio', 'backgroundColor', 'textColor', 'gradient', 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'layout', 'metadata'];

/** The attributes an older gallery may carry that its migration knows. */
const OLDER_GALLERY_ATTRIBUTES = new Set(['ids', 'columns', 'imageCrop', 'linkTo', 'sizeSlug', 'align', 'className', 'fixedHeight']);

/** The older link kinds, as the image block names them now. */
const LINK_DESTINATIONS: Readonly<Record<string, string>> = { none: 'none', file: 'media', media: 'media', post: 'attachment', attachment: 'attachment' };

interface OlderImage { id: string | null; url: string; alt: string; link: string | null; caption: string; fullUrl: string | null; href: string | null }

/** The images of an older gallery's HTML, or null when its HTML is not one of the older forms. */
function olderImages(root: Element): OlderImage[] | null {
  const items = root.tagName === 'DIV' ? [...root.querySelectorAll(':scope > figure.blocks-gallery-image')] : [...root.querySelectorAll(':scope > li.blocks-gallery-item, :scope > ul.blocks-gallery-grid > li.blocks-gallery-item')];
  const images = items.map((item) => {
    const img = item.querySelector('img');
    if (!img) return null;
    const caption = root.tagName === 'DIV' ? null : item.querySelector('figcaption');
    const href = img.parentElement?.tagName === 'A' ? img.parentElement.getAttribute('href') : null;
    return { id: img.getAttribute('data-id'), url: img.getAttribute('src') ?? '', alt: img.getAttribute('alt') ?? '', link: img.getAttribute('data-link'), fullUrl: img.getAttribute('data-full-url'), href, caption: caption?.innerHTML.trim() ?? '' };
  });
  return images.every((image) => image !== null) ? (images as OlderImage[]) : null;
}

/** An image of the gallery as the image block the migration makes of it (its link from the gallery's link kind). */
function imageBlock(image: OlderImage, sizeSlug: string | undefined, destination: string): string {
  const href = destination === 'media' ? image.url : destination === 'attachment' ? (image.link ?? '') : '';
  const id = image.id ? Number.parseInt(image.id, 10) : Number.NaN;
  const node: JSONContent = { type: IMAGE_NODE, attrs: { id: Number.isNaN(id) || id === 0 ? null : id, src: image.url, alt: image.alt, caption: image.caption, align: '', sizeSlug: sizeSlug ?? '', linkDestination: destination, href } };
  return nodeMarkup(node);
}

/** A gallery whose images are HTML of its own (a list or figures): the gallery of image blocks the block editor migrates it to. */
export function currentGallery(block: ParsedBlock): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  if (block.innerBlocks.length > 0 || !Object.keys(attributes).every((name) => OLDER_GALLERY_ATTRIBUTES.has(name))) return null;
  const body = htmlBody(block.innerHTML);
  const root = body.firstElementChild;
  if (!root || body.children.length !== 1 || !['FIGURE', 'UL', 'DIV'].includes(root.tagName)) return null;
  const images = olderImages(root);
  const linkTo = String(attributes.linkTo ?? 'none');
  if (!images || images.length === 0 || !Object.hasOwn(LINK_DESTINATIONS, linkTo)) return null;
  const caption = root.querySelector(':scope > figcaption.blocks-gallery-caption')?.innerHTML.trim() ?? '';
  // The old classes are the old save's (its columns, crop and alignment) and the block's own className; any other is unknown.
  const own = String(attributes.className ?? '').split(/\s+/).filter(Boolean);
  const known = (name: string) => ['wp-block-gallery', 'is-cropped', 'blocks-gallery-grid', 'alignnone', ...own].includes(name) || /^columns-\d+$/.test(name) || name === `align${String(attributes.align)}`;
  if (!rootClasses(block.innerHTML).every(known)) return null;
  const destination = LINK_DESTINATIONS[linkTo];
  // An image links where an old save linked it for the gallery's link kind, or nowhere (some old saves knew only some kinds' names); else the block editor finds the gallery invalid.
  const oldLink = (image: OlderImage) => (destination === 'media' ? (image.fullUrl ?? image.url) : destination === 'attachment' ? image.link : null);
  if (!images.every((image) => image.href === null || image.href === oldLink(image))) return null;
  // The `<figure>` forms declared a size, large unless set (the `<ul>` and `<div>` forms none); the oldest, an alignment, none unless set.
  const sizeSlug = typeof attributes.sizeSlug === 'string' ? attributes.sizeSlug : root.tagName === 'FIGURE' ? 'large' : undefined;
  const align = attributes.align ?? (root.tagName === 'DIV' ? 'none' : undefined);
  const imageCrop = attributes.imageCrop !== false;
  const migrated: Record<string, unknown> = { columns: attributes.columns, imageCrop: imageCrop ? undefined : false, linkTo: destination, sizeSlug: sizeSlug === 'large' ? undefined : sizeSlug, fixedHeight: attributes.fixedHeight === false ? false : undefined, align, className: attributes.className };
  const classes = ['wp-block-gallery', ...(typeof align === 'string' && align !== 'none' ? [`align${align}`] : []), 'has-nested-images', attributes.columns === undefined ? 'columns-default' : `columns-${String(attributes.columns)}`, ...(imageCrop ? ['is-cropped'] : []), ...own];
  const inner = images.map((image) => imageBlock(image, sizeSlug, destination)).join('\n\n');
  const captionHtml = caption ? `<figcaption class="blocks-gallery-caption wp-element-caption">${caption}</figcaption>` : '';
  return blockMarkup('gallery', inDeclaredOrder(migrated, GALLERY_ATTRIBUTES), `<figure class="${classes.join(' ')}">${inner}${captionHtml}</figure>`);
}

/** The classes a gallery of image blocks' save writes for its attributes (its own className and colours aside). */
function gallerySaveClasses(attributes: Record<string, unknown>): string[] {
  const columns = attributes.columns === undefined ? 'columns-default' : `columns-${String(attributes.columns)}`;
  return ['wp-block-gallery', ...(typeof attributes.align === 'string' ? [`align${attributes.align}`] : []), 'has-nested-images', columns, ...(attributes.imageCrop === false ? [] : ['is-cropped'])];
}

/**
 * A gallery of image blocks some of which carry `inheritedAttributes`: as the block editor saves
 * it once read (formatting left out, each image migrated by `migrate`, its caption given the class
 * of WordPress 6.1, a root class its save does not write kept as the block's className); null when
 * no image carries them.
 */
export function galleryOfImagesAsSaved(block: ParsedBlock, source: string, migrate: Migration): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  if (!block.innerBlocks.some((image) => image.attrs?.inheritedAttributes !== undefined) || attributes.className !== undefined) return null;
  const markup = equivalentForm(block, source) ?? source.trim();
  const [piece] = splitBlocks(markup);
  const inner = piece?.kind === 'block' ? innerSources(piece.block, piece.source) : null;
  if (piece?.kind !== 'block' || inner === null) return null;
  const own = piece.block.innerContent[0] ?? '';
  const className = customClassName(own, gallerySaveClasses(attributes));
  // Its own HTML between its comments, as the serializer spaced them, each image replaced by its migration.
  let html = markup.slice(markup.indexOf('-->') + '-->\n'.length, markup.lastIndexOf('\n<!-- /wp:'));
  inner.forEach((image, index) => {
    const current = migrate(piece.block.innerBlocks[index], image);
    if (current !== null) html = html.replace(image, () => current);
  });
  // Its caption, after its images, with the class captions have had since WordPress 6.1.
  const end = html.lastIndexOf('<!-- /wp:');
  html = `${html.slice(0, end)}${html.slice(end).replace('<figcaption class="blocks-gallery-caption">', '<figcaption class="blocks-gallery-caption wp-element-caption">')}`;
  return blockMarkup('gallery', inDeclaredOrder({ ...attributes, className }, GALLERY_ATTRIBUTES), html);
}
