// The media & text block (`core/media-text`): a block container whose media (an image or a video)
// stands beside its blocks, its own HTML held as read. Its image is replaced from the library, its
// alt text and side set, from the media bar (media-blocks.ts, renderer/editor/MediaControls.tsx);
// its colours from the block's toolbar. A new one is made around an image or a video chosen in its
// placeholder (media-placeholder.ts). Its older
// forms: older-media-text.ts.
import type { MediaItem } from '../../shared/site-types.ts';
import { attributesOf, madeBlockMarkup, newBlockMarkup, type BlockDefinition } from './block-definition.ts';
import { imageShown, madeImageMarkup, madeVideoMarkup, mediaShown } from './image-made.ts';
import { IMAGE_BLOCK } from './image-block.ts';
import { VIDEO_BLOCK } from './video-block.ts';
import { COVER_BLOCK, coverVideo, madeCover } from './cover-block.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { newParagraph } from './paragraph-block.ts';
import { escapeAttribute } from './inline-html.ts';
import { mediaTextAwaitsMedia } from './media-text-awaiting.ts';
import { lookClasses } from './text-block-markup.ts';

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

/** The custom colours of a block (its style's: text, background, gradient), as the style engine writes each. */
const COLOUR_CSS: readonly (readonly [name: string, property: string])[] = [['text', 'color'], ['background', 'background-color'], ['gradient', 'background']];

/**
 * Media & text made by the block editor's transforms: the media (its `media` element) beside `inner` (markup; none
 * from an image or a video, whose caption is left behind), its alignment (wide or full), preset colours and custom
 * ones (its style's) written as its save writes them.
 */
const madeMediaText = (attributes: Record<string, unknown>, media: string, inner = '') => {
  const { align, backgroundColor, textColor, gradient, style } = attributes;
  const colours = ((style as { color?: Record<string, unknown> } | undefined)?.color ?? {});
  const css = COLOUR_CSS.flatMap(([name, property]) => (typeof colours[name] === 'string' ? [`${property}:${String(colours[name])}`] : [])).join(';');
  const classes = ['wp-block-media-text', ...(align === 'wide' || align === 'full' ? [`align${align}`] : []), 'is-stacked-on-mobile', ...lookClasses({ backgroundColor, textColor, gradient }, css ? { style: { color: colours }, css, whole: false } : undefined)];
  return madeBlockMarkup(MEDIA_TEXT_BLOCK, attributes, `<div class="${escapeAttribute(classes.join(' '))}"${css ? ` style="${escapeAttribute(css)}"` : ''}><figure class="wp-block-media-text__media">${media}</figure><div class="wp-block-media-text__content">${inner}</div></div>`);
};

/** An image as media & text shows it: its classes name its media item and full size, only with an item. */
const mediaImage = (url: string, alt: string, id: unknown) => `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt)}"${typeof id === 'number' ? ` class="wp-image-${id} size-full"` : ''}/>`;

/** Media & text's media element for its media type and address (none without one, or of another type). */
function mediaElement(mediaType: unknown, url: unknown, alt: string, id: unknown): string {
  if (typeof url !== 'string' || !url) return '';
  if (mediaType === 'video') return `<video controls src="${escapeAttribute(url)}"></video>`;
  return mediaType === 'image' ? mediaImage(url, alt, id) : '';
}

/**
 * A cover turned into media & text of its media beside its blocks, as the block editor's transform does: its
 * alignment, background type, preset colours and featured image carried, its overlay colour the background (its
 * custom gradient instead of a custom overlay colour), its custom text colour kept, its element's tag and focal point
 * left behind.
 */
