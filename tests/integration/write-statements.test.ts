// What a write costs SQLite, counted in statements so that the count cannot creep back (issue
// 32): the requests' writes that reach the site close together share one transaction and one
// commit (the group's four statements: the lock probe's busy timeout, BEGIN, COMMIT, the
// timeout again), and each adds only its own rows: a create its item, its terms and its first
// revision; an update of an item saved before its row and its revision, alone or in a batch.
// Requests that arrive over two turns of the event loop still share the commit.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES, startTestSite, type TestSite } from '../helpers/test-site.ts';
import type { SqliteStore } from '../../server/store/sqlite-store.ts';

let site: TestSite;
let connections: net.Socket[] = [];
beforeAll(async () => {
  site = await startTestSite('a');
});
afterAll(async () => {
  for (const socket of connections) socket.destroy();
  await site.close();
});

const TYPES = ['posts', 'pages'] as const;
type Type = (typeof TYPES)[number];
/** Requests sent together: as many as the bench's connections. */
const TOGETHER = 8;

/** The group's own statements, once per commit however many requests share it. */
const GROUP = ['PRAGMA busy_timeout = 0', 'BEGIN IMMEDIATE', 'COMMIT', 'PRAGMA busy_timeout = 100'];
/** A create's: its row (the slug checked in the same statement), a post's default category, its first revision. */
const CREATE: Record<Type, string[]> = {
  posts: ['INSERT INTO posts … WHERE NOT EXISTS', 'INSERT OR IGNORE INTO term_relationships', 'INSERT INTO posts'],
  pages: ['INSERT INTO posts … WHERE NOT EXISTS', 'INSERT INTO posts'],
};
/** An update of an item saved before: its row and its revision, nothing read back. */
const UPDATE = ['UPDATE posts', 'INSERT INTO posts'];

/**
 * Statements a write's own are told apart from: the search index's batch (done later, in a
 * transaction of its own) and the credential's lookup and last-use mark (kept across requests).
 */
const NOT_THE_WRITES = /posts_search_|app_passwords/;

/** Called once, as the next group of writes begins (its BEGIN), in the turn of the event loop that begins it. */
let onBegin: (() => void) | null = null;

/** The statements SQLite is given while `work` runs, each named by its opening words. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const store = site.running.site.context.store as SqliteStore;
  const statement = store.statement;
  const seen: string[] = [];
  (store as { statement: SqliteStore['statement'] }).statement = (sql) => {
    seen.push(sql);
    const begun = sql === 'BEGIN IMMEDIATE' ? onBegin : null;
    if (begun) {
      onBegin = null;
      begun();
    }
    return statement(sql);
  };
  try {
    await work();
  } finally {
    (store as { statement: SqliteStore['statement'] }).statement = statement;
  }
  return theWrites(seen).map(kindOf).sort();
}

/**
 * The statements less those NOT_THE_WRITES, and the busy timeouts they set around their own
 * lock: run as attempts outside the group (the search index's timer, the credential's mark),
 * they wait 5 ms for it and set 100 ms back after it (lock-attempts.ts).
 */
function theWrites(seen: string[]): string[] {
  const writes: string[] = [];
  for (let at = 0; at < seen.length; at++) {
    const back = seen[at] === 'PRAGMA busy_timeout = 5' ? seen.indexOf('PRAGMA busy_timeout = 100', at + 1) : -1;
    if (back > at && seen.slice(at + 1, back).every((sql) => NOT_THE_WRITES.test(sql))) at = back;
    else if (!NOT_THE_WRITES.test(seen[at]!)) writes.push(seen[at]!);
  }
  return writes;
}

function kindOf(sql: string): string {
  const text = sql.replace(/\s+/g, ' ').trim();
  if (text.startsWith('INSERT INTO posts') && text.includes('WHERE NOT EXISTS')) return 'INSERT INTO posts … WHERE NOT EXISTS';
  const opening = /^(PRAGMA busy_timeout = \d+|BEGIN IMMEDIATE|COMMIT|INSERT OR IGNORE INTO \w+|INSERT INTO \w+|UPDATE \w+|DELETE FROM \w+|SELECT .*)/.exec(text);
  return opening ? opening[1] : text;
}

const times = <T>(count: number, items: T[]): T[] => Array.from({ length: count }, () => items).flat();
const expected = (...parts: string[][]) => parts.flat().sort();

