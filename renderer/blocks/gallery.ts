// Images added to a gallery: an image picked while a gallery's image is selected, or while the
// caret is in the gallery's caption, goes into the gallery (after that image, or last), as
// the block editor adds images to a gallery, instead of replacing the selected image; images
// dropped on a gallery go in where they were dropped.
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, type EditorState } from '@tiptap/pm/state';

export const isGallery = (node: { type: { name: string }; attrs: Record<string, unknown> }) => node.type.name === 'blockContainer' && node.attrs.name === 'core/gallery';

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
