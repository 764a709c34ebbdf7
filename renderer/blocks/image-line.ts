// An image of classic content held for attributes the image block has no control for (held-image.ts)
// as Convert to blocks makes it where the block editor's raw handler makes an image block of it:
// alone in its line (linked or not), or aligned by its class among a line's words, which the raw
// handler takes out into its figure before the line. Its image transform keeps the address, the
// text alternative and the title, reads the alignment and the media library's id from its classes,
// a size from a width and height in pixels (the block resized: one of them pinned, the other
// `auto`, their ratio kept) and the link's address, target, relation and class; it drops the rest
// (another class, a size class, a style). One in a list item stays there (item-image.ts).
import type { Mark, Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { HELD_IMAGE_NODE } from './held-image.ts';
import { heldAttributes } from './held-inline.ts';
import { IMAGE_NODE } from './image-block.ts';
import { escapeAttribute } from './inline-html.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';

const ALIGN_CLASS = /^align(left|center|right)$/;
const LIBRARY_CLASS = /^wp-image-(\d+)$/;

/** A width or height the raw handler reads: whole pixels only (`50%` is dropped). */
const pixels = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? `${value}px` : undefined);

/** The image's size as the raw handler resizes the block: the width pinned (else the height), the other `auto`, the ratio of both when both are given. */
function sizeOf(held: ReadonlyMap<string, string>): Record<string, string> {
  const width = pixels(held.get('width'));
  const height = pixels(held.get('height'));
  const ratio = Number.parseInt(width ?? '', 10) / Number.parseInt(height ?? '', 10);
  if (width === undefined && height === undefined) return {};
  return { width: width ?? 'auto', height: width === undefined ? (height as string) : 'auto', ...(ratio > 0 && Number.isFinite(ratio) ? { aspectRatio: String(ratio) } : {}) };
}

/** The image's style as the block's save writes its size. */
const sizeStyle = ({ width, height, aspectRatio }: Record<string, string>) => [aspectRatio && `aspect-ratio:${aspectRatio}`, `width:${width}`, `height:${height}`].filter(Boolean).join(';');

/** A link's opening tag as the block's save writes it (its class as read, address, target, relation; nothing else it holds, no title). */
function linkTag(link: Mark): string {
  const written = { class: new Map(heldAttributes({ attrs: link.attrs })).get('class'), href: link.attrs.href, target: link.attrs.target, rel: link.attrs.rel };
  return `<a${Object.entries(written).filter(([, value]) => value).map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`).join('')}>`;
}

/** The link an image stands in, if that is all it is marked with (undefined: other marks, which the raw handler's figure does not take). */
function onlyLink(image: ProseMirrorNode): Mark | null | undefined {
  if (image.marks.length === 0) return null;
  return image.marks.length === 1 && image.marks[0].type.name === 'link' && image.marks[0].attrs.href ? image.marks[0] : undefined;
}

/** The image block the raw handler makes of a held image (linked at most), or null for any other node. */
export function imageBlockOfImage(image: ProseMirrorNode | null, schema: Schema): ProseMirrorNode | null {
  const link = image?.type.name === HELD_IMAGE_NODE ? onlyLink(image) : undefined;
  if (!image || link === undefined) return null;
  const held = new Map(heldAttributes({ attrs: image.attrs }));
  const classes = (held.get('class') ?? '').split(/\s+/);
  const id = classes.map((name) => LIBRARY_CLASS.exec(name)?.[1]).find(Boolean);
  const size = sizeOf(held);
  const resized = Object.keys(size).length > 0;
  const title = held.get('title');
  // The figure the save writes around what the node's own attributes do not write: the size, the link's other attributes, the title (after the address, text alternative and class).
  const img = `<img src="" alt=""${resized ? ` style="${sizeStyle(size)}"` : ''}${title === undefined ? '' : ` title="${escapeAttribute(title)}"`}/>`;
  return schema.nodes[IMAGE_NODE].create({
    src: held.get('src') ?? '',
    alt: held.get('alt') ?? '',
    id: id === undefined ? null : Number(id),
    align: classes.map((name) => ALIGN_CLASS.exec(name)?.[1]).find(Boolean) ?? '',
    href: link ? String(link.attrs.href) : '',
    linkDestination: link ? 'custom' : '',
    ...(resized ? { blockAttributes: size } : {}),
    heldHtml: `<figure class="wp-block-image${resized ? ' is-resized' : ''}">${link ? `${linkTag(link)}${img}</a>` : img}</figure>`,
  });
}

/** Whether a node of a line is an image the raw handler takes out of the line's words: held, aligned by its class, linked at most. */
function isAligned(image: ProseMirrorNode): boolean {
  if (image.type.name !== HELD_IMAGE_NODE || onlyLink(image) === undefined) return false;
  return (new Map(heldAttributes({ attrs: image.attrs })).get('class') ?? '').split(/\s+/).some((name) => ALIGN_CLASS.test(name));
}

/** Whether the link of a line's node also marks words beside it (the raw handler then leaves the link with the words). */
function sharesLink(line: ProseMirrorNode, index: number): boolean {
  const link = onlyLink(line.child(index));
  return [index - 1, index + 1].some((at) => at >= 0 && at < line.childCount && link != null && link.isInSet(line.child(at).marks));
}

/**
 * A line of classic content as the raw handler takes its images out of it: the image block of an
 * image it holds alone (the line then gone), else the image blocks of its aligned images, in order,
 * and the line without them. Any other node: no images, the node itself.
 */
export function imagesOfLine(line: ProseMirrorNode, schema: Schema): { images: ProseMirrorNode[]; rest: ProseMirrorNode | null } {
  if (line.type.name !== PARAGRAPH_NODE || line.attrs.openingTag != null) return { images: [], rest: line };
  const alone = line.childCount === 1 ? imageBlockOfImage(line.firstChild, schema) : null;
  if (alone) return { images: [alone], rest: null };
  const images: ProseMirrorNode[] = [];
  const words: ProseMirrorNode[] = [];
  line.forEach((child, _offset, index) => {
    const image = isAligned(child) ? imageBlockOfImage(sharesLink(line, index) ? child.mark([]) : child, schema) : null;
    if (image) images.push(image);
    else words.push(child);
  });
  return { images, rest: images.length === 0 ? line : line.type.create(line.attrs, words, line.marks) };
}
