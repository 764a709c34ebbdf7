// createSite(config): opens (or initialises) a site's data directory and assembles its
// route table for the deployment. The HTTP adapter is separate (http.ts).
import fs from 'node:fs';
import type { RequestUser, RestRequest, RestResponse } from './rest/types.ts';
import type { DeploymentName, NamespacePlugin, SiteContext, SiteUrls } from './site-context.ts';
import { API_PREFIX } from '../shared/api-routes.ts';
import { openStore, openWriteListener } from './store/open-store.ts';
import { Router } from './rest/router.ts';
import { Dispatcher, errorResponse } from './rest/dispatch.ts';
import { indexRoute, namespaceIndexRoute } from './rest/index-doc.ts';
import { batchRoute } from './rest/batch.ts';
import { DEPLOYMENTS } from './deployments.ts';
import { createAuthenticator } from './auth/authenticate.ts';
import { SignInGuard } from './auth/sign-in-limit.ts';
import type { RateLimit } from './store/rate-limits.ts';
import { getSettings, settingsModifiedGmt, zoneFields } from './content/settings.ts';
import { initialiseSite } from './initialise.ts';
import { NAMESPACE_PLUGINS } from './namespace-table.ts';
import { openMediaStorage, type MediaChoice } from './media/open-storage.ts';
import { lookForFilesLeftBehind } from './content/media-orphans.ts';
import { SITE_TEMPLATES } from './content/page-templates.ts';
import { answeredInItsTransaction, resentWrites } from './resent-writes.ts';

export { API_PREFIX };
export const AUTH_PATH = '/authorize-application';

export interface SiteConfig extends MediaChoice {
  dataDir: string;
  /** A postgres:// address to keep the site's data in PostgreSQL; SQLite in dataDir without one. */
  database?: string;
  deployment: DeploymentName;
  /** The address clients reach the site at, without a trailing slash. */
  baseUrl: string;
  /** Whether the site may fetch from private and loopback addresses (sideloads); off by default. */
  allowPrivateNetwork?: boolean;
  /** The time zone a new site starts in (an IANA name); this computer's by default. */
  timezone?: string;
  /** The host's own namespaces (the desktop app's): served, but not listed in the index. */
  privateNamespaces?: readonly NamespacePlugin[];
  /** Sign-in attempts allowed per client; the default suits people, not guessing scripts. */
  signInLimit?: RateLimit;
  /** A local copy of a connected site: its items' templates are the remote's, not checked here. */
  remoteCopy?: boolean;
  /** A local copy's synced patterns by the references its posts hold (sync's mapping); a reference names the id here without it. */
  patternIds?: () => Readonly<Record<number, number>>;
}

export interface Site {
  context: SiteContext;
  router: Router;
  dispatch(request: RestRequest): Promise<RestResponse>;
  /** When what every answer is built from besides its item (the settings) last changed, or null. */
  sharedInputsModifiedGmt(): string | null;
  /** The user of a request's credentials (null without any); throws 401 on bad ones. */
  authenticate(request: RestRequest): RequestUser | null;
  /** The admin's generated account password, only when this call created the site. */
  initialAdminPassword: string | null;
  /** Settles when the site may serve (rejects when the media storage cannot be read). */
  ready: Promise<void>;
  /**
   * The files uploads left behind, removed as the site opened: before it serves from its own
   * folder, after from a shared storage, where one instance an hour looks (lookForFilesLeftBehind).
   */
  filesLeftBehind: Promise<string[]>;
  close(): void;
}

/** The writes committed on the site's database as the front process of `--workers` hears them (PostgreSQL; null on SQLite). */
export function listenForWrites(config: Pick<SiteConfig, 'database'>): ReturnType<typeof openWriteListener> {
  return openWriteListener(config.database);
}

export function siteUrls(baseUrl: string): SiteUrls {
  const base = baseUrl.replace(/\/+$/, '');
  return { base, apiRoot: `${base}${API_PREFIX}/`, authUrl: `${base}${AUTH_PATH}` };
}

