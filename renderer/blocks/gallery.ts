// The gallery block (`core/gallery`): a block container of image blocks, its figure held as read,
// its caption rich text after its images (block-to-node.ts reads a captioned container). A new one
// is made around an image picked first, and further images picked go into it. Images added to a
// gallery: an image picked while a gallery's image is selected, or while the caret is in the
// gallery's caption, goes into the gallery (after that image, or last), as the block editor adds
// images to a gallery, instead of replacing the selected image; images dropped on a gallery go in
// where they were dropped.
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, type EditorState } from '@tiptap/pm/state';
import type { MediaItem } from '../../shared/site-types.ts';
import { attributesOf, leafMarkup, madeBlockMarkup, madeBlocks, newBlockMarkup, type BlockDefinition, type WrittenSource } from './block-definition.ts';
import { IMAGE_BLOCK, pickedImageMarkup } from './image-block.ts';
import { imageShown } from './image-made.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { placed } from './carried-by-supports.ts';

export const GALLERY_BLOCK = 'core/gallery';

export const isGallery = (node: { type: { name: string }; attrs: Record<string, unknown> }) => node.type.name === 'blockContainer' && node.attrs.name === GALLERY_BLOCK;

/** A gallery of images, in order, as the block editor saves one made from several images. */
export function galleryMarkup(items: readonly MediaItem[]): string {
  return newBlockMarkup('gallery', `<figure class="wp-block-gallery has-nested-images columns-default is-cropped">${items.map(pickedImageMarkup).join('\n\n')}</figure>`, { linkTo: 'none' });
}

/** A gallery as the block editor saves one just inserted, before its images are chosen (shown as its placeholder: media-placeholder.ts). */
export const EMPTY_GALLERY = newBlockMarkup('gallery', '<figure class="wp-block-gallery has-nested-images columns-default is-cropped"></figure>', { linkTo: 'none' });

/** Where in a gallery an image picked now goes, or null when the selection is not in a gallery. */
export function galleryInsertion(state: EditorState): number | null {
  const { selection } = state;
  const { $from } = selection;
  if (selection instanceof NodeSelection && isGallery($from.parent)) return selection.to;
  // The caret in the caption: before the caption, after the last image.
  if ($from.parent.type.name === 'captionPart' && $from.depth > 1 && isGallery($from.node($from.depth - 1))) return $from.before($from.depth);
  return null;
}

/**
 * Where in a gallery images dropped at `position` go, or null when the position is in no gallery:
 * between the images nearest the drop, never after the gallery's caption.
 */
export function galleryDropPoint(doc: PmNode, position: number): number | null {
  const $position = doc.resolve(Math.max(0, Math.min(position, doc.content.size)));
  for (let depth = $position.depth; depth > 0; depth -= 1) {
    const node = $position.node(depth);
    if (!isGallery(node)) continue;
    // The child the drop is in or before (its index within the gallery), kept before the caption.
    const index = depth === $position.depth ? $position.index(depth) : $position.index(depth) + ($position.pos > $position.before(depth + 1) + $position.node(depth + 1).nodeSize / 2 ? 1 : 0);
    const captionIndex = node.lastChild?.type.name === 'captionPart' ? node.childCount - 1 : node.childCount;
    return $position.posAtIndex(Math.min(index, captionIndex), depth);
  }
  return null;
}

/** The attributes of an image the block editor carries from a gallery into the image it makes of each (its transform to images). */
const CARRIED_OUT = ['id', 'sizeSlug', 'linkDestination', 'linkTarget', 'anchor', 'className', 'title', 'href', 'rel', 'linkClass'];

/** An image's markup with its width and height taken off, as a gallery's images are (not resized there); null for one whose size is written otherwise than the block editor writes it. */
function unsized({ block, source }: WrittenSource): string | null {
  const { width, height, ...rest } = attributesOf(block);
  if (width === undefined && height === undefined) return source;
  const html = block.innerHTML
    .trim()
    .replace(/^(<figure class="[^"]*) is-resized"/, '$1"')
    .replace(/(<img [^>]*) style="(?:width:[^;"]+;?)?(?:height:[^;"]+;?)?"/, '$1');
  return /is-resized|<img [^>]*(?:style|width|height)=/.test(html) ? null : madeBlockMarkup(IMAGE_BLOCK, rest, html);
}

/** The value of an attribute when every image sets it alike (the gallery's), else undefined. */
function shared(attributes: readonly Record<string, unknown>[], name: string): unknown {
  const [first] = attributes;
  return attributes.every((each) => each[name] === first[name]) ? first[name] : undefined;
}

/**
 * Images turned into a gallery holding them, as the block editor's transform from images does: their alignment
 * and size the gallery's when they share one (the size other than the default, large), their width and height
 * taken off; null for an image without an address or whose size is not taken off here.
 */
function galleryOfImages(images: readonly WrittenSource[]): string | null {
  const attributes = images.map(({ block }) => attributesOf(block));
  const inner = images.map(unsized);
  if (inner.some((image) => image === null) || images.some(({ block }) => !imageShown(block)?.url)) return null;
  const size = shared(attributes, 'sizeSlug');
  const align = shared(attributes, 'align');
  const made = { ...(typeof size === 'string' && size !== 'large' ? { sizeSlug: size } : {}), ...(typeof align === 'string' ? { align } : {}) };
  return madeBlockMarkup('gallery', made, `<figure class="wp-block-gallery${typeof align === 'string' ? ` align${align}` : ''} has-nested-images columns-default is-cropped">${madeBlocks(inner as string[])}</figure>`);
}

/** The image attributes declared after its alignment (the supports'), before which an alignment goes. */
const AFTER_ALIGN = ['lock', 'anchor', 'className', 'borderColor', 'style', 'metadata'];

/** An image of a gallery given the gallery's alignment (`align`; none: as it is), as the block editor's transform to images sets each one's: its class after the block's own. */
function alignedImage(image: ParsedBlock, align: unknown): ParsedBlock {
  if (typeof align !== 'string') return image;
  return { ...image, attrs: placed(attributesOf(image), 'align', align, AFTER_ALIGN), innerHTML: image.innerHTML.replace(/^(\s*<figure class="wp-block-image)/, `$1 align${align}`) };
}

/** A gallery turned into its images, each aligned as the gallery, as the block editor's transform to images does; null for one holding no image or an image with attributes the transform drops. */
function imagesOfGallery(block: ParsedBlock): string | null {
  const images = block.innerBlocks;
  const carried = images.every((image) => image.blockName === IMAGE_BLOCK && Object.keys(attributesOf(image)).every((name) => CARRIED_OUT.includes(name)));
  return images.length > 0 && carried ? images.map((image) => leafMarkup(alignedImage(image, attributesOf(block).align))).join('\n\n') : null;
}

export const galleryBlock: BlockDefinition = {
  transforms: {
    [IMAGE_BLOCK]: [{ to: GALLERY_BLOCK, title: 'Gallery', make: (block, source) => galleryOfImages([{ block, source }]), several: galleryOfImages }],
    [GALLERY_BLOCK]: [{ to: IMAGE_BLOCK, title: 'Image', make: imagesOfGallery }],
  },
  containers: [GALLERY_BLOCK],
  captioned: { [GALLERY_BLOCK]: '<figcaption class="blocks-gallery-caption wp-element-caption">' },
  // Further images picked go into the gallery, until the writer is done.
  inserter: [{ title: 'Gallery', keywords: 'images photos pictures', after: 'Image', picked: { media: 'image', several: galleryMarkup, markup: (item) => galleryMarkup([item]), empty: EMPTY_GALLERY } }],
};
