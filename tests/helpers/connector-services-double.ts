// The keyword-research and rank-tracking services of seo/v1's connectors, played by one local
// node:http server for tests that need them to answer (not what they were asked: see
// tests/integration/seo-connectors.test.ts for that): any code buys tokens, the account has no
// limit, every keyphrase asked for is tracked (and ranked) under an id of its own. Started once
// per test site, the site pointed at it; closed by closeConnectorServices (a file's afterAll).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setServices } from '../../server/namespaces/seo/connector-services.ts';
import type { TestSite } from './test-site.ts';

/** The website the rank-tracking service knows the site as. */
export const RANK_WEBSITE_ID = '42';

const started = new Set<http.Server>();

function startDouble(): Promise<string> {
  const ids = new Map<string, number>();
  const tracked = (keyword: string) => {
    if (!ids.has(keyword)) ids.set(keyword, ids.size + 1);
    return { id: ids.get(keyword)!, keyword, position: { value: 7 } };
  };
  const answers: Partial<Record<string, (body: any) => unknown>> = {
    'POST /kw/oauth/token': () => ({ access_token: 'kw-access', refresh_token: 'kw-refresh', expires_in: 3600 }),
    'POST /rank/oauth/token': () => ({ access_token: 'rank-access', expires_in: 3600 }),
    'GET /rank/account': () => ({ limits: { keywords: { usage: 0, limit: null } } }),
    [`POST /rank/websites/${RANK_WEBSITE_ID}/keywords/bulk`]: (body: { keyword: string }[]) => ({ data: body.map(({ keyword }) => tracked(keyword)) }),
    [`POST /rank/websites/${RANK_WEBSITE_ID}/rankings`]: (body: { keywords: string[] }) => ({ data: body.keywords.map(tracked) }),
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://service');
      const answer = answers[`${req.method} ${url.pathname}`];
      if (req.method === 'DELETE' && url.pathname.startsWith(`/rank/websites/${RANK_WEBSITE_ID}/keywords/`)) return res.writeHead(204).end();
      res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer ? answer(raw ? JSON.parse(raw) : null) : { message: `no ${req.method} ${url.pathname}` }));
    });
  });
  started.add(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const pointed = new WeakMap<TestSite, Promise<void>>();

/** Points the site's connectors at a double of their services (started on first use). */
export function withConnectorServices(site: TestSite): Promise<void> {
  if (!pointed.has(site)) {
    pointed.set(site, startDouble().then((base) => {
      setServices(site.running.site.context.store, { kwresearchUrl: `${base}/kw/`, rankUrl: `${base}/rank/` });
    }));
  }
  return pointed.get(site)!;
}

/** Closes the doubles started, with the connections the sites keep open to them. */
export async function closeConnectorServices(): Promise<void> {
  await Promise.all([...started].map((server) => new Promise((resolve) => {
    server.close(resolve);
    server.closeAllConnections();
  })));
  started.clear();
}
