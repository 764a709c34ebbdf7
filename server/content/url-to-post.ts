// Which published item of this site a URL points to: `?p=`, `?page_id=`, the dated post
// path `/YYYY/MM/DD/slug/`, or a page's path `/parent/child/`. The inverse of permalinks.ts.
import type { SiteContext } from '../site-context.ts';
import { getPost, publishedBySlug, type PostRow } from '../store/posts.ts';
import { postLink } from './permalinks.ts';

export interface ResolvedUrl {
  post: PostRow;
  /** Whether the URL asks for the item's embed view. */
  embed: boolean;
}

function byPath(site: SiteContext, path: string): PostRow | undefined {
  // Encoded octets are compared as slugs hold them, in lower case (a browser sends `%D0%BF`).
  const segments = path.split('/').filter(Boolean).map((segment) => segment.replace(/%[0-9A-F]{2}/gi, (octet) => octet.toLowerCase()));
  if (segments.length === 0) return undefined;
  const slug = segments[segments.length - 1];
  // The last segment names the item; the full link must match, so /2026/01/02/x/ is not /2025/…/x/.
  const candidates = publishedBySlug(site.store, slug);
  const wanted = `${site.urls.base}/${segments.join('/')}/`;
  return candidates.find((post) => postLink(site, post) === wanted);
}

export function resolveSiteUrl(site: SiteContext, address: string): ResolvedUrl | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const base = new URL(`${site.urls.base}/`);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  const embedQuery = url.searchParams.has('embed');
  if (namesAnItem(url)) {
    const id = Number(url.searchParams.get('p') ?? url.searchParams.get('page_id'));
    if (!Number.isInteger(id) || id <= 0) return null;
    const post = getPost(site.store, id);
    return post && (post.type === 'post' || post.type === 'page') ? { post, embed: embedQuery } : null;
  }
  const relative = url.pathname.slice(base.pathname.length);
  const embedPath = /(^|\/)embed\/?$/.test(relative);
  const post = byPath(site, embedPath ? relative.replace(/(^|\/)embed\/?$/, '/') : relative);
  return post ? { post, embed: embedPath || embedQuery } : null;
}

/** Whether an address asks for one item by its id (`?p=` or `?page_id=`), as the reference's query vars do: one it cannot find is a 404, never the home page. */
export function namesAnItem(url: URL): boolean {
  return url.searchParams.has('p') || url.searchParams.has('page_id');
}

/** The address of an item's embed view. */
export function embedUrl(site: SiteContext, post: PostRow): string {
  const link = postLink(site, post);
  return link.includes('?') ? `${link}&embed=true` : `${link}embed/`;
}
