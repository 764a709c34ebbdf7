// A hostile WordPress double: a real HTTP server that speaks enough of the REST API to be
// connected, previewed and synced, and misbehaves as a test sets it to: a theme page that
// loads things every way HTML and CSS can, redirects and API links to other origins, answers
// of a gigabyte (streamed, never held) or a declared 5 GB, a nested-JSON bomb, and lists that
// lie about their pages. It records every request it receives (and whether it carried
// credentials), so a test can say that nothing reached it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { wordpressIndex } from './remote-stand-in.ts';

export interface SeenRequest {
  method: string;
  path: string;
  /** Whether the request carried an Authorization header. */
  credentials: boolean;
}

export type IndexAnswer = 'normal' | 'gigabyte' | 'declared-5gb' | 'nested-bomb';
export type ListAnswer = 'normal' | 'empty-pages-claimed-million' | 'same-page-forever';

export interface HostileBehaviour {
  /** The home page redirects here (another origin, a local port …). */
  homeRedirect?: string;
  /** The API root the home page's Link header names (default: its own /wp-json/). */
  apiLink?: string;
  /** Every API request redirects to this origin (same path). */
  apiRedirect?: string;
  index: IndexAnswer;
  lists: ListAnswer;
  /** The address a published post's `link` names (default: this double's /hello-world/). */
  postLink?: string;
  /** The published post's page: the theme. */
  themePage: (origin: string) => string;
  /** Files the theme names, by path. */
  files: Record<string, { type: string; body: string | Buffer }>;
}

export interface HostileRemote {
  url: string;
  behaviour: HostileBehaviour;
  seen: SeenRequest[];
  close(): Promise<void>;
}

const GIGABYTE = 1024 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, ' ');
export const BOMB_BYTES = 10 * 1024 * 1024;

/** Writes `total` bytes (beginning with `head`) as the reader takes them; stops when it goes away. */
function stream(res: http.ServerResponse, head: string, total: number, filler: Buffer = CHUNK): void {
  let sent = 0;
  res.write(head);
  sent += head.length;
  const more = () => {
    while (sent < total && !res.destroyed) {
      sent += filler.length;
      if (!res.write(filler)) return void res.once('drain', more);
    }
    res.end();
  };
  res.on('close', () => { sent = total; });
  more();
}

function json(res: http.ServerResponse, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function answerIndex(res: http.ServerResponse, answer: IndexAnswer): void {
  if (answer === 'normal') return json(res, wordpressIndex('Hostile Blog'));
  if (answer === 'declared-5gb') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(5 * GIGABYTE) });
    return stream(res, '{"name":"', 5 * GIGABYTE);
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  if (answer === 'gigabyte') return stream(res, '{"name":"', GIGABYTE);
  stream(res, '', BOMB_BYTES, Buffer.alloc(64 * 1024, '['));
}

function item(id: number, origin: string): Record<string, unknown> {
  return { id, link: `${origin}/?p=${id}`, modified_gmt: '2026-01-01T00:00:00', status: 'publish', title: { raw: `Item ${id}`, rendered: `Item ${id}` }, content: { raw: '', rendered: '' } };
}

function answerList(res: http.ServerResponse, behaviour: HostileBehaviour, url: URL, origin: string): void {
  const page = Number(url.searchParams.get('page') ?? 1);
  if (url.searchParams.get('_fields') === 'link') return json(res, [{ link: behaviour.postLink ?? `${origin}/hello-world/` }]);
  if (behaviour.lists === 'normal') return json(res, [], { 'x-wp-total': '0', 'x-wp-totalpages': '0' });
  const lying = { 'x-wp-total': '100000000', 'x-wp-totalpages': '1000000' };
  const items = behaviour.lists === 'same-page-forever' || page === 1 ? Array.from({ length: 100 }, (_, index) => item(index + 1, origin)) : [];
  json(res, items, lying);
}

function defaults(): HostileBehaviour {
  return { index: 'normal', lists: 'normal', themePage: () => '<html><body><article class="post"><h1 class="entry-title">A</h1><div class="entry-content">B</div></article></body></html>', files: {} };
}

/** Starts a double (close it after the file's tests, e.g. with serverKeeper). */
export async function serveHostileRemote(behaviour: Partial<HostileBehaviour> = {}): Promise<HostileRemote> {
  const seen: SeenRequest[] = [];
  const current: HostileBehaviour = { ...defaults(), ...behaviour };
  let origin = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    seen.push({ method: req.method ?? 'GET', path: req.url ?? '/', credentials: req.headers.authorization !== undefined });
    const route = url.pathname.startsWith('/wp-json/') ? url.pathname.slice('/wp-json'.length) : url.searchParams.get('rest_route');
    if (route !== null && current.apiRedirect) return void res.writeHead(307, { location: `${current.apiRedirect}${req.url}` }).end();
    if (route === null) {
      const file = current.files[url.pathname];
      if (file) return void res.writeHead(200, { 'content-type': file.type }).end(file.body);
      if (url.pathname === '/hello-world/') return void res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' }).end(current.themePage(origin));
      if (url.pathname === '/' && current.homeRedirect) return void res.writeHead(302, { location: current.homeRedirect }).end();
      if (url.pathname === '/') return void res.writeHead(200, { 'content-type': 'text/html', link: `<${current.apiLink ?? `${origin}/wp-json/`}>; rel="https://api.w.org/"` }).end('<h1>Hostile</h1>');
      return void res.writeHead(404).end();
    }
    if (route === '/') return answerIndex(res, current.index);
    if (route === '/wp/v2/users/me') return json(res, { id: 1, name: 'Jo', slug: 'jo', roles: ['administrator'] });
    if (route === '/wp/v2/settings') return json(res, { title: 'Hostile Blog', timezone: 'UTC' });
    if (req.method === 'GET') return answerList(res, current, url, origin);
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'rest_no_route', message: 'No route.', data: { status: 404 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return { url: origin, behaviour: current, seen, close };
}
