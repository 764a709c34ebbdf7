// Rules of part "namespaces" (issue 16): a namespace is a plugin with a home. Each folder of
// server/namespaces/ is one namespace with its plugin.ts, listed in the one namespace table;
// no namespace imports another, and the rest of the site and the desktop host reach the
// namespaces only through that table.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const NAMESPACES = path.resolve('server/namespaces');
const TABLE = path.resolve('server/namespace-table.ts');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative import of a file, resolved, with the line it is on (`file:line`). */
function imports(file: string): { target: string; at: string }[] {
  return fs.readFileSync(file, 'utf8').split('\n').flatMap((line, index) => {
    const specifier = /(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/.exec(line)?.[1];
    return specifier ? [{ target: path.resolve(path.dirname(file), specifier), at: `${path.relative('.', file)}:${index + 1}` }] : [];
  });
}

/** The namespace a file belongs to (its folder under server/namespaces/), or null. */
function namespaceOf(file: string): string | null {
  const relative = path.relative(NAMESPACES, file);
  return relative.startsWith('..') || !relative.includes(path.sep) ? null : relative.split(path.sep)[0];
}

const namespaceFolders = fs.readdirSync(NAMESPACES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

describe('namespaces', () => {
  it('do not import one another', () => {
    const offenders = sources(NAMESPACES).flatMap((file) =>
      imports(file)
        .filter(({ target }) => namespaceOf(target) !== null && namespaceOf(target) !== namespaceOf(file))
        .map(({ at, target }) => `${at} imports ${path.relative('.', target)}`));
    expect(offenders).toEqual([]);
  });

  it('are reached from the rest of the site and from the desktop host only through the namespace table', () => {
    const outside = [...sources(path.resolve('server')).filter((file) => namespaceOf(file) === null), ...sources(path.resolve('electron'))];
    const offenders = outside
      .filter((file) => file !== TABLE)
      .flatMap((file) => imports(file).filter(({ target }) => namespaceOf(target) !== null).map(({ at, target }) => `${at} imports ${path.relative('.', target)}`));
    expect(offenders).toEqual([]);
  });

  it('each have a plugin.ts, listed in the namespace table', () => {
    const listed = new Set(imports(TABLE).map(({ target }) => path.relative(NAMESPACES, target)));
    const missing = namespaceFolders.filter((name) => !listed.has(path.join(name, 'plugin.ts')) || !fs.existsSync(path.join(NAMESPACES, name, 'plugin.ts')));
    expect(missing).toEqual([]);
    expect(namespaceFolders.length).toBeGreaterThan(0);
  });
});
