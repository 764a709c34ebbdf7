// The home page: the site's name and description, and the API root advertised for discovery.
import type { PageResponse, SiteContext } from '../site-context.ts';
import { getSettings } from '../content/settings.ts';
import { htmlPage } from './html.ts';
import { escapeHtml } from '../../shared/html-escape.ts';

export function homePage(site: SiteContext): PageResponse {
  const settings = getSettings(site.store);
  return htmlPage(200, settings.name, `<h1>${escapeHtml(settings.name)}</h1><p>${escapeHtml(settings.description)}</p><p>API: <a href="${escapeHtml(site.urls.apiRoot)}">${escapeHtml(site.urls.apiRoot)}</a></p>`, {
    link: `<${site.urls.apiRoot}>; rel="https://api.w.org/"`,
  });
}
