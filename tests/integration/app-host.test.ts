// The desktop app's host: its local site on loopback, the renderer at /app/, and the
// one-time bootstrap that gives the app's own window (and nothing else) its credential.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHost, RENDERER_POLICY, type AppHost } from '../../electron/app-host.ts';
import { DESKTOP_APP_ID } from '../../electron/desktop-session.ts';
import { SqliteStore } from '../../server/store/sqlite-store.ts';
import { standInRenderer } from '../helpers/app-host-fixture.ts';

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A GET's status on a connection of its own. The restarted host listens on the port of the one
 * before, and fetch would reuse its pooled keep-alive socket, which the first host closed.
 */
function statusOnNewConnection(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject);
  });
}

async function bootstrap(host: AppHost, token: string) {
  const response = await fetch(`${host.running.url}/cms-json/inkwell/v1/session`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }),
  });
  return { status: response.status, body: await response.json() };
}

describe('app host', () => {
  let dataDir: string;
  let rendererDir: string;
  let host: AppHost;

  beforeAll(async () => {
    dataDir = tempDir('app-host-');
    rendererDir = standInRenderer();
    host = await startAppHost({ dataDir, rendererDir });
  });
  afterAll(async () => {
    await host.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(rendererDir, { recursive: true, force: true });
  });

  it('binds the local site to loopback and serves the renderer at /app/ with a strict policy', async () => {
    expect(new URL(host.running.url).hostname).toBe('127.0.0.1');
    const index = await fetch(`${host.running.url}/app/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toBe(RENDERER_POLICY);
    expect(await index.text()).toContain('<title>Inkwell</title>');
    const asset = await fetch(`${host.running.url}/app/assets/app.js`);
    expect(asset.headers.get('content-type')).toContain('javascript');
    // Unknown app paths get the single-page app, so reloads on any screen work.
    expect((await fetch(`${host.running.url}/app/posts/12`)).status).toBe(200);
  });

  it('gives the credential once for the bootstrap token in the app address, and it works on the API', async () => {
    const token = /#bootstrap=([\w-]+)/.exec(host.appUrl)![1];
    expect((await bootstrap(host, 'wrong-token')).status).toBe(403);
    const first = await bootstrap(host, token);
    expect(first.status).toBe(200);
    expect(first.body.login).toBe('admin');
    const me = await fetch(`${host.running.url}/cms-json/cms/v2/users/me?context=edit`, {
      headers: { authorization: `Basic ${Buffer.from(`${first.body.login}:${first.body.password}`).toString('base64')}` },
    });
    expect(me.status).toBe(200);
    const again = await bootstrap(host, token);
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('inkwell_invalid_bootstrap');
  });

  it('sends no CORS headers, so other web pages cannot read the credential', async () => {
    const response = await fetch(`${host.running.url}/cms-json/inkwell/v1/session`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: '{"token":"x"}',
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keeps the private namespace out of the index', async () => {
    const index = await (await fetch(`${host.running.url}/cms-json/`)).json();
    expect(index.namespaces).not.toContain('inkwell/v1');
    expect(Object.keys(index.routes).some((route) => route.startsWith('/inkwell'))).toBe(false);
  });
});

describe('app host restart', () => {
  it('replaces the previous run’s desktop credential, so an old one stops working', async () => {
    const dataDir = tempDir('app-host-restart-');
    const rendererDir = standInRenderer();
    const first = await startAppHost({ dataDir, rendererDir });
    const oldCredential = (await bootstrap(first, /#bootstrap=([\w-]+)/.exec(first.appUrl)![1])).body;
    await first.close();
    const second = await startAppHost({ dataDir, rendererDir });
    try {
      const status = await statusOnNewConnection(`${second.running.url}/cms-json/cms/v2/users/me`, {
        authorization: `Basic ${Buffer.from(`${oldCredential.login}:${oldCredential.password}`).toString('base64')}`,
      });
      expect(status).toBe(401);
      const store = second.running.site.context.store;
      const rows = store.all<{ app_id: string }>('SELECT app_id FROM app_passwords WHERE app_id = ?', DESKTOP_APP_ID);
      expect(rows).toHaveLength(1);
    } finally {
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(rendererDir, { recursive: true, force: true });
    }
  });
});

describe('stored secrets', () => {
  it('never stores the desktop credential in clear', async () => {
    const dataDir = tempDir('app-host-secret-');
    const rendererDir = standInRenderer();
    const host = await startAppHost({ dataDir, rendererDir });
    const credential = (await bootstrap(host, /#bootstrap=([\w-]+)/.exec(host.appUrl)![1])).body;
    await host.close();
    const store = new SqliteStore(path.join(dataDir, 'site.db'));
    const dump = JSON.stringify(store.all('SELECT * FROM app_passwords'));
    store.close();
    expect(dump).not.toContain(credential.password.replace(/ /g, ''));
    expect(dump).not.toContain(credential.password);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(rendererDir, { recursive: true, force: true });
  });
});
