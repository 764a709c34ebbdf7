// Micro-benchmark (raw SQL on the site's SQLite database, made by the store itself: its
// migrations and settings; 10,000 seeded posts with revisions): CPU per create (post row +
// its revision + one term) when each create commits alone, and when 4 or 8 creates share a
// commit (each in its own savepoint), as the store's group commit makes them share one. A
// create leaves its row for the search index (posts_search_pending, migration 15); the cases
// "index every N" also take in those rows as the store does after writes (updateSearchIndex),
// its CPU counted with the creates'. `npm run bench:commit`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteStore } from '../server/store/sqlite-store.ts';

const SEED = 10_000;
const CREATES = 4000;
const WORDS = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor garden kitchen bicycle mountain harbour lantern violin meadow thunder orchard'.split(' ');
const sentence = (seed: number, n: number) => Array.from({ length: n }, (_, i) => WORDS[(seed * 31 + i * 17) % WORDS.length]).join(' ');

const COLS = ['type', 'status', 'author', 'parent', 'slug', 'title', 'content', 'excerpt', 'title_rendered', 'content_rendered', 'excerpt_rendered', 'date', 'date_gmt', 'modified', 'modified_gmt'];
const INSERT = `INSERT INTO posts (${COLS.join(', ')}) VALUES (${COLS.map((c) => '@' + c).join(', ')})`;
const TERM = 'INSERT INTO term_relationships (post_id, term_id) VALUES (?, 1)';

function rowOf(i: number, title: string, content: string) {
  const date = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString().slice(0, 19);
  return { type: 'post', status: 'publish', author: 1, parent: 0, slug: `s-${i}`, title, content, excerpt: '', title_rendered: title, content_rendered: content, excerpt_rendered: content.slice(0, 55), date, date_gmt: date, modified: date, modified_gmt: date };
}

/** A post, its revision and its term, as a create writes them. */
function insertPost(store: SqliteStore, row: ReturnType<typeof rowOf>): void {
  const id = Number(store.statement(INSERT).run(row).lastInsertRowid);
  store.statement(TERM).run(id);
  store.statement(INSERT).run({ ...row, type: 'revision', status: 'inherit', parent: id, slug: `${id}-revision-v1` });
}

/** A site database in a folder of its own, migrated and seeded by the store, its search index up to date. */
function open(): { store: SqliteStore; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-micro-'));
  const store = new SqliteStore(path.join(dir, 'site.db'));
  store.db.prepare("INSERT INTO users (login, email, name, slug, role, password_hash, registered) VALUES ('admin','a@x','A','admin','administrator','x','2024')").run();
  store.db.prepare("INSERT INTO terms (taxonomy, name, slug) VALUES ('category','C','c')").run();
  store.db.transaction(() => {
    for (let i = 0; i < SEED; i++) insertPost(store, rowOf(i, `${sentence(i, 5)} ${i}`, `<p>${sentence(i, 80)}</p>\n<p>${sentence(i + 7, 80)}</p>`));
  })();
  store.updateSearchIndex();
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  return { store, dir };
}

function run(label: string, group: number, indexEvery = 0): void {
  const { store, dir } = open();
  const { db } = store;
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const createTx = db.transaction((n: number) => insertPost(store, rowOf(SEED + n, `Bench ${n}`, 'Body text.'))); // a savepoint when inside BEGIN, its own transaction otherwise
  const start = process.cpuUsage();
  const wall = performance.now();
  for (let n = 0; n < CREATES; n += group) {
    if (group > 1) begin.run();
    for (let k = 0; k < group; k++) createTx(n + k);
    if (group > 1) commit.run();
    if (indexEvery > 0 && (n + group) % indexEvery === 0) store.updateSearchIndex();
  }
  const cpu = process.cpuUsage(start);
  const us = (cpu.user + cpu.system) / CREATES;
  console.log(`${label.padEnd(40)} ${us.toFixed(0).padStart(5)} µs CPU/create (user ${(cpu.user / CREATES).toFixed(0)}, sys ${(cpu.system / CREATES).toFixed(0)}), wall ${((performance.now() - wall) * 1000 / CREATES).toFixed(0)} µs`);
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

for (let round = 0; round < 2; round++) {
  for (const group of [1, 4, 8]) run(`${group} per commit`, group);
  for (const every of [20, 100]) run(`1 per commit, index every ${every}`, 1, every);
  run('8 per commit, index every 96', 8, 96);
}
