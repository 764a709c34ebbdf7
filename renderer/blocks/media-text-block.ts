// The media & text block (`core/media-text`): a block container whose media (an image or a video)
// stands beside its blocks, its own HTML held as read. Its image is replaced from the library, its
// alt text and side set, from the media bar (media-blocks.ts, renderer/editor/MediaControls.tsx);
// its colours from the block's toolbar. A new one is made around an image picked first. Its older
// forms: older-media-text.ts.
import type { MediaItem } from '../../shared/site-types.ts';
import { newBlockMarkup, type BlockDefinition } from './block-definition.ts';
import { newParagraph } from './paragraph-block.ts';
import { escapeAttribute } from './inline-html.ts';

export const MEDIA_TEXT_BLOCK = 'core/media-text';

/** Its block type's template, which the block editor fills one holding no block with: an empty paragraph showing "Content…". */
const MEDIA_TEXT_TEMPLATE = newParagraph('<p></p>', { placeholder: 'Content…' });

/** A media & text block as the block editor saves one for a picked image, its template beside it. */
function mediaTextMarkup(item: MediaItem): string {
  return newBlockMarkup(
    'media-text',
    `<div class="wp-block-media-text is-stacked-on-mobile"><figure class="wp-block-media-text__media"><img src="${escapeAttribute(item.source_url)}" alt="${escapeAttribute(item.alt_text)}" class="wp-image-${item.id} size-full"/></figure><div class="wp-block-media-text__content">${MEDIA_TEXT_TEMPLATE}</div></div>`,
    { mediaId: item.id, mediaType: 'image' },
  );
}

export const mediaTextBlock: BlockDefinition = {
  containers: [MEDIA_TEXT_BLOCK],
  nesting: { [MEDIA_TEXT_BLOCK]: { standsEmpty: true, template: MEDIA_TEXT_TEMPLATE } },
  inserter: [{ title: 'Media & text', keywords: 'image side by side media text', after: 'Cover', picked: { media: 'image', markup: mediaTextMarkup } }],
  colours: { [MEDIA_TEXT_BLOCK]: { title: 'Media & text', text: true, link: true } },
};
