// A cover's or media & text's image replaced by a video, or its video by an image, as the block
// editor's Replace (its onSelectMedia) does, written as its save writes the other element.
// A cover: the video as its looping muted background, `backgroundType: "video"` (an image is the
// default, left out), no focal point, parallax or featured image; an image that was its media
// leaves `sizeSlug` "full" (the block editor's default size, which a video has none of), and the
// overlay, unless the writer chose it (`isUserOverlayColor`, then written false), takes the new
// media's average colour (white for a video), judging the cover dark or light over it.
// Media & text: the video with controls (or the image, at its large size when it has one, as
// the block editor takes it), `mediaType`, `mediaLink` the item's attachment page, no focal point.
// Only the forms the block editor saves now are switched: a cover with a parallax or repeated
// background, or a media & text whose image fills its column or is a link, keeps its kind.
import { withAttribute, withClasses } from './block-align.ts';
import { COVER_BLOCK, NO_IMAGE_COLOUR, compositeIsDark } from './cover-block.ts';
import { MEDIA_TEXT_BLOCK } from './media-text-block.ts';
import { escapeAttribute } from './inline-html.ts';
import { DEFAULT_PALETTE } from './site-presets.ts';
import { COVER_ATTRIBUTES } from './cover-save.ts';

type Attributes = Record<string, unknown>;

/** What a block takes in place of its media: the picked item's id, address (an image's large size's, when it has one), alt text, attachment page and kind. */
export interface SwitchedTo {
  id: number;
  url: string;
  largeUrl?: string;
  alt: string;
  link: string;
  kind: 'image' | 'video';
}

/** The block's held HTML (around its blocks) and attributes after the switch. */
export interface Switched { opening: string; closing: string; blockAttributes: Attributes }

const COVER_IMAGE = /<img class="wp-block-cover__image-background[^"]*"[^>]*\/>/;
const COVER_VIDEO = /<video class="wp-block-cover__video-background[^"]*"[^>]*><\/video>/;
const MEDIA_TEXT_MEDIA = /(<figure class="wp-block-media-text__media">)(<img [^>]*\/>|<video controls src="[^"]*"><\/video>)(<\/figure>)/;

const MEDIA_TEXT_ORDER = ['align', 'mediaAlt', 'mediaPosition', 'mediaId', 'mediaUrl', 'mediaLink', 'linkDestination', 'linkTarget', 'href', 'rel', 'linkClass', 'mediaType', 'mediaWidth', 'mediaSizeSlug', 'isStackedOnMobile', 'verticalAlignment', 'imageFill', 'focalPoint', 'useFeaturedImage'];
const SUPPORTS = ['backgroundColor', 'textColor', 'gradient', 'fontFamily', 'fontSize', 'lock', 'allowedBlocks', 'anchor', 'className', 'borderColor', 'style', 'layout', 'metadata'];
/** The attributes with `name` the `value` (undefined: removed), in its declared place among `order`. */
const placed = (order: readonly string[]) => (attributes: Attributes, name: string, value: unknown) => {
  const later = [...order.slice(order.indexOf(name) + 1), ...SUPPORTS];
  if (value === undefined) return withAttribute(attributes, name, undefined);
  // withAttribute leaves out '' and false: a value the block editor writes as it is goes in by hand.
  const entries = Object.entries(withAttribute(attributes, name, 'placeholder', later));
  return Object.fromEntries(entries.map(([key, held]) => [key, key === name ? value : held]));
};
// The cover's attributes in the order the block editor writes them (cover-save.ts, checked against it).
const setCover = placed(COVER_ATTRIBUTES);
const setMediaText = placed(MEDIA_TEXT_ORDER);

/** The kinds of media a block takes in place of its own: an image or a video where it can switch, else its own kind. */
export function switchableKinds(name: string, attributes: Attributes, held: string): readonly ('image' | 'video')[] | null {
  if (name === COVER_BLOCK) return !attributes.hasParallax && !attributes.isRepeated && (COVER_IMAGE.test(held) || COVER_VIDEO.test(held)) ? ['image', 'video'] : null;
  if (name === MEDIA_TEXT_BLOCK) return !attributes.imageFill && !attributes.href && MEDIA_TEXT_MEDIA.test(held) ? ['image', 'video'] : null;
  return null;
}

