// The media & text block (`core/media-text`): a block container whose media (an image or a video)
// stands beside its blocks, its own HTML held as read. Its image is replaced from the library, its
// alt text and side set, from the media bar (media-blocks.ts, renderer/editor/MediaControls.tsx);
// its colours from the block's toolbar. A new one is made around an image or a video chosen in its
// placeholder (media-placeholder.ts). Its older
// forms: older-media-text.ts.
import type { MediaItem } from '../../shared/site-types.ts';
import { attributesOf, madeBlockMarkup, newBlockMarkup, type BlockDefinition } from './block-definition.ts';
import { imageShown, madeImageMarkup, mediaShown } from './image-made.ts';
import { IMAGE_BLOCK } from './image-block.ts';
import { VIDEO_BLOCK } from './video-block.ts';
import { COVER_BLOCK, madeCover } from './cover-block.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { newParagraph } from './paragraph-block.ts';
import { escapeAttribute } from './inline-html.ts';
import { mediaTextAwaitsMedia } from './media-text-awaiting.ts';

export const MEDIA_TEXT_BLOCK = 'core/media-text';

/** Its block type's template, which the block editor fills one holding no block with: an empty paragraph showing "Content…". */
const MEDIA_TEXT_TEMPLATE = newParagraph('<p></p>', { placeholder: 'Content…' });

/**
 * A media & text block as the block editor saves one for a picked image or video (its
 * attributesFromMedia: the item's id and attachment page, an image at its large size when it has
 * one and linked to nothing, the editor's default), its template beside it.
 */
function mediaTextMarkup(item: MediaItem): string {
  const video = item.mime_type.startsWith('video/');
  const media = video
    ? `<video controls src="${escapeAttribute(item.source_url)}"></video>`
    : `<img src="${escapeAttribute(item.media_details?.sizes?.large?.source_url ?? item.source_url)}" alt="${escapeAttribute(item.alt_text)}" class="wp-image-${item.id} size-full"/>`;
  return newBlockMarkup(
    'media-text',
    `<div class="wp-block-media-text is-stacked-on-mobile"><figure class="wp-block-media-text__media">${media}</figure><div class="wp-block-media-text__content">${MEDIA_TEXT_TEMPLATE}</div></div>`,
    { mediaId: item.id, ...(item.link ? { mediaLink: item.link } : {}), ...(video ? {} : { linkDestination: 'none' }), mediaType: video ? 'video' : 'image' },
  );
}

/** Media & text made by the block editor's transforms: the media (its `media` element) beside `inner` (markup; none from an image or a video, whose caption is left behind), in `colours` (its text's and background's, custom). */
const madeMediaText = (attributes: Record<string, unknown>, media: string, inner = '', colours: { text?: string; background?: string } = {}) => {
  const classes = `${colours.text ? ' has-text-color' : ''}${colours.background ? ' has-background' : ''}`;
  const style = [colours.text && `color:${colours.text}`, colours.background && `background-color:${colours.background}`].filter(Boolean).join(';');
  return madeBlockMarkup(MEDIA_TEXT_BLOCK, attributes, `<div class="wp-block-media-text is-stacked-on-mobile${classes}"${style ? ` style="${escapeAttribute(style)}"` : ''}><figure class="wp-block-media-text__media">${media}</figure><div class="wp-block-media-text__content">${inner}</div></div>`);
};

/** An image as media & text shows it: its classes name its media item and full size, only with an item. */
const mediaImage = (url: string, alt: string, id: unknown) => `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt)}"${typeof id === 'number' ? ` class="wp-image-${id} size-full"` : ''}/>`;

/** A cover's attributes its transform to media & text carries in forms not made here yet (its preset colours, gradients, alignment, focal point, featured image, a video). */
const NOT_CARRIED_FROM_COVER = ['overlayColor', 'gradient', 'customGradient', 'textColor', 'align', 'focalPoint', 'useFeaturedImage', 'backgroundType'];

/** A cover of an image turned into media & text of that image beside its blocks, its custom overlay colour the background and its custom text colour kept, as the block editor's transform does. */
function mediaTextOfCover(block: ParsedBlock, source: string): string | null {
  const { url, id, alt, customOverlayColor, style, ...rest } = attributesOf(block);
  const inner = /<div class="wp-block-cover__inner-container">([\s\S]*)<\/div><\/div>\n<!-- \/wp:cover -->$/.exec(source)?.[1];
  if (typeof url !== 'string' || !url || inner === undefined || NOT_CARRIED_FROM_COVER.some((name) => rest[name] !== undefined)) return null;
  const text = (style as { color?: { text?: unknown } } | undefined)?.color?.text;
  const colours = { ...(typeof text === 'string' ? { text } : {}), ...(typeof customOverlayColor === 'string' ? { background: customOverlayColor } : {}) };
  const colourStyle = Object.keys(colours).length > 0 ? { style: { color: { ...(colours.background ? { background: colours.background } : {}), ...(colours.text ? { text: colours.text } : {}) } } } : {};
  return madeMediaText({ ...(typeof id === 'number' ? { mediaId: id } : {}), mediaType: 'image', ...colourStyle }, mediaImage(url, typeof alt === 'string' ? alt : '', id), inner, colours);
}

