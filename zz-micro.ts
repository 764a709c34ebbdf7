import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, migrationSql } from './server/store/migrations.ts';
const COLS = ['type', 'status', 'author', 'parent', 'slug', 'title', 'content', 'excerpt', 'title_rendered', 'content_rendered', 'excerpt_rendered', 'date', 'date_gmt', 'modified', 'modified_gmt'];
const INSERT = `INSERT INTO posts (${COLS.join(', ')}) VALUES (${COLS.map((c) => '@' + c).join(', ')})`;
const INSERT_POS = `INSERT INTO posts (${COLS.join(', ')}) VALUES (${COLS.map(() => '?').join(', ')})`;
function open() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zz-micro-')); const db = new Database(path.join(dir, 'site.db'));
  db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.pragma('cache_size = -16384'); db.pragma('wal_autocheckpoint = 100000');
  for (const m of MIGRATIONS) db.exec(migrationSql(m, 'sqlite'));
  db.prepare("INSERT INTO users (login, email, name, slug, role, password_hash, registered) VALUES ('admin','a@x','A','admin','administrator','x','2024')").run();
  db.prepare("INSERT OR IGNORE INTO terms (id, taxonomy, name, slug) VALUES (1, 'category','C','c')").run();
  return db;
}
const row = (i: number, type = 'post', parent = 0) => { const d = new Date(Date.UTC(2024, 0, 1) + i * 60000).toISOString().slice(0, 19); return { type, status: type === 'post' ? 'publish' : 'inherit', author: 1, parent, slug: type === 'post' ? `bench-${i}` : `${parent}-revision-v1`, title: `Bench ${i}`, content: 'Body text.', excerpt: '', title_rendered: `Bench ${i}`, content_rendered: '<p>Body text.</p>\n', excerpt_rendered: '<p>Body text.</p>\n', date: d, date_gmt: d, modified: d, modified_gmt: d }; };
function measure(label: string, setup: (db: Database.Database) => void, group: number, positional = false) {
  const db = open(); setup(db);
  const ins = db.prepare(positional ? INSERT_POS : INSERT); const term = db.prepare('INSERT OR IGNORE INTO term_relationships (post_id, term_id) VALUES (?, 1)');
  const begin = db.prepare('BEGIN IMMEDIATE'), commit = db.prepare('COMMIT');
  const one = db.transaction((i: number) => { const r = row(i); const id = Number((positional ? ins.run(...COLS.map((c) => (r as any)[c])) : ins.run(r)).lastInsertRowid); term.run(id); const v = row(i, 'revision', id); positional ? ins.run(...COLS.map((c) => (v as any)[c])) : ins.run(v); });
  let i = 0; const go = (n: number) => { for (let k = 0; k < n; k += group) { begin.run(); for (let j = 0; j < group; j++) one(i++); commit.run(); } };
  go(10000); const t = process.cpuUsage(); go(8000); const u = process.cpuUsage(t);
  console.log(label.padEnd(40), ((u.user + u.system) / 8000).toFixed(1), 'µs/create (user', (u.user / 8000).toFixed(1), 'sys', (u.system / 8000).toFixed(1) + ')');
}
for (let r = 0; r < 1; r++) for (const g of [1, 8]) {
  measure(`as is, ${g}/commit`, () => {}, g);
  measure(`no pending trigger, ${g}/commit`, (db) => db.exec('DROP TRIGGER posts_search_insert'), g);
  measure(`positional params, ${g}/commit`, () => {}, g, true);
}
