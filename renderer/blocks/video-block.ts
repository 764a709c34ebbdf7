// The video block (`core/video`): its player held as read, its caption rich text edited in place
// (rich-blocks.ts); its file replaced from the media library (media-blocks.ts). A new one is made
// around a video picked first.
import type { MediaItem } from '../../shared/site-types.ts';
import { newBlockMarkup, type BlockDefinition } from './block-definition.ts';
import { escapeAttribute } from './inline-html.ts';
import { captionedMedia, richBlockReader } from './rich-blocks.ts';
import { captionElement, pickedCaption } from './picked-caption.ts';
import { COVER_BLOCK, coverOfVideo } from './cover-block.ts';
import { withProtocol } from './media-placeholder.ts';

export const VIDEO_BLOCK = 'core/video';

/** A video block as the block editor saves one for a picked file, with the file's caption. */
export function videoMarkup(item: MediaItem): string {
  return newBlockMarkup('video', `<figure class="wp-block-video"><video controls src="${escapeAttribute(item.source_url)}"></video>${captionElement(pickedCaption(item, 'video'))}</figure>`, { id: item.id });
}

export const videoBlock: BlockDefinition = {
  readers: { [VIDEO_BLOCK]: richBlockReader(captionedMedia('video')) },
  inserter: [{ title: 'Video', keywords: 'movie film', after: 'Audio', picked: { media: 'video', markup: videoMarkup, empty: newBlockMarkup('video', '<figure class="wp-block-video"></figure>'), fromUrl: (url) => newBlockMarkup('video', `<figure class="wp-block-video"><video controls src="${escapeAttribute(withProtocol(url))}"></video></figure>`), embeds: { when: 'at once', address: withProtocol } } }],
  media: { [VIDEO_BLOCK]: 'video' },
  transforms: { [VIDEO_BLOCK]: [{ to: COVER_BLOCK, title: 'Cover', make: coverOfVideo, carriesAnchor: true }] },
};
