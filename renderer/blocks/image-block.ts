// The image block (`core/image`): an image from the media library with its alt text, caption (rich
// text), size, alignment and link; a figure read from markup is held and only the chosen parts are
// written into it, so attributes the editor has no control for (width, a style, a link's target)
// stay as they were; a new image starts from the figure the block editor writes. Classic HTML's
// images are read into its node too (html-read-blocks.ts). A new one is made around an image picked
// first. While writing, its controls stand on it (renderer/editor/ImageControls.tsx, which opens the
// shared media picker and image editor).
import Image from '@tiptap/extension-image';
import type { JSONContent } from '@tiptap/core';
import type { MediaItem } from '../../shared/site-types.ts';
import { newBlockMarkup, writesBackExactly, type BlockDefinition, type HtmlReading, type WrittenBlock } from './block-definition.ts';
import { PARAGRAPH_BLOCK_HTML, contentFollows } from './html-rules.ts';
import { holdImages } from './held-image.ts';
import { escapeAttribute } from './inline-html.ts';
import { captionElement, pickedCaption } from './picked-caption.ts';
import { BLOCK_ATTRIBUTES, HELD_HTML, htmlLines } from './kept-attributes.ts';
import { dataAttribute } from './nodes.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { CLASSIC, CLASSIC_ATTRIBUTE, classicTag } from './classic-mark.ts';
import { coverOfImage, imageOfCover, COVER_BLOCK } from './cover-block.ts';
import { withProtocol } from './media-placeholder.ts';

export const IMAGE_BLOCK = 'core/image';
/** The block's node, which the media picker and a gallery insert. */
export const IMAGE_NODE = 'imageBlock';

/** What the writer chooses for an image, as the node holds it. */
export interface ImageChoices {
  id: number | null;
  src: string;
  alt: string;
  /** Rich text, as HTML. */
  caption: string;
  /** '', left, center, right, wide or full. */
  align: string;
  /** One of the site's sizes ('large', 'full' …), or '' when the block names none. */
  sizeSlug: string;
  /** none, media, attachment or custom; '' when the block names none. */
  linkDestination: string;
  /** Where the image links to; '' for no link. */
  href: string;
}

/** The block's comment attributes in the order the block editor writes them; others (class name, style) follow. */
const ATTRIBUTE_ORDER = ['lightbox', 'id', 'width', 'height', 'aspectRatio', 'scale', 'focalPoint', 'sizeSlug', 'linkDestination', 'linkTarget', 'isDecorative', 'align'];

const rank = (name: string) => {
  const index = ATTRIBUTE_ORDER.indexOf(name);
  return index < 0 ? ATTRIBUTE_ORDER.length : index;
};

/** The attributes with `name` set in its place (where it stood, else where the block editor orders it), or left out when `value` is empty. */
export function withBlockAttribute(attributes: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const entries = Object.entries(attributes).filter(([key]) => key !== name);
  if (value === '' || value === null || value === undefined) return Object.fromEntries(entries);
  const at = Object.keys(attributes).indexOf(name);
  const before = entries.findIndex(([key]) => rank(key) > rank(name));
  entries.splice(at >= 0 ? at : before >= 0 ? before : entries.length, 0, [name, value]);
  return Object.fromEntries(entries);
}

/** The figure's classes: the block's own, the alignment, the size, then the rest as they were (a class the writer gave the block, `own`, stays, even one that looks like a size's). */
function figureClasses(classes: string, align: string, sizeSlug: string, own: unknown): string {
  const given = typeof own === 'string' ? own.split(/\s+/) : [];
  const rest = classes.split(/\s+/).filter((name) => name && name !== 'wp-block-image' && (given.includes(name) || (!/^align(?:left|right|center|wide|full)$/.test(name) && !/^size-/.test(name))));
  return ['wp-block-image', align && `align${align}`, sizeSlug && `size-${sizeSlug}`, ...rest].filter(Boolean).join(' ');
}

/** The image element's classes with the media item's class for `id` (or none). */
function imageClasses(classes: string, id: number | null): string {
  const rest = classes.split(/\s+/).filter((name) => name && !/^wp-image-\d+$/.test(name));
  return [...rest, id !== null ? `wp-image-${id}` : ''].filter(Boolean).join(' ');
}

/** An element's opening tag with one attribute set (added after `after` when missing), or removed when `value` is empty and not `kept`. */
function withTagAttribute(tag: string, name: string, value: string, after: string, kept = false): string {
  const present = new RegExp(`\\s${name}="[^"]*"`);
  if (!value && !kept) return tag.replace(present, '');
  const written = ` ${name}="${escapeAttribute(value)}"`;
  if (present.test(tag)) return tag.replace(present, written);
  const anchor = new RegExp(`(\\s${after}="[^"]*")`);
  return anchor.test(tag) ? tag.replace(anchor, `$1${written}`) : tag.replace(/^(<\w+)/, `$1${written}`);
}

const classOf = (tag: string) => /\sclass="([^"]*)"/.exec(tag)?.[1] ?? '';

const isSet = (value: unknown) => value !== undefined && value !== null;

