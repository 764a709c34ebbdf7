// The store's two SQLite drivers behave alike where the app relies on them: better-sqlite3
// (Node) and node:sqlite (Electron's Node 24). Each runs where this Node has it; the
// store's own tests run on node:sqlite under Node 24 in tests/integration/store-node-sqlite.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { availableDrivers, chooseDriver, defaultDriver, isBusyError, openDatabase, type Runtime, type SqlDatabase } from '../../server/store/sqlite.ts';
import { SqliteStore } from '../../server/store/sqlite-store.ts';
import { MIGRATIONS } from '../../server/store/migrations.ts';

function database(driver: Parameters<typeof openDatabase>[1]): SqlDatabase {
  const db = openDatabase(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-driver-')), 'test.db'), driver);
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body BLOB)');
  return db;
}

const titles = (db: SqlDatabase) => db.prepare('SELECT title FROM notes ORDER BY id').pluck().all();

it('runs on better-sqlite3 in Node unless INKWELL_SQLITE says otherwise (Electron: node:sqlite)', () => {
  expect(defaultDriver()).toBe(process.env.INKWELL_SQLITE ?? 'better-sqlite3');
  expect(availableDrivers()).toContain(defaultDriver());
});

describe('the driver chosen', () => {
  const runtime = (over: Partial<Runtime>): Runtime => ({ electron: true, nodeVersion: 'v24.9.0', nodeSqliteWithFts5: () => true, betterSqliteLoads: () => false, ...over });

  it('is node:sqlite in Electron, whose Node cannot load the Node build of better-sqlite3', () => {
    expect(chooseDriver(runtime({}))).toBe('node:sqlite');
    expect(chooseDriver(runtime({ electron: false, nodeSqliteWithFts5: () => false, betterSqliteLoads: () => true }))).toBe('better-sqlite3');
  });

  it('is better-sqlite3 rebuilt for Electron (the packaged app) where Electron\'s SQLite lacks full-text search', () => {
    expect(chooseDriver(runtime({ nodeSqliteWithFts5: () => false, betterSqliteLoads: () => true }))).toBe('better-sqlite3');
  });

  it('is an error that says what is missing and what to do, where neither can run', () => {
    expect(() => chooseDriver(runtime({ nodeSqliteWithFts5: () => false }))).toThrow(/Node \(v24\.9\.0\) has no node:sqlite with full-text search \(FTS5\).*electron-builder/);
  });
});

describe.each(availableDrivers())('the %s driver', (driver) => {
  it('keeps every write of a transaction that succeeds, and none of one that throws', () => {
    const db = database(driver);
    const insert = db.prepare('INSERT INTO notes (title) VALUES (?)');
    db.transaction(() => {
      insert.run('kept');
      expect(db.inTransaction).toBe(true);
    })();
    expect(() => db.transaction(() => {
      insert.run('lost');
      throw new Error('disk full');
    })()).toThrow('disk full');
    expect(db.inTransaction).toBe(false);
    expect(titles(db)).toEqual(['kept']);
  });

  it('rolls back a nested transaction alone, as a savepoint, and passes arguments and results through', () => {
    const db = database(driver);
    const insert = db.prepare('INSERT INTO notes (title) VALUES (?)');
    const outer = db.transaction((first: string) => {
      insert.run(first);
      expect(() => db.transaction(() => {
        insert.run('inner');
        throw new Error('inner fails');
      })()).toThrow('inner fails');
      return db.transaction((second: string) => Number(insert.run(second).lastInsertRowid))('after');
    });
    expect(outer('outer')).toBe(2);
    expect(titles(db)).toEqual(['outer', 'after']);
  });

  it('waits 5 s for another connection\'s write lock on either driver (node:sqlite on its own waits none)', () => {
    expect(database(driver).pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('takes the write lock at BEGIN in an immediate transaction, so what it reads cannot change before it writes', () => {
    const db = database(driver);
    db.pragma('journal_mode = WAL');
    const other = openDatabase(db.prepare('PRAGMA database_list').all().map((row) => (row as { file: string }).file)[0], driver);
    other.pragma('busy_timeout = 0');
    const otherWrites = (title: string) => () => other.prepare('INSERT INTO notes (title) VALUES (?)').run(title);
    db.transaction(otherWrites('beside a deferred one'))();
    expect(() => db.transaction(otherWrites('beside an immediate one')).immediate()).toThrow(/locked|busy/i);
    // Told apart from other errors on either driver: the site answers it 503 (busy), not 500.
    const busy = (() => {
      try {
        db.transaction(otherWrites('again')).immediate();
      } catch (error) {
        return error;
      }
    })();
    expect(isBusyError(busy), String(busy)).toBe(true);
    expect(isBusyError(new Error('database is locked'))).toBe(false);
    expect(db.transaction((title: string) => Number(db.prepare('INSERT INTO notes (title) VALUES (?)').run(title).lastInsertRowid)).immediate('mine')).toBe(2);
    expect(titles(db)).toEqual(['beside a deferred one', 'mine']);
    other.close();
  });

  it('gives blobs back as Buffers, numbers as numbers, named and positional parameters alike', () => {
    const db = database(driver);
    const result = db.prepare('INSERT INTO notes (title, body) VALUES (@title, @body)').run({ title: 'file', body: Buffer.from([0, 1, 255]), unused: 'a whole record' });
    expect(result).toMatchObject({ changes: 1, lastInsertRowid: 1 });
    const row = db.prepare('SELECT id, body FROM notes WHERE title = ?').get('file') as { id: number; body: Buffer };
    expect(row.id).toBe(1);
    expect(Buffer.isBuffer(row.body)).toBe(true);
    expect([...row.body]).toEqual([0, 1, 255]);
    expect(db.prepare('SELECT body FROM notes').pluck().get()).toEqual(Buffer.from([0, 1, 255]));
    expect(db.prepare('SELECT id FROM notes WHERE title = ?').get('none')).toBeUndefined();
  });

  it('reads and sets pragmas, and full-text search is there', () => {
    const db = database(driver);
    expect(db.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
    db.pragma('user_version = 7');
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    expect(db.pragma('user_version')).toEqual([{ user_version: 7 }]);
    db.exec("CREATE VIRTUAL TABLE search USING fts5(title); INSERT INTO search (title) VALUES ('a quiet morning')");
    expect(db.prepare("SELECT title FROM search WHERE search MATCH 'quiet'").pluck().all()).toEqual(['a quiet morning']);
    db.close();
    expect(db.open).toBe(false);
  });

  it('opens a whole site store: every migration, then writes found by search', () => {
    const store = new SqliteStore(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-store-')), 'site.db'), driver);
    expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const version = store.version();
    store.transaction(() => store.run("INSERT INTO options (name, value) VALUES ('driver-test', ?)", driver));
    expect(store.version()).not.toBe(version);
    expect(store.get<{ value: string }>("SELECT value FROM options WHERE name = 'driver-test'")?.value).toBe(driver);
    store.close();
  });
});
