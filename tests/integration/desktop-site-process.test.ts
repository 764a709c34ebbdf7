// The desktop app's local site in a process of its own (Electron's utility process): the
// built entry point that Electron runs is forked here with Node, whose child-process
// channel the entry point speaks as well as Electron's parentPort.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildElectronEntries, ELECTRON_DIST } from '../../build/build-app.ts';
import { startSiteChild, type ChildLink, type ChildMessage, type SiteChild } from '../../electron/site-child.ts';
import { SqliteStore } from '../../server/store/sqlite-store.ts';
import { remoteSitesDir } from '../../electron/app-paths.ts';
import { keyFileBeside } from '../../server/auth/secret-cipher.ts';

const cleanups: (() => void)[] = [];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function forkSite(): { child: ChildProcess; link: ChildLink } {
  const child = fork(path.join(ELECTRON_DIST, 'site-process.cjs'), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  cleanups.push(() => child.kill('SIGKILL'));
  const link: ChildLink = {
    post: (message) => child.send(message),
    onMessage: (listener) => child.on('message', (message) => listener(message as ChildMessage)),
    onExit: (listener) => child.on('exit', listener),
  };
  return { child, link };
}

function renderer(): string {
  const dir = tempDir('renderer-');
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Inkwell</title>');
  return dir;
}

async function credential(site: SiteChild): Promise<string> {
  const token = /#bootstrap=([\w-]+)/.exec(site.appUrl)![1];
  const response = await fetch(`${site.siteUrl}/cms-json/inkwell/v1/session`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }),
  });
  const body = await response.json() as { login: string; password: string };
  return `Basic ${Buffer.from(`${body.login}:${body.password}`).toString('base64')}`;
}

beforeAll(async () => {
  await buildElectronEntries();
}, 120_000);

afterEach(() => {
  cleanups.splice(0).reverse().forEach((cleanup) => cleanup());
});

describe('the local site in its own process', () => {
  it('serves the app on loopback, keeps what was written, and closes cleanly when asked to stop', async () => {
    const dataDir = tempDir('desktop-site-');
    const { link } = forkSite();
    const secretKey = Buffer.alloc(32, 7).toString('base64');
    const site = await startSiteChild(link, { dataDir, rendererDir: renderer(), secretKey });
    // The key the main process unsealed is used; no key file is written beside the data.
    expect(fs.existsSync(keyFileBeside(remoteSitesDir(dataDir)))).toBe(false);
    expect(new URL(site.siteUrl).hostname).toBe('127.0.0.1');
    expect(site.initialAdminPassword).toEqual(expect.any(String));
    const page = await fetch(site.appUrl.replace(/#.*/, ''));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Inkwell</title>');

    const created = await fetch(`${site.siteUrl}/cms-json/cms/v2/posts`, {
      method: 'POST',
      headers: { authorization: await credential(site), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Written in the window', status: 'draft' }),
    });
    expect(created.status).toBe(201);

    expect(await site.stop()).toBe(0);
    await expect(fetch(site.siteUrl)).rejects.toThrow();
    const store = new SqliteStore(path.join(dataDir, 'site.db'));
    const titles = store.all<{ title: string }>('SELECT title FROM posts');
    store.close();
    expect(titles.map((row) => row.title)).toContain('Written in the window');
  });

  it('stops by itself when the app that started it goes away', async () => {
    const { child, link } = forkSite();
    const dataDir = tempDir('desktop-site-');
    const site = await startSiteChild(link, { dataDir, rendererDir: renderer() });
    // Without a key from the main process (no keychain), remote credentials are sealed with a key file.
    expect(fs.existsSync(keyFileBeside(remoteSitesDir(dataDir)))).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.disconnect();
    expect(await exited).toBe(0);
    await expect(fetch(site.siteUrl)).rejects.toThrow();
  });

  it('says why when the site cannot start', async () => {
    const notADirectory = path.join(tempDir('desktop-site-'), 'file');
    fs.writeFileSync(notADirectory, 'not a data directory');
    const { link } = forkSite();
    await expect(startSiteChild(link, { dataDir: notADirectory, rendererDir: renderer() })).rejects.toThrow(/could not start: .*EEXIST|could not start: .*ENOTDIR/);
  });
});
