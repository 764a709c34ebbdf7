// Sync has one door into the local copy (issue 16, part sync-door): the desktop host never
// imports the site's storage, sync imports from the server only server/local-copy/index.ts,
// and sync's own SQL lives in its store room, electron/remote/store/.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `file:line` of each line of the files under `dir` that `offends` picks out. */
function offenders(dir: string, offends: (line: string, file: string) => boolean): string[] {
  return sources(dir).flatMap((file) => fs.readFileSync(file, 'utf8').split('\n')
    .flatMap((line, index) => (offends(line, file) ? [`${path.relative('.', file)}:${index + 1}`] : [])));
}

/** The path an import or export line takes from, resolved against the repository root. */
function importedPath(line: string, file: string): string | null {
  const from = /^\s*(?:import|export)\b.*?\bfrom\s+['"]([^'"]+)['"]/.exec(line)?.[1] ?? /^\s*import\s+['"]([^'"]+)['"]/.exec(line)?.[1];
  return from?.startsWith('.') ? path.relative('.', path.resolve(path.dirname(file), from)).split(path.sep).join('/') : null;
}

// A string that opens with an SQL keyword (the code writes SQL in capitals; an HTTP method
// such as 'DELETE' is a whole string, not followed by a space).
const SQL = /['"`]\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|PRAGMA|WITH)\s/;

describe('sync’s door into the local copy', () => {
  it('electron/ never imports server/store', () => {
    expect(offenders('electron', (line, file) => importedPath(line, file)?.startsWith('server/store/') ?? false)).toEqual([]);
  });

  it('electron/remote imports from the server only server/local-copy/index.ts', () => {
    expect(offenders('electron/remote', (line, file) => {
      const imported = importedPath(line, file);
      return imported !== null && imported.startsWith('server/') && imported !== 'server/local-copy/index.ts';
    })).toEqual([]);
  });

  it('sync’s SQL lives only in its store room, electron/remote/store/', () => {
    expect(offenders('electron', (line, file) => SQL.test(line) && !file.startsWith(path.join('electron', 'remote', 'store') + path.sep))).toEqual([]);
  });

  it('finds what it looks for (the checks are not blind)', () => {
    expect(importedPath("import { getPost } from '../../server/store/posts.ts';", 'electron/remote/x.ts')).toBe('server/store/posts.ts');
    expect(SQL.test("store.get('SELECT * FROM posts WHERE id = ?', id)")).toBe(true);
    expect(SQL.test('  `INSERT OR REPLACE INTO items (kind, remote_id)')).toBe(true);
    expect(SQL.test("this.local.remove('DELETE', id)")).toBe(false);
    expect(offenders('electron/remote/store', (line) => SQL.test(line)).length).toBeGreaterThan(0);
  });
});
