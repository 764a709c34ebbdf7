// Layer rules no import check sees: SQL (statement text, prepare, pragma, exec) is written
// only in a store room, so a maintainer finds every query of a table in one place; and every
// source file is type-checked as the runtime it runs in (one tsconfig per runtime).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SCANNED = ['server', 'electron', 'shared', 'renderer'];

/** Where SQL may be written: the core's storage, a namespace's own tables, sync's bookkeeping. */
const STORE_ROOMS = [/^server\/store\//, /^server\/namespaces\/[^/]+\/store\//, /^electron\/remote\/store\//];

/** How a statement opens (in capitals, as this project writes SQL). */
const STATEMENT = [
  String.raw`SELECT\s`, String.raw`INSERT\s+(OR\s+\w+\s+)?INTO\s`, String.raw`UPDATE\s+\w+\s+SET\s`, String.raw`DELETE\s+FROM\s`,
  String.raw`REPLACE\s+INTO\s`, String.raw`WITH\s+(RECURSIVE\s+)?\w+(\([^)]*\))?\s+AS\b`, String.raw`PRAGMA\s`,
  String.raw`(CREATE|DROP)\s+(TABLE|INDEX|UNIQUE|TRIGGER|VIEW|VIRTUAL)\b`, String.raw`ALTER\s+TABLE\s`,
].join('|');

/**
 * A string that opens with a statement, a line of a multi-line string that does, or a call
 * that prepares or runs statement text on a connection (other objects have prepare methods too).
 */
const SQL = new RegExp([
  String.raw`['"\x60]\s*(${STATEMENT})`,
  String.raw`^\s*(${STATEMENT})`,
  String.raw`\b(db|database|connection)\.(prepare|exec)\(`,
  String.raw`\.(prepare|exec)\(\s*['"\x60]`,
  String.raw`\.pragma\(`,
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
      .filter((file) => !STORE_ROOMS.some((room) => room.test(file)))
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
      `    SELECT id FROM posts WHERE parent = ?`,
      '  `INSERT OR REPLACE INTO items (kind, remote_id)',
    ];
    const notFound = [
      `methods: ['DELETE'],`,
      `const match = /^Basic\\s+(.+)$/i.exec(header);`,
      `const found = entry.regex.exec(path);`,
      `if (element.tagName === 'SELECT') return;`,
      `// SELECT is what the query says`,
      `label: 'Select a file to upload',`,
      `return await this.ctx.outgoing.prepare(item.kind, item.localId);`,
      `this.local.remove('DELETE', id)`,
    ];
    expect(found.filter((line) => !isSql(line))).toEqual([]);
    expect(notFound.filter(isSql)).toEqual([]);
    // And it sees the SQL of the store rooms as it is written there.
    for (const room of ['server/store', 'electron/remote/store']) {
      expect(sources(room).some((file) => fs.readFileSync(file, 'utf8').split('\n').some(isSql)), room).toBe(true);
    }
  });
});

describe('the core storage', () => {
  it('uses no npm package but its database drivers (better-sqlite3, node:sqlite; pg-native and pg-types for PostgreSQL)', () => {
    const offenders = sources('server/store').flatMap((file) => fs.readFileSync(file, 'utf8').split('\n')
      .map((line, index) => ({ at: `${file.split(path.sep).join('/')}:${index + 1}`, from: /\bfrom\s+['"]([^'"]+)['"]|\b(?:require|import)\(\s*['"]([^'"]+)['"]/.exec(line) }))
      .filter(({ from }) => from !== null)
      .filter(({ from }) => !/^(\.|node:|better-sqlite3$|pg-native(\/lib\/[\w-]+\.js)?$|pg-types$)/.test(from![1] ?? from![2]!))
      .map(({ at }) => at));
    expect(offenders).toEqual([]);
  });
});

/** The files and options of one of the runtime tsconfigs. */
function runtimeConfig(name: string): { files: Set<string>; lib: string[]; types: string[] | undefined } {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.resolve(name), {}, {
    ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => { throw new Error(String(diagnostic.messageText)); },
  })!;
  return {
    files: new Set(parsed.fileNames.map((file) => path.relative(process.cwd(), file).split(path.sep).join('/'))),
    lib: (parsed.options.lib ?? []).map((lib) => lib.toLowerCase()),
    types: parsed.options.types,
  };
}

describe('the runtime tsconfigs', () => {
  const shared = runtimeConfig('tsconfig.shared.json');
  const renderer = runtimeConfig('tsconfig.renderer.json');
  const server = runtimeConfig('tsconfig.server.json');
  const serverDom = runtimeConfig('tsconfig.server-dom.json');
  const tools = runtimeConfig('tsconfig.tools.json');
  const usesDom = (lib: string[]) => lib.some((name) => name.includes('lib.dom'));

  it('give the renderer the page and not Node, the server Node and not the page, shared neither', () => {
    expect({ dom: usesDom(renderer.lib), types: renderer.types }).toEqual({ dom: true, types: [] });
    expect({ dom: usesDom(server.lib), types: server.types }).toEqual({ dom: false, types: ['node'] });
    expect({ dom: usesDom(shared.lib), types: shared.types }).toEqual({ dom: false, types: [] });
  });

  it('check every source file', () => {
    const checked = new Set([shared, renderer, server, serverDom, tools].flatMap((config) => [...config.files]));
    const unchecked = ['server', 'electron', 'shared', 'renderer', 'tests', 'e2e', 'bench', 'build'].flatMap(sources)
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => !checked.has(file));
    expect(unchecked).toEqual([]);
  });

  it('check the server\'s DOM files apart, and nothing else there', () => {
    for (const file of serverDom.files) expect(server.files.has(file), file).toBe(false);
    expect([...serverDom.files].every((file) => file.startsWith('server/'))).toBe(true);
  });
});
