// Files dropped or pasted in the post, once uploaded, become blocks where they landed, as in the
// block editor: images alone make one image block, several a gallery, and dropped on a gallery
// they join it between the images nearest the drop; with any other file among them, each file
// makes the block of its kind (image, audio, video, else a file block), in the order dropped.
// Dropped inside the words of a paragraph, a heading, a verse or preformatted text, a quote's
// paragraph or a list item, they split it there and stand between its two halves (the second of
// the same kind, as Enter makes it; a list becomes two lists, a quote holds them between its
// paragraph's halves); at its start or end, before or after it. The first new block is selected,
// so its settings are at hand.
import { getAttributesFromExtensions, getSplittedAttributes, resolveExtensions, type ExtensionAttribute } from '@tiptap/core';
import type { Node as PmNode, ResolvedPos } from '@tiptap/pm/model';
import { NodeSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import type { MediaItem } from '../../shared/site-types.ts';
import { markupToDoc } from '../blocks/block-markup.ts';
import { editorExtensions } from '../blocks/extensions.ts';
import { galleryDropPoint, galleryMarkup, isGallery } from '../blocks/gallery.ts';
import { PREFORMATTED_NODE } from '../blocks/preformatted-block.ts';
import { QUOTE_NODE } from '../blocks/quote-block.ts';
import { HEADING_NODE } from '../blocks/heading-block.ts';
import { PARAGRAPH_NODE } from '../blocks/paragraph-block.ts';
import { BULLET_LIST_NODE, ORDERED_LIST_NODE } from '../blocks/list-block.ts';
import { pickedImageMarkup } from '../blocks/image-block.ts';
import { audioMarkup } from '../blocks/audio-block.ts';
import { videoMarkup } from '../blocks/video-block.ts';
import { fileMarkup } from '../blocks/file-block.ts';

/** Parents whose children are blocks the new one can stand among (a quote holds blocks, an image too, as in the block editor). */
const BLOCK_PARENTS = new Set(['doc', 'blockContainer', QUOTE_NODE]);
/** Blocks of text a drop inside splits, the files between the halves: a list splits into two lists (a list item holds no image). */
const SPLIT_AT_DROP = new Set([PARAGRAPH_NODE, HEADING_NODE, PREFORMATTED_NODE, BULLET_LIST_NODE, ORDERED_LIST_NODE]);

const isImage = (item: MediaItem) => item.mime_type.startsWith('image/');

/** The block a file makes by its kind, as the block editor's file transform chooses it. */
function blockOfKind(item: MediaItem): string {
  if (isImage(item)) return pickedImageMarkup(item);
  if (item.mime_type.startsWith('audio/')) return audioMarkup(item);
  if (item.mime_type.startsWith('video/')) return videoMarkup(item);
  return fileMarkup(item);
}

/** `position` moved out of the nodes (deeper than `depth`) it stands at the start or end of: a drop at the start of a list's first item is before the list. */
function outward(doc: PmNode, position: number, depth: number): ResolvedPos {
  let $at = doc.resolve(position);
  while ($at.depth > depth && ($at.pos === $at.start() || $at.pos === $at.end())) $at = doc.resolve($at.pos === $at.start() ? $at.before() : $at.after());
  return $at;
}

/**
 * Where a new block goes at `position`: in place of an empty paragraph there; between the halves
 * of a block of text dropped inside it (`split`: how many levels are split there first); else at
 * the edge of its block nearest the drop. A container's own parts (a caption) and a gallery's
 * images are no place for it.
 */
function placeFor(doc: PmNode, position: number): { from: number; to: number; split: number } {
  const $position = doc.resolve(Math.max(0, Math.min(position, doc.content.size)));
  for (let depth = $position.depth; depth > 0; depth -= 1) {
    const [parent, block] = [$position.node(depth - 1), $position.node(depth)];
    if (!BLOCK_PARENTS.has(parent.type.name) || isGallery(parent) || !block.type.isInGroup('block')) continue;
    const [before, after] = [$position.before(depth), $position.after(depth)];
    if (block.type.name === PARAGRAPH_NODE && block.content.size === 0) return { from: before, to: after, split: 0 };
    const $at = SPLIT_AT_DROP.has(block.type.name) ? outward(doc, $position.pos, depth - 1) : null;
    if ($at && $at.depth >= depth) return { from: $at.pos, to: $at.pos, split: $at.depth - depth + 1 };
    const edge = $at ? $at.pos : position - before < after - position ? before : after;
    return { from: edge, to: edge, split: 0 };
  }
  return { from: $position.pos, to: $position.pos, split: 0 };
}

let extensionAttributes: ExtensionAttribute[] | null = null;

/** A node's attributes its second half keeps when split (its look, not what it remembers of the markup read), as Enter splits it. */
function attributesAfterSplit(node: PmNode): Record<string, unknown> {
  extensionAttributes ??= getAttributesFromExtensions(resolveExtensions(editorExtensions));
  return getSplittedAttributes(extensionAttributes, node.type.name, node.attrs);
}

/** The block of text at `position` split there, `levels` deep (a heading's second half a heading, a list's a list): the position between its two halves. */
function splitText(tr: Transaction, position: number, levels: number): number {
  const $at = tr.doc.resolve(position);
  const typesAfter = Array.from({ length: levels }, (_, index) => {
    const node = $at.node($at.depth - levels + 1 + index);
    return { type: node.type, attrs: attributesAfterSplit(node) };
  });
  tr.split(position, levels, typesAfter);
  return position + levels;
}

/** The change that puts the uploaded files at `position` (null when there are none), with the first new block selected. */
export function placeDroppedFiles(state: EditorState, position: number, items: readonly MediaItem[]): Transaction | null {
  if (items.length === 0) return null;
  const nodesOf = (markup: string) => (markupToDoc(markup).content ?? []).map((json) => state.schema.nodeFromJSON(json));
  const allImages = items.every(isImage);
  const inGallery = allImages ? galleryDropPoint(state.doc, position) : null;
  const place = inGallery !== null ? { from: inGallery, to: inGallery, split: 0 } : placeFor(state.doc, position);
  const markup = inGallery !== null || !allImages || items.length === 1 ? items.map(blockOfKind) : [galleryMarkup(items)];
  const tr = state.tr;
  const from = place.split > 0 ? splitText(tr, place.from, place.split) : place.from;
  tr.replaceWith(from, place.split > 0 ? from : place.to, markup.flatMap(nodesOf));
  return tr.setSelection(NodeSelection.create(tr.doc, from)).scrollIntoView();
}
