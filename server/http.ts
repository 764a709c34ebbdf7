// The node:http adapter: bytes in, a request object, dispatch (the API's, or the page table's
// for any other address), bytes out. It also guards the door of a local server: Host check,
// body size limit before a byte is read, no permissive CORS.
import http from 'node:http';
import qs from 'qs';
import type { Endpoint, RestRequest } from './rest/types.ts';
import { Answers } from './rest/answers.ts';
import { RestError } from './rest/errors.ts';
import type { PageRequest } from './site-context.ts';
import { createSite, type Site, type SiteConfig } from './site.ts';
import { errorPage, servePage } from './pages/routes.ts';
import { clientAddress, trustedProxySet } from './http/client-address.ts';
import { discardBody, parseBody, readBody } from './http/body.ts';
import { bodyLimit, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_UPLOAD_BYTES, type BodyLimits } from './http/body-limits.ts';
import { allowedHosts } from './http/hosts.ts';
import { send, sendPage, sendStream } from './http/send.ts';
import { findMount, serveFile, type FileMount } from './http/serve-files.ts';
import { routeByPrefix, type PrefixedSite } from './http/site-prefixes.ts';
import { gracefulStop, siteAddress, STOP_DRAIN_MS } from './http/lifecycle.ts';
import { portToListenOn } from './http/listening-port.ts';
import { restPath } from './http/rest-path.ts';
import { siteOpened } from './http/site-opening.ts';
import { UPLOADS_PATH } from './media/upload-dir.ts';

export type { PrefixedSite };

export interface RunningSite {
  site: Site;
  server: http.Server;
  /** The address the server listens on, e.g. http://127.0.0.1:8787 */
  address: string;
  /** The site's base URL (the listening address unless a public URL was given). */
  url: string;
  /** Stops: what is in flight finishes; `drain` (an operator's stop behind a proxy) first uses up the proxy's kept connections (lifecycle.ts). */
  close(options?: { drain?: boolean }): Promise<void>;
}

function headersOf(req: http.IncomingMessage): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) result[name] = Array.isArray(value) ? value.join(', ') : value;
  return result;
}

/** The endpoint a request goes to, if any (to size its body limit and check its user before reading). */
function endpointOf(site: Site, method: string, route: string): Endpoint | undefined {
  return site.router.match(method, route)?.endpoint ?? undefined;
}

/** Uploaded files may be anything a user uploaded: they never run as a page of this site. */
const UPLOADS_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The page request of a request outside the API; its body is a small form, if any. */
function pageRequest(req: http.IncomingMessage, url: URL, raw: Buffer, remoteAddress: string | undefined): PageRequest {
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    url,
    headers: headersOf(req),
    form: raw.length > 0 ? (Object.fromEntries(new URLSearchParams(raw.toString('utf8'))) as Record<string, string>) : {},
    secure: url.protocol === 'https:',
    remoteAddress,
  };
}

/**
 * `closing` aborts when the server shuts down, so that streams still open end and let it close.
 * `addressOf` names the client (behind trusted proxies, or as the front thread of a worker says).
 */
