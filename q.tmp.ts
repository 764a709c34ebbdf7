import fs from 'node:fs';
import Database from 'better-sqlite3';
import { seedPosts } from './bench/seed.ts';
const dir = '/tmp/qseed';
if (!fs.existsSync(dir + '/site.db')) { fs.mkdirSync(dir, { recursive: true }); seedPosts(dir, 10000); }
const db = new Database(dir + '/site.db');
db.pragma('cache_size = -16384');
function time(label: string, sql: string, ...params: unknown[]) {
  const st = db.prepare(sql);
  for (let i = 0; i < 50; i++) st.all(...params);
  const t = process.hrtime.bigint();
  const n = 500;
  for (let i = 0; i < n; i++) st.all(...params);
  console.log(label, (Number(process.hrtime.bigint() - t) / n / 1000).toFixed(1), 'µs');
}
time('count', "SELECT COUNT(*) AS total FROM posts p WHERE p.type = ? AND p.status IN (?)", 'post', 'publish');
time('offset 5000', "SELECT p.id FROM posts p WHERE p.type = ? AND p.status IN (?) ORDER BY p.date_gmt DESC, p.id DESC LIMIT 10 OFFSET 5000", 'post', 'publish');
time('offset 0', "SELECT p.id FROM posts p WHERE p.type = ? AND p.status IN (?) ORDER BY p.date_gmt DESC, p.id DESC LIMIT 10 OFFSET 0", 'post', 'publish');
time('revsummary', "SELECT COUNT(*) AS count, MAX(id) AS latest FROM posts WHERE parent = ? AND type = 'revision' AND autosave = 0", 500);
console.log(db.prepare("EXPLAIN QUERY PLAN SELECT p.id FROM posts p WHERE p.type = ? AND p.status IN (?) ORDER BY p.date_gmt DESC, p.id DESC LIMIT 10 OFFSET 5000").all('post','publish'));
console.log(db.prepare("EXPLAIN QUERY PLAN SELECT COUNT(*) AS total FROM posts p WHERE p.type = ? AND p.status IN (?)").all('post','publish'));
