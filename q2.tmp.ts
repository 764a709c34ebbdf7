import Database from 'better-sqlite3';
const db = new Database('/tmp/qseed/site.db');
for (const sql of ["SELECT parent, COUNT(*) AS count, MAX(id) AS latest FROM posts WHERE parent IN (?) AND type = 'revision' AND autosave = 0 GROUP BY parent"]) console.log(db.prepare('EXPLAIN QUERY PLAN ' + sql).all(5));
