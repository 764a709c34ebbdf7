// What an item's embed, its page and its oEmbed answer show besides its text: the prefix of
// a protected item's title, and its featured image at a size that fits.
import type { SiteContext } from '../site-context.ts';
import { getPost, type PostRow } from '../store/posts.ts';
import { getMedia } from '../store/media.ts';
import { mediaDetails } from './media-view.ts';

/** What the reference's embeds put before a protected item's title. */
export function protectedPrefix(post: PostRow): string {
  return post.password === '' ? '' : 'Protected: ';
}

/** The featured image's smallest size at least as wide as the embed, else its largest. */
export function featuredThumbnail(site: SiteContext, post: PostRow, width: number): Record<string, string | number> {
  if (post.featured_media <= 0) return {};
  const media = getPost(site.store, post.featured_media);
  if (!media || media.type !== 'attachment') return {};
  const sizes = Object.values(mediaDetails(site, media, getMedia(site.store, media.id)).sizes);
  const fitting = sizes.filter((size) => size.width >= width).sort((a, b) => a.width - b.width)[0] ?? sizes.sort((a, b) => b.width - a.width)[0];
  return fitting ? { thumbnail_url: fitting.source_url, thumbnail_width: fitting.width, thumbnail_height: fitting.height } : {};
}
