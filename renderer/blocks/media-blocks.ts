// The media of a block whose HTML is held as read: an audio's, a video's or a file's file, a
// cover's background and media & text's media. A cover's or media & text's Replace is the block
// editor's (media-switch.ts: an image or a video, the overlay, size and link as it sets them; a cover
// holding no block gets the editor's empty title, one holding blocks keeps them) where
// their HTML can be written after it; any other replace swaps the old address and media id (and
// media & text's attachment page) for the new ones wherever the block names them (its attributes,
// its HTML, a file's links; an audio or a video block takes the new id even where it had none, a
// file from outside the library, and the picked item's caption in place of its own, and a video
// drops its poster, as the block editor's onSelectAudio and onSelectVideo set them); everything
// else (focal point, overlay, a file's name) stays as read. An audio block without a file is given
// the picked one as the block editor's onSelectAudio gives it (withFirstAudio). A
// cover's and media & text's image alt text, and the side media & text shows its media on, are
// changed the same way.
import type { Node as PmNode } from '@tiptap/pm/model';
import { TextSelection, type EditorState, type Selection, type Transaction } from '@tiptap/pm/state';
import { escapeAttribute } from './inline-html.ts';
import type { MediaKind } from './block-definition.ts';
import { DEFINED_MEDIA } from './defined-blocks.ts';
import { MEDIA_TEXT_BLOCK } from './media-text-block.ts';
import { COVER_BLOCK, COVER_TITLE } from './cover-block.ts';
import { VIDEO_BLOCK } from './video-block.ts';
import { AUDIO_BLOCK } from './audio-block.ts';
import { markupToDoc } from './block-markup.ts';
import { holdsNoFile } from './rich-blocks.ts';
import { richTextContent } from './html-nodes.ts';
import { htmlText } from './kept-attributes.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import { replacedMedia, replacesAsBlockEditor } from './media-switch.ts';
import type { PaletteColour } from './replaced-media.ts';

export interface PickedMedia {
  id: number;
  url: string;
  alt: string;
  mime: string;
  /** The item's attachment page, which media & text names as its media link. */
  link: string;
  /** The item's caption as written (HTML), which an audio or a video block takes as its own. */
  caption: string;
  /** An image's sizes' addresses by slug (a cover keeps its size or takes the large one, media & text takes the large one). */
  sizes?: Readonly<Record<string, string>>;
}

type Attributes = Record<string, unknown>;

const MEDIA_BLOCKS = new Set([...Object.keys(DEFINED_MEDIA), COVER_BLOCK, MEDIA_TEXT_BLOCK]);

/** The media block the selection stands in (the innermost), or null. */
export function mediaBlockAt({ selection }: { selection: Selection }): { position: number; node: PmNode } | null {
  const { $from } = selection;
  const selected = 'node' in selection ? (selection.node as PmNode) : null;
  if (selected && MEDIA_BLOCKS.has(String(selected.attrs.name))) return { position: selection.from, node: selected };
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const node = $from.node(depth);
    if ((node.type.name === 'richBlock' || node.type.name === 'blockContainer') && MEDIA_BLOCKS.has(String(node.attrs.name))) return { position: $from.before(depth), node };
  }
  return null;
}

const blockAttributes = (node: PmNode): Attributes => ({ ...((node.attrs.blockAttributes ?? {}) as Attributes) });

/** The block's own HTML as held: a container's opening and closing, a rich block's HTML around its pieces. */
const heldHtml = (node: PmNode) => (node.type.name === 'blockContainer' ? `${String(node.attrs.opening)}${String(node.attrs.closing)}` : `${String(node.attrs.before)}${String(node.attrs.after)}`);

export function mediaKind(node: PmNode): MediaKind {
  const name = String(node.attrs.name);
  if (Object.hasOwn(DEFINED_MEDIA, name)) return DEFINED_MEDIA[name];
  return /<video[\s>]/.test(heldHtml(node)) ? 'video' : 'image';
}

