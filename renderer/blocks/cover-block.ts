// The cover block (`core/cover`): a block container whose background (an image or a video) and
// overlay stand behind its blocks, its own HTML held as read; kept when its last block leaves, as
// the block editor keeps it. Its image is replaced and its alt text set from the media bar
// (media-blocks.ts); its overlay and text colours from the block's toolbar (cover-overlay.ts),
// the overlay judged dark or light over its image's colour as the block editor judges it
// (compositeIsDark); aligned left, centre, right, wide or full. A new one is made around an image
// picked first, over that image's average colour (renderer/editor/cover-image-colour.ts), or of a
// palette colour picked in its placeholder (coverFromColour), or showing the post's featured image
// (cover-featured.ts). Its
// older forms: older-cover.ts, older-cover-title.ts.
import { colord } from 'colord';
import type { MediaItem, PaletteColour } from '../../shared/site-types.ts';
import { attributesOf, madeBlockMarkup, newBlockMarkup, type BlockDefinition } from './block-definition.ts';
import { imageShown, madeImageMarkup, mediaShown } from './image-made.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { escapeAttribute } from './inline-html.ts';
import { PARAGRAPH_NAME, newParagraph } from './paragraph-block.ts';
import { styleAttribute } from './style-attribute.ts';

export const COVER_BLOCK = 'core/cover';

/** The colour the block editor takes behind a cover without an image (or whose image's colour cannot be had). */
export const NO_IMAGE_COLOUR = '#FFF';

/** Whether the overlay `overlay` (a CSS colour; none is read as black, as colord reads it), `dimRatio`% opaque over `behind`, is dark: the block editor's compositeIsDark. */
export function compositeIsDark(dimRatio: number, overlay: string | undefined, behind: string): boolean {
  if (overlay === behind || dimRatio === 100) return colord(overlay ?? '').isDark();
  const source = colord(overlay ?? '').alpha(dimRatio / 100).toRgb();
  const under = colord(behind).toRgb();
  // Porter-Duff source over, as the block editor composites them.
  const over = (channel: 'r' | 'g' | 'b') => source[channel] * source.a + under[channel] * under.a * (1 - source.a);
  return colord({ r: over('r'), g: over('g'), b: over('b'), a: source.a + under.a * (1 - source.a) }).isDark();
}

/**
 * The block the block editor puts in a cover that gains a background while it holds none (its
 * scaffoldInnerBlocks, from getInnerBlocksTemplate): an empty title, centred, at the large font
 * size, which every site offers (WordPress's own sizes are there unless a theme replaces them).
 */
export const COVER_TITLE = newParagraph('<p class="has-text-align-center has-large-font-size"></p>', { placeholder: 'Write title…', fontSize: 'large', style: { typography: { textAlign: 'center' } } });

/**
 * The image a new cover shows, as the block editor picks it (its onSelectMedia): the size the
 * editor defaults to (large) when the item has one, else the full image.
 */
function coverImageSize(item: MediaItem): { url: string; sizeSlug: string } {
  const large = item.media_details?.sizes?.large?.source_url;
  return large ? { url: large, sizeSlug: 'large' } : { url: item.source_url, sizeSlug: 'full' };
}

/**
 * A cover made from an image as the block editor makes one (its onSelectMedia): half dimmed, the
 * overlay the image's average colour (`imageColour`; white when it cannot be had, or while it is
 * read: cover-image-colour.ts), not the writer's choice, and judged dark or light by its
 * compositeIsDark (is-light and `isDark: false` when light); the image at the editor's default
 * size; its one block the empty title the editor puts in (COVER_TITLE). A cover's image is its
 * background: no alt text.
 */
export function coverFromImage(item: MediaItem, imageColour = NO_IMAGE_COLOUR): string {
  const dark = compositeIsDark(50, imageColour, imageColour);
  const { url, sizeSlug } = coverImageSize(item);
  return newBlockMarkup(
    'cover',
    `<div class="wp-block-cover${dark ? '' : ' is-light'}"><img class="wp-block-cover__image-background wp-image-${item.id} size-${sizeSlug}" alt="" src="${escapeAttribute(url)}" data-object-fit="cover"/><span aria-hidden="true" class="wp-block-cover__background has-background-dim" style="background-color:${escapeAttribute(imageColour)}"></span><div class="wp-block-cover__inner-container">${COVER_TITLE}</div></div>`,
    { url, id: item.id, dimRatio: 50, customOverlayColor: imageColour, isUserOverlayColor: false, ...(dark ? {} : { isDark: false }), sizeSlug },
  );
}

