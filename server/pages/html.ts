// What every HTML page of the site is made with: the page frame with the
// headers that keep a page from loading anything or being framed.
import type { PageResponse } from '../site-context.ts';
import { escapeHtml } from '../../shared/html-escape.ts';

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