/** The address and media id the block shows now. */
function currentMedia(node: PmNode): { url: string; id: unknown } {
  const attributes = blockAttributes(node);
  const fromHtml = /<(?:img|video|audio)\s[^>]*?src="([^"]*)"/.exec(heldHtml(node))?.[1]?.replace(/&amp;/g, '&') ?? '';
  const url = typeof attributes.url === 'string' ? attributes.url : typeof attributes.href === 'string' ? attributes.href : fromHtml;
  return { url, id: attributes.id ?? attributes.mediaId };
}

/** Whether the block shows media yet (a cover made of a colour shows none). */
export const showsMedia = (node: PmNode): boolean => currentMedia(node).url !== '';

/** The attributes with one set: in its place when it was there, else after the first of `after` present (or first). */
function withAttribute(attributes: Attributes, name: string, value: unknown, after: string[]): Attributes {
  const entries = Object.entries(attributes).filter(([key]) => key !== name);
  if (value === undefined) return Object.fromEntries(entries);
  const at = Object.keys(attributes).indexOf(name);
  const anchor = after.map((key) => entries.findIndex(([entry]) => entry === key)).find((index) => index >= 0);
  entries.splice(at >= 0 ? at : anchor === undefined ? 0 : anchor + 1, 0, [name, value]);
  return Object.fromEntries(entries);
}

/**
 * The blocks whose Replace sets the picked item's id and caption (the block editor's onSelectAudio
 * and onSelectVideo: `caption: media.caption`, its own caption gone when the item has none), with
 * the attributes their id is written after (their block type's order).
 */
const TAKE_ID_AND_CAPTION: Readonly<Record<string, readonly string[]>> = { [AUDIO_BLOCK]: [], [VIDEO_BLOCK]: ['controls', 'caption', 'autoplay'] };

/** The block's caption (its one piece of rich text) given the picked item's: its HTML read as rich text, or its words where the editor cannot hold that HTML. */
function withCaption(tr: Transaction, position: number, caption: string): Transaction {
  const block = tr.doc.nodeAt(position);
  const part = block?.firstChild;
  if (!block || part?.type.name !== 'richPart') return tr;
  const content = (richTextContent(caption) ?? richTextContent(escapeHtml(htmlText(caption))) ?? []).map((node) => tr.doc.type.schema.nodeFromJSON(node));
  return tr.replaceWith(position + 2, position + 2 + part.content.size, content);
}

/**
 * A video element without its poster: the block editor's video takes the picked item's poster image
 * (onSelectVideo: its `image`, none for an item of the site's media, whose answer has no such field),
 * so the old one goes with the old video.
 */
const withoutPoster = (html: string) => html.replace(/(<video\s[^>]*?)\sposter="[^"]*"/g, '$1');

/** The changes to a block's held HTML and attributes, applied to the node and its pieces' opening tags in one step. */
function changeHeld(tr: Transaction, position: number, node: PmNode, html: (text: string) => string, attributes: (held: Attributes) => Attributes): Transaction {
  const changed = attributes(blockAttributes(node));
  const own = node.type.name === 'blockContainer' ? { opening: html(String(node.attrs.opening)), closing: html(String(node.attrs.closing)) } : { before: html(String(node.attrs.before)), after: html(String(node.attrs.after)) };
  tr.setNodeMarkup(position, undefined, { ...node.attrs, ...own, blockAttributes: Object.keys(changed).length > 0 ? changed : null });
  node.forEach((child, offset) => {
    if (child.type.name === 'richPart') tr.setNodeAttribute(position + 1 + offset, 'open', html(String(child.attrs.open)));
  });
  return tr;
}

/** Whether the block's Replace is the block editor's (media-switch.ts): a cover or media & text whose HTML can be written after it. */
const replacesAsEditor = (node: PmNode) => node.type.name === 'blockContainer' && replacesAsBlockEditor(String(node.attrs.name), blockAttributes(node), String(node.attrs.opening), String(node.attrs.closing));

/** The kinds of file that can stand in the block: an image or a video in a cover or media & text replaced as the block editor replaces it, else its own kind ('file': any). */
export function mediaKinds(node: PmNode): readonly MediaKind[] {
  return replacesAsEditor(node) ? ['image', 'video'] : [mediaKind(node)];
}

/** Whether a picked file can stand in the block (mediaKinds). */
export function mediaFits(node: PmNode, picked: PickedMedia): boolean {
  return mediaKinds(node).some((kind) => kind === 'file' || picked.mime.startsWith(`${kind}/`));
}

