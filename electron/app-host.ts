// Starts the desktop app's local site on loopback, with the app's private namespace and
// the renderer mounted at /app/ (same origin as the API, so no CORS is ever needed).
// Plain Node: the Electron main process and browser mode both use it.
import path from 'node:path';
import { serveSite, type RunningSite } from '../server/http.ts';
import type { DeploymentName } from '../server/site-context.ts';
import { fileKeyCipher, keyFileBeside, type SecretCipher } from '../server/auth/secret-cipher.ts';
import { remoteSitesDir } from './app-paths.ts';
import { listenOnStablePort } from './stable-port.ts';
import { lockDataFolder } from './data-folder-lock.ts';
import { createDesktopSession, desktopRoutes, DESKTOP_APP_ID, type DesktopSession } from './desktop-session.ts';
import { desktopApi } from '../shared/api-routes.ts';
import type { RemoteHttpOptions } from './remote/client/remote-fetch.ts';
import { ConnectedSites } from './sites/connected-sites.ts';
import { siteRoutes } from './sites/routes.ts';
import { grantReturnUrl } from './grant-return.ts';

export const APP_PATH = '/app';

/** The renderer talks to its own origin only and runs no inline scripts; images may come from https sites (embeds, pictures in posts). */
export const RENDERER_POLICY =
  "default-src 'self'; img-src 'self' data: blob: https:; font-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'";

export interface AppHostOptions {
  dataDir: string;
  rendererDir: string;
  deployment?: DeploymentName;
  /** By default the port this data folder used before, so the renderer's origin (and its storage) stays the same. */
  port?: number;
  /** Seals remote sites' credentials; by default a key file beside their folder (Electron may pass safeStorage). */
  cipher?: SecretCipher;
  /** Time limits of requests to remote sites. */
  remoteHttp?: RemoteHttpOptions;
  /** The desktop app receives sign-ins on sites through its inkwell:// scheme (grant-return.ts); browser mode has no scheme. */
  signInByScheme?: boolean;
}

export interface AppHost {
  running: RunningSite;
  /** The address to open: the renderer with this run's one-time bootstrap token. */
  appUrl: string;
  initialAdminPassword: string | null;
  sites: ConnectedSites;
  close(): Promise<void>;
}

export async function startAppHost(options: AppHostOptions): Promise<AppHost> {
  // The folder first: a second start of the app must not open its data nor take an address beside the first.
  const lock = lockDataFolder(options.dataDir);
  let session: DesktopSession | null = null;
  const remoteDir = remoteSitesDir(options.dataDir);
  let hostUrl = '';
  const sites = new ConnectedSites({ dataDir: remoteDir, cipher: options.cipher ?? fileKeyCipher(keyFileBeside(remoteDir)), hostUrl: () => hostUrl, http: options.remoteHttp });
  const serve = (port: number) => serveSite({
    dataDir: options.dataDir,
    deployment: options.deployment ?? 'a',
    host: '127.0.0.1',
    port,
    privateNamespaces: [{ namespace: desktopApi.namespace, routes: (context) => [...desktopRoutes(() => session!), ...siteRoutes(sites, context, DESKTOP_APP_ID, options.signInByScheme ? grantReturnUrl : undefined)] }],
    prefixedSites: (pathname) => sites.copies.resolve(pathname),
    mounts: [{ path: APP_PATH, dir: path.resolve(options.rendererDir), fallback: '/index.html', contentSecurityPolicy: RENDERER_POLICY }],
  });
  let running: RunningSite;
  try {
    running = options.port === undefined ? await listenOnStablePort(options.dataDir, serve, (site) => site.address) : await serve(options.port);
  } catch (error) {
    lock.release();
    await sites.close();
    throw error;
  }
  lock.setAddress(`${running.url}${APP_PATH}/`);
  session = createDesktopSession(running.site.context);
  hostUrl = running.url;
  return {
    running,
    appUrl: `${running.url}${APP_PATH}/#bootstrap=${session.token}`,
    initialAdminPassword: running.site.initialAdminPassword,
    sites,
    // The server first (its open streams end, its requests finish), then syncs and local copies.
    close: async () => {
      try {
        await running.close();
        await sites.close();
      } finally {
        lock.release();
      }
    },
  };
}
