// What the tests against the real WordPress share: the run's WordPress (started once by
// tests/helpers/wordpress/global-setup.ts), the app connected to it as one of its accounts
// (optionally through the fault proxy), writes into the local copy as the app's editor makes
// them, and the WordPress REST API as another writer on the site uses it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { fileKeyCipher, keyFileBeside } from '../../server/auth/secret-cipher.ts';
import { getPost, type PostRow } from '../../server/store/posts.ts';
import { connectSite } from '../../electron/remote/connect.ts';
import { RemoteSites } from '../../electron/remote/remote-sites.ts';
import { openWorkspace, type RemoteWorkspace } from '../../electron/remote/workspace.ts';
import type { ItemKind } from '../../electron/remote/sync-map.ts';
import type { WordPressInfo, WordPressRole } from '../helpers/wordpress/wordpress.ts';
import { Proxy } from './sync-fixture.ts';

export interface WpResult<T = any> {
  status: number;
  body: T;
}

export interface WordPressFixture {
  wp: WordPressInfo;
  sites: RemoteSites;
  siteId: string;
  workspace: RemoteWorkspace;
  proxy: Proxy | null;
  /** A request to WordPress's REST API as one of its accounts (another writer on the site). */
  api<T = any>(route: string, options?: { method?: string; body?: unknown; as?: WordPressRole; query?: Record<string, string> }): Promise<WpResult<T>>;
  /** A write into the local copy through its routes, as the app's editor makes it. */
  local<T = any>(method: string, route: string, body?: Record<string, unknown>, query?: Record<string, unknown>): Promise<T>;
  localRow(id: number): PostRow | undefined;
  /** The remote id the local item is synced with. */
  remoteIdOf(localId: number): number;
  /** The local item that mirrors the remote one. */
  localOf(kind: ItemKind, remoteId: number): PostRow;
  /** Closes and opens the workspace again, as a restarted app does. */
  reopen(): void;
  close(): Promise<void>;
}

export interface WordPressFixtureOptions {
  /** Another WordPress than the run's shared one (a fresh install of its own). */
  wp?: WordPressInfo;
  as?: WordPressRole;
  proxy?: boolean;
  /** The proxy hides the batch route: creates go one by one. */
  hideBatch?: boolean;
  /** Each request's time limit (a stalled request ends after it). */
  timeoutMs?: number;
}

export function wordpress(): WordPressInfo {
  return inject('wordpress');
}

export function basicAuth(wp: WordPressInfo, role: WordPressRole): string {
  const account = wp.accounts[role];
  return `Basic ${Buffer.from(`${account.login}:${account.appPassword}`).toString('base64')}`;
}

export async function wordpressFixture(options: WordPressFixtureOptions = {}): Promise<WordPressFixture> {
  const wp = options.wp ?? wordpress();
  let proxy: Proxy | null = null;
  if (options.proxy) {
    proxy = new Proxy(wp.url);
    proxy.hideBatch = options.hideBatch ?? false;
    await proxy.start();
  }
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-wpsync-'));
  const dataDir = path.join(appDir, 'remotes');
  const sites = new RemoteSites(dataDir, fileKeyCipher(keyFileBeside(dataDir)));
  const account = wp.accounts[options.as ?? 'administrator'];
  const { site } = await connectSite(sites, proxy?.url ?? wp.url, { login: account.login, password: account.appPassword });
  const open = () => openWorkspace(sites, site.id, { timeoutMs: options.timeoutMs });
  const fixture: WordPressFixture = {
    wp, sites, siteId: site.id, workspace: open(), proxy,
    async api(route, request = {}) {
      const url = new URL(route.replace(/^\//, ''), wp.apiRoot);
      for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
      const response = await fetch(url, {
        method: request.method ?? 'GET',
        headers: { authorization: basicAuth(wp, request.as ?? 'administrator'), 'content-type': 'application/json' },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    async local(method, route, body = {}, query = {}) {
      const response = await fixture.workspace.local.dispatch({
        method, path: `/cms/v2/${route}`, query, body, headers: {}, user: { id: 1, login: 'admin', role: 'administrator' },
      });
      if (response.status >= 400) throw new Error(`local ${method} ${route}: ${JSON.stringify(response.body)}`);
      return response.body as any;
    },
    localRow: (id) => getPost(fixture.workspace.local.context.store, id),
    remoteIdOf(localId) {
      const mapped = fixture.workspace.map.itemByLocalId(localId);
      if (!mapped) throw new Error(`local item ${localId} is not synced`);
      return mapped.remoteId;
    },
    localOf(kind, remoteId) {
      const mapped = fixture.workspace.map.item(kind, remoteId);
      if (!mapped) throw new Error(`${kind} ${remoteId} is not mapped`);
      return getPost(fixture.workspace.local.context.store, mapped.localId)!;
    },
    reopen() {
      fixture.workspace.close();
      fixture.workspace = open();
    },
    async close() {
      fixture.workspace.close();
      await proxy?.close();
      fs.rmSync(appDir, { recursive: true, force: true });
    },
  };
  return fixture;
}