/**
 * A cover made from a video as the block editor's onSelectMedia makes one over no media: half
 * dimmed, over the white it judges a video's colour (light), the video its background, the empty
 * title in it (COVER_TITLE).
 */
function coverFromVideo(item: MediaItem): string {
  return newBlockMarkup(
    'cover',
    `<div class="wp-block-cover is-light"><video class="wp-block-cover__video-background intrinsic-ignore" autoplay muted loop playsinline src="${escapeAttribute(item.source_url)}" data-object-fit="cover"></video><span aria-hidden="true" class="wp-block-cover__background has-background-dim" style="background-color:${NO_IMAGE_COLOUR}"></span><div class="wp-block-cover__inner-container">${COVER_TITLE}</div></div>`,
    { url: item.source_url, id: item.id, dimRatio: 50, customOverlayColor: NO_IMAGE_COLOUR, isUserOverlayColor: false, backgroundType: 'video', isDark: false },
  );
}

/** A cover made from the image or video chosen in its placeholder (an image's over white until its colour is read: renderer/editor/cover-image-colour.ts). */
const coverFromMedia = (item: MediaItem) => (item.mime_type.startsWith('video/') ? coverFromVideo(item) : coverFromImage(item));

/** The alignments a cover takes (its block type's `supports.align`), each written as a class; another (a media & text's `none`) writes none. */
const COVER_ALIGNMENTS = ['left', 'center', 'right', 'wide', 'full'];

/** A style attribute of the writer's own values (custom colours, gradients), escaped as the serializer escapes an attribute. */
const escapedStyle = (style: Record<string, unknown>) => styleAttribute(Object.fromEntries(Object.entries(style).map(([name, value]) => [name, typeof value === 'string' ? escapeAttribute(value) : undefined])));

const preset = (value: unknown, kind: string) => (typeof value === 'string' ? [`has-${value}-${kind}`] : []);

/**
 * A cover the block editor's transforms make: over its `background` element (an image, a video, or none), holding
 * `inner` (markup), its overlay dimmed (by its attribute's tens: none for half, its default a whole) and coloured (a
 * preset or custom colour, a preset or custom gradient, over an address) and its text coloured (a preset, or a custom
 * colour in its style) as its attributes say, each class and declaration where its save and colour support write it.
 */
export function madeCover(attributes: Record<string, unknown>, background: string, inner: string): string {
  const { align, dimRatio = 100, overlayColor, customOverlayColor, gradient, customGradient, textColor, url, style, isDark } = attributes;
  const text = (style as { color?: { text?: unknown } } | undefined)?.color?.text;
  const cover = ['wp-block-cover', ...(COVER_ALIGNMENTS.includes(String(align)) ? [`align${String(align)}`] : []), ...(isDark === false ? ['is-light'] : []), ...preset(textColor, 'color'), ...(textColor === undefined && text === undefined ? [] : ['has-text-color'])];
  const dim = Number(dimRatio);
  const anyGradient = gradient ?? customGradient;
  const overlay = [
    'wp-block-cover__background', ...preset(overlayColor, 'background-color'), ...(dim === 50 ? [] : [`has-background-dim-${10 * Math.round(dim / 10)}`]), 'has-background-dim',
    ...(anyGradient === undefined ? [] : [...(url && dim !== 0 ? ['wp-block-cover__gradient-background'] : []), 'has-background-gradient', ...preset(gradient, 'gradient-background')]),
  ];
  const overlayStyle = escapedStyle({ 'background-color': overlayColor === undefined ? customOverlayColor : undefined, background: customGradient });
  return madeBlockMarkup(COVER_BLOCK, attributes, `<div class="${escapeAttribute(cover.join(' '))}"${escapedStyle({ color: text })}>${background}<span aria-hidden="true" class="${escapeAttribute(overlay.join(' '))}"${overlayStyle}></span><div class="wp-block-cover__inner-container">${inner}</div></div>`);
}

/**
 * A cover made from a colour of the palette picked in its placeholder, as the block editor's
 * onSetOverlayColor makes one: the overlay that preset (whole: the dim ratio stays the new cover's
 * 100), the writer's own choice (`isUserOverlayColor`), judged dark or light by compositeIsDark
 * over the white it takes behind a cover without media; its one block the empty title
 * (COVER_TITLE) its scaffoldInnerBlocks puts in.
 */