/** Whether the picked file is an image taking a cover's media's place as the block editor's Replace: its overlay follows the image's average colour, read first (media & text has no overlay). */
export function needsImageColour(state: EditorState, picked: PickedMedia): boolean {
  const found = mediaBlockAt(state);
  return found !== null && found.node.attrs.name === COVER_BLOCK && picked.mime.startsWith('image/') && replacesAsEditor(found.node);
}

/**
 * Puts the picked file in place of the block's media (and, for an image, its alt text); a cover's
 * or media & text's as the block editor's Replace does, a cover's new image over `imageColour`
 * (its average colour) and its overlay judged with the site's `palette`.
 */
export function replaceMedia(state: EditorState, picked: PickedMedia, imageColour?: string, palette?: readonly PaletteColour[]): Transaction | null {
  const found = mediaBlockAt(state);
  if (!found || !mediaFits(found.node, picked)) return null;
  if (replacesAsEditor(found.node)) {
    const { node, position } = found;
    const kind = picked.mime.startsWith('video/') ? 'video' : 'image';
    const replaced = replacedMedia(String(node.attrs.name), blockAttributes(node), String(node.attrs.opening), String(node.attrs.closing), { ...picked, kind }, imageColour, palette);
    const tr = replaced && state.tr.setNodeMarkup(position, undefined, { ...node.attrs, ...replaced });
    return tr && node.attrs.name === COVER_BLOCK && node.childCount === 0 ? withCoverTitle(tr, position) : tr;
  }
  const { url, id } = currentMedia(found.node);
  if (!url) return holdsNoFile(found.node.toJSON()) ? withFirstAudio(state.tr, found.position, found.node, picked) : null;
  // Media & text names the attachment page too, and may link to it.
  const mediaText = found.node.attrs.name === MEDIA_TEXT_BLOCK;
  const video = found.node.attrs.name === VIDEO_BLOCK;
  const idAfter = Object.hasOwn(TAKE_ID_AND_CAPTION, String(found.node.attrs.name)) ? TAKE_ID_AND_CAPTION[String(found.node.attrs.name)] : undefined;
  const oldLink = blockAttributes(found.node).mediaLink;
  const addresses: [string, string][] = [[url, picked.url], ...(mediaText && typeof oldLink === 'string' && oldLink ? [[oldLink, picked.link] as [string, string]] : [])];
  const swap = (text: string) => {
    const swapped = addresses.reduce((html, [before, after]) => html.split(escapeAttribute(before)).join(escapeAttribute(after)), text);
    const renamed = typeof id === 'number' ? swapped.replace(new RegExp(`\\bwp-image-${id}\\b`, 'g'), `wp-image-${picked.id}`) : swapped;
    return video ? withoutPoster(renamed) : renamed;
  };
  const tr = changeHeld(state.tr, found.position, found.node, swap, (held) => {
    const swapped = Object.fromEntries(Object.entries(held).map(([name, value]) => [name, addresses.find(([before]) => before === value)?.[1] ?? ((name === 'id' || name === 'mediaId') && value === id ? picked.id : value)]));
    if (idAfter) return withAttribute(swapped, 'id', picked.id, [...idAfter]);
    return mediaText ? withAttribute(swapped, 'mediaLink', picked.link || undefined, ['mediaId', 'mediaPosition', 'mediaAlt', 'align']) : swapped;
  });
  if (idAfter) return withCaption(tr, found.position, picked.caption);
  return mediaKind(found.node) === 'image' ? withAlt(tr, picked.alt) : tr;
}

/**
 * An audio block without a file (read from `<!-- wp:audio /-->`) given the picked file, as the block
 * editor's onSelectAudio sets its src, id and caption: its figure as the save writes it (its
 * alignment's and custom class), the id first among its attributes.
 */
