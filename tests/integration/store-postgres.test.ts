// The PostgreSQL store's own promises, on the site-postgres run's cluster: two instances on
// one database see each other's writes at once (LISTEN/NOTIFY into version()), a lost
// connection is a StoreUnavailableError and the next call reconnects, check-then-write
// holds across connections, and searches use the trigram index. And its shared commit
// (write-group.ts): the transactions of requests served together are savepoints of one
// transaction with one COMMIT (one round trip for all of them, which a distant database makes
// the cost of a write); each answer waits for that commit; a failure of one request's
// transaction fails no other; a connection lost before the commit fails them all, with nothing
// written; and a second store of this process commits the open group before it would wait for
// what the group holds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { ON_POSTGRES, startTestSite, type TestSite } from '../helpers/test-site.ts';
import { adminQuery, createSiteDatabase } from '../helpers/postgres/databases.ts';
import { memoryDirWithRoom } from '../helpers/postgres/cluster.ts';
import { serveSite, type RunningSite } from '../../server/http.ts';
import { PostgresStore } from '../../server/store/postgres-store.ts';
import { PgWriteListener } from '../../server/store/pg-write-listener.ts';
import { StoreUnavailableError } from '../../server/store/db.ts';
import { openStore } from '../../server/store/open-store.ts';
import { containsText } from '../../server/store/search-text.ts';
import { siteCliArgs, siteCommandArgs } from '../helpers/site-cli/command.ts';
import { startCommitCuttingProxy } from '../helpers/commit-cutting-proxy.ts';

if (!ON_POSTGRES) console.warn('[site] store-postgres.test.ts left out: it needs the site-postgres project\'s PostgreSQL cluster.');

const closing: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

function database(): string {
  const created = createSiteDatabase(inject('postgresAdminUrl'));
  closing.push(created.drop);
  return created.url;
}

function store(url: string): PostgresStore {
  const opened = new PostgresStore(url);
  closing.push(() => opened.close());
  return opened;
}