export function coverFromColour(colour: PaletteColour): string {
  const dark = compositeIsDark(100, colour.colour, NO_IMAGE_COLOUR);
  return madeCover({ overlayColor: colour.slug, isUserOverlayColor: true, ...(dark ? {} : { isDark: false }) }, '', COVER_TITLE);
}

type Attributes = Record<string, unknown>;

/** The overlay colour the cover holds, as withColors gives it: the preset's colour when the palette has it, else the custom one. */
export const heldOverlayColour = (current: Attributes, palette: readonly PaletteColour[]): string | undefined => palette.find((colour) => colour.slug === current.overlayColor)?.colour ?? (current.customOverlayColor as string | undefined);

/** The overlay attributes withColors' setOverlayColor sets for `colour` (none: both cleared): its palette slug when it is one of the palette's, else the custom colour. */
export function overlaySetTo(colour: string | undefined, palette: readonly PaletteColour[]): Attributes {
  const preset = colour === undefined ? undefined : palette.find((entry) => entry.colour === colour)?.slug;
  return { overlayColor: preset, customOverlayColor: preset ? undefined : colour };
}

/** A cover's video playing behind it, as its save writes one. */
export const coverVideo = (url: string) => `<video class="wp-block-cover__video-background intrinsic-ignore" autoplay muted loop playsinline src="${escapeAttribute(url)}" data-object-fit="cover"></video>`;

/** The words of a media's caption as a cover's title made from it: a large centred paragraph (empty without one). */
const titleOf = (caption: string) => madeBlockMarkup(PARAGRAPH_NAME, { fontSize: 'large', style: { typography: { textAlign: 'center' } } }, `<p class="has-text-align-center has-large-font-size">${caption}</p>`);

/** An image turned into a cover, as the block editor's transform from an image does (its alignment carried, its width left out); null for one without an address. */
export function coverOfImage(block: ParsedBlock): string | null {
  const shown = imageShown(block);
  const { id, align } = attributesOf(block);
  if (!shown?.url || (align !== undefined && typeof align !== 'string')) return null;
  const mediaClass = typeof id === 'number' ? ` wp-image-${id}` : '';
  return madeCover(
    { url: shown.url, ...(typeof id === 'number' ? { id } : {}), ...(shown.alt ? { alt: shown.alt } : {}), dimRatio: 50, ...(align === undefined ? {} : { align }), style: { color: {} } },
    `<img class="wp-block-cover__image-background${mediaClass}" alt="${escapeAttribute(shown.alt)}" src="${escapeAttribute(shown.url)}" data-object-fit="cover"/>`,
    titleOf(shown.caption),
  );
}

/** A video turned into a cover playing it, as the block editor's transform from a video does (its alignment carried); null for one without an address. */
export function coverOfVideo(block: ParsedBlock): string | null {
  const shown = mediaShown(block, 'video');
  const { id, align } = attributesOf(block);
  if (!shown?.url || (align !== undefined && typeof align !== 'string')) return null;
  return madeCover(
    { url: shown.url, ...(typeof id === 'number' ? { id } : {}), dimRatio: 50, backgroundType: 'video', ...(align === undefined ? {} : { align }) },
    coverVideo(shown.url),
    titleOf(shown.caption),
  );
}

/** A cover of an image turned into that image, as the block editor's transform to an image does (its blocks left behind); null for a cover of a video or without an image. */
export function imageOfCover(block: ParsedBlock): string | null {
  const { url, alt, id, align, backgroundType } = attributesOf(block);
  if (typeof url !== 'string' || !url || (backgroundType !== undefined && backgroundType !== 'image')) return null;
  return madeImageMarkup({ url, alt: typeof alt === 'string' ? alt : '', id, align, style: { color: {} } });
}

export const coverBlock: BlockDefinition = {
  containers: [COVER_BLOCK],
  nesting: { [COVER_BLOCK]: { standsEmpty: true } },
  colours: { [COVER_BLOCK]: { title: 'Cover', text: true } },
  alignments: { [COVER_BLOCK]: { title: 'Cover', options: ['left', 'center', 'right', 'wide', 'full'] } },
  // The image's average colour is had once it is picked: the overlay takes it, and it judges the cover dark or light.
  inserter: [{ title: 'Cover', keywords: 'image background banner hero', after: 'Verse', picked: { media: 'image', kinds: ['image', 'video'], markup: coverFromMedia, judgesImageColour: true, fromColour: coverFromColour, offersFeaturedImage: true, empty: newBlockMarkup('cover', '<div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-background-dim-100 has-background-dim"></span><div class="wp-block-cover__inner-container"></div></div>') } }],
};
