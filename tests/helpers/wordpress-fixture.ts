// What the tests against the real WordPress share: the run's WordPress (started once by
// tests/helpers/wordpress/global-setup.ts), the app connected to it as one of its accounts
// (optionally through the fault proxy), writes into the local copy as the app's editor makes
// them, and the WordPress REST API as another writer on the site uses it.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { openWorkspace } from '../../electron/remote/workspace.ts';
import type { WordPressInfo, WordPressRole } from './wordpress/wordpress.ts';
import { connectFixture, FAST_RETRY, type ConnectedFixture } from './sync-fixture.ts';
import { syncSite } from '../../electron/remote/sync.ts';
import { request, routeUrl, type ApiResult, type RequestOptions } from './http-request.ts';

export interface WordPressFixture extends ConnectedFixture {
  wp: WordPressInfo;
  /** A request to WordPress's REST API as one of its accounts (another writer on the site). */
  api<T = any>(route: string, options?: Omit<RequestOptions, 'headers'> & { as?: WordPressRole }): Promise<ApiResult<T>>;
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
}

export function wordpress(): WordPressInfo {
  return inject('wordpress');
}

/** A word no other test's items hold, so each test finds its own on the shared WordPress. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export function basicAuth(wp: WordPressInfo, role: WordPressRole): string {
  const account = wp.accounts[role];
  return `Basic ${Buffer.from(`${account.login}:${account.appPassword}`).toString('base64')}`;
}

export async function wordpressFixture(options: WordPressFixtureOptions = {}): Promise<WordPressFixture> {
  const wp = options.wp ?? wordpress();
  const account = wp.accounts[options.as ?? 'administrator'];
  // A request whose answer the proxy holds gives up at once, as at the app's time limit.
  const connected = await connectFixture(wp.url, { login: account.login, password: account.appPassword }, options,
    (sites, siteId, fetchImpl) => openWorkspace(sites, siteId, { fetchImpl }));
  const api: WordPressFixture['api'] = (route, { as, ...sent } = {}) =>
    request(routeUrl(wp.apiRoot, route), { ...sent, headers: { authorization: basicAuth(wp, as ?? 'administrator') } });
  return Object.assign(connected, {
    wp,
    api,
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

/**
 * One connection for the tests of a describe that each leave it synced, connected and synced once
 * before them (a connection's first sync reads all the shared WordPress holds), closed after them.
 */
export function syncedForDescribe(options: WordPressFixtureOptions = {}): () => WordPressFixture {
  let fixture: WordPressFixture | undefined;
  beforeAll(async () => {
    fixture = await wordpressFixture(options);
    expect(await syncSite(fixture.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok' });
  });
  afterAll(async () => {
    await fixture?.close();
  });
  return () => fixture!;
}