function mediaTextOfCover(block: ParsedBlock, source: string): string | null {
  const { url, id, alt, align, backgroundType = 'image', overlayColor, customOverlayColor, gradient, customGradient, textColor, useFeaturedImage, style } = attributesOf(block);
  const inner = /<div class="wp-block-cover__inner-container">([\s\S]*)<\/div><\/[^>]+>\n<!-- \/wp:cover -->$/.exec(source)?.[1];
  if (inner === undefined) return null;
  const text = (style as { color?: { text?: unknown } } | undefined)?.color?.text;
  const colours = { ...(customGradient ? { gradient: customGradient } : customOverlayColor ? { background: customOverlayColor } : {}), ...(text ? { text } : {}) };
  const made = { align, mediaId: id, mediaType: backgroundType, useFeaturedImage, backgroundColor: overlayColor, textColor, gradient, style: Object.keys(colours).length > 0 ? { color: colours } : undefined };
  return madeMediaText(Object.fromEntries(Object.entries(made).filter(([, value]) => value !== undefined)), mediaElement(backgroundType, url, typeof alt === 'string' ? alt : '', id), inner);
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

/** The cover's background made of media & text's media: its image (not where the cover shows the featured image instead), its video, or none. */
function coverBackground(url: string | undefined, mediaType: unknown, alt: string, id: number | undefined, useFeaturedImage: unknown): string {
  if (url && mediaType === 'video') return coverVideo(url);
  if (!url || mediaType !== 'image' || useFeaturedImage === true) return '';
  return `<img class="wp-block-cover__image-background${id !== undefined ? ` wp-image-${id}` : ''}" alt="${escapeAttribute(alt)}" src="${escapeAttribute(url)}" data-object-fit="cover"/>`;
}

/**
 * Media & text turned into a cover over its media holding its blocks, as the block editor's transform does: half
 * dimmed over media (else whole), its background colour the overlay's (a custom gradient before a custom colour),
 * its gradient, text colour (a custom one in the cover's style), alignment and featured image carried; null for
 * one setting a focal point (not made here yet).
 */
function coverOfMediaText(block: ParsedBlock, source: string): string | null {
  const { mediaId, mediaType, align = 'none', backgroundColor, gradient, textColor, useFeaturedImage, focalPoint, style } = attributesOf(block);
  const inner = mediaTextInner(source);
  if (inner === null || focalPoint !== undefined) return null;
  const colours = (style as { color?: Record<string, unknown> } | undefined)?.color ?? {};
  const url = mediaUrlOf(block);
  const alt = imageShown(block)?.alt ?? '';
  const id = typeof mediaId === 'number' ? mediaId : undefined;
  const made = {
    url, useFeaturedImage, id, alt: alt || undefined, dimRatio: url || useFeaturedImage ? 50 : undefined, overlayColor: backgroundColor,
    customOverlayColor: colours.gradient ? undefined : colours.background, backgroundType: mediaType === 'image' ? undefined : mediaType, gradient,
    customGradient: colours.gradient || undefined, textColor, align, style: colours.text ? { color: { text: colours.text } } : undefined,
  };
  return madeCover(Object.fromEntries(Object.entries(made).filter(([, value]) => value !== undefined)), coverBackground(url, mediaType, alt, id, useFeaturedImage), inner);
}

/** The address of media & text's media (its image's or video's), or undefined before one is chosen. */
const mediaUrlOf = (block: ParsedBlock) => imageShown(block)?.url || mediaShown(block, 'video')?.url || undefined;

/** Media & text of an image (or of no media yet) turned into that image, as the block editor's transform to an image does (its blocks left behind); null for one of other media. */
function imageOfMediaText(block: ParsedBlock): string | null {
  const { mediaId, mediaType } = attributesOf(block);
  const url = mediaUrlOf(block);
  return url && mediaType !== 'image' ? null : madeImageMarkup({ url, alt: imageShown(block)?.alt ?? '', id: mediaId });
}

/** Media & text of a video (or of no media yet) turned into that video, as the block editor's transform to a video does (its blocks left behind); null for one of other media. */
function videoOfMediaText(block: ParsedBlock): string | null {
  const { mediaId, mediaType } = attributesOf(block);
  const url = mediaUrlOf(block);
  return url && mediaType !== 'video' ? null : madeVideoMarkup(mediaId, url);
}

export const mediaTextBlock: BlockDefinition = {
  transforms: {
    [IMAGE_BLOCK]: [{ to: MEDIA_TEXT_BLOCK, title: 'Media & text', make: mediaTextOfImage, carriesAnchor: true }],
    [VIDEO_BLOCK]: [{ to: MEDIA_TEXT_BLOCK, title: 'Media & text', make: mediaTextOfVideo, carriesAnchor: true }],
    [COVER_BLOCK]: [{ to: MEDIA_TEXT_BLOCK, title: 'Media & text', make: mediaTextOfCover, carriesAnchor: true }],
    [MEDIA_TEXT_BLOCK]: [
      { to: IMAGE_BLOCK, title: 'Image', make: imageOfMediaText, carriesAnchor: true },
      { to: VIDEO_BLOCK, title: 'Video', make: videoOfMediaText, carriesAnchor: true },
      { to: COVER_BLOCK, title: 'Cover', make: coverOfMediaText, carriesAnchor: true },
    ],
  },
  containers: [MEDIA_TEXT_BLOCK],
  nesting: { [MEDIA_TEXT_BLOCK]: { standsEmpty: true, template: MEDIA_TEXT_TEMPLATE } },
  inserter: [{ title: 'Media & text', keywords: 'image side by side media text', after: 'Cover', picked: { media: 'image', kinds: ['image', 'video'], markup: mediaTextMarkup, empty: newBlockMarkup('media-text', `<div class="wp-block-media-text is-stacked-on-mobile"><figure class="wp-block-media-text__media"></figure><div class="wp-block-media-text__content">${MEDIA_TEXT_TEMPLATE}</div></div>`), awaitsMedia: (name, opening) => name === MEDIA_TEXT_BLOCK && mediaTextAwaitsMedia(opening) } }],
  colours: { [MEDIA_TEXT_BLOCK]: { title: 'Media & text', text: true, link: true } },
};
