// A connected site's item previewed in the remote's own look, as MarsEdit's preview does:
// one of the remote's published pages (its theme's page) becomes a template (look-template.ts)
// whose title and content are the writer's local, unsaved ones. The look is saved in the
// site's folder (look-store.ts) and taken again at each preview while the remote answers;
// when it does not, the saved copy is used and the answer says from when. Everything is
// asked of the site's own origins only, read within limits, and the preview loads nothing:
// its policy allows no network at all, so neither the theme nor the draft can send anything.
import type { RemotePreview } from '../../../shared/connected-sites.ts';
import { contentRoutes } from '../../../shared/api-routes.ts';
import { escapeHtml } from '../../../shared/html-escape.ts';
import { RemoteSiteError } from '../client/errors.ts';
import { LookStore, type SavedLook } from './look-store.ts';
import { buildTemplate, CONTENT_MARK, TITLE_MARK } from './look-template.ts';
import { createRemoteClient } from '../client/remote-client.ts';
import { DEFAULT_TIMEOUT_MS, networkFailure, timedFetch, type RemoteHttpOptions } from '../client/remote-fetch.ts';
import { BODY_LIMITS, boundedResponse, type BodyLimit } from '../client/bounded-body.ts';
import { originOf, sameSiteFetch, siteOrigins } from '../client/site-origins.ts';

export interface LookSite {
  name: string;
  address: string;
  apiRoot: string;
  contentNamespace: string;
}

/** What is previewed: the title as text, the content as HTML, and whether it is a post or a page (themes draw them apart). */
export interface PreviewedItem {
  title: string;
  content: string;
  collection: 'posts' | 'pages';
}

/**
 * Beside the frame's sandbox: no request at all (the look's files are inline data), nothing
 * runs, nothing re-bases, no form goes anywhere. First in the page, before anything it governs.
 */
export const PREVIEW_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'";
const POLICY_META = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_POLICY}">`;

async function get(fetchRemote: typeof fetch, url: string, accept: string, limit: BodyLimit, timeoutMs: number): Promise<Response> {
  try {
    return boundedResponse(await fetchRemote(url, { headers: { accept } }), limit, url);
  } catch (error) {
    if (error instanceof RemoteSiteError) throw error;
    throw networkFailure(error, url, timeoutMs);
  }
}

/** The address of one of the remote's published items of the kind previewed (else of the other, else its home page): a page its theme draws around an item, on the site's own origins. */
async function publishedPage(site: LookSite, first: PreviewedItem['collection'], fetchRemote: typeof fetch, timeoutMs: number): Promise<string> {
  const client = createRemoteClient(site.apiRoot, null);
  const routes = contentRoutes(site.contentNamespace);
  const origins = siteOrigins(site);
  for (const collection of first === 'pages' ? ['pages', 'posts'] : ['posts', 'pages']) {
    const response = await get(fetchRemote, client.url(routes.posts(collection), { per_page: 1, _fields: 'link' }).href, 'application/json', BODY_LIMITS.answer, timeoutMs);
    const items = response.ok ? ((await response.json().catch(() => null)) as { link?: unknown }[] | null) : (await response.body?.cancel(), null);
    const link = Array.isArray(items) ? items[0]?.link : undefined;
    if (typeof link === 'string' && URL.canParse(link) && origins.includes(originOf(link))) return link;
  }
  return site.address;
}

/** Takes the remote's look afresh and saves it. */
async function takeLook(site: LookSite, item: PreviewedItem, store: LookStore, fetchRemote: typeof fetch, timeoutMs: number): Promise<SavedLook> {
  const source = await publishedPage(site, item.collection, fetchRemote, timeoutMs);
  const response = await get(fetchRemote, source, 'text/html', BODY_LIMITS.lookPage, timeoutMs);
  const host = new URL(source).host;
  if (!response.ok) {
    await response.body?.cancel();
    throw new RemoteSiteError('http_error', `${host} answered ${response.status} for its page ${source}, so its look could not be taken.`, response.status);
  }
  if (!/html/i.test(response.headers.get('content-type') ?? '')) {
    await response.body?.cancel();
    throw new RemoteSiteError('not_a_site', `${source} is not a web page of ${host}, so its look could not be taken.`);
  }
  const html = await response.text();
  try {
    return store.save(await buildTemplate(html, response.url || source, store), source);
  } catch (error) {
    throw new RemoteSiteError('not_a_site', `${host}'s page could not be used as its look: ${(error as Error).message}`);
  }
}

/**
 * The item drawn in the saved template: the title as text (page title too), the content as
 * HTML, under the policy. The policy's meta comes first of all, after a doctype: a browser puts
 * it in the head whatever follows, so it governs everything the page holds.
 */
function fill(page: string, item: PreviewedItem): string {
  const filled = page.split(TITLE_MARK).join(escapeHtml(item.title)).split(CONTENT_MARK).join(item.content);
  return `<!DOCTYPE html>${POLICY_META}${filled.replace(/^\s*<!doctype[^>]*>/i, '')}`;
}

/** The preview of `item` in the remote's look: taken afresh when the remote answers, else the saved copy (and why). */
export async function previewInLook(lookDir: string, site: LookSite, item: PreviewedItem, http: RemoteHttpOptions = {}): Promise<RemotePreview> {
  const timeoutMs = http.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchRemote = sameSiteFetch(timedFetch(http), siteOrigins(site));
  const store = new LookStore(lookDir, fetchRemote);
  let look: SavedLook;
  let offline: string | null = null;
  try {
    look = await takeLook(site, item, store, fetchRemote, timeoutMs);
  } catch (error) {
    const saved = store.saved();
    if (!saved || !(error instanceof RemoteSiteError)) {
      if (error instanceof RemoteSiteError) throw new RemoteSiteError(error.reason, `${error.message} No copy of ${site.name}'s look is saved on this computer yet: it is saved at the first preview while the site can be reached.`, error.status);
      throw error;
    }
    look = saved;
    offline = error.message;
  }
  return { html: fill(store.draw(look.template), item), source: look.source, savedAt: look.savedAt, cached: offline !== null, reason: offline };
}
