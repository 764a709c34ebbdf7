// An instance started while another process holds the SQLite file's write lock past the whole
// lock wait (another instance writing without pause, a CLI command): a database already set up
// needs no write to start, so the instance starts and serves, in one process and through
// workers. Before, each migration's version was read under the write lock, the look for
// scheduled items due took it with none due, and so did the release of old media name claims:
// a restart under load failed with "database is locked" (the fault harness met it).
// And a store opened while another instance's migrations change the schema: the start's check of
// the file's pages once failed to connect the search index ("vtable constructor failed:
// posts_search", three instances started at once on a new database).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet } from '../helpers/instances.ts';
import { startLockHolder, type LockHolder } from '../helpers/lock-holder.ts';
import { request } from '../helpers/http-request.ts';
import { SqliteStore } from '../../server/store/sqlite-store.ts';

describe('an instance started while another process holds the write lock', () => {
  let instances: InstanceSet;
  let holder: LockHolder;

  beforeAll(async () => {
    // Set up: the accounts are made with the CLI, which migrates and initialises the site.
    instances = prepareInstances();
    holder = await startLockHolder(path.join(instances.dataDir, 'site.db'));
  });
  afterAll(async () => {
    await holder?.close();
    await instances?.close();
  });

  it.for([['one process', []], ['--workers 2', ['--workers', '2']]] as const)('%s: starts and serves reads', { timeout: 60_000 }, async ([, options]) => {
    await holder.lock();
    try {
      const instance = await instances.start(...options);
      expect((await request(instance.api)).status).toBe(200);
      const posts = await request(`${instance.api}cms/v2/posts?status=draft`, { headers: { authorization: instances.editorAuth } });
      expect(posts.status).toBe(200);
    } finally {
      await holder.release();
    }
  });
});

describe('a store opened while another process changes the schema', () => {
  // Before, 2,000 opens here failed 25 to 45 times (each run): 1,000 fail every time.
  const OPENS = 1_000;
  let dir: string;
  let holder: LockHolder;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-schema-change-'));
    new SqliteStore(path.join(dir, 'site.db')).close();
    holder = await startLockHolder(path.join(dir, 'site.db'));
  });
  afterAll(async () => {
    await holder?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(`opens ${OPENS} times without a failure`, { timeout: 60_000 }, async () => {
    const failures = new Map<string, number>();
    await holder.changeSchema();
    try {
      for (let open = 0; open < OPENS; open += 1) {
        try {
          new SqliteStore(path.join(dir, 'site.db')).close();
        } catch (error) {
          const message = (error as Error).message;
          failures.set(message, (failures.get(message) ?? 0) + 1);
        }
        // The other process's answers are read between opens.
        if (open % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      await holder.stopChangingSchema();
    }
    expect(Object.fromEntries(failures)).toEqual({});
  });
});
