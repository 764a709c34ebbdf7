// What the tests against the real WordPress share: the run's WordPress (started once by
// tests/helpers/wordpress/global-setup.ts), the app connected to it as one of its accounts
// (optionally through the fault proxy), writes into the local copy as the app's editor makes
// them, and the WordPress REST API as another writer on the site uses it.
import fs from 'node:fs';
import { inject } from 'vitest';
import { openWorkspace } from '../../electron/remote/workspace.ts';
import type { WordPressInfo, WordPressRole } from './wordpress/wordpress.ts';
import { connectFixture, type ConnectedFixture } from './sync-fixture.ts';

export interface WpResult<T = any> {
  status: number;
  body: T;
}

export interface WordPressFixture extends ConnectedFixture {
  wp: WordPressInfo;
  /** A request to WordPress's REST API as one of its accounts (another writer on the site). */
  api<T = any>(route: string, options?: { method?: string; body?: unknown; as?: WordPressRole; query?: Record<string, string> }): Promise<WpResult<T>>;
  /** The remote id the local item is synced with. */
  remoteIdOf(localId: number): number;
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
  const account = wp.accounts[options.as ?? 'administrator'];
  const connected = await connectFixture(wp.url, { login: account.login, password: account.appPassword }, options,
    (sites, siteId) => openWorkspace(sites, siteId, { timeoutMs: options.timeoutMs }));
  return Object.assign(connected, {
    wp,
    async api<T = any>(route: string, request: { method?: string; body?: unknown; as?: WordPressRole; query?: Record<string, string> } = {}): Promise<WpResult<T>> {
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
    remoteIdOf(localId: number) {
      const mapped = connected.workspace.map.itemByLocalId(localId);
      if (!mapped) throw new Error(`local item ${localId} is not synced`);
      return mapped.remoteId;
    },
    async close() {
      connected.workspace.close();
      await connected.proxy?.close();
      fs.rmSync(connected.appDir, { recursive: true, force: true });
    },
  });
}
