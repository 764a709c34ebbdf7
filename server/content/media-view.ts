// The response form of a media item: the post fields it shares, then the file's fields
// (URLs of the file and every size, details, type), trimmed to the request's context.
import path from 'node:path';
import type { SiteContext } from '../site-context.ts';
import type { PostRow } from '../store/posts.ts';
import type { MediaRow } from '../store/media.ts';
import type { ImageDetails } from '../media/image-files.ts';
import { publicUrl } from '../media/upload-dir.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import { postItem } from './post-view.ts';
import { readMeta } from './meta.ts';
import { renderContent } from './render.ts';
import type { Context } from './post-schema.ts';

const NOT_MEDIA_FIELDS = ['content', 'excerpt', 'password', 'format', 'sticky', 'categories', 'tags', 'parent', 'menu_order'];

export interface MediaDetailsView extends Partial<Omit<ImageDetails, 'sizes'>> {
  filesize?: number;
  sizes: Record<string, { file: string; width: number; height: number; mime_type: string; filesize: number; source_url: string }>;
}

/** Media details as clients see them: each size with its URL, and the full size listed too. */
export function mediaDetails(site: SiteContext, post: PostRow, media: MediaRow | undefined): MediaDetailsView {
  if (!media) return { sizes: {} };
  const details = JSON.parse(media.details) as Partial<ImageDetails> & { filesize?: number };
  const dir = path.posix.dirname(media.file);
  const sizes: MediaDetailsView['sizes'] = {};
  for (const [name, size] of Object.entries(details.sizes ?? {})) {
    sizes[name] = { ...size, source_url: publicUrl(site.urls.base, `${dir}/${size.file}`) };
  }
  if (details.width && details.height) {
    sizes.full = {
      file: path.posix.basename(media.file), width: details.width, height: details.height,
      mime_type: post.mime_type, filesize: details.filesize ?? 0, source_url: publicUrl(site.urls.base, media.file),
    };
  }
  return { ...details, sizes };
}

function describedImage(source: string, details: MediaDetailsView, alt: string): string {
  const shown = details.sizes.medium ?? details.sizes.full;
  if (!shown) return '';
  return `<p class="attachment"><a href="${escapeHtml(source)}"><img width="${shown.width}" height="${shown.height}" src="${escapeHtml(shown.source_url)}" class="attachment-medium size-medium" alt="${escapeHtml(alt)}" decoding="async" loading="lazy" /></a></p>\n`;
}

export function mediaItem(site: SiteContext, post: PostRow, media: MediaRow | undefined, context: Context): Record<string, unknown> {
  const item = postItem(site, post, { context, showProtected: true });
  for (const field of NOT_MEDIA_FIELDS) delete item[field];
  const links = item._links;
  delete item._links;
  const details = mediaDetails(site, post, media);
  const source = media ? publicUrl(site.urls.base, media.file) : '';
  const isImage = post.mime_type.startsWith('image/');
  Object.assign(item, {
    meta: readMeta(site.deployment.mediaMeta, post.meta),
    alt_text: media?.alt_text ?? '',
    caption: { raw: post.excerpt, rendered: renderContent(post.excerpt) },
    description: { raw: post.content, rendered: (isImage ? describedImage(source, details, media?.alt_text ?? '') : '') + renderContent(post.content) },
    media_type: isImage ? 'image' : 'file',
    mime_type: post.mime_type,
    media_details: details,
    post: post.parent > 0 ? post.parent : null,
    source_url: source,
    missing_image_sizes: media ? (JSON.parse(media.missing_sizes) as string[]) : [],
    _links: links,
  });
  return item;
}
