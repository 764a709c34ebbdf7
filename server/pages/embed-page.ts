// The embed view of a published item: what other sites show in the iframe of its oEmbed
// HTML. Unlike every other page of the site it may be framed, but runs nothing.
import type { PageResponse, SiteContext } from '../site-context.ts';
import type { PostRow } from '../store/posts.ts';
import { htmlPage } from './html.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import { getSettings } from '../content/settings.ts';
import { postLink } from '../content/permalinks.ts';
import { featuredThumbnail, protectedPrefix } from '../content/item-preview.ts';

/** What the reference shows in place of a protected item's excerpt. */
const PROTECTED_EXCERPT = 'There is no excerpt because this is a protected post.';

const STYLE = '<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:1rem;border:1px solid #ddd;border-radius:4px}h1{font-size:1.2rem;margin:.2rem 0}img{max-width:100%;height:auto}footer{color:#666;font-size:.85rem;margin-top:.5rem}</style>';

export function embedPage(site: SiteContext, post: PostRow): PageResponse {
  const link = escapeHtml(postLink(site, post));
  const image = featuredThumbnail(site, post, 600);
  const body =
    `${STYLE}${image.thumbnail_url ? `<img src="${escapeHtml(String(image.thumbnail_url))}" alt="">` : ''}` +
    `<h1><a href="${link}" target="_top">${protectedPrefix(post)}${post.title_rendered}</a></h1>` +
    `<div>${post.password === '' ? post.excerpt_rendered : `<p>${PROTECTED_EXCERPT}</p>`}</div>` +
    `<footer><a href="${escapeHtml(site.urls.base)}/" target="_top">${escapeHtml(getSettings(site.store).name)}</a></footer>`;
  const page = htmlPage(200, `${protectedPrefix(post)}${post.title}`, body, {
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; base-uri 'none'; form-action 'none'",
  });
  delete page.headers['x-frame-options'];
  return page;
}