export function createRequestHandler(
  site: Site, hosts: ReadonlySet<string>, limits: BodyLimits, extraMounts: readonly FileMount[] = [], closing = new AbortController().signal,
  addressOf: (req: http.IncomingMessage) => string | undefined = (req) => clientAddress(req, new Set()),
) {
  const { urls } = site.context;
  const answers = new Answers({
    apiRoot: urls.apiRoot, dispatch: (request) => site.dispatch(request), version: () => site.context.store.version(),
    sharedInputsModifiedGmt: () => site.sharedInputsModifiedGmt(),
  });
  const mounts: FileMount[] = [{ path: UPLOADS_PATH, dir: site.context.media, contentSecurityPolicy: UPLOADS_POLICY }, ...extraMounts];
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    site.context.store.noteRequest();
    /** Set once the body is read (or refused while reading): a request refused before that has its body dropped. */
    let bodyTaken = false;
    /** A reader's page (not the API): a failure is answered as an HTML page. */
    let pageRequested = false;
    try {
      const host = (req.headers.host ?? '').toLowerCase();
      if (!hosts.has(host)) {
        // A foreign Host header is how DNS rebinding reaches a local server.
        throw new RestError('rest_invalid_host', 'This site does not answer to that host name.', 421);
      }
      const url = new URL(req.url ?? '/', urls.base);
      const route = restPath(url);
      pageRequested = route === null;
      const method = (req.method ?? 'GET').toUpperCase();
      const reading = method === 'GET' || method === 'HEAD';
      const mounted = route === null && reading ? findMount(mounts, url.pathname) : null;
      if (mounted) {
        serveFile(mounted.mount, req, res, mounted.relative);
        return;
      }
      // Other instances' writes, heard before anything is read for the request (PostgreSQL's listener).
      const othersHeard = site.context.store.othersHeard();
      if (othersHeard) await othersHeard;
      const headers = headersOf(req);
      const remoteAddress = addressOf(req);
      // Work is bounded before it is done: credentials are checked, and routes that need a
      // user refuse visitors, before a byte of the body is read.
      const endpoint = route === null ? undefined : endpointOf(site, method, route);
      const authenticate = (path: string) => site.authenticate({ method, path, query: {}, headers, remoteAddress });
      // Credentials may write (a wrong password's count): a write that meets another process's lock waits for it off the loop, as a request's do.
      const user = route === null ? undefined
        : headers.authorization === undefined ? authenticate(route) : await site.context.store.withLockWaitOffLoop(() => authenticate(route));
      if (user !== undefined) endpoint?.beforeBody?.(user);
      const limit = bodyLimit(limits, endpoint, route === null, user === null);
      bodyTaken = true;
      if (!reading && /100-continue/i.test(req.headers.expect ?? '')) res.writeContinue();
      const raw = reading ? Buffer.alloc(0) : await readBody(req, limit);
      if (route === null) {
        // A page that wrote (a sign-in) is answered once its write is committed (Store.serve).
        sendPage(res, await site.context.store.serve(() => servePage(site, pageRequest(req, url, raw, remoteAddress))));
        return;
      }
      const answer = await answers.answer({ method, route, search: url.search, headers, user }, async (): Promise<RestRequest> => {
        const query = qs.parse(url.search.slice(1), { depth: 10, arrayLimit: 1000 }) as Record<string, unknown>;
        delete query.rest_route;
        return { method, path: route, query, headers, user, remoteAddress, ...(reading ? {} : await parseBody(method, raw, req.headers)) };
      });
      if ('payload' in answer) send(res, answer, method === 'HEAD');
      else await sendStream(res, answer, method === 'HEAD', closing);
    } catch (error) {
      if (res.headersSent) return;
      if (pageRequested) sendPage(res, errorPage(error));
      else send(res, answers.error(error, req.headers.authorization !== undefined), false);
      if (!bodyTaken) discardBody(req);
    }
  };
}

export interface ServeOptions extends Omit<SiteConfig, 'baseUrl'> {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Public base URL when the site serves other machines; defaults to the listening address. */
  url?: string;
  maxBodyBytes?: number;
  maxUploadBytes?: number;
  /** Reverse proxies whose X-Forwarded-For names the client (per-client limits); none by default. */
  trustedProxies?: readonly string[];
  /** Folders served at URL paths, e.g. the desktop app's renderer. */
  mounts?: FileMount[];
  /**
   * Other sites this server answers for below a path prefix (the desktop app's copies of
   * remote sites at `/sites/<id>/`), each whole: its API, pages and uploads. The prefix is
   * part of each one's base URL.
   */
  prefixedSites?: (pathname: string) => PrefixedSite | null;
}

/**
 * Opens the site, then listens: the port accepts connections only once they can be answered (a
 * proxy finds it closed meanwhile and sends elsewhere). A port the system picks (0), which the
 * site's address names, is bound before the site opens and listened on after (listening-port.ts).
 */
export async function serveSite(options: ServeOptions): Promise<RunningSite> {
  const limits: BodyLimits = {
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
  };
  const server = http.createServer({ keepAliveTimeout: 5000 });
  const stop = gracefulStop(server);
  const listening = await portToListenOn(options.port, options.host);
  let site: Site | undefined;
  try {
    const { port, address } = siteAddress(options.host, listening.port);
    const opened = createSite({ ...options, baseUrl: options.url ?? address });
    await siteOpened(opened);
    site = opened;
    const hosts = allowedHosts(opened.context.urls.base, options.host, port);
    const closing = new AbortController();
    const trusted = trustedProxySet(options.trustedProxies);
    const addressOf = (req: http.IncomingMessage) => clientAddress(req, trusted);
    const main = createRequestHandler(opened, hosts, limits, options.mounts, closing.signal, addressOf);
    const handler = routeByPrefix(main, options.prefixedSites ?? (() => null), (prefixed) => createRequestHandler(prefixed, hosts, limits, [], closing.signal, addressOf));
    server.on('request', handler);
    // A client that asks before sending its body (Expect: 100-continue) is told to go on
    // only once the request is allowed: a refused upload is never sent at all.
    server.on('checkContinue', handler);
    await listening.listen(server);
    return {
      site: opened,
      server,
      address,
      url: opened.context.urls.base,
      close: async (closeOptions) => {
        // In-flight requests finish (open streams are told to end); each connection is let go once idle.
        closing.abort();
        await stop(undefined, closeOptions?.drain ? STOP_DRAIN_MS : 0);
        opened.close();
      },
    };
  } catch (error) {
    listening.release();
    site?.close();
    throw error;
  }
}
