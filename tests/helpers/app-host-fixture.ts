// The desktop app's host for the integration tests: its data and a stand-in renderer in temp
// directories, and a client signed in as the app's own window signs in, with the one-time
// bootstrap token of its start-up address; and what a refused request to it answered.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAppHost, type AppHost, type AppHostOptions } from '../../electron/app-host.ts';
import { SiteClient, SiteError, type SiteCredentials } from '../../shared/site-client.ts';
import { desktopApi } from '../../shared/api-routes.ts';

export interface SignedInApp {
  host: AppHost;
  dataDir: string;
  /** What the bootstrap gave the app's window. */
  credentials: SiteCredentials;
  /** The app's site, with those credentials. */
  app: SiteClient;
  /** Stops the host and deletes its folders. */
  close(): Promise<void>;
}

/** A renderer folder with an index page and one script, in place of the built one. */
export function standInRenderer(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderer-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Inkwell</title>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

export async function startSignedInApp(options: Omit<AppHostOptions, 'dataDir' | 'rendererDir'> = {}): Promise<SignedInApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-host-'));
  const rendererDir = standInRenderer();
  const host = await startAppHost({ ...options, dataDir, rendererDir });
  const { apiRoot } = host.running.site.context.urls;
  const token = /#bootstrap=([\w-]+)/.exec(host.appUrl)![1];
  const credentials: SiteCredentials = await new SiteClient(apiRoot, null).post(desktopApi.session(), { token });
  return {
    host,
    dataDir,
    credentials,
    app: new SiteClient(apiRoot, credentials),
    async close() {
      await host.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(rendererDir, { recursive: true, force: true });
    },
  };
}

/** What a client call that must fail was answered: the status, code and message the writer would be shown. */
export async function siteFailure(work: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof SiteError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the request to fail');
}
