// Another writer holding what a write needs past the lock wait: on SQLite a process holding
// the file's write lock (a second instance, a CLI command beside the desktop); on PostgreSQL
// another instance's transaction holding the tables' write locks. A write is answered 503 with
// Retry-After in the interface's shape, as an outage is (never a 500 or a hang), and changes
// nothing; reads go on; once the lock is released, writes land again.
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import type { ApiResult } from '../helpers/http-request.ts';
import { expectError } from '../helpers/expect-api.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';
import fs from 'node:fs';
import { isBusyError, openDatabase } from '../../server/store/sqlite.ts';
import { WRITE_LOCK } from '../../server/store/postgres-store.ts';
import { LOCK_SLEEP_MS, watchLoopLockSleeps } from '../helpers/loop-lock-sleeps.ts';

const expectBusy = (answer: ApiResult) => {
  expectError(answer, 503, 'service_unavailable');
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
};

interface OtherWriter {
  /** Resolves once it holds the lock. */
  lock(): Promise<void>;
  release(): void;
  close(): void;
}

/**
 * A second connection to the site's SQLite file: BEGIN IMMEDIATE holds its write lock. It waits
 * for the lock as another process would, without holding this one: the site's group commit keeps
 * its transaction open until a later turn of the event loop, so a wait on the loop (SQLite's busy
 * timeout) would wait for a commit that cannot come, then fail.
 */
