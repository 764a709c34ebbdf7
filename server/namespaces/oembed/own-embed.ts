// The oEmbed answer for an item of this site, as the reference site gives it: a rich embed
// whose HTML is a sandboxed iframe of the item's embed view, with a link as fallback.
import type { SiteContext } from '../../site-context.ts';
import { getPost, type PostRow } from '../../store/posts.ts';
import { getUserById } from '../../store/users.ts';
import { getMedia } from '../../store/media.ts';
import { getSettings } from '../../content/settings.ts';
import { postLink } from '../../content/permalinks.ts';
import { embedUrl } from '../../content/url-to-post.ts';
import { mediaDetails } from '../../content/media-view.ts';
import { escapeHtml } from '../../../shared/html-escape.ts';

export type OEmbedData = Record<string, string | number>;

/** What the reference's embeds put before a protected item's title. */
export function protectedPrefix(post: PostRow): string {
  return post.password === '' ? '' : 'Protected: ';
}

/** Width between 200 and 600; height 16:9 of it, at least 200 (as the reference site computes it). */
export function embedSize(maxwidth: number, maxheight?: number): { width: number; height: number } {
  const width = Math.min(Math.max(maxwidth, 200), 600);
  let height = Math.max(Math.ceil((width / 16) * 9), 200);
  if (maxheight !== undefined && maxheight > 0) height = Math.min(height, maxheight);
  return { width, height };
}

/** The featured image's smallest size at least as wide as the embed, else its largest. */
export function featuredThumbnail(site: SiteContext, post: PostRow, width: number): OEmbedData {
  if (post.featured_media <= 0) return {};
  const media = getPost(site.store, post.featured_media);
  if (!media || media.type !== 'attachment') return {};
  const sizes = Object.values(mediaDetails(site, media, getMedia(site.store, media.id)).sizes);
  const fitting = sizes.filter((size) => size.width >= width).sort((a, b) => a.width - b.width)[0] ?? sizes.sort((a, b) => b.width - a.width)[0];
  return fitting ? { thumbnail_url: fitting.source_url, thumbnail_width: fitting.width, thumbnail_height: fitting.height } : {};
}

export function ownEmbed(site: SiteContext, post: PostRow, maxwidth: number, maxheight?: number): OEmbedData {
  const settings = getSettings(site.store);
  const author = getUserById(site.store, post.author);
  const { width, height } = embedSize(maxwidth, maxheight);
  const link = postLink(site, post);
  const plainTitle = `${protectedPrefix(post)}${post.title}`;
  const title = escapeHtml(plainTitle);
  const html =
    `<blockquote class="wp-embedded-content"><a href="${escapeHtml(link)}">${title}</a></blockquote>` +
    `<iframe sandbox="allow-scripts" security="restricted" src="${escapeHtml(embedUrl(site, post))}" width="${width}" height="${height}" ` +
    `title="${title} — ${escapeHtml(settings.name)}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"></iframe>`;
  return {
    version: '1.0',
    provider_name: settings.name,
    provider_url: site.urls.base,
    author_name: author?.name ?? '',
    author_url: author ? `${site.urls.base}/author/${author.slug}/` : site.urls.base,
    title: plainTitle,
    type: 'rich',
    width,
    height,
    html,
    ...featuredThumbnail(site, post, width),
  };
}
