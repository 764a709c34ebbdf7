// Connecting remote sites over real HTTP: discovery by the home page's Link header, by
// ?rest_route= and through redirects, deployment and content-namespace detection, plain
// reasons for addresses that are not sites, credentials checked by an authenticated
// request, sealed at rest (the password is in no file of the data directory) and removable.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { getSettings, saveSettings } from '../../server/content/settings.ts';
import { discoverSite } from '../../electron/remote/connect/discover.ts';
import { connectSite } from '../../electron/remote/connect/connect.ts';
import { RemoteSites } from '../../electron/remote/connect/remote-sites.ts';
import { RemoteSiteError, type RemoteFailure } from '../../electron/remote/client/errors.ts';
import { fileKeyCipher, keyFileBeside } from '../../server/auth/secret-cipher.ts';
import { openWorkspace } from '../../electron/remote/workspace.ts';
import { openLocalSite } from '../../electron/remote/connect/local-site.ts';
import { siteOf } from '../../server/local-copy/site-copy.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, self: string) => void | Promise<void>;

interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** A plain HTTP server on loopback for the cases a real site cannot play. */
async function startServer(handler: Handler): Promise<TestServer> {
  const server = http.createServer((req, res) => void handler(req, res, url));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

async function readBody(req: http.IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? new Uint8Array(Buffer.concat(chunks)) : undefined;
}

/**
 * Stands in front of a test site: its home page can lose the discovery link (a site found
 * by ?rest_route= only), and its content namespace can be spoken as wp/v2 (the API this
 * interface is modelled on).
 */
function proxyTo(site: TestSite, options: { homeWithoutLink?: boolean; speakWpV2?: boolean }): Handler {
  return async (req, res, self) => {
    const url = new URL(req.url ?? '/', self);
    if (options.homeWithoutLink && url.pathname === '/' && !url.searchParams.has('rest_route')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>A site without pretty links</h1>');
      return;
    }
    const toSite = (text: string) => (options.speakWpV2 ? text.replaceAll('wp/v2', 'cms/v2').replaceAll('wp%2Fv2', 'cms%2Fv2') : text);
    const toClient = (text: string) => {
      const local = text.replaceAll(site.url, self);
      return options.speakWpV2 ? local.replaceAll('cms/v2', 'wp/v2') : local;
    };
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type']) if (req.headers[name]) headers[name] = String(req.headers[name]);
    const answer = await fetch(site.url + toSite(req.url ?? '/'), { method: req.method, headers, body: await readBody(req), redirect: 'manual' });
    const passed: Record<string, string> = {};
    for (const name of ['content-type', 'link', 'x-wp-total', 'x-wp-totalpages', 'location']) {
      const value = answer.headers.get(name);
      if (value !== null) passed[name] = toClient(value);
    }
    res.writeHead(answer.status, passed).end(toClient(await answer.text()));
  };
}

async function failureOf(work: Promise<unknown>): Promise<{ reason: RemoteFailure; status?: number; message: string }> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(RemoteSiteError);
    const { reason, status, message } = error as RemoteSiteError;
    return { reason, status, message };
  }
  throw new Error('expected the call to fail');
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('connecting remote sites', () => {
  let siteA: TestSite;
  let siteB: TestSite;
  const servers: TestServer[] = [];
  let appDir: string;

  const serve = async (handler: Handler) => {
    const server = await startServer(handler);
    servers.push(server);
    return server;
  };
  const remoteSites = (dataDir = path.join(appDir, 'remotes')) => new RemoteSites(dataDir, fileKeyCipher(keyFileBeside(dataDir)));

  beforeAll(async () => {
    [siteA, siteB] = await Promise.all([startTestSite('a'), startTestSite('b')]);
    const store = siteB.running.site.context.store;
    saveSettings(store, { ...getSettings(store), name: 'Remote B', timezone_string: 'Europe/Paris' });
  });

  afterAll(async () => {
    await Promise.all([siteA.close(), siteB.close(), ...servers.map((server) => server.close())]);
  });

  afterEach(() => {
    if (appDir) fs.rmSync(appDir, { recursive: true, force: true });
  });

  describe('discovery', () => {
    it('finds the API root from the home page Link header and reads the index (deployment A)', async () => {
      const found = await discoverSite(siteA.url);
      expect(found).toEqual({
        address: `${siteA.url}/`,
        apiRoot: siteA.apiRoot,
        name: 'My Site',
        namespaces: ['oembed/1.0', 'contact-form/v1', 'cms/v2', 'site-health/v1', 'block-editor/v1', 'abilities/v1'],
        contentNamespace: 'cms/v2',
        deployment: 'a',
        authUrl: `${siteA.url}/authorize-application`,
        batchMax: 25,
        timezone: 'UTC',
      });
    });

    it('tells deployment B by its builder and search-optimisation namespaces, and reads its name and time zone', async () => {
      const found = await discoverSite(siteB.url);
      expect(found.deployment).toBe('b');
      expect(found.namespaces).toEqual(expect.arrayContaining(['builder/v1', 'seo/v1', 'cms/v2']));
      expect(found).toMatchObject({ name: 'Remote B', timezone: 'Europe/Paris', contentNamespace: 'cms/v2' });
    });

    it('falls back to ?rest_route=/ when the home page has no discovery link, and the client works through it', async () => {
      const proxy = await serve(proxyTo(siteA, { homeWithoutLink: true }));
      const found = await discoverSite(proxy.url);
      expect(found.apiRoot).toBe(`${proxy.url}/?rest_route=/`);
      expect(found.deployment).toBe('a');
      appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-app-'));
      const { user } = await connectSite(remoteSites(), proxy.url, { login: siteA.users.editor.login, password: siteA.users.editor.appPassword });
      expect(user).toMatchObject({ id: siteA.users.editor.id, slug: 'editor1', roles: ['editor'] });
    });

    it('connects to a site that speaks wp/v2, the namespace the interface is modelled on', async () => {
      const proxy = await serve(proxyTo(siteB, { speakWpV2: true }));
      const found = await discoverSite(proxy.url);
      expect(found).toMatchObject({ apiRoot: `${proxy.url}/cms-json/`, contentNamespace: 'wp/v2', deployment: 'b' });
      appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-app-'));
      const { user } = await connectSite(remoteSites(), proxy.url, { login: siteB.users.author.login, password: siteB.users.author.appPassword });
      expect(user.roles).toEqual(['author']);
    });

    it('follows redirects to the site once the writer confirms the origin it leads to', async () => {
      const redirector = await serve((req, res) => void res.writeHead(301, { location: `${siteA.url}${req.url}` }).end());
      expect(await failureOf(discoverSite(`${redirector.url}/`))).toMatchObject({ reason: 'sent_elsewhere', message: expect.stringContaining(`sends you to ${new URL(siteA.url).origin}`) });
      const found = await discoverSite(`${redirector.url}/`, {}, [new URL(siteA.url).origin]);
      expect(found.apiRoot).toBe(siteA.apiRoot);
    });

    it('says when an address answers but is not a site of this interface', async () => {
      const plain = await serve((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Just a page</h1>'));
      const failure = await failureOf(discoverSite(plain.url));
      expect(failure.reason).toBe('not_a_site');
      expect(failure.message).toContain('not a site this app can connect to');

      const otherApi = await serve((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ namespaces: ['shop/v1'], routes: {} })));
      expect(await failureOf(discoverSite(otherApi.url))).toMatchObject({ reason: 'not_a_site', message: expect.stringContaining('no cms/v2 or wp/v2') });
    });

    it('says when the site answers with an error', async () => {
      const broken = await serve((_req, res) => void res.writeHead(500).end('Internal Server Error'));
      expect(await failureOf(discoverSite(broken.url))).toMatchObject({ reason: 'http_error', status: 500, message: expect.stringContaining('HTTP 500') });
    });

    it('says when nothing answers at the address, or not in time', async () => {
      const closed = await startServer(() => undefined);
      await closed.close();
      const refused = await failureOf(discoverSite(closed.url));
      expect(refused).toMatchObject({ reason: 'unreachable', message: expect.stringContaining('refused the connection') });

      const silent = await serve(() => undefined);
      expect(await failureOf(discoverSite(silent.url, { timeoutMs: 300 }))).toMatchObject({ reason: 'timeout', message: expect.stringContaining('did not answer') });
    });

    it('refuses what is not a web address', async () => {
      expect((await failureOf(discoverSite('ftp://example.com'))).reason).toBe('invalid_address');
      expect((await failureOf(discoverSite('  '))).reason).toBe('invalid_address');
    });
  });

  describe('credentials', () => {
    it('refuses wrong credentials in plain words and records nothing', async () => {
      appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-app-'));
      const sites = remoteSites();
      const wrongPassword = await failureOf(connectSite(sites, siteA.url, { login: siteA.users.editor.login, password: 'abcd abcd abcd abcd abcd abcd' }));
      expect(wrongPassword).toMatchObject({ reason: 'wrong_credentials', status: 401, message: expect.stringContaining('did not accept this user name and application password') });
      const unknownUser = await failureOf(connectSite(sites, siteA.url, { login: 'nobody', password: siteA.users.editor.appPassword }));
      expect(unknownUser).toMatchObject({ reason: 'wrong_credentials', status: 401 });
      expect(sites.list()).toEqual([]);
      expect(fs.existsSync(path.join(sites.dataDir, 'credentials.json'))).toBe(false);
    });

    it('records the site with a local copy of the matching deployment, and its credentials sealed at rest', async () => {
      appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-app-'));
      const dataDir = path.join(appDir, 'remotes');
      const sites = remoteSites(dataDir);
      const credentials = { login: siteB.users.editor.login, password: siteB.users.editor.appPassword };
      const { site } = await connectSite(sites, siteB.url, credentials);
      expect(sites.list()).toEqual([site]);
      expect(site).toMatchObject({ name: 'Remote B', deployment: 'b', login: 'editor1', apiRoot: siteB.apiRoot });

      const local = siteOf(openLocalSite(sites.localSiteDir(site.id), site.deployment));
      try {
        expect(local.context.deployment.name).toBe('b');
        expect(getSettings(local.context.store)).toMatchObject({ name: 'Remote B', timezone_string: 'Europe/Paris' });
      } finally {
        local.close();
      }

      // The password is in no file of the data directory, with or without its spaces.
      const secrets = [credentials.password, credentials.password.replaceAll(' ', '')].map((text) => Buffer.from(text));
      const files = filesUnder(dataDir);
      expect(files.some((file) => file.endsWith('credentials.json'))).toBe(true);
      for (const file of files) {
        const bytes = fs.readFileSync(file);
        for (const secret of secrets) expect(bytes.includes(secret), file).toBe(false);
      }
      // The key lives beside the data directory, readable by its owner only.
      const keyFile = keyFileBeside(dataDir);
      expect(path.dirname(keyFile)).toBe(appDir);
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(dataDir, 'credentials.json')).mode & 0o777).toBe(0o600);

      // Another start of the app reads them back; another key cannot.
      expect(remoteSites(dataDir).credentials.load(site.id)).toEqual(credentials);
      const otherKey = new RemoteSites(dataDir, fileKeyCipher(path.join(appDir, 'other.key')));
      expect(() => otherKey.credentials.load(site.id)).toThrow(/cannot be read with this key/);
    });

    it('refuses to connect the same site twice', async () => {
      appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-app-'));
      const sites = remoteSites();
      const credentials = { login: siteA.users.author.login, password: siteA.users.author.appPassword };
      await connectSite(sites, siteA.url, credentials);
      expect((await failureOf(connectSite(sites, siteA.url, credentials))).reason).toBe('already_connected');
      expect(sites.list()).toHaveLength(1);
    });

    it('forgets credentials, then the whole site with its local copy', async () => {
      appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-app-'));
      const sites = remoteSites();
      const { site } = await connectSite(sites, siteA.url, { login: siteA.users.editor.login, password: siteA.users.editor.appPassword });
      sites.credentials.remove(site.id);
      expect(sites.credentials.load(site.id)).toBeNull();
      expect(() => openWorkspace(sites, site.id)).toThrow(/No application password is stored/);

      expect(fs.existsSync(sites.localSiteDir(site.id))).toBe(true);
      sites.remove(site.id);
      expect(sites.list()).toEqual([]);
      expect(fs.existsSync(sites.siteDir(site.id))).toBe(false);
    });
  });
});
