// Images dropped in the post, once uploaded, become blocks where they were dropped, as in the
// block editor: one image an image block, several a gallery; dropped on a gallery, they join it
// between the images nearest the drop. The new block is selected, so its settings are at hand.
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import type { MediaItem } from '../../shared/site-types.ts';
import { markupToDoc } from '../blocks/block-markup.ts';
import { galleryDropPoint } from '../blocks/gallery.ts';
import { galleryMarkup, imageBlock } from './block-catalogue.ts';

/** Parents whose children are blocks the new one can stand among. */
const BLOCK_PARENTS = new Set(['doc', 'blockContainer']);

/** The range a new block takes at `position`: an empty paragraph there, else the edge of its block nearest the drop. */
function placeFor(doc: PmNode, position: number): { from: number; to: number } {
  const $position = doc.resolve(Math.max(0, Math.min(position, doc.content.size)));
  for (let depth = $position.depth; depth > 0; depth -= 1) {
    if (!BLOCK_PARENTS.has($position.node(depth - 1).type.name)) continue;
    const block = $position.node(depth);
    const [before, after] = [$position.before(depth), $position.after(depth)];
    if (block.type.name === 'paragraph' && block.content.size === 0) return { from: before, to: after };
    const edge = position - before < after - position ? before : after;
    return { from: edge, to: edge };
  }
  return { from: $position.pos, to: $position.pos };
}

/** The change that puts the images at `position` (null when there are none), with the new block selected. */
export function placeDroppedImages(state: EditorState, position: number, items: readonly MediaItem[]): Transaction | null {
  if (items.length === 0) return null;
  const nodesOf = (markup: string) => (markupToDoc(markup).content ?? []).map((json) => state.schema.nodeFromJSON(json));
  const inGallery = galleryDropPoint(state.doc, position);
  const { from, to } = inGallery !== null ? { from: inGallery, to: inGallery } : placeFor(state.doc, position);
  const blocks = inGallery !== null ? items.flatMap((item) => nodesOf(imageBlock(item))) : nodesOf(items.length === 1 ? imageBlock(items[0]) : galleryMarkup(items));
  const tr = state.tr.replaceWith(from, to, blocks);
  return tr.setSelection(NodeSelection.create(tr.doc, from)).scrollIntoView();
}