/** The overlay span with its colour the custom `colour`, as the block editor's save writes one of the overlay's own (no preset's class). */
const withOverlayColour = (html: string, colour: string) =>
  html.replace(/<span aria-hidden="true" class="wp-block-cover__background[^"]*"[^>]*>/, (span) =>
    withClasses(span.replace(/\sstyle="[^"]*"/, '').replace(/>$/, ` style="background-color:${escapeAttribute(colour)}">`), (classes) => classes.filter((item) => !/^has-[a-z0-9-]+-background-color$/.test(item))));

/** A cover with the picked media, over `imageColour` (the new image's average colour; a video's is white, as the block editor reads none). */
function switchedCover(held: Attributes, opening: string, closing: string, to: SwitchedTo, imageColour: string): Switched {
  const video = to.kind === 'video';
  const element = video
    ? `<video class="wp-block-cover__video-background intrinsic-ignore" autoplay muted loop playsinline src="${escapeAttribute(to.url)}" data-object-fit="cover"></video>`
    : `<img class="wp-block-cover__image-background wp-image-${to.id}${typeof held.sizeSlug === 'string' ? ` size-${held.sizeSlug}` : ''}" alt="${escapeAttribute(to.alt)}" src="${escapeAttribute(to.url)}" data-object-fit="cover"/>`;
  const behind = video ? NO_IMAGE_COLOUR : imageColour;
  const userOverlay = held.isUserOverlayColor === true;
  // The writer's overlay stays: its colour (a custom one, or a preset's by its value) judges the cover over the new media.
  const chosen = typeof held.customOverlayColor === 'string' ? held.customOverlayColor : DEFAULT_PALETTE.find((colour) => colour.slug === held.overlayColor)?.colour;
  const overlay = userOverlay ? chosen : behind;
  const dimRatio = typeof held.dimRatio === 'number' ? held.dimRatio : 100;
  const dark = compositeIsDark(dimRatio, overlay, behind);
  let next = held;
  for (const [name, value] of [
    ['url', to.url], ['id', to.id], ['alt', to.alt || undefined], ['hasParallax', undefined], ['useFeaturedImage', undefined], ['focalPoint', undefined],
    ['backgroundType', video ? 'video' : undefined], ['isUserOverlayColor', userOverlay], ['isDark', dark ? undefined : false],
    ...(userOverlay ? [] : [['overlayColor', undefined], ['customOverlayColor', behind]]),
    // Sized when an image was its media, as the block editor sizes it (its default size, "full", for a video).
    ...(video && COVER_IMAGE.test(opening) ? [['sizeSlug', 'full']] : []),
  ] as [string, unknown][]) next = setCover(next, name, value);
  const media = opening.replace(COVER_IMAGE, element).replace(COVER_VIDEO, element);
  const coloured = userOverlay ? media : withOverlayColour(media, behind);
  const withDarkness = coloured.replace(/^(\s*)(<[a-z][^>]*>)/i, (_whole, space: string, tag: string) => space + withClasses(tag, (classes) => {
    const rest = classes.filter((item) => item !== 'is-light');
    return dark ? rest : [...rest.slice(0, 1), 'is-light', ...rest.slice(1)];
  }));
  return { opening: withDarkness, closing, blockAttributes: next };
}

/** A media & text block with the picked media. */
function switchedMediaText(held: Attributes, opening: string, closing: string, to: SwitchedTo): Switched {
  const video = to.kind === 'video';
  const url = video ? to.url : to.largeUrl ?? to.url;
  const size = typeof held.mediaSizeSlug === 'string' ? held.mediaSizeSlug : 'full';
  const element = video ? `<video controls src="${escapeAttribute(url)}"></video>` : `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(to.alt)}" class="wp-image-${to.id} size-${size}"/>`;
  const swap = (html: string) => html.replace(MEDIA_TEXT_MEDIA, (_whole, open: string, _media: string, close: string) => open + element + close);
  let next = held;
  for (const [name, value] of [['mediaId', to.id], ['mediaLink', to.link || undefined], ['mediaType', to.kind], ['focalPoint', undefined]] as [string, unknown][]) next = setMediaText(next, name, value);
  return { opening: swap(opening), closing: swap(closing), blockAttributes: next };
}

/** The block (`name`, its attributes and held HTML) with its media switched to the other kind; a cover's new image over `imageColour`. */
export function switchedMedia(name: string, held: Attributes, opening: string, closing: string, to: SwitchedTo, imageColour = NO_IMAGE_COLOUR): Switched | null {
  if (!switchableKinds(name, held, opening + closing)) return null;
  return name === COVER_BLOCK ? switchedCover(held, opening, closing, to, imageColour) : switchedMediaText(held, opening, closing, to);
}
