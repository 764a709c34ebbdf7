// How long a SQLite statement waits on the event loop for another connection's write lock
// (server/store/sqlite-store.ts): a statement of an attempt that has written nothing (a request's,
// made again off the loop once the lock is free: lock-attempts.ts) waits 5 ms; every other
// statement 100 ms, as before attempts (an instance's start-up beside two others' migrations met
// their lock at once when 5 ms was left behind). Over every way a statement takes the lock, in
// an attempt and outside one: what it waited, and that the connection's wait is 100 ms after it,
// also when it was refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../server/store/sqlite-store.ts';
import { openDatabase } from '../../server/store/sqlite.ts';

const ATTEMPT_WAIT_MS = 5;
const ON_LOOP_WAIT_MS = 100;

const closing: (() => void)[] = [];
afterEach(() => {
  for (const close of closing.splice(0).reverse()) close();
});

/** A store on a new file, the busy timeouts it sets (in order), and another connection to hold the lock. */
function watchedStore() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-wait-scope-'));
  const file = path.join(dataDir, 'site.db');
  const store = new SqliteStore(file);
  const other = openDatabase(file);
  other.pragma('busy_timeout = 0');
  closing.push(() => fs.rmSync(dataDir, { recursive: true, force: true }), () => store.close(), () => other.close());
  let set: number[] = [];
  const statement = store.statement;
  (store as { statement: SqliteStore['statement'] }).statement = (sql) => {
    const pragma = /^PRAGMA busy_timeout = (\d+)$/.exec(sql);
    if (pragma) set.push(Number(pragma[1]));
    return statement(sql);
  };
  return {
    store,
    /** The busy timeouts set since the last call. */
    timeoutsSet: () => set.splice(0),
    /** The connection's busy timeout now, as SQLite has it. */
    busyTimeout: () => store.db.pragma('busy_timeout', { simple: true }),
    hold: () => other.exec('BEGIN IMMEDIATE'),
    release: () => other.exec('ROLLBACK'),
  };
}

/** Each way a statement takes the write lock. */
const TAKING_THE_LOCK: { name: string; write(store: SqliteStore): unknown }[] = [
  { name: 'a write outside a transaction', write: (store) => store.run("INSERT INTO options (name, value) VALUES ('test-run', '1')") },
  { name: 'a write returning rows', write: (store) => store.get("INSERT INTO options (name, value) VALUES ('test-get', '1') RETURNING name") },
  { name: 'a transaction', write: (store) => store.writeTransaction(() => store.run("INSERT INTO options (name, value) VALUES ('test-transaction', '1')")) },
];

describe('the wait on the event loop for another connection\'s lock', () => {
  for (const way of TAKING_THE_LOCK) {
    it(`is the connection's 100 ms for ${way.name} outside an attempt`, () => {
      const watched = watchedStore();
      watched.timeoutsSet();
      way.write(watched.store);
      expect([watched.timeoutsSet(), watched.busyTimeout()]).toEqual([[], ON_LOOP_WAIT_MS]);
    });

    it(`is 5 ms for ${way.name} of an attempt that has written nothing, set back to 100 ms after it, refused or not`, async () => {
      const watched = watchedStore();
      watched.timeoutsSet();
      let runs = 0;
      const after: unknown[] = [];
      watched.hold();
      await watched.store.withLockWaitOffLoop(() => {
        runs++;
        try {
          way.write(watched.store);
        } catch (error) {
          // Refused for the lock: the attempt is made again once it is let go.
          after.push(watched.timeoutsSet(), watched.busyTimeout());
          watched.release();
          throw error;
        }
        after.push(watched.timeoutsSet(), watched.busyTimeout());
      });
      expect(runs).toBe(2);
      // Made again after the lock was seen free by a probe that waits for nothing (0 ms, set back too).
      const probe = [0, ON_LOOP_WAIT_MS];
      expect(after).toEqual([[ATTEMPT_WAIT_MS, ON_LOOP_WAIT_MS], ON_LOOP_WAIT_MS, [...probe, ATTEMPT_WAIT_MS, ON_LOOP_WAIT_MS], ON_LOOP_WAIT_MS]);
    });
  }

  it('is the connection\'s 100 ms for a statement of an attempt once the attempt has written', async () => {
    const watched = watchedStore();
    let afterWrite: unknown[] = [];
    await watched.store.withLockWaitOffLoop(() => {
      TAKING_THE_LOCK[0]!.write(watched.store);
      watched.timeoutsSet();
      watched.store.run("UPDATE options SET value = '2' WHERE name = 'test-run'");
      afterWrite = [watched.timeoutsSet(), watched.busyTimeout()];
    });
    expect(afterWrite).toEqual([[], ON_LOOP_WAIT_MS]);
  });

  it('is 5 ms for the BEGIN of a request\'s group, 100 ms while the group is open and after its commit', async () => {
    const watched = watchedStore();
    watched.timeoutsSet();
    let inGroup: unknown[] = [];
    await watched.store.serve(async () => {
      TAKING_THE_LOCK[2]!.write(watched.store);
      inGroup = [watched.timeoutsSet(), watched.busyTimeout()];
    });
    expect(inGroup).toEqual([[ATTEMPT_WAIT_MS, ON_LOOP_WAIT_MS], ON_LOOP_WAIT_MS]);
    expect([watched.timeoutsSet(), watched.busyTimeout()]).toEqual([[], ON_LOOP_WAIT_MS]);
  });
});