/**
 * The image's style with `height:auto` after a width given without a height, as the block
 * editor saves it now; it once wrote the width alone, and an image read in that form is saved
 * in this one when edited (the untouched block keeps its source).
 */
function withAutoHeight(imageTag: string, attributes: Record<string, unknown>): string {
  if (!isSet(attributes.width) || isSet(attributes.height)) return imageTag;
  return imageTag.replace(/(\sstyle=")([^"]*)"/, (whole, opening: string, style: string) => (/(?:^|;)\s*height:/.test(style) ? whole : `${opening}${style.replace(/;\s*$/, '')};height:auto"`));
}

/** The figure the block editor writes for a new image (its size, link and alignment are written in after). */
export const NEW_FIGURE = '<figure class="wp-block-image"><img src="" alt=""/></figure>';

/** The block's attributes and figure, as the block editor saves an image with these choices. */
function imageFigure(choices: ImageChoices, held: { blockAttributes: Record<string, unknown>; figure: string } | null): { attributes: Record<string, unknown>; figure: string } {
  let attributes = held?.blockAttributes ?? {};
  for (const [name, value] of [['id', choices.id], ['sizeSlug', choices.sizeSlug], ['linkDestination', choices.linkDestination], ['align', choices.align]] as const) {
    attributes = withBlockAttribute(attributes, name, value);
  }
  const parts = /^(<figure[^>]*>)(<a [^>]*>)?(<img [^>]*?)\s*\/?>(?:<\/a>)?(?:<figcaption class="wp-element-caption">[\s\S]*?<\/figcaption>)?<\/figure>$/.exec(held?.figure.trim() ?? NEW_FIGURE);
  if (!parts) throw new Error('An image block is a figure holding an image.');
  const [, figureTag, linkTag, imageTag] = parts;
  // The block editor writes src and alt even when empty.
  let img = withTagAttribute(withAutoHeight(imageTag, attributes), 'src', choices.src, '', true);
  img = withTagAttribute(img, 'alt', choices.alt, 'src', true);
  img = withTagAttribute(img, 'class', imageClasses(classOf(img), choices.id), 'alt');
  // The block editor closes the image as `/>`, with no space before it (older saves wrote ` />` or `>`).
  const image = `${img}/>`;
  const link = choices.href ? withTagAttribute(linkTag ?? '<a>', 'href', choices.href, '') : '';
  const caption = choices.caption ? `<figcaption class="wp-element-caption">${choices.caption}</figcaption>` : '';
  const figure = withTagAttribute(figureTag, 'class', figureClasses(classOf(figureTag), choices.align, choices.sizeSlug, attributes.className), '');
  return { attributes, figure: `${figure}${link ? `${link}${image}</a>` : image}${caption}</figure>` };
}

/** The choices an image node holds. */
function imageChoicesOf(image: JSONContent): ImageChoices {
  const text = (name: string) => String(image.attrs?.[name] ?? '');
  const id: unknown = image.attrs?.id;
  return { id: typeof id === 'number' ? id : null, src: text('src'), alt: text('alt'), caption: text('caption'), align: text('align'), sizeSlug: text('sizeSlug'), linkDestination: text('linkDestination'), href: text('href') };
}

function imageCandidate(block: ParsedBlock, body: HtmlReading['body']): JSONContent | null {
  const img = body(block.innerHTML).querySelector('img');
  if (!img) return null;
  const caption = /<figcaption class="wp-element-caption">([\s\S]*)<\/figcaption>/.exec(block.innerHTML)?.[1] ?? '';
  const id: unknown = block.attrs?.id;
  const text = (name: string) => (typeof block.attrs?.[name] === 'string' ? String(block.attrs[name]) : '');
  const href = img.parentElement?.tagName === 'A' ? (img.parentElement.getAttribute('href') ?? '') : '';
  const choices = { align: text('align'), sizeSlug: text('sizeSlug'), linkDestination: text('linkDestination'), href };
  return { type: IMAGE_NODE, attrs: { id: typeof id === 'number' ? id : null, src: img.getAttribute('src') ?? '', alt: img.getAttribute('alt') ?? '', caption, ...choices } };
}

/** An image block's figure as the block editor writes it: a figure, an image (maybe linked), and maybe a caption. */
const IMAGE_FIGURE = /^\s*<figure [^>]*>(?:<a [^>]*>)?<img [^>]*\/?>(?:<\/a>)?(?:<figcaption class="wp-element-caption">([\s\S]*?)<\/figcaption>)?<\/figure>\s*$/;

/** Whether a caption's HTML is rich text the caption's editor holds, an image among its words held (caption-text.ts). */
function captionFollows(caption: Element): boolean {
  holdImages(caption, true);
  return contentFollows(caption, PARAGRAPH_BLOCK_HTML);
}

/**
 * An image with attributes the editor has no control for (size, alignment, link, width):
 * its figure is held as read, and the alt text and caption the writer edits are written into it.
 */
function readHeldImage(block: ParsedBlock, body: HtmlReading['body']): JSONContent | null {
  const figure = IMAGE_FIGURE.exec(block.innerHTML);
  const image = figure && block.innerBlocks.length === 0 ? imageCandidate(block, body) : null;
  if (!image || (figure?.[1] !== undefined && !captionFollows(body(figure[1])))) return null;
  return { ...image, attrs: { ...image.attrs, blockAttributes: block.attrs, heldHtml: block.innerHTML.trim() } };
}

/** An image of classic content as written there (in the paragraph it stood alone in, if any), or with the address and text alternative the writer chose in its controls. */
function classicImage(written: string, image: JSONContent): string {
  const src = escapeAttribute(String(image.attrs?.src ?? ''));
  const alt = escapeAttribute(String(image.attrs?.alt ?? ''));
  const unchanged = /\ssrc="([^"]*)"/.exec(written)?.[1] === src && (/\salt="([^"]*)"/.exec(written)?.[1] ?? '') === alt;
  return unchanged ? written : written.replace(/<img\s[^>]*>/, () => `<img src="${src}" alt="${alt}" />`);
}

/** The image block: its figure as read (or a new one) with what the writer chose written into it; one of classic content an image without a figure. */
function writeImage(image: JSONContent): WrittenBlock {
  const classic = classicTag(image);
  if (classic) return { name: IMAGE_BLOCK, attributes: {}, html: classicImage(classic, image) };
  const { heldHtml, blockAttributes } = image.attrs ?? {};
  const held = typeof heldHtml === 'string' ? { figure: heldHtml, blockAttributes: (blockAttributes ?? {}) as Record<string, unknown> } : null;
  const { attributes, figure } = imageFigure(imageChoicesOf(image), held);
  return { name: IMAGE_BLOCK, attributes, html: figure };
}

/** The image as the editor writes a new one, else its figure held as read; null keeps it as written. */
function readImage(block: ParsedBlock, _source: string, html: HtmlReading): JSONContent | null {
  const candidate = imageCandidate(block, html.body);
  return candidate && writesBackExactly(block, writeImage(candidate)) ? candidate : readHeldImage(block, html.body);
}

/** An image block as the block editor saves a picked image (large size, no link, its caption). */
export function pickedImageMarkup(item: MediaItem): string {
  return newBlockMarkup('image', `<figure class="wp-block-image size-large"><img src="${escapeAttribute(item.source_url)}" alt="${escapeAttribute(item.alt_text)}" class="wp-image-${item.id}"/>${captionElement(pickedCaption(item, 'image'))}</figure>`, { id: item.id, sizeSlug: 'large', linkDestination: 'none' });
}

/** An image block as the block editor saves one just inserted, before its image is chosen (shown as its placeholder: media-placeholder.ts). */
export const EMPTY_IMAGE = newBlockMarkup('image', '<figure class="wp-block-image"><img alt=""/></figure>');

/** An image block as the block editor saves one given an address in its placeholder (its onSelectURL: no media item, the default size). */
function imageFromUrl(url: string): string {
  return newBlockMarkup('image', `<figure class="wp-block-image size-large"><img src="${escapeAttribute(withProtocol(url))}" alt=""/></figure>`, { sizeSlug: 'large' });
}

const text = (name: string) => dataAttribute(name, '', (value) => value);

/** Images carry their media library id and caption (rich text, as HTML), as the image block saves them, and their block's attributes and figure as read. */
export const LibraryImage = Image.extend({
  name: IMAGE_NODE,
  addAttributes() {
    return {
      ...this.parent?.(),
      id: dataAttribute<number | null>('id', null, (value) => (/^\d+$/.test(value) ? Number(value) : null)),
      caption: text('caption'),
      // The block's alignment: '', left, center, right, wide or full.
      align: text('align'),
      // The block's size (one of the site's), and its link: none, media, attachment or custom, and where to.
      sizeSlug: text('sizeSlug'),
      linkDestination: text('linkDestination'),
      href: text('href'),
      blockAttributes: BLOCK_ATTRIBUTES,
      heldHtml: HELD_HTML,
      [CLASSIC]: CLASSIC_ATTRIBUTE,
    };
  },
  // Its caption's words count, as the reader sees them.
  renderText({ node }) {
    return htmlLines(String(node.attrs.caption));
  },
});

export const imageBlock: BlockDefinition = {
  readers: { [IMAGE_BLOCK]: readImage },
  extensions: [LibraryImage],
  writers: { [IMAGE_NODE]: writeImage },
  inserter: [{ title: 'Image', keywords: 'picture photo', after: 'Quote', picked: { media: 'image', markup: pickedImageMarkup, empty: EMPTY_IMAGE, fromUrl: imageFromUrl, embeds: { when: 'unless an image', address: withProtocol } } }],
  // Declared here, as the cover's module cannot name the image (image-made.ts).
  transforms: {
    [IMAGE_BLOCK]: [{ to: COVER_BLOCK, title: 'Cover', make: coverOfImage, carriesAnchor: true }],
    [COVER_BLOCK]: [{ to: IMAGE_BLOCK, title: 'Image', make: imageOfCover, carriesAnchor: true }],
  },
  described: { [IMAGE_NODE]: () => 'an image' },
  remembersReading: true,
};
