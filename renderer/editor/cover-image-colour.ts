// The average colour of a cover's image as the editor shows it, or of an image picked for a new
// cover, which the block editor judges a cover's darkness over (its getMediaColor, with
// fast-average-color): white when the cover has no image, or while it has not loaded or cannot be
// read, as there. A new cover is put in at once and takes its image's colour when read.
import type { Editor } from '@tiptap/react';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { MediaItem } from '../../shared/site-types.ts';
import { markupToDoc } from '../blocks/block-markup.ts';
import { insertMarkup } from './create-block.ts';
import { FastAverageColor } from 'fast-average-color';
import { COVER_BLOCK, NO_IMAGE_COLOUR, coverFromImage } from '../blocks/cover-block.ts';

const averages = new FastAverageColor();

export function coverImageColour(editor: Editor, position: number): string {
  const cover = editor.view.nodeDOM(position);
  const image = cover instanceof HTMLElement ? cover.querySelector<HTMLImageElement>(':scope > .held-media img') : null;
  if (!image?.complete || image.naturalWidth === 0) return NO_IMAGE_COLOUR;
  return averages.getColor(image, { defaultColor: [255, 255, 255, 255], silent: true }).hex;
}

/** The average colour of the image at `url` (loaded for it), white when it cannot be read. */
export async function imageAverageColour(url: string): Promise<string> {
  try {
    return (await averages.getColorAsync(url, { defaultColor: [255, 255, 255, 255], silent: true })).hex;
  } catch {
    return NO_IMAGE_COLOUR;
  }
}

/** A cover made from `item` still over the white it is made with while its image's colour is read (and no colour of the writer's). */
function awaitsColour(node: PmNode, item: MediaItem): boolean {
  const attributes = (node.attrs.blockAttributes ?? {}) as Record<string, unknown>;
  return node.type.name === 'blockContainer' && node.attrs.name === COVER_BLOCK && attributes.id === item.id && attributes.customOverlayColor === NO_IMAGE_COLOUR && attributes.isUserOverlayColor === false;
}

/**
 * A cover made from the image `item`, put in at once where the writer is, then given its image's
 * average colour once read (`colour`): whatever the writer typed or moved meanwhile stays as it
 * is, the cover found where it now stands; the colour is part of the insertion's undo step.
 */
export function insertCoverFromImage(editor: Editor, item: MediaItem, colour: Promise<string> = imageAverageColour(item.source_url)): Promise<void> {
  insertMarkup(editor, coverFromImage(item));
  return colour.then((read) => {
    if (read === NO_IMAGE_COLOUR || editor.isDestroyed) return;
    const made = editor.schema.nodeFromJSON(markupToDoc(coverFromImage(item, read)).content?.[0] ?? {});
    const { name, blockAttributes, opening, closing } = made.attrs;
    const { tr } = editor.state;
    tr.doc.descendants((node, position) => {
      // Written anew from its attributes: it is no longer the markup it was made as.
      if (awaitsColour(node, item)) tr.setNodeMarkup(position, undefined, { ...node.attrs, name, blockAttributes, opening, closing, source: null, canonical: null });
      return node.isBlock;
    });
    if (tr.docChanged) editor.view.dispatch(tr.setMeta('addToHistory', false));
  });
}
