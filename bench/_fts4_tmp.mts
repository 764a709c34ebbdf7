import fs from 'node:fs';
import { SqliteStore } from '../server/store/sqlite-store.ts';
const src = process.env.SRC ?? '/tmp/w32s14/seed/site.db';
for (const setting of (process.argv[2] ?? 'default').split(',')) {
  const copy = `/tmp/w32s14/fts4-${setting}.db`; fs.copyFileSync(src, copy); for (const s of ['-wal', '-shm']) fs.rmSync(copy + s, { force: true });
  const store = new SqliteStore(copy);
  const db = store.db;
  for (const f of ['title', 'content', 'excerpt']) {
    const t = `posts_search_${f}`;
    if (setting.startsWith('am')) db.prepare(`INSERT INTO ${t}(${t}, rank) VALUES('automerge', ${Number(setting.slice(2))})`).run();
    if (setting.startsWith('cm')) db.prepare(`INSERT INTO ${t}(${t}, rank) VALUES('crisismerge', ${Number(setting.slice(2))})`).run();
  }
  const row = db.prepare("SELECT * FROM posts WHERE type='post' LIMIT 1").get() as Record<string, unknown>;
  const { id, version, ...cols } = row;
  const names = Object.keys(cols);
  const ins = db.prepare(`INSERT INTO posts (${names.join(',')}) VALUES (${names.map((n) => '@' + n).join(',')})`);
  let flush = 0; const rounds = 60, per = 50;
  for (let r = 0; r < rounds; r++) {
    db.transaction(() => { for (let i = 0; i < per; i++) ins.run({ ...cols, slug: `x-${r}-${i}`, title: `Bench ${r} ${i}`, content: 'Body text.', excerpt: '' }); })();
    const c = process.cpuUsage(); store.updateSearchIndex(); const d = process.cpuUsage(c); flush += d.user + d.system;
  }
  const q = process.cpuUsage(); for (let i = 0; i < 50; i++) db.prepare("SELECT count(*) FROM posts_search_content WHERE posts_search_content MATCH '\"garden\"'").get(); const qd = process.cpuUsage(q);
  console.log(setting, 'flush µs/row', (flush / rounds / per).toFixed(0), 'query µs', ((qd.user + qd.system) / 50).toFixed(0));
  store.close();
}
