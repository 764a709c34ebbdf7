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

  it('keeps nothing read inside a transaction, which may be rolled back', () => {
    const before = countOptions();
    expect(() => store.transaction(() => {
      store.run("INSERT INTO options (name, value) VALUES ('rolled-back', '1')");
      expect(countOptions()).toBe(before + 1);
      throw new Error('roll back');
    })).toThrow('roll back');
    expect(countOptions()).toBe(before);
  });
});
