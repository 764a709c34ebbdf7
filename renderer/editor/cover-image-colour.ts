// The average colour of a cover's image as the editor shows it, or of an image picked for a new
// cover, which the block editor judges a cover's darkness over (its getMediaColor, with
// fast-average-color): white when the cover has no image, or while it has not loaded or cannot be
// read, as there.
import type { Editor } from '@tiptap/react';
import { FastAverageColor } from 'fast-average-color';
import { NO_IMAGE_COLOUR } from '../blocks/cover-overlay.ts';

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