/** An image turned into media & text, as the block editor's transform from an image does; null for one without an address. */
function mediaTextOfImage(block: ParsedBlock): string | null {
  const shown = imageShown(block);
  const { id } = attributesOf(block);
  if (!shown?.url) return null;
  return madeMediaText({ ...(typeof id === 'number' ? { mediaId: id } : {}), mediaType: 'image' }, mediaImage(shown.url, shown.alt, id));
}

/** A video turned into media & text, as the block editor's transform from a video does; null for one without an address. */
function mediaTextOfVideo(block: ParsedBlock): string | null {
  const shown = mediaShown(block, 'video');
  const { id } = attributesOf(block);
  if (!shown?.url) return null;
  return madeMediaText({ ...(typeof id === 'number' ? { mediaId: id } : {}), mediaType: 'video' }, `<video controls src="${escapeAttribute(shown.url)}"></video>`);
}

/** The markup of the blocks media & text holds, cut from its markup as written, or null when its HTML is not the block editor's. */
export const mediaTextInner = (source: string) => /<div class="wp-block-media-text__content">([\s\S]*)<\/div><\/div>\n<!-- \/wp:media-text -->$/.exec(source)?.[1] ?? null;

/** Media & text's attributes its transform to a cover carries onto the cover (its alignment, colours, focal point, featured image), in forms not made here yet. */
const CARRIED_ONTO_COVER = ['align', 'backgroundColor', 'gradient', 'style', 'textColor', 'focalPoint', 'useFeaturedImage'];

/** Media & text of an image turned into a cover over it holding its blocks, half dimmed, as the block editor's transform does; null for one of a video or carrying more onto the cover. */
function coverOfMediaText(block: ParsedBlock, source: string): string | null {
  const shown = imageShown(block);
  const { mediaId, mediaType, ...rest } = attributesOf(block);
  const inner = mediaTextInner(source);
  if (!shown?.url || mediaType !== 'image' || inner === null || CARRIED_ONTO_COVER.some((name) => rest[name] !== undefined)) return null;
  const id = typeof mediaId === 'number' ? mediaId : null;
  return madeCover(
    { url: shown.url, ...(id !== null ? { id } : {}), ...(shown.alt ? { alt: shown.alt } : {}), dimRatio: 50, align: 'none' },
    `<img class="wp-block-cover__image-background${id !== null ? ` wp-image-${id}` : ''}" alt="${escapeAttribute(shown.alt)}" src="${escapeAttribute(shown.url)}" data-object-fit="cover"/>`,
    inner,
  );
}

/** Media & text of an image turned into that image, as the block editor's transform to an image does (its blocks left behind); null for one of a video. */
function imageOfMediaText(block: ParsedBlock): string | null {
  const shown = imageShown(block);
  const { mediaId, mediaType } = attributesOf(block);
  return shown?.url && mediaType === 'image' ? madeImageMarkup({ url: shown.url, alt: shown.alt, id: mediaId }) : null;
}

export const mediaTextBlock: BlockDefinition = {
  transforms: {
    [IMAGE_BLOCK]: [{ to: MEDIA_TEXT_BLOCK, title: 'Media & text', make: mediaTextOfImage, carriesAnchor: true }],
    [VIDEO_BLOCK]: [{ to: MEDIA_TEXT_BLOCK, title: 'Media & text', make: mediaTextOfVideo, carriesAnchor: true }],
    [COVER_BLOCK]: [{ to: MEDIA_TEXT_BLOCK, title: 'Media & text', make: mediaTextOfCover, carriesAnchor: true }],
    [MEDIA_TEXT_BLOCK]: [{ to: IMAGE_BLOCK, title: 'Image', make: imageOfMediaText, carriesAnchor: true }, { to: COVER_BLOCK, title: 'Cover', make: coverOfMediaText, carriesAnchor: true }],
  },
  containers: [MEDIA_TEXT_BLOCK],
  nesting: { [MEDIA_TEXT_BLOCK]: { standsEmpty: true, template: MEDIA_TEXT_TEMPLATE } },
  inserter: [{ title: 'Media & text', keywords: 'image side by side media text', after: 'Cover', picked: { media: 'image', kinds: ['image', 'video'], markup: mediaTextMarkup, empty: newBlockMarkup('media-text', `<div class="wp-block-media-text is-stacked-on-mobile"><figure class="wp-block-media-text__media"></figure><div class="wp-block-media-text__content">${MEDIA_TEXT_TEMPLATE}</div></div>`), awaitsMedia: (name, opening) => name === MEDIA_TEXT_BLOCK && mediaTextAwaitsMedia(opening) } }],
  colours: { [MEDIA_TEXT_BLOCK]: { title: 'Media & text', text: true, link: true } },
};
