// Files dropped or pasted in the post, once uploaded, become blocks where they landed, as in the
// block editor: images alone make one image block, several a gallery, and dropped on a gallery
// they join it between the images nearest the drop; with any other file among them, each file
// makes the block of its kind (image, audio, video, else a file block), in the order dropped.
// Dropped inside a paragraph's words, they split it there and stand between its two halves (the
// second a new paragraph, as Enter makes it); at its start or end, before or after it. The first
// new block is selected, so its settings are at hand.
import { getAttributesFromExtensions, getSplittedAttributes, resolveExtensions, type ExtensionAttribute } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import type { MediaItem } from '../../shared/site-types.ts';
import { markupToDoc } from '../blocks/block-markup.ts';
import { editorExtensions } from '../blocks/extensions.ts';
import { galleryDropPoint, isGallery } from '../blocks/gallery.ts';
import { audioBlock, fileBlock, galleryMarkup, imageBlock, videoBlock } from './block-catalogue.ts';

/** Parents whose children are blocks the new one can stand among. */
const BLOCK_PARENTS = new Set(['doc', 'blockContainer']);

const isImage = (item: MediaItem) => item.mime_type.startsWith('image/');

/** The block a file makes by its kind, as the block editor's file transform chooses it. */
function blockOfKind(item: MediaItem): string {
  if (isImage(item)) return imageBlock(item);
  if (item.mime_type.startsWith('audio/')) return audioBlock(item);
  if (item.mime_type.startsWith('video/')) return videoBlock(item);
  return fileBlock(item);
}

/**
 * Where a new block goes at `position`: in place of an empty paragraph there; between the halves
 * of a paragraph dropped inside its words (`split`: the paragraph is split there first); else at
 * the edge of its block nearest the drop. A container's own parts (a caption) and a gallery's
 * images are no place for it.
 */
function placeFor(doc: PmNode, position: number): { from: number; to: number; split: boolean } {
  const $position = doc.resolve(Math.max(0, Math.min(position, doc.content.size)));
  for (let depth = $position.depth; depth > 0; depth -= 1) {
    const [parent, block] = [$position.node(depth - 1), $position.node(depth)];
    if (!BLOCK_PARENTS.has(parent.type.name) || isGallery(parent) || !block.type.isInGroup('block')) continue;
    const [before, after] = [$position.before(depth), $position.after(depth)];
    if (block.type.name === 'paragraph' && block.content.size === 0) return { from: before, to: after, split: false };
    const inWords = block.type.name === 'paragraph' && depth === $position.depth && position > before + 1 && position < after - 1;
    if (inWords) return { from: position, to: position, split: true };
    const edge = position - before < after - position ? before : after;
    return { from: edge, to: edge, split: false };
  }
  return { from: $position.pos, to: $position.pos, split: false };
}

let extensionAttributes: ExtensionAttribute[] | null = null;

/** A paragraph's attributes its second half keeps when split (its look, not what it remembers of the markup read), as Enter splits it. */
function attributesAfterSplit(paragraph: PmNode): Record<string, unknown> {
  extensionAttributes ??= getAttributesFromExtensions(resolveExtensions(editorExtensions));
  return getSplittedAttributes(extensionAttributes, paragraph.type.name, paragraph.attrs);
}

/** The paragraph at `position` split there: the position between its two halves. */
function splitParagraph(tr: Transaction, position: number): number {
  const paragraph = tr.doc.resolve(position).parent;
  tr.split(position, 1, [{ type: paragraph.type, attrs: attributesAfterSplit(paragraph) }]);
  return position + 1;
}

/** The change that puts the uploaded files at `position` (null when there are none), with the first new block selected. */
export function placeDroppedFiles(state: EditorState, position: number, items: readonly MediaItem[]): Transaction | null {
  if (items.length === 0) return null;
  const nodesOf = (markup: string) => (markupToDoc(markup).content ?? []).map((json) => state.schema.nodeFromJSON(json));
  const allImages = items.every(isImage);
  const inGallery = allImages ? galleryDropPoint(state.doc, position) : null;
  const place = inGallery !== null ? { from: inGallery, to: inGallery, split: false } : placeFor(state.doc, position);
  const markup = inGallery !== null || !allImages || items.length === 1 ? items.map(blockOfKind) : [galleryMarkup(items)];
  const tr = state.tr;
  const from = place.split ? splitParagraph(tr, place.from) : place.from;
  tr.replaceWith(from, place.split ? from : place.to, markup.flatMap(nodesOf));
  return tr.setSelection(NodeSelection.create(tr.doc, from)).scrollIntoView();
}
