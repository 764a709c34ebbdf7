// What an image block's Replace sets, as the block editor's onSelectImage: the picked item's file at
// the block's size (or the large one), its alt text as it is (pickRelevantMediaFiles takes
// `media.alt`, so an item without one leaves the image without), and its caption where it has one
// (the block's own kept otherwise); the figure held from the markup was the old image's, so it goes.
import type { MediaItem } from '../../shared/site-types.ts';
import { pickedImage } from '../media/media-item.ts';
import { pickedCaption } from '../blocks/picked-caption.ts';

export function replacedImage(picked: MediaItem, sizeSlug: string, href: string): Record<string, unknown> {
  const caption = pickedCaption(picked, 'image');
  return { ...pickedImage(picked, sizeSlug || 'large'), alt: picked.alt_text, ...(caption ? { caption } : {}), href, heldHtml: null, blockAttributes: null };
}
