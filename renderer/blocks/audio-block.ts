// The audio block (`core/audio`): its player held as read, its caption rich text edited in place
// (rich-blocks.ts); its file replaced from the media library (media-blocks.ts), or picked for one
// without a file (an older form's migration, older-audio.ts). A new one is made around an audio
// file picked first.
import type { MediaItem } from '../../shared/site-types.ts';
import { newBlockMarkup, type BlockDefinition } from './block-definition.ts';
import { escapeAttribute } from './inline-html.ts';
import { captionedMedia, orWithoutFile, richBlockReader } from './rich-blocks.ts';
import { captionElement, pickedCaption } from './picked-caption.ts';

export const AUDIO_BLOCK = 'core/audio';

/** An audio block as the block editor saves one for a picked file, with the file's caption. */
export function audioMarkup(item: MediaItem): string {
  return newBlockMarkup('audio', `<figure class="wp-block-audio"><audio controls src="${escapeAttribute(item.source_url)}"></audio>${captionElement(pickedCaption(item, 'audio'))}</figure>`, { id: item.id });
}

export const audioBlock: BlockDefinition = {
  readers: { [AUDIO_BLOCK]: richBlockReader(orWithoutFile(captionedMedia('audio'))) },
  inserter: [{ title: 'Audio', keywords: 'sound music podcast', after: 'File', picked: { media: 'audio', markup: audioMarkup, empty: '<!-- wp:audio /-->', fromUrl: (url) => newBlockMarkup('audio', `<figure class="wp-block-audio"><audio controls src="${escapeAttribute(url)}"></audio></figure>`), embeds: { when: 'at once', address: (url) => url } } }],
  media: { [AUDIO_BLOCK]: 'audio' },
};