/** Ends every other connection to the database, as a PostgreSQL restart does: each backend waited for until it has ended. */
function dropConnections(url: string): void {
  const name = new URL(url).pathname.slice(1);
  adminQuery(inject('postgresAdminUrl'), `SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
}

describe.skipIf(!ON_POSTGRES)('the PostgreSQL store', () => {
  it('lets a second instance on the same database answer with the first one\'s writes, cached lists included', async () => {
    const first: TestSite = await startTestSite('a');
    closing.push(() => first.close());
    const second: RunningSite = await serveSite({ dataDir: `${first.dataDir}-second`, database: first.database, deployment: 'a', host: '127.0.0.1', port: 0 });
    closing.push(() => second.close());
    const listOnSecond = async () => {
      const response = await fetch(`${second.site.context.urls.apiRoot}cms/v2/posts?per_page=100`);
      return ((await response.json()) as { title: { rendered: string } }[]).map((post) => post.title.rendered);
    };
    expect(await listOnSecond()).toEqual([]);
    expect(await listOnSecond()).toEqual([]); // now the answer and its count are cached on the second instance
    const created = await first.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Written on the first', status: 'publish' } });
    expect(created.status).toBe(201);
    // The first's commit reaches the second by notification: the next answers there include it.
    await vi.waitFor(async () => expect(await listOnSecond()).toEqual(['Written on the first']), { timeout: 5000, interval: 20 });
    const edited = await fetch(`${second.site.context.urls.apiRoot}cms/v2/posts/${created.body.id}`, {
      method: 'POST', headers: { authorization: first.authHeader('editor'), 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Edited on the second' }),
    });
    expect(edited.status).toBe(200);
    await vi.waitFor(async () => expect((await first.api(`/cms/v2/posts/${created.body.id}`)).body.title.rendered).toBe('Edited on the second'), { timeout: 5000, interval: 20 });
  });

  it('changes version() at once for its own writes and soon for another connection\'s commits', async () => {
    const url = database();
    const one = store(url);
    const two = store(url);
    const before = one.version();
    one.run('INSERT INTO options (name, value) VALUES (?, ?)', 'a', '1');
    expect(one.version()).not.toBe(before);
    const seenByTwo = two.version();
    two.version(); // unchanged without a write
    one.transaction(() => one.run('UPDATE options SET value = ? WHERE name = ?', '2', 'a'));
    await vi.waitFor(() => expect(two.version()).not.toBe(seenByTwo), { timeout: 5000, interval: 10 });
    expect(two.get<{ value: string }>('SELECT value FROM options WHERE name = ?', 'a')).toEqual({ value: '2' });
  });

  it('turns a lost connection into StoreUnavailableError, and the next call reconnects by itself', () => {
    const url = database();
    const opened = store(url);
    opened.run('INSERT INTO options (name, value) VALUES (?, ?)', 'kept', '"yes"');
    dropConnections(url);
    expect(() => opened.get('SELECT value FROM options WHERE name = ?', 'kept')).toThrow(StoreUnavailableError);
    expect(opened.get('SELECT value FROM options WHERE name = ?', 'kept')).toEqual({ value: '"yes"' });
    // Inside a transaction, too: nothing half-written, and the store is usable afterwards.
    expect(() => opened.transaction(() => {
      opened.run('UPDATE options SET value = ? WHERE name = ?', '"half"', 'kept');
      dropConnections(url);
      opened.run('INSERT INTO options (name, value) VALUES (?, ?)', 'second', '1');
    })).toThrow(StoreUnavailableError);
    expect(opened.all('SELECT name, value FROM options ORDER BY name')).toEqual([{ name: 'kept', value: '"yes"' }]);
  });

  /** A write listener on a database of its own, once it listens. */
  const listeningOn = async (url: string) => {
    let began = () => {};
    const listening = new Promise<void>((resolve) => (began = resolve));
    const listener = new PgWriteListener(url, undefined, () => began());
    closing.push(() => listener.close());
    await listening;
    return listener;
  };

  // A restart ends the listener's connection; on a loaded machine the listener may be asked for a
  // round trip before it has polled. A round trip written on the ended connection is answered
  // with a reset, and libuv stops watching a socket in error without a word to pg-native: not
  // listening, nothing the front kept may be vouched for (kept-reads.ts).
  it('finds a write listener\'s connection the database ended lost when it is asked for a round trip, not asking one', async () => {
    const url = database();
    const listener = await listeningOn(url);
    dropConnections(url);
    const caught = listener.caughtUp(30_000);
    expect(listener.listening).toBe(false);
    expect(await caught).toBe(false);
  });

  it('finds a write listener\'s connection the database ended as its round trip went out lost when the wait ends, not stalled', async () => {
    const url = database();
    const listener = await listeningOn(url);
    // Asked first (the round trip goes out once this turn ends), then ended.
    const caught = listener.caughtUp(30);
    dropConnections(url);
    expect(await caught).toBe(false);
    expect(listener.listening).toBe(false);
  });

  // What a stall's request met: the database's end came as the round trip waited, and pg-native,
  // which then emits 'error', never answers that round trip; the request waited the rest of the
  // listener's bound (1 s) before its connection attempt (4 s, not 3).
  it('finds a write listener\'s connection the database ended while its round trip waited lost as the end comes, not when the wait ends', { timeout: 10_000 }, async () => {
    const proxy = await startCommitCuttingProxy(database());
    closing.push(() => proxy.close());
    const listener = await listeningOn(proxy.url);
    // The round trip is not forwarded: the connection ends instead.
    const cut = proxy.cutNextQuery(/SELECT 1\0/);
    const caught = listener.caughtUp(60_000);
    await cut;
    expect(await caught).toBe(false);
    expect(listener.listening).toBe(false);
  });

  // Issue 31: a request during a stall makes one bounded connection attempt. The listener's
  // connection is made off the event loop; were the store to connect when it begins listening,
  // a database that paused meanwhile would hold the loop connect_timeout outside any request,
  // and the next request would wait that before its own attempt (6 s, not 3).
  it('makes no connection of its own when its write listener begins listening while it has none: what was missed counts as changed, and the next read connects once', async () => {
    const url = database();
    const opened = store(url);
    opened.run('INSERT INTO options (name, value) VALUES (?, ?)', 'kept', '"yes"');
    const before = opened.version();
    dropConnections(url);
    expect(() => opened.get('SELECT value FROM options WHERE name = ?', 'kept')).toThrow(StoreUnavailableError);
    const attempts = opened.connectionAttempts;
    // The first request's othersHeard starts the listener; once it listens, othersHeard waits for it.
    await vi.waitFor(() => opened.othersHeard() ?? Promise.reject(new Error('not listening yet')), { timeout: 5000, interval: 10 });
    expect(opened.connectionAttempts).toBe(attempts);
    expect(opened.version()).not.toBe(before);
    expect(opened.get('SELECT value FROM options WHERE name = ?', 'kept')).toEqual({ value: '"yes"' });
    expect(opened.connectionAttempts).toBe(attempts + 1);
  });

  it('runs as `npm run site -- --database postgres://…`: commands and the site use that database, a kill loses no acknowledged write', async () => {
    const url = database();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pg-cli-'));
    closing.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const cli = (...args: string[]) => spawnSync(process.execPath, siteCommandArgs(...args, '--data', dataDir, '--database', url), { encoding: 'utf8' });
    expect(cli('user', 'create', '--login', 'jo', '--role', 'editor', '--password', 'jo-password-1').status).toBe(0);
    const created = cli('app-password', 'create', '--user', 'jo', '--name', 'laptop');
    expect(created.status).toBe(0);
    const password = /\n([A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5})\n/.exec(created.stdout)![1]!;
    expect(fs.existsSync(path.join(dataDir, 'site.db'))).toBe(false);
    const start = () => {
      const child = spawn(process.execPath, siteCliArgs('--data', dataDir, '--database', url, '--port', '0'), { stdio: ['ignore', 'pipe', 'pipe'] });
      closing.push(() => child.kill('SIGKILL'));
      let output = '';
      return new Promise<{ base: string; kill(): Promise<unknown> }>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const ready = /ready at (http:\/\/\S+?)\/\n/.exec(output);
          if (ready) resolve({ base: ready[1]!, kill: () => new Promise((done) => { child.once('exit', done); child.kill('SIGKILL'); }) });
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
    };
    const auth = { authorization: `Basic ${Buffer.from(`jo:${password}`).toString('base64')}`, 'content-type': 'application/json' };
    const first = await start();
    const written = await fetch(`${first.base}/cms-json/cms/v2/posts`, { method: 'POST', headers: auth, body: JSON.stringify({ title: 'Survives a kill', status: 'publish' }) });
    expect(written.status).toBe(201);
    await first.kill();
    const second = await start();
    const listed = await (await fetch(`${second.base}/cms-json/cms/v2/posts`)).json() as { title: { rendered: string } }[];
    expect(listed.map((post) => post.title.rendered)).toEqual(['Survives a kill']);
    await second.kill();
  });

  it('says plainly when the database cannot be reached at start', () => {
    const unreachable = inject('postgresAdminUrl').replace(/:\d+\//, ':1/');
    expect(() => openStore('/nonexistent', unreachable)).toThrow(StoreUnavailableError);
    expect(() => openStore('/nonexistent', unreachable)).toThrow(/cannot be reached/);
  });

  it('keeps a failed statement from spoiling the connection: errors keep their SQLSTATE, the next query works', () => {
    const opened = store(database());
    opened.run('INSERT INTO options (name, value) VALUES (?, ?)', 'unique', '1');
    expect(() => opened.run('INSERT INTO options (name, value) VALUES (?, ?)', 'unique', '2')).toThrow(expect.objectContaining({ code: '23505' }));
    expect(opened.get('SELECT value FROM options WHERE name = ?', 'unique')).toEqual({ value: '1' });
  });

  it('treats ? and @name inside string literals as text, and numbers, nulls and bytes as SQLite gives them', () => {
    const opened = store(database());
    opened.run("INSERT INTO options (name, value) VALUES (?, 'what? @not a parameter')", 'literal');
    expect(opened.get('SELECT value FROM options WHERE name = @name', { name: 'literal' })).toEqual({ value: 'what? @not a parameter' });
    const bytes = Buffer.from([0, 1, 2, 255]);
    const { lastInsertRowid } = opened.run(
      "INSERT INTO contact_form_mail (submission_id, kind, status, sender, recipients, subject, raw, created) VALUES (NULL, 'mail', 'outbox', 'a', '[]', 's', ?, 'now')", bytes,
    );
    expect(lastInsertRowid).toBe(1);
    expect(opened.get('SELECT id, submission_id, raw, (SELECT COUNT(*) FROM contact_form_mail) AS count FROM contact_form_mail')).toEqual({ id: 1, submission_id: null, raw: bytes, count: 1 });
  });

  it('finds search words through the trigram index, not by reading every row', () => {
    const opened = store(database());
    // Enough posts that their type alone does not narrow the rows: the index must.
    const author = opened.run("INSERT INTO users (login, email, name, slug, role, password_hash, registered) VALUES ('a', 'a@example.com', 'A', 'a', 'author', '', '2024-01-01')").lastInsertRowid;
    opened.run(`INSERT INTO posts (type, status, author, slug, title, content, date, date_gmt, modified, modified_gmt)
      SELECT 'post', 'publish', ?, 'post-' || n, 'Post ' || n, 'Words of post ' || n, '2024-01-01', '2024-01-01', '2024-01-01', '2024-01-01'
      FROM generate_series(1, 2000) AS n`, author);
    // As autovacuum would soon: the index's pending entries merged (the planner counts them all), statistics taken.
    opened.run('VACUUM ANALYZE posts');
    // The planner reads a small table whole; with that ruled out, it must have the index to use.
    const plan = opened.transaction(() => {
      opened.run('SET LOCAL enable_seqscan = off');
      // As a search asks (post-query.ts): revisions, outside the index, are left out in words; the text as search-text.ts matches it.
      const contains = containsText('postgres', 'p.content', 'Sourdough_100%');
      return opened.all<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM posts p WHERE p.type = ? AND p.type <> 'revision' AND ${contains.sql}`, 'post', contains.param,
      ).map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan, plan).toContain('posts_search');
  });
});

const insert = (target: PostgresStore, name: string) => target.transaction(() => target.run('INSERT INTO options (name, value) VALUES (?, ?)', name, '"x"'));
const written = (target: PostgresStore, names: readonly string[]) => names.filter((name) => target.get('SELECT 1 AS found FROM options WHERE name = ?', name) !== undefined);
/** Requests served in one turn of the event loop, each writing `name` in a transaction of its own. */
const servedTogether = (target: PostgresStore, names: readonly string[]) => names.map((name) => target.serve(async () => insert(target, name)));
const names = (prefix: string) => Array.from({ length: 8 }, (_, index) => `${prefix}-${index}`);

describe.skipIf(!ON_POSTGRES)('the PostgreSQL store\'s shared commit', () => {
  it('commits the writes of requests served together once, and answers each after that commit', async () => {
    const url = database();
    const serving = store(url);
    const other = store(url);
    insert(serving, 'prepared'); // on its own (no request is served): its statements prepared
    const before = serving.roundTrips;
    const together = names('together');
    const answers = servedTogether(serving, together);
    // Each request's transaction is over, none is committed: another connection sees none of them.
    expect(written(other, together)).toEqual([]);
    await Promise.all(answers);
    // One round trip per request (its savepoint goes with its statement), one for the COMMIT: two per request alone.
    expect(serving.roundTrips - before).toBe(together.length + 1);
    expect(written(other, together)).toEqual(together);
  });

  it('fails only the request whose transaction failed; the others are committed', async () => {
    const serving = store(database());
    insert(serving, 'together-3');
    const together = names('together');
    const answers = await Promise.allSettled(servedTogether(serving, together));
    expect(answers.map((answer) => answer.status)).toEqual(together.map((name) => (name === 'together-3' ? 'rejected' : 'fulfilled')));
    expect(written(serving, together)).toEqual(together);
    expect(serving.get('SELECT COUNT(*) AS count FROM options WHERE name LIKE ?', 'together-%')).toEqual({ count: together.length });
  });

  it('answers every request of the group StoreUnavailableError, having written none, when the connection is lost before the commit', async () => {
    const url = database();
    const serving = store(url);
    const together = names('lost');
    const answers = servedTogether(serving, together);
    // Every other connection ended, as a PostgreSQL restart does, before the group's commit.
    dropConnections(url);
    const settled = await Promise.allSettled(answers);
    for (const answer of settled) expect(answer.status === 'rejected' && answer.reason).toBeInstanceOf(StoreUnavailableError);
    expect(written(serving, together)).toEqual([]);
  });

  it('lets a second store of this process take the write lock the first one\'s open group holds: it commits that group first', async () => {
    const url = database();
    const serving = store(url);
    const second = store(url);
    second.setLockWait(1); // it would fail at once were the lock still held
    const answer = serving.serve(async () => serving.writeTransaction(() => serving.run('INSERT INTO options (name, value) VALUES (?, ?)', 'grouped', '"x"')));
    second.writeTransaction(() => second.run('INSERT INTO options (name, value) VALUES (?, ?)', 'second', '"x"'));
    await answer;
    expect(written(second, ['grouped', 'second'])).toEqual(['grouped', 'second']);
  });
});

/** statfs's type of a memory file system (Linux's TMPFS_MAGIC). */
const TMPFS = 0x01021994;

describe.skipIf(!ON_POSTGRES)('the run\'s test cluster', () => {
  it('keeps its files in memory where the machine has a memory file system: each test site\'s database is some 300 files made and deleted', () => {
    const dataDir = store(database()).get<{ dir: string }>("SELECT current_setting('data_directory') AS dir")!.dir;
    const memory = memoryDirWithRoom();
    expect(fs.statfsSync(dataDir).type === TMPFS, dataDir).toBe(memory !== undefined && fs.statfsSync(memory).type === TMPFS);
  });
});
