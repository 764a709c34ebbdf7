// The store's memos (Store.memoised, memoisedByIds), on the project's store: kept until a
// table they read changes (through this store or another instance's), never showing a write
// rolled back, and reading only the rows not kept, with the next pages' rows alongside; what a
// transaction reads is kept for the rest of it only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ON_POSTGRES, testDatabase } from '../helpers/test-site.ts';
import { openStore } from '../../server/store/open-store.ts';
import type { Store } from '../../server/store/db.ts';

const closing: (() => void)[] = [];
afterEach(() => {
  for (const close of closing.splice(0).reverse()) close();
});

/** Two stores on one database, as two instances of the site have. */
function twoInstances(): [Store, Store] {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-memo-'));
  const database = testDatabase();
  const open = () => {
    const store = openStore(dataDir, database.url);
    closing.push(() => store.close());
    return store;
  };
  const stores: [Store, Store] = [open(), open()];
  closing.unshift(() => {
    database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return stores;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const setOption = (store: Store, value: string) =>
  store.run('INSERT INTO options (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value', 'memo-test', JSON.stringify(value));

/** A memoised read of the test option, counting its reads. */
function optionReader(store: Store) {
  const reader = {
    reads: 0,
    value: () => store.memoised('memo-test', () => {
      reader.reads++;
      return store.get<{ value: string }>('SELECT value FROM options WHERE name = ?', 'memo-test')?.value;
    }, ['options']),
  };
  return reader;
}

const countRateLimit = (store: Store, client: string) =>
  store.run('INSERT INTO rate_limits (client, window_ends, count) VALUES (?, ?, 1) ON CONFLICT(client) DO UPDATE SET count = rate_limits.count + 1', client, Date.now() + 60_000);

describe('the store\'s memos', () => {
  it('keep a read until a table it read changes, through this instance or another', async () => {
    const [a, b] = twoInstances();
    setOption(a, 'first');
    const reader = optionReader(a);
    expect(reader.value()).toBe('"first"');
    // A write to another table leaves it kept.
    countRateLimit(a, 'someone');
    expect(reader.value()).toBe('"first"');
    expect(reader.reads).toBe(1);
    // Its own table's write, here and on the other instance (seen by the next request's turn).
    setOption(a, 'second');
    expect(reader.value()).toBe('"second"');
    await nextTurn();
    setOption(b, 'third');
    await nextTurn();
    expect(reader.value()).toBe('"third"');
    expect(reader.reads).toBe(3);
  });

  it('take in another instance\'s write for a request that arrived after it, even in the same turn of the event loop', () => {
    const [a, b] = twoInstances();
    setOption(a, 'before');
    const reader = optionReader(b);
    // b's earlier work in this turn (a timer's, say) took in the changes made so far …
    expect(reader.value()).toBe('"before"');
    setOption(a, 'after');
    // … and a request read after a's write must not be answered from them.
    b.noteRequest();
    expect(reader.value()).toBe('"after"');
  });

  it(ON_POSTGRES
    ? 'keep a read when another instance writes other tables (PostgreSQL names them)'
    : 'start again when another process commits anything (SQLite does not say which tables)', async () => {
    const [a, b] = twoInstances();
    setOption(a, 'kept');
    const reader = optionReader(a);
    reader.value();
    await nextTurn();
    countRateLimit(b, 'someone else');
    await nextTurn();
    expect(reader.value()).toBe('"kept"');
    expect(reader.reads).toBe(ON_POSTGRES ? 1 : 2);
  });

  it('never keep or show a write its transaction rolled back', () => {
    const [a] = twoInstances();
    setOption(a, 'committed');
    const reader = optionReader(a);
    expect(reader.value()).toBe('"committed"');
    expect(() => a.transaction(() => {
      // Kept reads serve the transaction until it writes their table; then it reads its own write.
      expect(reader.value()).toBe('"committed"');
      setOption(a, 'rolled back');
      expect(reader.value()).toBe('"rolled back"');
      throw new Error('undo');
    })).toThrow('undo');
    expect(reader.value()).toBe('"committed"');
  });

  it('keep what a transaction reads for the rest of it: read again after its own write, forgotten when it ends or a level of it rolls back', () => {
    const [a] = twoInstances();
    setOption(a, 'committed');
    const reader = optionReader(a);
    const rows: number[][] = [];
    const row = () => a.memoisedByIds('test rows', [1], ['options'], (missing) => {
      rows.push(missing);
      return new Map([[1, { id: 1 }]]);
    }).get(1);
    a.transaction(() => {
      setOption(a, 'written here');
      expect(reader.value()).toBe('"written here"');
      expect(reader.value()).toBe('"written here"');
      row();
      row();
      expect([reader.reads, rows.length]).toEqual([1, 1]);
      expect(() => a.transaction(() => {
        setOption(a, 'undone');
        expect(reader.value()).toBe('"undone"');
        throw new Error('undo');
      })).toThrow('undo');
      // What the undone level read is not served: read again.
      expect(reader.value()).toBe('"written here"');
      expect(reader.reads).toBe(3);
    });
    // The transaction's reads were its own: the first read after it reads again.
    expect(reader.value()).toBe('"written here"');
    expect(reader.reads).toBe(4);
  });

  it('read only the rows not kept, with the next pages\' rows when they must read, and share them frozen', () => {
    const [a] = twoInstances();
    for (const name of ['one', 'two', 'three', 'four']) setOption(a, name);
    const asked: number[][] = [];
    const rows = (ids: readonly number[], ahead: readonly number[] = []) => a.memoisedByIds('test rows', ids, ['options'], (missing) => {
      asked.push(missing);
      return new Map(missing.filter((id) => id <= 6).map((id) => [id, { id, label: `row ${id}` }]));
    }, ahead);
    expect([...rows([1, 2], [3, 4]).keys()].sort()).toEqual([1, 2, 3, 4]);
    // Kept, ahead ones included: nothing read.
    expect(rows([3, 4]).get(4)).toEqual({ id: 4, label: 'row 4' });
    // Only what is missing; an id with no row (9) is not kept, so it is asked again.
    rows([4, 5, 9]);
    rows([9]);
    expect(asked).toEqual([[1, 2, 3, 4], [5, 9], [9]]);
    expect(Object.isFrozen(rows([1]).get(1))).toBe(true);
    // A write of their table starts them again.
    setOption(a, 'five');
    rows([1]);
    expect(asked.at(-1)).toEqual([1]);
  });
});
