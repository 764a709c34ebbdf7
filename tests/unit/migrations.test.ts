import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationSql } from '../../server/store/migrations.ts';
import { SqliteStore } from '../../server/store/sqlite-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database as a site of schema version `version` left it. */
function databaseAt(version: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-migrations-'));
  dirs.push(dir);
  const file = path.join(dir, 'site.db');
  const db = new Database(file);
  for (const migration of MIGRATIONS.slice(0, version)) db.exec(migrationSql(migration, 'sqlite'));
  db.pragma(`user_version = ${version}`);
  db.close();
  return file;
}

describe('migrations', () => {
  it('bring a database of an earlier version up to date and record the version', () => {
    const store = new SqliteStore(databaseAt(1));
    expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    store.close();
  });

  it('suffix the slugs of items already in the trash, once, bumping their version', () => {
    const file = databaseAt(7);
    const db = new Database(file);
    db.exec(`INSERT INTO users (id, login, email, name, slug, role, password_hash, registered)
      VALUES (1, 'admin', 'a@example.test', 'Admin', 'admin', 'administrator', 'x', '2020-01-01T00:00:00')`);
    const insert = db.prepare(`INSERT INTO posts (id, type, status, author, slug, date, date_gmt, modified, modified_gmt)
      VALUES (?, 'post', ?, 1, ?, '2020-01-01T00:00:00', '2020-01-01T00:00:00', '2020-01-01T00:00:00', '2020-01-01T00:00:00')`);
    insert.run(1, 'trash', 'old-post');
    insert.run(2, 'trash', 'already__trashed');
    insert.run(3, 'publish', 'live-post');
    insert.run(4, 'trash', '');
    db.close();

    const store = new SqliteStore(file);
    const rows = store.all<{ id: number; slug: string; version: number }>('SELECT id, slug, version FROM posts ORDER BY id');
    expect(rows).toEqual([
      { id: 1, slug: 'old-post__trashed', version: 2 },
      { id: 2, slug: 'already__trashed', version: 1 },
      { id: 3, slug: 'live-post', version: 1 },
      { id: 4, slug: '', version: 1 },
    ]);
    store.close();
  });
});
