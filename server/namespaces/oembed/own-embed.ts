// The oEmbed answer for an item of this site, as the reference site gives it: a rich embed
// whose HTML is a sandboxed iframe of the item's embed view, with a link as fallback.
import type { SiteContext } from '../../site-context.ts';
import type { PostRow } from '../../store/posts.ts';
import { getUserById } from '../../store/users.ts';
import { getSettings } from '../../content/settings.ts';
import { postLink } from '../../content/permalinks.ts';
import { embedUrl } from '../../content/url-to-post.ts';
import { featuredThumbnail, protectedPrefix } from '../../content/item-preview.ts';
import { escapeHtml } from '../../../shared/html-escape.ts';

export type OEmbedData = Record<string, string | number>;

/** Width between 200 and 600; height 16:9 of it, at least 200 (as the reference site computes it). */
export function embedSize(maxwidth: number, maxheight?: number): { width: number; height: number } {
  const width = Math.min(Math.max(maxwidth, 200), 600);
  let height = Math.max(Math.ceil((width / 16) * 9), 200);
  if (maxheight !== undefined && maxheight > 0) height = Math.min(height, maxheight);
  return { width, height };
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
