// The few HTML pages outside the REST interface: the home page, which advertises the
// API root for discovery, and a plain 404.
import type { PageResponse, SiteContext } from './site-context.ts';
import { getSettings } from './content/settings.ts';
import { escapeHtml } from '../shared/html-escape.ts';

/** A small HTML page that loads nothing and cannot be framed (the sign-in page is one). */
export function htmlPage(status: number, title: string, body: string, headers: Record<string, string | string[]> = {}): PageResponse {
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      ...headers,
    },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`,
  };
}

export function homePage(site: SiteContext): PageResponse {
  const settings = getSettings(site.store);
  return htmlPage(200, settings.name, `<h1>${escapeHtml(settings.name)}</h1><p>${escapeHtml(settings.description)}</p><p>API: <a href="${escapeHtml(site.urls.apiRoot)}">${escapeHtml(site.urls.apiRoot)}</a></p>`, {
    link: `<${site.urls.apiRoot}>; rel="https://api.w.org/"`,
  });
}

export function notFoundPage(site: SiteContext): PageResponse {
  return htmlPage(404, 'Not found', `<h1>Not found</h1><p><a href="${escapeHtml(site.urls.base)}/">Home</a></p>`);
}
