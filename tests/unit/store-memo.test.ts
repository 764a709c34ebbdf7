import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../server/store/sqlite-store.ts';

let dir: string;
let store: SqliteStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-memo-'));
  store = new SqliteStore(path.join(dir, 'site.db'));
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const countOptions = () => store.memoised('options', () => store.get<{ n: number }>('SELECT COUNT(*) AS n FROM options')!.n);

describe('Store.memoised', () => {
  it('keeps a read until a write changes the data', () => {
    const before = countOptions();
    store.db.prepare("INSERT INTO options (name, value) VALUES ('memo-test', '1')").run(); // bypasses Store.run: unseen, by design
    expect(countOptions()).toBe(before);
    store.run("INSERT INTO options (name, value) VALUES ('memo-test-2', '1')");
    expect(countOptions()).toBe(before + 2);
  });

  it('keeps nothing a transaction read of data it changed, which may be rolled back', () => {
    const before = countOptions();
    expect(() => store.transaction(() => {
      store.run("INSERT INTO options (name, value) VALUES ('rolled-back', '1')");
      expect(countOptions()).toBe(before + 1);
      throw new Error('roll back');
    })).toThrow('roll back');
    expect(countOptions()).toBe(before);
  });
});

describe('reads inside a transaction of data it has not changed', () => {
  /** Each way the store keeps a read: whole values (memoised) and rows by id (memoisedByIds); `reads` counts the queries. */
  let reads = 0;
  const readers = {
    memoised: () => store.memoised('count', () => {
      reads++;
      return store.get<{ n: number }>('SELECT COUNT(*) AS n FROM options')!.n;
    }, ['options']),
    memoisedByIds: () => store.memoisedByIds('rows', [1], ['options'], (missing) => {
      reads++;
      return new Map(missing.map((id) => [id, { n: store.get<{ n: number }>('SELECT COUNT(*) AS n FROM options')!.n }]));
    }).get(1)!.n,
  };
  const stored = () => store.get<{ n: number }>('SELECT COUNT(*) AS n FROM options')!.n;

  beforeEach(() => {
    reads = 0;
    // The first transaction takes in what the connection had not seen yet (as another process's commits): it changes everything.
    store.transaction(() => undefined);
  });

  for (const [name, read] of Object.entries(readers)) {
    it(`${name}: are kept for later requests, whether the transaction commits or rolls back`, () => {
      const before = stored();
      store.transaction(() => {
        store.run("INSERT INTO users (login, email, name, slug, role, password_hash, registered) VALUES ('other', 'o@x', 'O', 'other', 'subscriber', 'x', '2024')");
        expect(read()).toEqual(before);
      });
      expect(() => store.transaction(() => {
        expect(read()).toEqual(before);
        throw new Error('roll back');
      })).toThrow('roll back');
      expect(read()).toEqual(before);
      expect(reads).toBe(1);
    });

    it(`${name}: once the transaction changed the data, are kept for it only: a roll back leaves the data as it was`, () => {
      const before = stored();
      expect(() => store.transaction(() => {
        store.run("INSERT INTO options (name, value) VALUES ('rolled-back', '1')");
        const during = read();
        expect(during).not.toEqual(before);
        expect(read()).toEqual(during);
        throw new Error('roll back');
      })).toThrow('roll back');
      expect(read()).toEqual(before);
    });
  }
});

