// Real HTTP servers that answer as remote sites do when something is wrong: a WordPress-shaped
// stand-in whose index, profile and lists answer with the status and body a test gives; a proxy
// in front of a real site that fails chosen requests; a self-signed HTTPS server; a port where
// nothing answers. For the tests of the messages a writer reads on the Sites screen.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { freePort } from './free-port.ts';

export interface Answer {
  status: number;
  /** JSON unless it is a string (sent as HTML). */
  body: unknown;
}

/** What the stand-in answers, by what was asked; null means "as a working WordPress would". */
export interface StandInBehaviour {
  /** The API index's answer; a function is given the stand-in's own origin (for addresses on it). */
  index?: Answer | ((origin: string) => Answer) | 'hang' | null;
  me?: Answer | null;
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, answer: Answer): void {
  const html = typeof answer.body === 'string';
  res.writeHead(answer.status, { 'content-type': html ? 'text/html' : 'application/json' });
  res.end(html ? answer.body as string : JSON.stringify(answer.body));
}

async function listen(server: http.Server | https.Server): Promise<Served> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const scheme = server instanceof https.Server ? 'https' : 'http';
  return {
    url: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The index of a WordPress with its content namespace, as discovery reads it. */
export function wordpressIndex(name: string): Record<string, unknown> {
  return { name, description: '', url: '', home: '', gmt_offset: 0, timezone_string: 'UTC', namespaces: ['oembed/1.0', 'wp/v2'], authentication: {}, routes: { '/wp/v2/posts': {} } };
}

export async function serveStandIn(behaviour: StandInBehaviour): Promise<Served> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const route = url.pathname.startsWith('/wp-json/') ? url.pathname.slice('/wp-json'.length) : url.searchParams.get('rest_route');
    if (route === null) {
      res.writeHead(200, { 'content-type': 'text/html', link: '</wp-json/>; rel="https://api.w.org/"' }).end('<h1>A blog</h1>');
    } else if (route === '/') {
      if (behaviour.index === 'hang') return; // never answers
      const index = typeof behaviour.index === 'function' ? behaviour.index(`http://${req.headers.host}`) : behaviour.index;
      send(res, index ?? { status: 200, body: wordpressIndex('Stand-in Blog') });
    } else if (route === '/wp/v2/users/me') {
      send(res, behaviour.me ?? { status: 200, body: { id: 1, name: 'Jo', slug: 'jo', roles: ['administrator'] } });
    } else {
      send(res, { status: 404, body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } } });
    }
  });
  return listen(server);
}

/** A proxy to a real site that answers `failure(method, path)` instead of forwarding, when it gives one. */
export async function serveFailingProxy(target: string, failure: (method: string, path: string) => Answer | null): Promise<Served> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const answer = failure(req.method ?? 'GET', decodeURIComponent(req.url ?? '/'));
    if (answer) {
      req.resume();
      send(res, answer);
      return;
    }
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (answerFromSite) => {
      // Without the site's own API link, discovery finds the API through the proxy (`?rest_route=/`).
      const { link: _link, ...headers } = answerFromSite.headers;
      res.writeHead(answerFromSite.statusCode ?? 502, headers);
      answerFromSite.pipe(res);
    });
    req.pipe(forwarded);
  });
  return listen(server);
}

/** An HTTPS server with a certificate nobody signed (made with openssl for the test). */
export async function serveSelfSigned(): Promise<Served> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'self-signed-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (_req, res) => res.end('secure'));
  fs.rmSync(dir, { recursive: true, force: true });
  return listen(server);
}

/** For a test file: a function that waits for a server to be up and gives its address; every server it was given is closed after the file's tests. */
export function serverKeeper(): (started: Promise<Served>) => Promise<string> {
  const servers: Served[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));
  return async (started) => {
    const served = await started;
    servers.push(served);
    return served.url;
  };
}

/** An address where nothing listens (a port that was free a moment ago). */
export async function closedAddress(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}