/** Methods that write nothing (a credential's first use aside, which waits on the loop at most briefly). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createSite(config: SiteConfig): Site {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const store = openStore(config.dataDir, config.database);
  const deployment = DEPLOYMENTS[config.deployment];
  const urls = siteUrls(config.baseUrl);
  const context: SiteContext = {
    store, deployment, urls, dataDir: config.dataDir,
    media: openMediaStorage(config.dataDir, config),
    allowPrivateNetwork: config.allowPrivateNetwork ?? false,
    contentListeners: [],
    signIns: new SignInGuard(store, config.signInLimit),
    pageTemplates: config.remoteCopy ? null : SITE_TEMPLATES,
    patternIds: config.patternIds ?? null,
  };
  const initialAdminPassword = initialiseSite(store, config.timezone);
  const opening = lookForFilesLeftBehind(context, new Date());
  const ready = opening.readable;
  ready.catch(() => {}); // awaited by serveSite, which then refuses to start; a host that does not wait loses nothing
  opening.removed.catch(() => {}); // a failure is ready's, or said in the log (lookForFilesLeftBehind)

  const router = new Router();
  const authenticator = createAuthenticator(store, context.signIns);
  const sharedInputsModifiedGmt = () => settingsModifiedGmt(store);
  const dispatcher = new Dispatcher({ router, authenticate: authenticator.authenticate, apiRoot: urls.apiRoot, sharedInputsModifiedGmt });
  router.add(indexRoute(router, () => {
    const settings = getSettings(store);
    return {
      name: settings.name,
      description: settings.description,
      url: urls.base,
      home: urls.base,
      ...zoneFields(settings.timezone_string),
      page_for_posts: settings.page_for_posts,
      page_on_front: settings.page_on_front,
      show_on_front: settings.show_on_front,
      namespaces: deployment.namespaces,
      authUrl: urls.authUrl,
      apiRoot: urls.apiRoot,
    };
  }));
  // Each item run, or answered as it was made before a death (resent-writes.ts: batchItem).
  router.add(batchRoute(router, async (request, validated, index) => dispatcher.withAnswerValidators(await resent.batchItem(index, (answered) => dispatcher.run(request, validated, answered))), () => store.writesCommitted()));
  // Routes in the deployment's order (the index lists them so); some of its namespaces are
  // listed with no routes of their own.
  for (const namespace of deployment.namespaces) {
    router.add(namespaceIndexRoute(router, namespace, urls.apiRoot));
    // A write's answer told in its transaction, on every route whose writes are recorded (resent-writes.ts).
    for (const route of NAMESPACE_PLUGINS.find((plugin) => plugin.namespace === namespace)?.routes(context) ?? []) router.add(answeredInItsTransaction(store, route));
  }
  const privateNamespaces = config.privateNamespaces ?? [];
  for (const plugin of privateNamespaces) for (const route of plugin.routes(context)) router.add(route);
  // Started in the table's order (see namespace-table.ts), then the host's; stopped in reverse.
  const served = [...NAMESPACE_PLUGINS.filter((plugin) => deployment.namespaces.includes(plugin.namespace)), ...privateNamespaces];
  const stops = served.flatMap((plugin) => plugin.start?.(context) ?? []);
  const resent = resentWrites(store, urls.apiRoot, async (path, made) => {
    for (const plugin of served) if (path.startsWith(`/${plugin.namespace}/`)) await plugin.answerLost?.(context, path, made);
  });

  return {
    context,
    router,
    initialAdminPassword,
    ready,
    filesLeftBehind: opening.removed,
    authenticate: authenticator.authenticate,
    sharedInputsModifiedGmt,
    // Answered once what the answer may show is committed (the store's serve), or with the commit's failure.
    dispatch: (request) => store.serve(async () => {
      // A write waits for another process's lock here, off the event loop, not in its statements.
      if (!READS.has(request.method.toUpperCase())) await store.writeLockFree();
      return resent.dispatch(request, dispatcher);
    }).catch(errorResponse),
    close() {
      for (const stop of [...stops].reverse()) stop();
      store.close();
      context.media.close();
    },
  };
}
