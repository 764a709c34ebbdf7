// The caption a media block takes from a library item picked for it (a new block's, or its
// Replace's), as the block editor's image, audio and video blocks set it from `media.caption`, the
// item's caption as written: an image's line breaks become `<br>` (onSelectImage), an audio's or a
// video's is taken as it is (onSelectAudio, onSelectVideo).
import type { MediaItem } from '../../shared/site-types.ts';

export function pickedCaption(item: MediaItem, kind: 'image' | 'audio' | 'video'): string {
  const caption = item.caption?.raw ?? '';
  return kind === 'image' ? caption.replace(/\n/g, '<br>') : caption;
}

/** A new block's caption element after its media, none for an empty caption (as the block editor leaves one out). */
export const captionElement = (caption: string): string => (caption ? `<figcaption class="wp-element-caption">${caption}</figcaption>` : '');
