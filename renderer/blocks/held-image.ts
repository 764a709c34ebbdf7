// An image of classic content with attributes the image block has no control for (WordPress's
// alignment, size and library classes, a title, a size: `<img class="alignleft size-medium
// wp-image-12" title="…" width="300" height="200" />`, linked or not), held as read: shown among
// the words around it, which stay editable, moved or deleted as one piece, and written back with
// its attributes in the order read (inline-html.ts), closed as TinyMCE closes it (as HTML once Convert
// to blocks has left it among a block's words: classic-convert.ts). Read only from
// classic content (freeform-nodes.ts); an image with only an address and a text alternative is
// the image block's, as before, but in a list item: there it is held too, so it stays in its item
// (the block editor's list item is rich text, which keeps an image; its raw handler keeps it there),
// in a link, which the image block's node, read apart from the words, would not keep, and among the
// words of a heading, a table cell or preformatted text, which reading it apart would split.
import { Node, type JSONContent } from '@tiptap/core';
import { HELD_DATA, HELD_NAMES, heldAttribute, holdAttributesOf } from './held-inline.ts';

export const HELD_IMAGE_NODE = 'heldImage';

/** What an image may hold: what it shows and how (never a handler, nor an anchor, which names one place in the page). */
export const HELD_IMAGE_NAMES: ReadonlySet<string> = new Set([...HELD_NAMES, 'src', 'alt', 'width', 'height', 'srcset', 'sizes', 'loading', 'decoding', 'align', 'border', 'hspace', 'vspace']);

/** The attributes the image block takes from classic content itself. */
const IMAGE_BLOCK_NAMES: ReadonlySet<string> = new Set(['src', 'alt']);

/** Where an image stays among the words it stands in, not the image block's: a list item, a link, a heading, a table cell, preformatted text or code (whose words the raw handler keeps it among, in a figure: figured-images.ts). */
const HOLDING_WORDS = 'li, a, h1, h2, h3, h4, h5, h6, td, th, pre, code';

/** An image read from an address (the editor does not read data: URLs) whose attributes are all ones it holds, some of them beyond the image block's, or it standing among words that hold it, or in rich text (`inRichText`), where the image block's node cannot stand. */
const isHeldImage = (image: Element, inRichText: boolean) =>
  /^(?!data:)./i.test(image.getAttribute('src') ?? '') &&
  [...image.attributes].every((attribute) => HELD_IMAGE_NAMES.has(attribute.name)) &&
  (inRichText || image.closest(HOLDING_WORDS) !== null || [...image.attributes].some((attribute) => !IMAGE_BLOCK_NAMES.has(attribute.name)));

/** A figure the raw handler puts an image among words in (figured-images.ts): no attributes, holding only the image, the link it stands in alone, or another such figure. */
const isImageFigure = (element: Element | null): boolean =>
  element?.tagName === 'FIGURE' && element.attributes.length === 0 && element.childNodes.length === 1 && element.firstElementChild !== null && (isImageFigure(element.firstElementChild) || isImageOrItsLink(element.firstElementChild));
const isImageOrItsLink = (element: Element) => element.tagName === 'IMG' || (element.tagName === 'A' && element.childNodes.length === 1 && element.firstElementChild?.tagName === 'IMG');

/**
 * Moves the attributes of each image under `container` (or it itself) that is held into the data attribute the node reads;
 * `inRichText`: the container is a block's rich text (a paragraph's, heading's, cell's or preformatted text's), where every
 * image is held, taken out of the figures Convert to blocks and the raw handler put it in there (counted again: withImagesAsRead).
 */
export function holdImages(container: Element, inRichText = false): void {
  const images = container.tagName === 'IMG' ? [container] : [...container.querySelectorAll('img')];
  for (const image of images.filter((image) => isHeldImage(image, inRichText))) holdAttributesOf(image);
  if (inRichText) for (const figure of [...container.querySelectorAll('figure')].filter(isImageFigure)) figure.replaceWith(...figure.childNodes);
}

/** Every image tag of `html`, in order, after the figures opened right before it or the link it stands in alone (the raw handler's: figured-images.ts). */
const IMAGE_TAG = /((?:<figure>)*)(?:<a\b[^>]*>)?(<img\b[^>]*>)/gi;

/**
 * Pieces of rich text (a table's cells, in order) read from `html` with each held image closed as it was read
 * there (`>`, as the block editor's rich text closes it, or TinyMCE's ` />`) and in the figures it stood in,
 * so the block is written back as read: the DOM they were read through tells neither.
 */
export function piecesWithImagesAsRead(pieces: JSONContent[][], html: string): JSONContent[][] {
  const asRead = [...html.matchAll(IMAGE_TAG)].map(([, figures, tag]) => ({ closedAsHtml: !tag.endsWith('/>'), figures: figures.length / '<figure>'.length }));
  let image = 0;
  return pieces.map((nodes) => nodes.map((node) => (node.type === HELD_IMAGE_NODE ? { ...node, attrs: { ...node.attrs, ...(asRead[image++] ?? { closedAsHtml: true, figures: 0 }) } } : node)));
}

/** Rich text's nodes read from `html` with each held image as it was read there (piecesWithImagesAsRead). */
export const withImagesAsRead = (nodes: JSONContent[], html: string): JSONContent[] => piecesWithImagesAsRead([nodes], html)[0];

/** The rich text node `read` makes (handed how to hold images among its words) with every image among its words held as read in `html`. */
export function withImagesHeld(read: (prepare: (body: Element) => void) => JSONContent | null, html: string): JSONContent | null {
  const node = read((body) => holdImages(body, true));
  return node?.content ? { ...node, content: withImagesAsRead(node.content, html) } : node;
}

/** A held image, as its rule sees it once its attributes are held. */
export const isHeldImageElement = (element: Element) => element.attributes.length === 1 && element.hasAttribute(HELD_DATA);

export const HeldImage = Node.create({
  name: HELD_IMAGE_NODE,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes: () => ({
    held: heldAttribute(HELD_IMAGE_NAMES),
    // Whether Convert to blocks left it among a block's words, whose rich text closes it as HTML (`>`), as the raw handler's does; never copied (a paste among blocks is converted again).
    closedAsHtml: { default: false, rendered: false },
    // How many figures Convert to blocks left it in among the words of a heading or a cell (one more for each quote around), as the raw handler does: written around it, or around the link it stands in alone (inline-html.ts); never copied either.
    figures: { default: 0, rendered: false },
  }),
  // Before the image block's own rule for `img[src]`.
  parseHTML: () => [{ tag: `img[${HELD_DATA}]`, priority: 60 }],
  renderHTML: ({ HTMLAttributes }) => ['img', HTMLAttributes],
});
