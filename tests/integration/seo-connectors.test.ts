// The third-party connectors of seo/v1 (deployment B) against a keyword-research and a
// rank-tracking service played by a local node:http server: code exchange, tokens sealed at
// rest, related keyphrases, tracking, rankings, untracking, limits; then the services down
// or silent: a clear error within the time limit, and what the site keeps still readable.
// Each test builds the site and services it reads (a scene), or reads one its describe
// built and no test there changes, so the tests pass alone and in any order.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliDatabaseArgs, startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import type { ApiResult } from '../helpers/http-request.ts';
import { freePort } from '../helpers/free-port.ts';
import { setServices } from '../../server/namespaces/seo/connector-services.ts';
import { getOption } from '../../server/store/options.ts';
import { SqliteStore } from '../../server/store/sqlite-store.ts';
import type { Store } from '../../server/store/db.ts';
import { siteCommandArgs } from '../helpers/site-cli/command.ts';

const KW_ACCESS = 'KW-ACCESS-SECRET-1f9c';
const KW_REFRESH = 'KW-REFRESH-SECRET-77ab';
const RANK_ACCESS = 'RANK-ACCESS-SECRET-c0de';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization?: string;
  body: any;
}

/** The two services: everything they were asked is kept in `seen`. */
function startServices() {
  const seen: Seen[] = [];
  let challenge = '';
  let nextId = 100;
  const tracked = new Map<string, { id: number; keyword: string }>();
  let usage = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://service');
      const entry: Seen = { method: req.method ?? '', path: url.pathname, query: url.searchParams, authorization: req.headers.authorization, body: raw ? JSON.parse(raw) : null };
      seen.push(entry);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /kw/oauth/token') {
        if (entry.body.grant_type === 'authorization_code' && entry.body.code === 'good-code') return send(200, { access_token: KW_ACCESS, refresh_token: KW_REFRESH, expires_in: 3600 });
        if (entry.body.grant_type === 'refresh_token' && entry.body.refresh_token === KW_REFRESH) return send(200, { access_token: `${KW_ACCESS}-2`, refresh_token: KW_REFRESH, expires_in: 3600 });
        return send(400, { error: 'invalid_grant' });
      }
      if (route === 'GET /kw/keywords/related') {
        if (!entry.authorization?.startsWith(`Bearer ${KW_ACCESS}`)) return send(401, { message: 'Unauthorized' });
        return send(200, { data: { columnNames: ['Ph', 'Nq'], rows: [[`${url.searchParams.get('phrase')} recipe`, 880], [`${url.searchParams.get('database')} bread`, 40]] } });
      }
      if (route === 'GET /rank/oauth/authorize') return send(200, {});
      if (route === 'POST /rank/oauth/token') {
        const verified = createHash('sha256').update(String(entry.body.code_verifier)).digest('base64url') === challenge;
        if (entry.body.code === 'rank-code' && verified) return send(200, { access_token: RANK_ACCESS, expires_in: 3600 });
        return send(400, { error: 'invalid_grant' });
      }
      if (entry.authorization !== `Bearer ${RANK_ACCESS}` && url.pathname.startsWith('/rank/')) return send(401, { message: 'Unauthorized' });
      if (route === 'GET /rank/account') return send(200, { limits: { keywords: { usage, limit: 3 }, history_days: 31 } });
      if (route === 'GET /rank/upgrade-campaign') return send(200, { type: 'RATE', months: 3, value: 0.5 });
      if (route === 'POST /rank/websites/42/keywords/bulk') {
        const added = (entry.body as { keyword: string }[]).map(({ keyword }) => {
          const known = tracked.get(keyword) ?? { id: nextId++, keyword };
          tracked.set(keyword, known);
          return { ...known, groups: [], created_at: 'today' };
        });
        usage = tracked.size;
        return send(201, { data: added });
      }
      if (route === 'POST /rank/websites/42/rankings') {
        const wanted = new Set((entry.body.keywords as string[]).map((keyword) => keyword.toLowerCase()));
        return send(200, { data: [...tracked.values()].filter((item) => wanted.has(item.keyword.toLowerCase())).map((item) => ({ ...item, position: { value: 7 } })) });
      }
      const deleted = /^\/rank\/websites\/42\/keywords\/(\d+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && deleted) {
        for (const [keyword, item] of tracked) if (item.id === Number(deleted[1])) tracked.delete(keyword);
        usage = tracked.size;
        res.writeHead(204).end();
        return;
      }
      send(404, { message: `no ${route}` });
    });
  });
  return {
    seen,
    setChallenge: (value: string) => (challenge = value),
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function cli(dataDir: string, ...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, siteCommandArgs(...args, '--data', dataDir, ...cliDatabaseArgs(dataDir)), { encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

type Services = ReturnType<typeof startServices>;

/** A site of deployment B and the two services it may be pointed at, closed after the file. */
interface Scene {
  site: TestSite;
  services: Services;
  base: string;
  store(): Store;
  call(method: string, route: string, options?: { body?: unknown; query?: Record<string, string>; as?: TestRole | null }): Promise<ApiResult>;
}

const scenes: Scene[] = [];
afterAll(async () => {
  await Promise.all(scenes.map(async ({ services, site }) => {
    await services.close();
    await site.close();
  }));
});

/** A new site whose services are not set yet. */
async function newScene(): Promise<Scene> {
  const site = await startTestSite('b');
  const services = startServices();
  const scene: Scene = {
    site,
    services,
    base: `http://127.0.0.1:${await services.listen()}`,
    store: () => site.running.site.context.store,
    call: (method, route, options = {}) =>
      site.api(`/seo/v1${route}`, { method, body: options.body, query: options.query, as: options.as === undefined ? 'author' : options.as }),
  };
  scenes.push(scene);
  return scene;
}

/** A new site pointed at its services (as `seo set-service` does). */
async function configuredScene(): Promise<Scene> {
  const scene = await newScene();
  setServices(scene.store(), { kwresearchUrl: `${scene.base}/kw`, rankUrl: `${scene.base}/rank` });
  return scene;
}

/** Exchanges a code with the keyword-research service. */
async function connectKeywords(scene: Scene): Promise<Scene> {
  expect((await scene.call('POST', '/kwresearch/authenticate', { body: { code: 'good-code' } })).status).toBe(200);
  return scene;
}

/** A configured site that exchanged a code with the keyword-research service. */
async function keywordScene(): Promise<Scene> {
  return connectKeywords(await configuredScene());
}

/** Asks the site for the rank service's authorization URL and tells the service its challenge. */
async function askAuthorization(scene: Scene): Promise<URL> {
  const { status, body } = await scene.call('GET', '/rank/authorization-url');
  expect(status).toBe(200);
  const url = new URL(body.url);
  scene.services.setChallenge(url.searchParams.get('code_challenge')!);
  return url;
}

/** A configured site connected to the rank-tracking service for website 42. */
async function rankScene(): Promise<Scene> {
  const scene = await configuredScene();
  await askAuthorization(scene);
  expect((await scene.call('POST', '/rank/authenticate', { body: { code: 'rank-code', websiteId: 42 } })).status).toBe(200);
  return scene;
}

/** A rank-connected site tracking "Sourdough starter" (id 100) and "rye bread" (id 101). */
async function trackingScene(): Promise<Scene> {
  const scene = await rankScene();
  expect((await scene.call('POST', '/rank/keyphrases/track', { body: { keyphrases: ['Sourdough starter', 'rye bread'] } })).status).toBe(200);
  return scene;
}

describe('before any service is set', () => {
  it('says how to set one', async () => {
    const { call } = await newScene();
    const { status, body } = await call('POST', '/kwresearch/authenticate', { body: { code: 'good-code' } });
    expect(status).toBe(503);
    expect(body.code).toBe('seo_service_not_configured');
    expect(body.message).toContain('npm run site -- seo set-service --kwresearch-url');
  });

  it('takes the services from `npm run site -- seo set-service`, refusing what is not an http URL', async () => {
    const { site, base, store } = await newScene();
    const bad = await cli(site.dataDir, 'seo', 'set-service', '--rank-url', 'ftp://files.example/');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--rank-url must be an http or https URL');
    const none = await cli(site.dataDir, 'seo', 'set-service');
    expect(none.stderr).toContain('Give --kwresearch-url, --rank-url or --timeout-ms');
    const set = await cli(site.dataDir, 'seo', 'set-service', '--kwresearch-url', `${base}/kw`, '--rank-url', `${base}/rank`);
    expect(set.status).toBe(0);
    expect(set.stdout).toContain(`Keyword research: ${base}/kw/`);
    expect(set.stdout).toContain('Time limit: 10000 ms');
    expect(getOption(store(), 'seo_connector_services')).toEqual({ kwresearch_url: `${base}/kw/`, rank_url: `${base}/rank/`, timeout_ms: 10_000 });
  }, 60_000);
});

describe('keyword research', () => {
  // Connected once; the tests that change the connection (a first code, a refresh) have their own.
  // "Is for writers" switches the integration off and on again.
  let connected: Scene;
  beforeAll(async () => {
    connected = await keywordScene();
  });

  it('lists its routes with the arguments of the interface', async () => {
    const { body } = await connected.site.api('/seo/v1');
    expect(body.routes['/seo/v1/kwresearch/authenticate'].endpoints[0].args).toEqual({ code: { required: true } });
    expect(body.routes['/seo/v1/kwresearch/related_keyphrases'].endpoints[0].args).toEqual({ keyphrase: { required: true }, country_code: { required: true } });
    expect(body.routes['/seo/v1/rank/authenticate'].endpoints[0].args).toEqual({ code: { required: true }, websiteId: { required: true } });
    expect(body.routes['/seo/v1/rank/keyphrases'].endpoints[0].args).toEqual({ keyphrases: { required: false }, permalink: { required: false }, startAt: { required: false } });
    expect(body.routes['/seo/v1/rank/keyphrases/untrack'].endpoints).toEqual([{ methods: ['DELETE'], args: [] }]);
    expect(body.routes['/seo/v1/rank/account/limit'].endpoints).toEqual([{ methods: ['GET'], args: [] }]);
  });

  it('answers "not connected" before a code was exchanged', async () => {
    const { call } = await configuredScene();
    const { status, body } = await call('GET', '/kwresearch/related_keyphrases', { query: { keyphrase: 'sourdough', country_code: 'us' } });
    expect(status).toBe(400);
    expect(body.code).toBe('seo_not_connected');
  });

  it('exchanges a code for tokens, answering without them', async () => {
    const { call, services } = await configuredScene();
    const refused = await call('POST', '/kwresearch/authenticate', { body: { code: 'spent-code' } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('seo_service_refused');
    expect(refused.body.message).toContain('answered 400: invalid_grant');
    const { status, body } = await call('POST', '/kwresearch/authenticate', { body: { code: 'good-code' } });
    expect(status).toBe(200);
    expect(body.status).toBe(200);
    expect(body.tokens).toMatchObject({ has_expired: false });
    expect(body.tokens.expires).toBeGreaterThan(Date.now() / 1000 + 3000);
    expect(JSON.stringify(body)).not.toContain(KW_ACCESS);
    expect(services.seen.find((entry) => entry.path === '/kw/oauth/token' && entry.body.code === 'good-code')?.body).toEqual({ client_id: 'inkwell', grant_type: 'authorization_code', code: 'good-code' });
  });

  it('keeps the tokens sealed: neither the database nor its log holds them in plain text', () => {
    const { site, store } = connected;
    const current = store();
    if (current instanceof SqliteStore) {
      current.db.pragma('wal_checkpoint(PASSIVE)');
      for (const file of ['site.db', 'site.db-wal']) {
        const full = path.join(site.dataDir, file);
        if (!fs.existsSync(full)) continue;
        const bytes = fs.readFileSync(full);
        for (const secret of [KW_ACCESS, KW_REFRESH]) expect(bytes.includes(Buffer.from(secret))).toBe(false);
      }
    }
    // On either store: no stored value holds them.
    const values = current.all<{ value: string }>('SELECT value FROM options').map((row) => row.value).join('\n');
    for (const secret of [KW_ACCESS, KW_REFRESH]) expect(values).not.toContain(secret);
    expect(fs.existsSync(path.join(site.dataDir, 'connectors.key'))).toBe(true);
  });

  it('fetches related keyphrases with the stored token', async () => {
    const { call, services } = connected;
    const { status, headers, body } = await call('GET', '/kwresearch/related_keyphrases', { query: { keyphrase: ' sourdough ', country_code: 'nl' } });
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toContain('no-store');
    expect(body).toEqual({ results: { columnNames: ['Ph', 'Nq'], rows: [['sourdough recipe', 880], ['nl bread', 40]] }, status: 200 });
    const asked = services.seen.filter((entry) => entry.path === '/kw/keywords/related').at(-1)!;
    expect(asked.authorization).toBe(`Bearer ${KW_ACCESS}`);
    expect(asked.query.get('database')).toBe('nl');
  });

  it('refreshes an expired token before asking', async () => {
    const { call, services, store } = await keywordScene();
    expect(getOption<string>(store(), 'seo_connector_secret:kwresearch_tokens')).toBeTypeOf('string');
    // The site runs in this process: two hours on, the one-hour token has expired.
    const now = Date.now;
    Date.now = () => now() + 2 * 3600 * 1000;
    try {
      expect((await call('GET', '/kwresearch/related_keyphrases', { query: { keyphrase: 'rye', country_code: 'us' } })).status).toBe(200);
    } finally {
      Date.now = now;
    }
    expect(services.seen.some((entry) => entry.path === '/kw/oauth/token' && entry.body.grant_type === 'refresh_token')).toBe(true);
    expect(services.seen.filter((entry) => entry.path === '/kw/keywords/related').at(-1)!.authorization).toBe(`Bearer ${KW_ACCESS}-2`);
  });

  it('keeps the country code, and validates the arguments', async () => {
    const { call, store } = connected;
    expect((await call('POST', '/kwresearch/country_code', { body: { country_code: 'de' } })).body).toEqual({ success: true, status: 200 });
    expect(getOption(store(), 'seo_kwresearch_country_code')).toBe('de');
    expect((await call('POST', '/kwresearch/country_code', { body: { country_code: 'DEU' } })).status).toBe(400);
    expect((await call('POST', '/kwresearch/country_code', { body: {} })).body.data.params).toEqual(['country_code']);
    expect((await call('GET', '/kwresearch/related_keyphrases', { query: { keyphrase: '  ', country_code: 'us' } })).body.data.params.keyphrase).toBeDefined();
    expect((await call('GET', '/kwresearch/related_keyphrases', { query: { keyphrase: 'x' } })).body.data.params).toEqual(['country_code']);
    expect((await call('POST', '/kwresearch/authenticate', { body: { code: '' } })).status).toBe(400);
  });

  it('is for writers, and off when its integration is switched off', async () => {
    // It switches the integration on again before it ends.
    const { call, site } = connected;
    expect((await call('POST', '/kwresearch/country_code', { body: { country_code: 'us' }, as: null })).status).toBe(401);
    expect((await call('POST', '/kwresearch/country_code', { body: { country_code: 'us' }, as: 'subscriber' })).status).toBe(403);
    expect((await call('POST', '/kwresearch/country_code', { body: { country_code: 'us' }, as: 'contributor' })).status).toBe(200);
    await site.api('/seo/v1/integrations/set_active', { method: 'POST', as: 'administrator', body: { integration: 'kwresearch', active: false } });
    const off = await call('POST', '/kwresearch/country_code', { body: { country_code: 'us' } });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('seo_integration_inactive');
    await site.api('/seo/v1/integrations/set_active', { method: 'POST', as: 'administrator', body: { integration: 'kwresearch', active: true } });
  });
});

describe('rank tracking', () => {
  // Connected once, tracking nothing; the tests that track or connect have their own.
  let ranked: Scene;
  beforeAll(async () => {
    ranked = await rankScene();
  });

  it('gives an authorization URL at the service with a PKCE challenge', async () => {
    const { call, base, site } = await configuredScene();
    const { status, headers, body } = await call('GET', '/rank/authorization-url');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toContain('no-store');
    const url = new URL(body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/rank/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe('inkwell');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${site.url}/`);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('exchanges the code with the verifier and keeps the website id', async () => {
    const scene = await configuredScene();
    const { call, store } = scene;
    await askAuthorization(scene);
    expect((await call('POST', '/rank/authenticate', { body: { code: 'rank-code' } })).body.data.params).toEqual(['websiteId']);
    expect((await call('POST', '/rank/authenticate', { body: { code: 'rank-code', websiteId: 'forty-two' } })).body.data.params.websiteId).toBeDefined();
    const { status, body } = await call('POST', '/rank/authenticate', { body: { code: 'rank-code', websiteId: 42 } });
    expect(status).toBe(200);
    expect(body.tokens.has_expired).toBe(false);
    expect(JSON.stringify(body)).not.toContain(RANK_ACCESS);
    expect(getOption(store(), 'seo_rank_website_id')).toBe('42');
  });

  it('reads the account limit and the upgrade offer', async () => {
    const { call } = ranked;
    expect((await call('GET', '/rank/account/limit')).body).toEqual({ canTrack: true, limit: 3, usage: 0, historyDays: 31, status: 200 });
    expect((await call('GET', '/rank/account/upgrade-campaign')).body).toEqual({ discount: 0.5, months: 3, status: 200 });
  });

  it('tracks keyphrases and keeps them, refusing what would pass the limit', async () => {
    const { call, store } = await rankScene();
    const { status, body } = await call('POST', '/rank/keyphrases/track', { body: { keyphrases: ['Sourdough starter', 'rye bread'] } });
    expect(status).toBe(200);
    expect(body).toEqual({ results: { 'Sourdough starter': { id: '100', keyword: 'Sourdough starter' }, 'rye bread': { id: '101', keyword: 'rye bread' } }, status: 200 });
    expect(Object.keys(getOption<Record<string, unknown>>(store(), 'seo_rank_tracked_keyphrases')!)).toEqual(['sourdough starter', 'rye bread']);
    const over = await call('POST', '/rank/keyphrases/track', { body: { keyphrases: ['spelt', 'emmer'] } });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('seo_rank_limit_exceeded');
    expect(over.body.data).toMatchObject({ limit: 3, usage: 2, canTrack: true });
    expect((await call('POST', '/rank/keyphrases/track', { body: {} })).body.data.params).toEqual(['keyphrases']);
    expect((await call('POST', '/rank/keyphrases/track', { body: { keyphrases: ['ok', ''] } })).status).toBe(400);
  });

  it('lists rankings of the tracked keyphrases, or only of those asked for', async () => {
    const { call, services } = await trackingScene();
    const all = await call('POST', '/rank/keyphrases', { body: {} });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body.results)).toEqual(['Sourdough starter', 'rye bread']);
    expect(all.body.results['rye bread'].position).toEqual({ value: 7 });
    const some = await call('POST', '/rank/keyphrases', { body: { keyphrases: ['SOURDOUGH STARTER'], permalink: 'https://site.example/sourdough/' } });
    expect(Object.keys(some.body.results)).toEqual(['Sourdough starter']);
    expect(services.seen.at(-1)!.body).toEqual({ keywords: ['SOURDOUGH STARTER'], url: 'https://site.example/sourdough/', start_at: null });
  });

  it('untracks by keyphraseID', async () => {
    const { call, services, store } = await trackingScene();
    expect((await call('DELETE', '/rank/keyphrases/untrack')).body.data.params).toEqual(['keyphraseID']);
    expect((await call('DELETE', '/rank/keyphrases/untrack', { query: { keyphraseID: '../x' } })).status).toBe(400);
    expect((await call('DELETE', '/rank/keyphrases/untrack', { query: { keyphraseID: '101' } })).body).toEqual({ status: 200 });
    expect(services.seen.at(-1)).toMatchObject({ method: 'DELETE', path: '/rank/websites/42/keywords/101' });
    expect(Object.keys(getOption<Record<string, unknown>>(store(), 'seo_rank_tracked_keyphrases')!)).toEqual(['sourdough starter']);
  });

  it('is for those who publish', async () => {
    const { call } = ranked;
    expect((await call('GET', '/rank/account/limit', { as: 'contributor' })).status).toBe(403);
    expect((await call('GET', '/rank/account/limit', { as: null })).status).toBe(401);
  });
});

describe('when the services cannot be reached', () => {
  it('says so at once for a closed port, and still lists what the site tracks', async () => {
    const { call, store } = await connectKeywords(await trackingScene());
    const port = await freePort();
    setServices(store(), { rankUrl: `http://127.0.0.1:${port}/rank`, kwresearchUrl: `http://127.0.0.1:${port}/kw` });
    const started = Date.now();
    const limit = await call('GET', '/rank/account/limit');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(limit.status).toBe(502);
    expect(limit.body.code).toBe('seo_service_unreachable');
    expect(limit.body.message).toMatch(new RegExp(`rank-tracking service at http://127\\.0\\.0\\.1:${port} could not be reached \\(ECONNREFUSED\\)`));
    const related = await call('GET', '/kwresearch/related_keyphrases', { query: { keyphrase: 'rye', country_code: 'us' } });
    expect(related.status).toBe(502);
    expect(related.body.message).toContain('keyword-research service');
    const list = await call('POST', '/rank/keyphrases', { body: {} });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ status: 200, offline: true, results: { 'Sourdough starter': { id: '100', keyword: 'Sourdough starter' } } });
    expect(list.body.error).toContain('could not be reached');
    // Settings kept by the site answer as before.
    expect((await call('POST', '/kwresearch/country_code', { body: { country_code: 'fr' } })).status).toBe(200);
    // An untrack the service never heard of leaves what the site tracks as it was.
    expect((await call('DELETE', '/rank/keyphrases/untrack', { query: { keyphraseID: '100' } })).status).toBe(502);
    expect(Object.keys(getOption<Record<string, unknown>>(store(), 'seo_rank_tracked_keyphrases')!)).toEqual(['sourdough starter', 'rye bread']);
  });

  it('gives up on a silent service after the time limit, with a 504', async () => {
    const { call, store } = await trackingScene();
    const sockets = new Set<import('node:net').Socket>();
    const silent = http.createServer(() => {});
    silent.on('connection', (socket) => sockets.add(socket));
    const port = await new Promise<number>((resolve) => silent.listen(0, '127.0.0.1', () => resolve((silent.address() as AddressInfo).port)));
    try {
      setServices(store(), { rankUrl: `http://127.0.0.1:${port}/rank`, timeoutMs: '400' });
      const started = Date.now();
      const { status, body } = await call('GET', '/rank/account/upgrade-campaign');
      const took = Date.now() - started;
      expect(status).toBe(504);
      expect(body.code).toBe('seo_service_timeout');
      expect(body.message).toContain('did not answer within 0.4 s');
      expect(took).toBeGreaterThanOrEqual(350);
      expect(took).toBeLessThan(3000);
      expect((await call('POST', '/rank/keyphrases', { body: { keyphrases: 'sourdough starter' } })).body.offline).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
