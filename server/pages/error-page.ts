// The HTML page a reader gets when a page of the site fails: the API's answer to the same
// error (status, Retry-After, message; logged once there), as a page instead of JSON.
import type { PageResponse } from '../site-context.ts';
import { errorResponse } from '../rest/dispatch.ts';
import { htmlPage } from './html.ts';
import { escapeHtml } from '../../shared/html-escape.ts';

const TITLES: Record<number, string> = {
  503: 'This site is unavailable for a moment',
};

export function errorPage(error: unknown): PageResponse {
  const answer = errorResponse(error);
  const message = (answer.body as { message?: unknown } | null)?.message;
  const title = TITLES[answer.status] ?? (answer.status >= 500 ? 'Something went wrong' : 'This page cannot be shown');
  return htmlPage(answer.status, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(typeof message === 'string' ? message : '')}</p>`, answer.headers);
}
