// The plain 404 page, for any address that names no page of the site.
import type { PageResponse, SiteContext } from '../site-context.ts';
import { htmlPage } from './html.ts';
import { escapeHtml } from '../../shared/html-escape.ts';

export function notFoundPage(site: SiteContext): PageResponse {
  return htmlPage(404, 'Not found', `<h1>Not found</h1><p><a href="${escapeHtml(site.urls.base)}/">Home</a></p>`);
}
