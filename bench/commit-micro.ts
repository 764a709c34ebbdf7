// Micro-benchmark (raw better-sqlite3, the site's schema, 10,000 seeded posts with revisions):
// CPU per create (post row + its revision + one term) when each create commits alone, when
// 4 or 8 creates share a commit (each in its own savepoint), and with the search index fed
// through a pending table (migration 7) instead of the FTS5 triggers, its batched update's
// CPU included. `npm run bench:commit [-- pending]`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, migrationSql } from '../server/store/migrations.ts';

const SEED = 10_000;
const CREATES = 4000;
const WORDS = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor garden kitchen bicycle mountain harbour lantern violin meadow thunder orchard'.split(' ');
const sentence = (seed: number, n: number) => Array.from({ length: n }, (_, i) => WORDS[(seed * 31 + i * 17) % WORDS.length]).join(' ');

function open(pending: boolean): { db: Database.Database; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-micro-'));
  const file = path.join(dir, 'site.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -16384');
  db.pragma('wal_autocheckpoint = 10000');
  // Migration 7 moved the search index's writes to the pending table; without it, the FTS5 triggers write at each commit.
  for (const migration of pending ? MIGRATIONS : MIGRATIONS.slice(0, 6)) db.exec(migrationSql(migration, 'sqlite'));
  db.prepare("INSERT INTO users (login, email, name, slug, role, password_hash, registered) VALUES ('admin','a@x','A','admin','administrator','x','2024')").run();
  db.prepare("INSERT INTO terms (taxonomy, name, slug) VALUES ('category','C','c')").run();
  const insert = db.prepare(INSERT);
  db.transaction(() => {
    for (let i = 0; i < SEED; i++) {
      const row = rowOf(i, `${sentence(i, 5)} ${i}`, `<p>${sentence(i, 80)}</p>\n<p>${sentence(i + 7, 80)}</p>`);
      const id = Number(insert.run(row).lastInsertRowid);
      insert.run({ ...row, type: 'revision', status: 'inherit', parent: id, slug: `${id}-revision-v1` });
      db.prepare('INSERT INTO term_relationships (post_id, term_id) VALUES (?, 1)').run(id);
    }
  })();
  if (pending) db.exec('INSERT INTO posts_search (rowid, title, content, excerpt) SELECT p.id, p.title, p.content, p.excerpt FROM posts_search_pending q JOIN posts p ON p.id = q.id; DELETE FROM posts_search_pending;');
  db.pragma('wal_checkpoint(TRUNCATE)');
  return { db, file: dir };
}

const COLS = ['type', 'status', 'author', 'parent', 'slug', 'title', 'content', 'excerpt', 'title_rendered', 'content_rendered', 'excerpt_rendered', 'date', 'date_gmt', 'modified', 'modified_gmt'];
const INSERT = `INSERT INTO posts (${COLS.join(', ')}) VALUES (${COLS.map((c) => '@' + c).join(', ')})`;
function rowOf(i: number, title: string, content: string) {
  const date = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString().slice(0, 19);
  return { type: 'post', status: 'publish', author: 1, parent: 0, slug: `s-${i}`, title, content, excerpt: '', title_rendered: title, content_rendered: content, excerpt_rendered: content.slice(0, 55), date, date_gmt: date, modified: date, modified_gmt: date };
}

function run(label: string, group: number, pending: boolean, flushEvery = 0): void {
  const { db, file } = open(pending);
  const insert = db.prepare(INSERT);
  const term = db.prepare('INSERT INTO term_relationships (post_id, term_id) VALUES (?, 1)');
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const create = (n: number) => {
    const row = rowOf(SEED + n, `Bench ${n}`, 'Body text.');
    const id = Number(insert.run(row).lastInsertRowid);
    term.run(id);
    insert.run({ ...row, type: 'revision', status: 'inherit', parent: id, slug: `${id}-revision-v1` });
  };
  // The deferred index update, as a timer would run it: its CPU is counted with the creates'.
  const flush = db.transaction(() => {
    db.prepare('INSERT INTO posts_search (rowid, title, content, excerpt) SELECT p.id, p.title, p.content, p.excerpt FROM posts_search_pending q JOIN posts p ON p.id = q.id').run();
    db.prepare('DELETE FROM posts_search_pending').run();
  });
  const createTx = db.transaction(create); // a savepoint when inside BEGIN, its own transaction otherwise
  const start = process.cpuUsage();
  const wall = performance.now();
  for (let n = 0; n < CREATES; n += group) {
    if (group > 1) begin.run();
    for (let k = 0; k < group; k++) createTx(n + k);
    if (group > 1) commit.run();
    if (flushEvery > 0 && (n + group) % flushEvery === 0) flush();
  }
  const cpu = process.cpuUsage(start);
  const us = (cpu.user + cpu.system) / CREATES;
  console.log(`${label.padEnd(40)} ${us.toFixed(0).padStart(5)} µs CPU/create (user ${(cpu.user / CREATES).toFixed(0)}, sys ${(cpu.system / CREATES).toFixed(0)}), wall ${((performance.now() - wall) * 1000 / CREATES).toFixed(0)} µs`);
  db.close();
  fs.rmSync(file, { recursive: true, force: true });
}

const only = process.argv[2];
for (let round = 0; round < 2; round++) {
  if (only !== 'pending') for (const group of [1, 4, 8]) run(`FTS trigger, ${group} per commit`, group, false);
  for (const group of [1, 4, 8]) run(`pending table, ${group} per commit`, group, true);
  for (const every of [20, 100]) run(`pending table, 1 per commit, flush/${every}`, 1, true, every);
}
