// Starts the desktop app's local site on loopback, with the app's private namespace and
// the renderer mounted at /app/ (same origin as the API, so no CORS is ever needed).
// Plain Node: the Electron main process and browser mode both use it.
import path from 'node:path';
import { serveSite, type RunningSite } from '../server/http.ts';
import type { DeploymentName } from '../server/deployments.ts';
import { createDesktopSession, desktopRoutes, type DesktopSession } from './desktop-session.ts';

export const APP_PATH = '/app';

/** The renderer talks to its own origin only and runs no inline scripts; images may come from https sites (embeds, pictures in posts). */
export const RENDERER_POLICY =
  "default-src 'self'; img-src 'self' data: blob: https:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'";

export interface AppHostOptions {
  dataDir: string;
  rendererDir: string;
  deployment?: DeploymentName;
  port?: number;
}

export interface AppHost {
  running: RunningSite;
  /** The address to open: the renderer with this run's one-time bootstrap token. */
  appUrl: string;
  initialAdminPassword: string | null;
  close(): Promise<void>;
}

export async function startAppHost(options: AppHostOptions): Promise<AppHost> {
  let session: DesktopSession | null = null;
  const running = await serveSite({
    dataDir: options.dataDir,
    deployment: options.deployment ?? 'a',
    host: '127.0.0.1',
    port: options.port ?? 0,
    extraRoutes: () => desktopRoutes(() => session!),
    mounts: [{ path: APP_PATH, dir: path.resolve(options.rendererDir), fallback: '/index.html', contentSecurityPolicy: RENDERER_POLICY }],
  });
  session = createDesktopSession(running.site.context);
  return {
    running,
    appUrl: `${running.url}${APP_PATH}/#bootstrap=${session.token}`,
    initialAdminPassword: running.site.initialAdminPassword,
    close: () => running.close(),
  };
}
