// The same-process shared-commit rule of the SQLite store (sqlite-store.ts, OPEN_GROUPS): the
// writes of requests served in one turn of the event loop wait in an open group for the next
// turn's commit, holding the write lock; a store of this process on the same file that wants
// the lock meanwhile first commits the groups the others hold open (on the loop it would wait
// for a commit that never comes), but never one whose own transaction is under way, which
// would commit half of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../server/store/sqlite-store.ts';
import { StoreUnavailableError } from '../../server/store/db.ts';

const closing: (() => void)[] = [];
afterEach(() => {
  for (const close of closing.splice(0).reverse()) close();
});

/** Two stores of this process on one file, as two sites on one folder. */
function twoStores(): [SqliteStore, SqliteStore] {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-shared-commit-'));
  const file = path.join(dataDir, 'site.db');
  const first = new SqliteStore(file);
  const second = new SqliteStore(file);
  closing.push(() => fs.rmSync(dataDir, { recursive: true, force: true }), () => first.close(), () => second.close());
  return [first, second];
}

const insert = (store: SqliteStore, name: string) => store.transaction(() => store.run('INSERT INTO options (name, value) VALUES (?, ?)', name, '"x"'));
const has = (store: SqliteStore, name: string) => store.get('SELECT 1 FROM options WHERE name = ?', name) !== undefined;

describe('a store of this process that wants the write lock', () => {
  it('first commits the group another store holds open, in the same turn, and both answers stand', async () => {
    const [first, second] = twoStores();
    let wroteSecond = false;
    const answered = first.serve(async () => {
      insert(first, 'test-first');
      // Still this turn: the first store's group is open, holding the lock.
      expect(first.writesCommitted()).not.toBeNull();
      insert(second, 'test-second');
      wroteSecond = true;
      return 'answer';
    });
    expect(await answered).toBe('answer');
    expect(wroteSecond).toBe(true);
    for (const store of [first, second]) {
      expect(has(store, 'test-first')).toBe(true);
      expect(has(store, 'test-second')).toBe(true);
    }
  });

  it("never commits another store's group from inside that store's own transaction: it waits, and the transaction stays whole", async () => {
    const [first, second] = twoStores();
    second.setLockWait(0);
    const answered = first.serve(async () => {
      first.transaction(() => {
        first.run('INSERT INTO options (name, value) VALUES (?, ?)', 'test-half', '"x"');
        // A write of the second store made within the first's transaction finds the lock held: refused, nothing committed.
        expect(() => insert(second, 'test-inside')).toThrow(StoreUnavailableError);
        first.run('INSERT INTO options (name, value) VALUES (?, ?)', 'test-whole', '"x"');
      });
      return 'answer';
    });
    expect(await answered).toBe('answer');
    expect(has(second, 'test-half')).toBe(true);
    expect(has(second, 'test-whole')).toBe(true);
    expect(has(second, 'test-inside')).toBe(false);
  });

  it("leaves the other store's transaction undone as a whole when that transaction fails after the refused write", async () => {
    const [first, second] = twoStores();
    second.setLockWait(0);
    await first.serve(async () => {
      expect(() => first.transaction(() => {
        first.run('INSERT INTO options (name, value) VALUES (?, ?)', 'test-undone', '"x"');
        expect(() => insert(second, 'test-inside')).toThrow(StoreUnavailableError);
        throw new Error('the work fails');
      })).toThrow('the work fails');
    });
    expect(has(second, 'test-undone')).toBe(false);
    expect(has(first, 'test-undone')).toBe(false);
  });
});
