// The site's HTML pages outside the REST interface, in the one table the HTTP adapter
// consults: the first page that claims an address answers it; one no page claims gets the 404,
// and a page that fails the error page.
import type { RequestUser } from '../rest/types.ts';
import type { PageRequest, PageResponse } from '../site-context.ts';
import { AUTH_PATH, type Site } from '../site.ts';
import { namesAnItem, resolveSiteUrl } from '../content/url-to-post.ts';
import { handleGrantPage } from './grant-page.ts';
import { embedPage } from './embed-page.ts';
import { postPage } from './post-page.ts';
import { homePage } from './home.ts';
import { notFoundPage } from './not-found.ts';

export { errorPage } from './error-page.ts';

/** A page's answer to a request, or null when the address is not its own. */
type Page = (site: Site, request: PageRequest) => PageResponse | null | Promise<PageResponse | null>;

/** The user of a page request's credentials; wrong ones count as none (the page then is a 404). */
function pageUser(site: Site, request: PageRequest): RequestUser | null {
  try {
    return site.authenticate({ method: request.method, path: '/', query: {}, headers: request.headers });
  } catch {
    return null;
  }
}

/**
 * A page's address as readers see it. A site below a prefix (a local copy at `/sites/<id>/`)
 * gets its requests with the prefix taken off, so its base's path is put back to find an item
 * by the site's own addresses.
 */
function publicUrl(url: URL, base: string): string {
  const basePath = new URL(base).pathname.replace(/\/$/, '');
  if (basePath === '' || url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)) return url.href;
  return new URL(`${basePath}${url.pathname}${url.search}`, base).href;
}

/** An item at one of its addresses: its embed view when published, else its reading page (or preview). */
function itemPage(site: Site, request: PageRequest): PageResponse | null {
  const resolved = resolveSiteUrl(site.context, publicUrl(request.url, site.context.urls.base));
  if (resolved?.embed) return resolved.post.status === 'publish' ? embedPage(site.context, resolved.post) : null;
  return resolved ? postPage(site.context, resolved.post, request, () => pageUser(site, request)) : null;
}

const PAGES: Page[] = [
  (site, request) => (request.url.pathname === AUTH_PATH ? handleGrantPage(site.context, request) : null),
  itemPage,
  (site, request) => (request.url.pathname === '/' && !namesAnItem(request.url) ? homePage(site.context) : null),
];

export async function servePage(site: Site, request: PageRequest): Promise<PageResponse> {
  for (const page of PAGES) {
    const answer = await page(site, request);
    if (answer) return answer;
  }
  return notFoundPage(site.context);
}