describe('Store.keepWritten', () => {
  const ROWS = 'kept options';
  /** The option rows by name's id, as memoisedByIds keeps them; `reads` counts the queries. */
  let reads = 0;
  const rowsOf = (ids: number[]) => store.memoisedByIds(ROWS, ids, ['options'], (missing) => {
    reads++;
    return new Map(missing.map((id) => [id, { id, value: store.get<{ value: string }>('SELECT value FROM options WHERE name = ?', `kept-${id}`)?.value ?? null }]));
  });
  const write = (id: number, value: string) => store.run('INSERT INTO options (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value', `kept-${id}`, value);

  beforeEach(() => {
    reads = 0;
  });

  it('keeps a row as written once its transaction commits: no read of it after', () => {
    store.transaction(() => {
      write(1, 'written');
      store.keepWritten(ROWS, ['options'], 1, { id: 1, value: 'written' });
    });
    expect(rowsOf([1]).get(1)).toEqual({ id: 1, value: 'written' });
    expect(reads).toBe(0);
  });

  it('keeps nothing when the table changed after it was known, or the transaction rolled back, or outside one', () => {
    store.transaction(() => {
      write(2, 'first');
      store.keepWritten(ROWS, ['options'], 2, { id: 2, value: 'first' });
      write(2, 'second');
    });
    expect(rowsOf([2]).get(2)).toEqual({ id: 2, value: 'second' });
    expect(() => store.transaction(() => {
      write(3, 'undone');
      store.keepWritten(ROWS, ['options'], 3, { id: 3, value: 'undone' });
      throw new Error('roll back');
    })).toThrow('roll back');
    expect(rowsOf([3]).get(3)).toEqual({ id: 3, value: null });
    store.keepWritten(ROWS, ['options'], 4, { id: 4, value: 'never written' });
    expect(rowsOf([4]).get(4)).toEqual({ id: 4, value: null });
    expect(reads).toBe(3);
  });

  it('gives a row as written to the rest of its transaction, until the table changes again: each way it may be kept', () => {
    for (const [id, keep] of [[5, (row: object) => row], [6, (row: object) => () => row]] as const) {
      store.transaction(() => {
        write(id, 'written');
        store.keepWritten(ROWS, ['options'], id, keep({ id, value: 'written' }));
        expect(rowsOf([id]).get(id)).toEqual({ id, value: 'written' });
        expect(reads).toBe(0);
        write(id, 'written again');
        expect(rowsOf([id]).get(id)).toEqual({ id, value: 'written again' });
        expect(reads).toBe(1);
      });
      reads = 0;
    }
  });
});

describe('Store.changingRows', () => {
  const ROWS = 'said rows';
  const OTHER = 'other rows';
  /** The ids each read was asked for. */
  let asked: number[][] = [];
  const rowsOf = (kind: string, ids: number[]) => store.memoisedByIds(kind, ids, ['options'], (missing) => {
    asked.push(missing);
    return new Map(missing.map((id) => [id, { id, value: store.get<{ value: string }>('SELECT value FROM options WHERE name = ?', `said-${id}`)?.value ?? null }]));
  });
  const write = (id: number, value: string) => store.run('INSERT INTO options (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value', `said-${id}`, value);
  /** A write of row `id` that says so, for the kinds `rows` names. */
  const said = (id: number, value: string, rows: Record<string, number[]> = { [ROWS]: [id] }) => store.changingRows('options', rows, () => write(id, value));

  beforeEach(() => {
    // The first transaction takes in what the connection had not seen yet (as another process's commits): it changes everything.
    store.transaction(() => undefined);
    asked = [];
  });

  it('keeps the rows of other ids through a write that says which rows it changes, and reads those again', () => {
    rowsOf(ROWS, [1, 2]);
    said(1, 'changed');
    expect(rowsOf(ROWS, [1, 2])).toEqual(new Map([[1, { id: 1, value: 'changed' }], [2, { id: 2, value: null }]]));
    expect(asked).toEqual([[1, 2], [1]]);
  });

  it('changes every row of a kind it does not name, and a write that says nothing changes every row', () => {
    rowsOf(OTHER, [3, 4]);
    rowsOf(ROWS, [3, 4]);
    said(3, 'named for one kind');
    expect(rowsOf(OTHER, [4]).get(4)).toEqual({ id: 4, value: null });
    write(4, 'unsaid');
    expect(rowsOf(ROWS, [4]).get(4)).toEqual({ id: 4, value: 'unsaid' });
    expect(asked).toEqual([[3, 4], [3, 4], [4], [4]]);
  });

  it('keeps a row as written through other rows\' said writes; a roll back reads the row again', () => {
    store.transaction(() => {
      said(5, 'written');
      store.keepWritten(ROWS, ['options'], 5, { id: 5, value: 'written' });
    });
    store.transaction(() => said(6, 'beside'));
    expect(rowsOf(ROWS, [5]).get(5)).toEqual({ id: 5, value: 'written' });
    expect(store.kept(ROWS, 5, ['options'])).toEqual({ id: 5, value: 'written' });
    expect(() => store.transaction(() => {
      said(5, 'undone');
      throw new Error('roll back');
    })).toThrow('roll back');
    expect(store.kept(ROWS, 5, ['options'])).toBeUndefined();
    expect(rowsOf(ROWS, [5]).get(5)).toEqual({ id: 5, value: 'written' });
    expect(asked).toEqual([[5]]);
  });
});
