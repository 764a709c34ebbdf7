// What every HTML page of the site is made with: the page frame with the
// headers that keep a page from loading anything or being framed.
import type { PageResponse } from '../site-context.ts';
import { escapeHtml } from '../../shared/html-escape.ts';

/**
 * What a page may do by default: load and run nothing, submit no form and take no `<base>`
 * (which markup in a page could use to send a reader elsewhere even with no script), and not
 * be framed.
 */
export const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A small HTML page that loads nothing and cannot be framed (the sign-in page is one). */
export function htmlPage(status: number, title: string, body: string, headers: Record<string, string | string[]> = {}): PageResponse {
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'content-security-policy': PAGE_POLICY,
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      ...headers,
    },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`,
  };
}
