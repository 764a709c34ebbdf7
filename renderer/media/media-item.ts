// How a media item is named and shown: its title, file name, size and preview image.
import type { MediaItem } from '../../shared/site-types.ts';

export function fileNameOf(item: MediaItem): string {
  const last = item.source_url.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last; // not an escape sequence after all
  }
}

/** The title as typed (the rendered one is HTML), else the file name, so every item has a name. */
export function titleOf(item: MediaItem): string {
  return item.title.raw || item.title.rendered || fileNameOf(item) || `Item ${item.id}`;
}

/** The name a library shows: an edited copy says so, since it keeps the original's title. */
export function labelOf(item: MediaItem): string {
  return item.media_details.parent_image ? `${titleOf(item)} (edited copy)` : titleOf(item);
}

export function dimensionsOf(item: MediaItem): string | null {
  const { width, height } = item.media_details;
  return width && height ? `${width}×${height}` : null;
}

/** An uncropped preview: the medium size keeps the whole picture, the thumbnail size is cut square. */
export function previewOf(item: MediaItem): string | null {
  if (item.media_type !== 'image') return null;
  return item.media_details.sizes.medium?.source_url ?? item.source_url;
}

/** An image as an image block shows it at `sizeSlug` (large unless chosen): that size's file, or the full one when the site made no such size. */
export function pickedImage(item: MediaItem, sizeSlug = 'large'): { id: number; src: string; sizeSlug: string } {
  const size = item.media_details.sizes[sizeSlug];
  return size ? { id: item.id, src: size.source_url, sizeSlug } : { id: item.id, src: item.source_url, sizeSlug: 'full' };
}
