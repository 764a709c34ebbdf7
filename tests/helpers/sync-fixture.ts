// What the sync tests share: a real remote site on loopback, the app's records of connected
// sites in a temp directory, a workspace signed in to the remote (its requests logged),
// writes into the local copy as the app makes them, and a proxy in front of the remote that
// a test can make cut a request, lose or hold back its answer, refuse connections, hide the
// batch route or preconditions (it serves the tests against WordPress too).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestSite, type TestRole, type TestSite, type TestSiteOptions } from './test-site.ts';
import type { DeploymentName } from '../../server/site-context.ts';
import { fileKeyCipher, keyFileBeside } from '../../server/auth/secret-cipher.ts';
import { getPost, type PostRow } from '../../server/store/posts.ts';
import { connectSite } from '../../electron/remote/connect/connect.ts';
import { RemoteSites } from '../../electron/remote/connect/remote-sites.ts';
import { openWorkspace, type RemoteWorkspace } from '../../electron/remote/workspace.ts';
import type { RetryPolicy } from '../../electron/remote/client/retry.ts';
import type { ItemKind } from '../../electron/remote/store/sync-map.ts';
import { siteOf } from '../../server/local-copy/site-copy.ts';
import { moveToNextSecond } from './clock-ahead.ts';

/** Retries without real waits worth the name. */
export const FAST_RETRY: RetryPolicy = { attempts: 3, delayMs: () => 1, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/**
 * `modified_gmt` has whole seconds: a change that must read as newer than what sync saw is made
 * in the next one, the sites' clock moved on to it rather than waited for (tests/helpers/clock-ahead.ts).
 */
export async function nextSecond(): Promise<void> {
  moveToNextSecond();
}

export type ProxyMode = 'pass' | 'refuse';

/**
 * What the proxy does to one matching request: its connection cut before it reaches the
 * remote, or passed on and then its answer lost, or passed on and never answered (the proxy
 * refuses everything after those), or, passing the later ones on as a flaky network does,
 * its connection reset before it reaches the remote, its answer cut half-way, or its answer
 * held on an open connection (`hang`). A held answer (`stall`, `hang`) is waited for until the
 * client's time limit, or given up at once through givingUpAtHold. `late`: a slow remote still
 * at work when the client gives up (at once, through givingUpAtHold): the request reaches the
 * remote only once the proxy has answered the next one (`lateSettled` then says when it is made).
 */
export type Fault = 'lose-answer' | 'cut' | 'stall' | 'reset' | 'truncate' | 'hang' | 'late';

/** Faults after which the proxy goes on passing requests. */
const PASSING_FAULTS: readonly Fault[] = ['reset', 'truncate', 'hang', 'late'];

/** A reverse proxy that passes requests on with the remote's Host, and writes its own origin over the remote's in answers. */
export class Proxy {
  mode: ProxyMode = 'pass';
  /** Set by a test: the next matching request meets this fault (see Fault for what follows). */
  fault: { matches: (method: string, url: string) => boolean; fault: Fault } | null = null;
  /** Set by a test: awaited before the next matching request goes on (then cleared). */
  before: { matches: (method: string, url: string) => boolean; run: () => Promise<void> } | null = null;
  hideBatch = false;
  /** Strips ETags from answers and preconditions from requests: a site without them. */
  hidePreconditions = false;
  readonly requests: string[] = [];
  /** Called once the next request has been answered (what a `late` request waits for). */
  private readonly onNextAnswered: (() => void)[] = [];
  private readonly late: Promise<void>[] = [];
  /** The requests sent through givingUpAtHold and not yet answered, by `METHOD path?query`: each one's end. */
  private readonly waiting = new Map<string, AbortController>();
  private server!: http.Server;
  url = '';

  constructor(private readonly target: string) {}

  async start(): Promise<void> {
    const target = new URL(this.target);
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      // The remote not reached (its connection reset, as a kept-alive one may be on a loaded
      // machine): a gateway's 502, as a real proxy answers, never a request left unanswered.
      const released = this.onNextAnswered.splice(0);
      req.on('end', () => void this.forward(req, Buffer.concat(chunks), res, target).catch(() => {
        if (res.headersSent) req.socket.destroy();
        else res.writeHead(502).end();
      }).finally(() => {
        for (const release of released) release();
      }));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /**
   * `fetchImpl` whose requests give up on an answer this proxy holds (`stall`, `hang`) as their
   * time limit does (a TimeoutError), as soon as it is held: a test then waits for the hold, an
   * event, rather than for a time limit, which on a loaded machine answered requests reach too.
   */
  givingUpAtHold(fetchImpl: typeof fetch = fetch): typeof fetch {
    return async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const request = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`;
      const end = new AbortController();
      this.waiting.set(request, end);
      try {
        return await fetchImpl(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, end.signal]) : end.signal });
      } finally {
        if (this.waiting.get(request) === end) this.waiting.delete(request);
      }
    };
  }

  private async forward(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, target: URL): Promise<void> {
    const method = req.method ?? 'GET';
    if (this.mode === 'refuse') return void req.socket.destroy();
    this.requests.push(`${method} ${req.url}`);
    const before = this.before;
    if (before?.matches(method, req.url ?? '')) {
      this.before = null;
      await before.run();
    }
    const fault = this.fault?.matches(method, req.url ?? '') ? this.fault.fault : null;
    if (fault) {
      this.fault = null;
      if (!PASSING_FAULTS.includes(fault)) this.mode = 'refuse';
      if (fault === 'cut' || fault === 'reset') return void req.socket.destroy();
    }
    if (fault === 'late') {
      this.giveUp(method, req.url);
      const reached = new Promise<void>((resolve) => this.onNextAnswered.push(resolve));
      // Its answer goes nowhere: the client gave up on it.
      this.late.push(reached.then(() => this.pass(req, body, res, target, null)));
      return;
    }
    await this.pass(req, body, res, target, fault);
  }

  /** Sends the request on to the remote, and its answer back as the fault (if any) has it. */
  private async pass(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, target: URL, fault: Fault | null): Promise<void> {
    const method = req.method ?? 'GET';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) headers[name] = value;
    }
    if (this.hidePreconditions) {
      delete headers['if-match'];
      delete headers['if-unmodified-since'];
    }
    const answer = await fetch(new URL(req.url ?? '/', target), { method, headers, body: body.length ? new Uint8Array(body) : undefined, redirect: 'manual' });
    // JSON answers of WordPress escape slashes: its origin appears as http:\/\/host too.
    const escaped = (origin: string) => origin.replaceAll('/', '\\/');
    let text = Buffer.from(await answer.arrayBuffer()).toString('latin1').replaceAll(target.origin, this.url).replaceAll(escaped(target.origin), escaped(this.url));
    if (this.hideBatch && (text.includes('"/batch/v1"') || text.includes('"\\/batch\\/v1"'))) {
      const index = JSON.parse(Buffer.from(text, 'latin1').toString('utf8')) as { routes: Record<string, unknown> };
      delete index.routes['/batch/v1'];
      text = Buffer.from(JSON.stringify(index), 'utf8').toString('latin1');
    }
    // Stalled or hung: the remote did the work, and the answer is held until the client gives up.
    if (fault === 'stall' || fault === 'hang') return this.giveUp(method, req.url);
    if (fault === 'lose-answer') return void req.socket.destroy();
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) return;
      if (this.hidePreconditions && name === 'etag') return;
      out[name] = value.replaceAll(target.origin, this.url);
    });
    const bytes = Buffer.from(text, 'latin1');
    if (fault === 'truncate') {
      // Announced whole, sent half: the client sees the connection end mid-answer.
      res.writeHead(answer.status, { ...out, 'content-length': String(bytes.length) });
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => req.socket.destroy());
      return;
    }
    res.writeHead(answer.status, out).end(bytes);
  }

  /** The client's request given up as at its time limit (a TimeoutError), where it was sent through givingUpAtHold. */
  private giveUp(method: string, url: string | undefined): void {
    this.waiting.get(`${method} ${url}`)?.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }

  /** Once every `late` request has reached the remote and been answered there. */
  async lateSettled(): Promise<void> {
    await Promise.all(this.late);
  }

  count(pattern: RegExp): number {
    return this.requests.filter((line) => pattern.test(line)).length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** What every sync fixture gives a test: the connected site, its workspace and its local copy. */
export interface ConnectedFixture {
  sites: RemoteSites;
  siteId: string;
  workspace: RemoteWorkspace;
  proxy: Proxy | null;
  /** A write into the local copy through its routes, as the app's editor makes it. */
  local<T = any>(method: string, route: string, body?: Record<string, unknown>, query?: Record<string, unknown>): Promise<T>;
  localRow(id: number): PostRow | undefined;
  /** The local item that mirrors the remote one. */
  localOf(kind: ItemKind, remoteId: number): PostRow;
  /** Closes and opens the workspace again, as a restarted app does. */
  reopen(): void;
}

/**
 * Connects a remote (directly, or through a fault proxy) from a fresh app folder, and gives
 * the fixture's shared half; `open` opens a workspace on the connected site.
 */
export async function connectFixture(
  remoteUrl: string,
  login: { login: string; password: string },
  options: { proxy?: boolean; hideBatch?: boolean },
  /** Opens a workspace; `fetchImpl` gives up on an answer the proxy holds at once (Proxy.givingUpAtHold). */
  open: (sites: RemoteSites, siteId: string, fetchImpl: typeof fetch) => RemoteWorkspace,
): Promise<ConnectedFixture & { appDir: string }> {
  let proxy: Proxy | null = null;
  if (options.proxy) {
    proxy = new Proxy(remoteUrl);
    proxy.hideBatch = options.hideBatch ?? false;
    await proxy.start();
  }
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-sync-'));
  const dataDir = path.join(appDir, 'remotes');
  const sites = new RemoteSites(dataDir, fileKeyCipher(keyFileBeside(dataDir)));
  const { site } = await connectSite(sites, proxy?.url ?? remoteUrl, login);
  const fetchImpl = proxy?.givingUpAtHold() ?? fetch;
  const fixture: ConnectedFixture & { appDir: string } = {
    appDir, sites, siteId: site.id, workspace: open(sites, site.id, fetchImpl), proxy,
    async local(method, route, body = {}, query = {}) {
      const response = await siteOf(fixture.workspace.local).dispatch({
        method, path: `/cms/v2/${route}`, query, body, headers: {}, user: { id: 1, login: 'admin', role: 'administrator' },
      });
      if (response.status >= 400) throw new Error(`local ${method} ${route}: ${JSON.stringify(response.body)}`);
      return response.body as any;
    },
    localRow: (id) => getPost(siteOf(fixture.workspace.local).context.store, id),
    localOf(kind, remoteId) {
      const mapped = fixture.workspace.map.item(kind, remoteId);
      if (!mapped) throw new Error(`${kind} ${remoteId} is not mapped`);
      return getPost(siteOf(fixture.workspace.local).context.store, mapped.localId)!;
    },
    reopen() {
      fixture.workspace.close();
      fixture.workspace = open(sites, site.id, fetchImpl);
    },
  };
  return fixture;
}

export interface SyncFixture extends ConnectedFixture {
  remote: TestSite;
  /** Requests the workspace made to the remote, as `METHOD path?query`. */
  requests: string[];
  remoteRow(id: number): PostRow | undefined;
  close(): Promise<void>;
}

export interface FixtureOptions {
  deployment?: DeploymentName;
  site?: TestSiteOptions;
  /** Connects through a proxy. */
  proxy?: boolean;
  /** Hide the batch route from the first answer on (set before connecting). */
  hideBatch?: boolean;
  /** Where the app would serve the local copy. */
  localBaseUrl?: string;
  /** The remote account sync signs in with (default: the administrator). */
  asRole?: TestRole;
}

/** The fixture's options that concern the app's side: its connection to a remote already running. */
export type ConnectionOptions = Omit<FixtureOptions, 'deployment' | 'site'>;

/**
 * A fresh app folder connected to `remote`, which the caller started and closes: for a file
 * whose tests only read the remote, one remote serves them all (closing this leaves it running).
 */
export async function connectToRemote(remote: TestSite, options: ConnectionOptions = {}): Promise<SyncFixture> {
  const account = remote.users[options.asRole ?? 'administrator'];
  const requests: string[] = [];
  const logging = (fetchImpl: typeof fetch): typeof fetch => (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    return fetchImpl(input, init);
  };
  const connected = await connectFixture(remote.url, { login: account.login, password: account.appPassword }, options,
    (sites, siteId, fetchImpl) => openWorkspace(sites, siteId, { fetchImpl: logging(fetchImpl), localBaseUrl: options.localBaseUrl }));
  return Object.assign(connected, {
    remote,
    requests,
    remoteRow: (id: number) => getPost(remote.running.site.context.store, id),
    async close() {
      connected.workspace.close();
      await connected.proxy?.close();
      fs.rmSync(connected.appDir, { recursive: true, force: true });
    },
  });
}

export async function syncFixture(options: FixtureOptions = {}): Promise<SyncFixture> {
  const remote = await startTestSite(options.deployment ?? 'a', options.site);
  const connected = await connectToRemote(remote, options);
  const closeConnection = connected.close;
  return Object.assign(connected, {
    async close() {
      await closeConnection();
      await remote.close();
    },
  });
}

/** The remote's posts or pages as its store holds them, by title. */
export function remoteTitles(remote: TestSite, type: ItemKind): string[] {
  return remote.running.site.context.store.all<{ title: string }>("SELECT title FROM posts WHERE type = ? ORDER BY id", type).map((row) => row.title);
}
