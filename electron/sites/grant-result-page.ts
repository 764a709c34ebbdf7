// The page the user's browser lands on after the site's grant page: a plain answer in the
// browser tab, while the app itself shows the result too.
import { htmlPage } from '../../server/pages/html.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import { respondRaw } from '../../server/rest/response.ts';
import type { RestResponse } from '../../server/rest/types.ts';

const STYLE = '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}</style>';

export function grantResultPage(status: number, heading: string, message: string): RestResponse {
  const page = htmlPage(status, heading, `${STYLE}<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(message)}</p><p>You can close this tab and go back to Inkwell.</p>`, { 'referrer-policy': 'no-referrer' });
  return respondRaw(Buffer.from(page.body), String(page.headers['content-type']), page.status, page.headers);
}
