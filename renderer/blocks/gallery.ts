// Images added to a gallery: an image picked while a gallery's image is selected, or while the
// caret is in the gallery's caption, goes into the gallery (after that image, or last), as
// the block editor adds images to a gallery, instead of replacing the selected image.
import { NodeSelection, type EditorState } from '@tiptap/pm/state';

const isGallery = (node: { type: { name: string }; attrs: Record<string, unknown> }) => node.type.name === 'blockContainer' && node.attrs.name === 'core/gallery';

/** Where in a gallery an image picked now goes, or null when the selection is not in a gallery. */
export function galleryInsertion(state: EditorState): number | null {
  const { selection } = state;
  const { $from } = selection;
  if (selection instanceof NodeSelection && isGallery($from.parent)) return selection.to;
  // The caret in the caption: before the caption, after the last image.
  if ($from.parent.type.name === 'captionPart' && $from.depth > 1 && isGallery($from.node($from.depth - 1))) return $from.before($from.depth);
  return null;
}