function otherSqliteWriter(file: string): OtherWriter {
  const other = openDatabase(file);
  other.pragma('busy_timeout = 0');
  const lock = async (): Promise<void> => {
    for (;;) {
      try {
        other.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if (!isBusyError(error)) throw error;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  };
  return { lock, release: () => { if (other.inTransaction) other.exec('ROLLBACK'); }, close: () => other.close() };
}

/**
 * A second connection to the site's PostgreSQL database, as another instance's: a transaction
 * holding the write lock of check-then-write transactions and every table in EXCLUSIVE mode
 * (reads go on, writes wait), as SQLite's write lock does.
 */
function otherPostgresWriter(url: string): OtherWriter {
  const Client = createRequire(import.meta.url)('pg-native') as new () => {
    connectSync(url: string): void;
    querySync(sql: string): Array<Record<string, unknown>>;
    query(sql: string, callback: (error: Error | null) => void): void;
    pq: { finish(): void };
  };
  const other = new Client();
  other.connectSync(url);
  const tables = other.querySync("SELECT string_agg(quote_ident(tablename), ', ') AS names FROM pg_tables WHERE schemaname = current_schema()")[0].names;
  return {
    // Waits off the loop, as another instance would: the site's group may hold locks until a later turn commits it.
    lock: () => new Promise<void>((resolve, reject) => other.query(`BEGIN; SELECT pg_advisory_xact_lock(${WRITE_LOCK}); LOCK TABLE ${tables} IN EXCLUSIVE MODE`, (error) => (error ? reject(error) : resolve()))),
    release: () => other.querySync('ROLLBACK'),
    // libpq's binding closes its socket watcher after finish() returns: the object must outlive that.
    close: () => { other.pq.finish(); setTimeout(() => other, 1000).unref(); },
  };
}

describe('another writer holding the database past the lock wait', () => {
  let site: TestSite;
  let other: OtherWriter;

  beforeAll(async () => {
    site = await startTestSite();
    // The site waits 5 s for a lock; 50 ms keeps the test fast and says the same.
    site.running.site.context.store.setLockWait(50);
    other = site.database ? otherPostgresWriter(site.database) : otherSqliteWriter(path.join(site.dataDir, 'site.db'));
  });
  afterAll(async () => {
    other?.close();
    await site?.close();
  });

  it('answers writes 503 with Retry-After and changes nothing, serves reads, and writes again once the lock is released', async () => {
    const before = await site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Before the lock', status: 'publish' } });
    expect(before.status).toBe(201);

    await other.lock();
    expectBusy(await site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Refused', status: 'publish' } }));
    expectBusy(await site.api(`cms/v2/posts/${before.body.id}`, { method: 'POST', as: 'editor', body: { title: 'Renamed' } }));
    expectBusy(await site.api(`cms/v2/posts/${before.body.id}`, { method: 'DELETE', as: 'editor' }));
    expectBusy(await site.api('cms/v2/settings', { method: 'POST', as: 'administrator', body: { title: 'Refused name' } }));
    expectBusy(await site.api('cms/v2/tags', { method: 'POST', as: 'editor', body: { name: 'Refused tag' } }));
    // A first request with a credential would record its use (a write): the read is served all the same.
    const read = await site.api(`cms/v2/posts/${before.body.id}`, { as: 'author' });
    expect(read.status).toBe(200);
    expect(read.body.title.rendered).toBe('Before the lock');
    other.release();

    const after = await site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'After the lock', status: 'publish' } });
    expect(after.status).toBe(201);
    const listed = await site.api('cms/v2/posts', { as: 'editor', query: { context: 'edit', per_page: 100 } });
    expect(listed.body.map((post: { title: { raw: string } }) => post.title.raw).sort()).toEqual(['After the lock', 'Before the lock']);
    expect((await site.api('cms/v2/settings', { as: 'administrator' })).body.title).toBe('My Site');
    expect((await site.api('cms/v2/tags', { as: 'editor', query: { search: 'Refused' } })).body).toEqual([]);
  });

  it('lets a write wait for the lock without holding the instance: the index and reads answer meanwhile, and the write lands once the lock is released', async (context) => {
    if (site.database) {
      console.log('NOT TESTED on PostgreSQL: its store waits for the database on the event loop (an asynchronous PostgreSQL store is not built yet).');
      context.skip();
    }
    const store = site.running.site.context.store;
    // Longer than the reads below take on any machine: the test lets the lock go after them, not the site's clock.
    store.setLockWait(20_000);
    const sleeps = await watchLoopLockSleeps();
    await other.lock();
    try {
      const waiting = site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Waited its turn', status: 'draft' } });
      let answered = false;
      void waiting.then(() => (answered = true), () => (answered = true));
      // Seen, not timed (issue 30: a loaded machine's reads are slow for its own reasons): the loop
      // never asleep in SQLite's lock wait, and no read queued behind the write, which waits until
      // the lock is let go below.
      for (let round = 1; round <= 10; round++) {
        const index = await site.api('', {});
        expect(index.status).toBe(200);
        const list = await site.api('cms/v2/posts', {});
        expect(list.status).toBe(200);
        expect(answered, `the write still waits when round ${round}'s reads are answered`).toBe(false);
      }
      expect(sleeps.takeLongest(), 'the longest wait for the lock on the event loop').toBeLessThan(LOCK_SLEEP_MS);
      other.release();
      const written = await waiting;
      expect(written.status).toBe(201);
    } finally {
      other.release();
      store.setLockWait(50);
      await sleeps.stop();
    }
  });

  // The lock taken at each moment of an upload: before its file is written, while its sizes
  // are made, as its rows are written. Whatever the moment, a 503 leaves no item and no file,
  // so a client that sends the upload again never makes a second item.
  it.each([0, 5, 20, 60, 150, 400])('refuses an upload whole when the lock comes %i ms after it was sent', async (delay) => {
    const uploads = path.join(site.dataDir, 'uploads');
    const filesIn = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length : 0);
    const filesBefore = filesIn();
    const itemsBefore = (await site.api('cms/v2/media', { as: 'editor', query: { per_page: 100 } })).body.length;
    const photo = await solidImage(3000, 2000, 'jpeg');
    const answer = uploadRaw(site, photo, 'locked-out.jpg', { as: 'editor' });
    await new Promise((resolve) => setTimeout(resolve, delay));
    await other.lock();
    let result: ApiResult;
    try {
      result = await answer;
    } finally {
      other.release();
    }
    const items = (await site.api('cms/v2/media', { as: 'editor', query: { per_page: 100 } })).body.length;
    const files = filesIn();
    if (result.status === 201) {
      expect(items).toBe(itemsBefore + 1);
      await site.api(`cms/v2/media/${result.body.id}`, { method: 'DELETE', as: 'editor', query: { force: true } });
    } else {
      expectBusy(result);
      expect(items).toBe(itemsBefore);
      expect(files).toBe(filesBefore);
    }
  });
});
