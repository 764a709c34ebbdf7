// Media & text's media replaced from its Replace as the block editor does it (its edit's
// attributesFromMedia, @wordpress/block-library's media-text/edit.jsx): the picked item's id,
// kind, alt text and attachment page (`mediaLink`); an image at its large size when it has one;
// no focal point or featured image. An image's link follows the block's link destination (none
// when it had none, the editor's default): the file's address for "media", its attachment page for
// "attachment", else the link as it was; a video shows no link (its destination stays). An image
// filling its column fills it again from its centre (`is-image-fill-element` stays on the block,
// as `imageFill` does). The save's size class names the block's own size (`mediaSizeSlug`, or full).
import { escapeAttribute } from './inline-html.ts';
import { mediaTextAttributesAsWritten } from './older-media-text.ts';
import type { Replaced, ReplacedBy } from './replaced-media.ts';

type Attributes = Record<string, unknown>;

/** The figure's media as the current save writes it: an image (in a link or not), a video, or none yet (one just inserted, given its first media as the block editor's onSelectMedia gives it). */
const FIGURE_MEDIA = /(<figure class="wp-block-media-text__media">)(?:(<a [^>]*>)(<img [^>]*\/>)<\/a>|(<img [^>]*\/>)|<video controls src="[^"]*"><\/video>|)(<\/figure>)/;

/** Whether media & text's figure holds media its Replace can write again. */
export const mediaTextReplaceable = (opening: string, closing: string): boolean => FIGURE_MEDIA.test(opening + closing);

/** The link's start tag around the new image: the one read (its address changed when the destination names the item), or one of its own. */
function linkTag(read: string | undefined, destination: unknown, to: ReplacedBy): string {
  const href = destination === 'media' ? to.url : destination === 'attachment' ? to.link : undefined;
  if (href === undefined) return read ?? '';
  return read ? read.replace(/\shref="[^"]*"/, ` href="${escapeAttribute(href)}"`) : `<a href="${escapeAttribute(href)}">`;
}

/** Media & text with the picked media. */
export function replacedMediaText(held: Attributes, opening: string, closing: string, to: ReplacedBy): Replaced | null {
  if (!mediaTextReplaceable(opening, closing)) return null;
  const image = to.kind === 'image';
  const linkDestination = image && !held.linkDestination ? 'none' : held.linkDestination;
  const blockAttributes = mediaTextAttributesAsWritten({ ...held, mediaId: to.id, mediaType: to.kind, mediaLink: to.link || undefined, linkDestination, focalPoint: undefined, useFeaturedImage: false });
  const size = typeof held.mediaSizeSlug === 'string' ? held.mediaSizeSlug : 'full';
  const fill = held.imageFill === true ? ' style="object-position:50% 50%"' : '';
  const swap = (html: string) => html.replace(FIGURE_MEDIA, (_whole, open: string, link: string | undefined, _linked, _plain, close: string) => {
    if (!image) return `${open}<video controls src="${escapeAttribute(to.url)}"></video>${close}`;
    const element = `<img src="${escapeAttribute(to.sizes?.large ?? to.url)}" alt="${escapeAttribute(to.alt)}" class="wp-image-${to.id} size-${size}"${fill}/>`;
    const tag = linkTag(link, linkDestination, to);
    return `${open}${tag}${element}${tag ? '</a>' : ''}${close}`;
  });
  return { opening: swap(opening), closing: swap(closing), blockAttributes };
}
