// Where a request goes in the REST API: `/cms-json/…` or `/?rest_route=/…`, as WordPress takes both.
import { API_PREFIX } from '../../shared/api-routes.ts';

/** The REST path of a request: `/cms-json/…` or `/?rest_route=/…`; null for other pages. */
export function restPath(url: URL): string | null {
  // A trailing slash names the same route (`/cms/v2/posts/`), as in the reference API.
  const untrailed = (route: string) => route.replace(/\/+$/, '') || '/';
  if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) {
    return untrailed(decodeURIComponent(url.pathname.slice(API_PREFIX.length)));
  }
  const route = url.searchParams.get('rest_route');
  if (url.pathname === '/' && route !== null) return untrailed(route.startsWith('/') ? route : `/${route}`);
  return null;
}
