// The store's nested transactions on both engines: a nested transaction that fails (a
// statement refused by the database, or the work throwing) is undone alone, and the outer
// transaction goes on and commits. On PostgreSQL a failed statement aborts the whole
// transaction unless it ran in a nested one (a SAVEPOINT), so this is how code that catches a
// database error inside a transaction and continues must be written.
// Writes held back (write, insertLater: on PostgreSQL they go with the transaction's next
// statement) behave as run() does: read back in order, undone with their transaction, and a
// refused one fails where it belongs. The site's own writes made while a request is served (an
// option made on its first use) take no request id's record (on SQLite a write outside a
// transaction takes none either way; on PostgreSQL it failed without Store.unrecorded).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../helpers/test-site.ts';
import { openStore } from '../../server/store/open-store.ts';
import type { Store } from '../../server/store/db.ts';
import { ensureOption } from '../../server/store/options.ts';

const closing: (() => void)[] = [];
afterEach(() => {
  for (const close of closing.splice(0).reverse()) close();
});

function freshStore(): Store {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-transactions-'));
  const database = testDatabase();
  const store = openStore(dataDir, database.url);
  closing.push(() => fs.rmSync(dataDir, { recursive: true, force: true }), database.drop, () => store.close());
  return store;
}

const insert = (store: Store, name: string) => store.run('INSERT INTO options (name, value) VALUES (?, ?)', name, '"x"');
const names = (store: Store) => store.all<{ name: string }>("SELECT name FROM options WHERE name LIKE 'test-%' ORDER BY name").map((row) => row.name);

describe('a nested transaction that fails', () => {
  for (const kind of ['transaction', 'writeTransaction'] as const) {
    it(`is undone alone when the database refuses a statement, and the outer ${kind} goes on and commits`, () => {
      const store = freshStore();
      store[kind](() => {
        insert(store, 'test-before');
        expect(() => store[kind](() => {
          insert(store, 'test-undone');
          insert(store, 'test-before'); // the same key again: refused by the database
        })).toThrow(/unique|duplicate/i);
        insert(store, 'test-after');
        expect(names(store)).toEqual(['test-after', 'test-before']);
      });
      expect(names(store)).toEqual(['test-after', 'test-before']);
    });
  }

  it('is undone alone when its work throws, two levels deep, and the outer transaction commits', () => {
    const store = freshStore();
    store.transaction(() => {
      insert(store, 'test-outer');
      store.transaction(() => {
        insert(store, 'test-middle');
        expect(() => store.transaction(() => {
          insert(store, 'test-inner');
          throw new Error('changed its mind');
        })).toThrow('changed its mind');
      });
    });
    expect(names(store)).toEqual(['test-middle', 'test-outer']);
  });

  it('takes the outer transaction with it when not caught: nothing of either is kept', () => {
    const store = freshStore();
    expect(() => store.transaction(() => {
      insert(store, 'test-outer');
      store.transaction(() => insert(store, 'test-outer'));
    })).toThrow(/unique|duplicate/i);
    expect(names(store)).toEqual([]);
    // The store is usable afterwards.
    insert(store, 'test-later');
    expect(names(store)).toEqual(['test-later']);
  });
});

const hold = (store: Store, name: string) => store.write('INSERT INTO options (name, value) VALUES (?, ?)', name, '"x"');
const insertUserLater = (store: Store, login: string) => store.insertLater(
  'INSERT INTO users (login, email, name, slug, role, password_hash, registered) VALUES (?, ?, ?, ?, ?, ?, ?)',
  login, `${login}@example.test`, login, login, 'author', 'x', '2026-01-01T00:00:00',
);

describe('a write held back until the next statement', () => {
  it('is read back by the transaction that made it, in order, and kept by its commit', () => {
    const store = freshStore();
    const later = store.transaction(() => {
      hold(store, 'test-a');
      const id = insertUserLater(store, 'held');
      expect(names(store)).toEqual(['test-a']);
      hold(store, 'test-b');
      return id;
    });
    expect(names(store)).toEqual(['test-a', 'test-b']);
    expect(store.get<{ login: string }>('SELECT login FROM users WHERE id = ?', later())?.login).toBe('held');
  });

  it('gives its id when asked before the transaction ends', () => {
    const store = freshStore();
    store.transaction(() => {
      const id = insertUserLater(store, 'early');
      expect(store.get<{ login: string }>('SELECT login FROM users WHERE id = ?', id())?.login).toBe('early');
    });
  });

  it('is undone with its transaction when the work throws after it', () => {
    const store = freshStore();
    expect(() => store.transaction(() => {
      hold(store, 'test-undone');
      insertUserLater(store, 'undone');
      throw new Error('changed its mind');
    })).toThrow('changed its mind');
    expect(names(store)).toEqual([]);
    expect(store.get("SELECT 1 FROM users WHERE login = 'undone'")).toBeUndefined();
  });

  it('fails its transaction when the database refuses it, at the commit: nothing of it is kept', () => {
    const store = freshStore();
    expect(() => store.transaction(() => {
      hold(store, 'test-kept-not');
      hold(store, 'test-kept-not');
    })).toThrow(/unique|duplicate/i);
    expect(names(store)).toEqual([]);
    insert(store, 'test-later');
    expect(names(store)).toEqual(['test-later']);
  });

  it('fails the nested transaction it was made in, which is undone alone; the outer one commits', () => {
    const store = freshStore();
    store.transaction(() => {
      hold(store, 'test-outer');
      expect(() => store.transaction(() => {
        hold(store, 'test-inner');
        hold(store, 'test-outer'); // refused when the nested transaction ends
      })).toThrow(/unique|duplicate/i);
      hold(store, 'test-after');
    });
    expect(names(store)).toEqual(['test-after', 'test-outer']);
  });
});

describe("the site's own writes, made while a request is served", () => {
  it("take no request id's record: an option made on its first use (the site's secret key) commits without it, the request's own write with it", () => {
    const store = freshStore();
    let recorded = 0;
    store.commitRecorder = () => {
      recorded += 1;
    };
    expect(ensureOption(store, 'test-made-on-first-use', () => 'made')).toBe('made');
    expect(recorded).toBe(0);
    store.transaction(() => insert(store, 'test-own'));
    expect(recorded).toBe(1);
  });
});