function withFirstAudio(tr: Transaction, position: number, node: PmNode, picked: PickedMedia): Transaction {
  const held = blockAttributes(node);
  const classes = ['wp-block-audio', typeof held.align === 'string' ? `align${held.align}` : '', typeof held.className === 'string' ? held.className : ''].filter(Boolean).join(' ');
  const before = `<figure class="${escapeAttribute(classes)}"><audio controls src="${escapeAttribute(picked.url)}"></audio>`;
  tr.setNodeMarkup(position, undefined, { ...node.attrs, before, after: '</figure>', blockAttributes: withAttribute(held, 'id', picked.id, [...TAKE_ID_AND_CAPTION[AUDIO_BLOCK]]) });
  return withCaption(tr, position, picked.caption);
}

/** The cover at `position`, holding no block, given the title the block editor puts in one that gains media (COVER_TITLE), the caret in it; a cover holding blocks keeps them. */
export function withCoverTitle(tr: Transaction, position: number): Transaction {
  const title = tr.doc.type.schema.nodeFromJSON(markupToDoc(COVER_TITLE).content?.[0] ?? {});
  tr.insert(position + 1, title);
  return tr.setSelection(TextSelection.create(tr.doc, position + 2));
}

/** The alt text of a cover's or media & text's image; null when the selection is in no such image. */
export function mediaAlt(state: EditorState): string | null {
  const found = mediaBlockAt(state);
  if (!found || found.node.type.name !== 'blockContainer' || mediaKind(found.node) !== 'image') return null;
  const alt = /<img\s[^>]*?alt="([^"]*)"/.exec(heldHtml(found.node))?.[1];
  return alt === undefined ? null : alt.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Sets the alt text of the image in the block the transaction's selection stands in: in the image, and in a cover's attributes. */
export function withAlt(tr: Transaction, alt: string): Transaction {
  const found = mediaBlockAt(tr);
  if (!found || found.node.type.name !== 'blockContainer') return tr;
  const html = (text: string) => text.replace(/(<img\s[^>]*?alt=")[^"]*"/, `$1${escapeAttribute(alt)}"`);
  // The cover keeps its alt text in its attributes too (left out when empty, the default); media & text only in its image.
  const attributes = (held: Attributes) => (found.node.attrs.name === COVER_BLOCK ? withAttribute(held, 'alt', alt === '' ? undefined : alt, ['id', 'url']) : held);
  return changeHeld(tr, found.position, found.node, html, attributes);
}

/** Which side media & text shows its media on; null when the selection is in no media & text. */
export function mediaOnRight(state: EditorState): boolean | null {
  const found = mediaBlockAt(state);
  return found && found.node.attrs.name === MEDIA_TEXT_BLOCK ? blockAttributes(found.node).mediaPosition === 'right' : null;
}

const MEDIA_FIGURE = /<figure class="wp-block-media-text__media"[\s\S]*?<\/figure>/;
const CONTENT_OPENING = '<div class="wp-block-media-text__content">';

/** Moves media & text's media to the other side: its figure before or after the text, its class, its attribute, and the column widths. */
export function toggleMediaSide(state: EditorState): Transaction | null {
  const found = mediaBlockAt(state);
  if (!found || found.node.attrs.name !== MEDIA_TEXT_BLOCK) return null;
  const opening = String(found.node.attrs.opening);
  const closing = String(found.node.attrs.closing);
  const figure = MEDIA_FIGURE.exec(opening + closing)?.[0];
  if (!figure) return null;
  const right = blockAttributes(found.node).mediaPosition !== 'right';
  const outer = /^<div [^>]*>/.exec(opening)?.[0] ?? '';
  const classes = outer.replace(/ class="wp-block-media-text(?: has-media-on-the-right)?/, ` class="wp-block-media-text${right ? ' has-media-on-the-right' : ''}`);
  // A width other than half: the media's column first, or last.
  const widths = classes.replace(/grid-template-columns:(auto )?([\d.]+%)( auto)?/, (_, __, width: string) => `grid-template-columns:${right ? `auto ${width}` : `${width} auto`}`);
  const attributes = (held: Attributes) => withAttribute(held, 'mediaPosition', right ? 'right' : undefined, ['align']);
  return state.tr.setNodeMarkup(found.position, undefined, {
    ...found.node.attrs,
    opening: right ? `${widths}${CONTENT_OPENING}` : `${widths}${figure}${CONTENT_OPENING}`,
    closing: right ? `</div>${figure}</div>` : '</div></div>',
    blockAttributes: attributes(blockAttributes(found.node)),
  });
}
