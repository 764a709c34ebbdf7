// Layer rules no import check sees: SQL (statement text, prepare, pragma, exec) is written
// only in a store room, so a maintainer finds every query of a table in one place.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SCANNED = ['server', 'electron', 'shared', 'renderer'];

/** Where SQL may be written: the core's storage, a namespace's own tables, sync's bookkeeping. */
const STORE_ROOMS = [/^server\/store\//, /^server\/namespaces\/[^/]+\/store\//, /^electron\/remote\/store\//];

/**
 * SQL that other parts of issue 16 move into store rooms of their own (part "namespaces":
 * contact-form's tables; part "sync-door": sync's bookkeeping). Delete a line when its part lands.
 */
const PENDING = [
  /^server\/namespaces\/contact-form\/store\.ts$/,
  /^electron\/remote\/(conflict-store|journal|media-map|outgoing|push-creates|push|sync-map|sync-runs|unsaved-autosave)\.ts$/,
];

/** A string that opens with a statement, or a call that prepares or runs statement text. */
const SQL = new RegExp([
  String.raw`['"\x60]\s*(SELECT\s|INSERT\s+(OR\s+\w+\s+)?INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|REPLACE\s+INTO\s)`,
  String.raw`['"\x60]\s*(WITH\s+(RECURSIVE\s+)?\w+(\([^)]*\))?\s+AS\b|PRAGMA\s|(CREATE|DROP)\s+(TABLE|INDEX|UNIQUE|TRIGGER|VIEW|VIRTUAL)\b|ALTER\s+TABLE\s)`,
  String.raw`\.(prepare|pragma)\(`,
  String.raw`\.exec\(\s*['"\x60]`,
].join('|'));

function isSql(line: string): boolean {
  return !/^\s*(\/\/|\*|\/\*)/.test(line) && SQL.test(line);
}

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['dist', 'node_modules'].includes(entry.name) ? [] : sources(full);
    return /\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

describe('SQL', () => {
  it('is written only in a store room', () => {
    const offenders = SCANNED.flatMap(sources)
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => ![...STORE_ROOMS, ...PENDING].some((room) => room.test(file)))
      .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n')
        .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
        .filter(({ line }) => isSql(line))
        .map(({ at }) => at));
    expect(offenders).toEqual([]);
  });

  it('is told apart from the words and calls that only look like it', () => {
    const found = [
      `store.get("SELECT * FROM posts WHERE id = ?", id)`,
      `store.run('DELETE FROM posts WHERE parent = ?', parent)`,
      "store.run(`UPDATE posts SET version = version + 1 WHERE id = ?`, id)",
      "`WITH RECURSIVE below(id) AS (SELECT id FROM posts)`",
      `db.prepare(sql)`,
      `this.db.pragma('foreign_keys = ON')`,
      "db.exec(`CREATE TABLE t (id INTEGER)`)",
      `const ADD = 'INSERT OR IGNORE INTO terms (name) VALUES (?)';`,
    ];
    const notFound = [
      `methods: ['DELETE'],`,
      `const match = /^Basic\\s+(.+)$/i.exec(header);`,
      `const found = entry.regex.exec(path);`,
      `if (element.tagName === 'SELECT') return;`,
      `// SELECT is what the query says`,
      `label: 'Select a file to upload',`,
    ];
    expect(found.filter((line) => !isSql(line))).toEqual([]);
    expect(notFound.filter(isSql)).toEqual([]);
  });
});