/** Connections to the site, kept open between requests (as a load generator's are), each answered once already. */
async function connect(count: number): Promise<net.Socket[]> {
  const url = new URL(site.url);
  const made = await Promise.all(Array.from({ length: count }, () => new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => resolve(socket)).once('error', reject);
  })));
  connections.push(...made);
  const settings = `GET ${new URL('cms/v2/settings', site.apiRoot).pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${site.authHeader('administrator')}\r\n\r\n`;
  await Promise.all(made.map((socket) => {
    const answered = statusOf(socket);
    socket.write(settings);
    return answered;
  }));
  return made;
}

/** A request's bytes on the wire, with the administrator's credentials. */
function requestBytes(path: string, body: unknown): string {
  const json = JSON.stringify(body);
  const url = new URL(path.replace(/^\//, ''), site.apiRoot);
  return `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${site.authHeader('administrator')}\r\n`
    + `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
}

/** The status of the one answer `socket` gets next. */
function statusOf(socket: net.Socket): Promise<number> {
  return new Promise((resolve) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const head = received.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(received.slice(0, head));
      if (head < 0 || !length || received.length < head + 4 + Number(length[1])) return;
      socket.off('data', onData);
      resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(received)![1]));
    };
    socket.on('data', onData);
  });
}

/**
 * Sends each request on a connection of its own, the first half in one go and the rest once the
 * site has begun the first half's writes (at the end of that turn of the event loop, so that the
 * site reads them on the next), and gives the statuses.
 */
async function sendOverTwoTurns(requests: { path: string; body: unknown }[]): Promise<number[]> {
  const sockets = await connect(requests.length);
  const statuses = sockets.map(statusOf);
  const half = Math.ceil(requests.length / 2);
  const send = (from: number, to: number) => {
    for (let index = from; index < to; index++) sockets[index].write(requestBytes(requests[index].path, requests[index].body));
  };
  onBegin = () => setImmediate(() => send(half, requests.length));
  send(0, half);
  return Promise.all(statuses);
}

const create = async (type: Type, title: string) => {
  const result = await site.api<{ id: number }>(`cms/v2/${type}`, { method: 'POST', as: 'administrator', body: { title, status: 'publish' } });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.id;
};

if (ON_POSTGRES) console.warn('[site-postgres] write-statements: statements counted are SQLite\'s (PostgreSQL sends its writes with the next statement)');

describe.skipIf(ON_POSTGRES)('the statements of writes on SQLite', () => {
  it.each(TYPES)(`${TOGETHER} creates of %s arriving together, over two turns: one commit, each create its own rows`, async (type) => {
    // The credential is known once it has been checked (its first check hashes off the loop).
    await create(type, 'Warm');
    const requests = Array.from({ length: TOGETHER }, (_, index) => ({ path: `cms/v2/${type}`, body: { title: `Together ${type} ${index}`, status: 'publish' } }));
    let statuses: number[] = [];
    const statements = await statementsOf(async () => (statuses = await sendOverTwoTurns(requests)));
    expect(statuses).toEqual(times(TOGETHER, [201]));
    expect(statements).toEqual(expected(GROUP, times(TOGETHER, CREATE[type])));
  });

  it.each(TYPES)(`${TOGETHER} updates of %s saved before, arriving together over two turns: one commit, each update its row and its revision`, async (type) => {
    const ids = await Promise.all(Array.from({ length: TOGETHER }, (_, index) => create(type, `To update ${index}`)));
    for (const id of ids) await site.api(`cms/v2/${type}/${id}`, { method: 'POST', as: 'administrator', body: { title: 'Saved once' } });
    let statuses: number[] = [];
    const requests = ids.map((id) => ({ path: `cms/v2/${type}/${id}`, body: { title: 'Saved together' } }));
    const statements = await statementsOf(async () => (statuses = await sendOverTwoTurns(requests)));
    expect(statuses).toEqual(times(TOGETHER, [200]));
    expect(statements).toEqual(expected(GROUP, times(TOGETHER, UPDATE)));
  });

  it.each(TYPES)('a batch of updates of %s saved before: one commit, each sub-request its row and its revision', async (type) => {
    const ids = await Promise.all(Array.from({ length: TOGETHER }, (_, index) => create(type, `Batched ${index}`)));
    for (const id of ids) await site.api(`cms/v2/${type}/${id}`, { method: 'POST', as: 'administrator', body: { title: 'Saved once' } });
    const statements = await statementsOf(async () => {
      const result = await site.api('/batch/v1', {
        method: 'POST', as: 'administrator',
        body: { requests: ids.map((id) => ({ method: 'POST', path: `/cms/v2/${type}/${id}`, body: { title: 'Saved in a batch' } })) },
      });
      expect(result.status).toBe(207);
    });
    expect(statements).toEqual(expected(GROUP, times(TOGETHER, UPDATE)));
  });
});
