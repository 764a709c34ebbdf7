// Paging headers of collections: X-WP-Total, X-WP-TotalPages and Link rel prev/next.
import qs from 'qs';
import type { RestRequest } from './types.ts';
import { RestError } from './errors.ts';

export function totalPages(total: number, perPage: number): number {
  return Math.ceil(total / perPage);
}

/** A page beyond the last (of a non-empty collection) is an error, as in the reference API. */
export function assertPageInRange(page: number, total: number, perPage: number): void {
  if (total > 0 && page > totalPages(total, perPage)) {
    throw new RestError('rest_post_invalid_page_number', 'The page number requested is larger than the number of pages available.', 400);
  }
}

export function pagingHeaders(request: RestRequest, apiRoot: string, page: number, total: number, perPage: number): Record<string, string> {
  const pages = totalPages(total, perPage);
  const headers: Record<string, string> = { 'x-wp-total': String(total), 'x-wp-totalpages': String(pages) };
  const linkTo = (target: number) => {
    const query = qs.stringify({ ...request.query, page: target }, { encodeValuesOnly: true, arrayFormat: 'brackets' });
    return `${apiRoot}${request.path.replace(/^\//, '')}?${query}`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`<${linkTo(Math.min(page - 1, Math.max(pages, 1)))}>; rel="prev"`);
  if (page < pages) links.push(`<${linkTo(page + 1)}>; rel="next"`);
  if (links.length > 0) headers.link = links.join(', ');
  return headers;
}
