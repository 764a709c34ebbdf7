// The site-postgres project runs the integration files again with each test site's store on
// PostgreSQL: what differs there is only the test site (tests/helpers/test-site.ts, on the run's
// cluster, tests/helpers/postgres/). A file whose imports reach neither never opens that store:
// on PostgreSQL it is the site project's run again, every process and image operation of it
// repeated for nothing (sharp-glib's 600 image operations, media-shared's two instances on one
// SQLite file). Each such file is left out there, saying why (left-out.ts); a new one fails here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { LEFT_OUT_ON_POSTGRES } from '../helpers/postgres/left-out.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const INTEGRATION = 'tests/integration';
/** The files of the real WordPress's project, never run on PostgreSQL. */
const WORDPRESS = /^tests\/integration\/wordpress-/;
/** What sets a test site's store: the test site, or the PostgreSQL helpers themselves. */
const OPENS_THE_TEST_STORE = (file: string) => file === 'tests/helpers/test-site.ts' || file.startsWith('tests/helpers/postgres/');
/**
 * A relative import of a module that loads it (static, dynamic or for its effect alone; not
 * `import type`, which loads nothing): packages are never a test site.
 */
const RELATIVE_IMPORT = /\b(?:import|export)(\s+type\b)?[^;'()]*?\bfrom\s*'(\.{1,2}\/[^']+)'|\bimport\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

/** Each module's own relative imports, as paths from the root, read once. */
const importsOf = new Map<string, string[]>();
function directImports(file: string): string[] {
  let found = importsOf.get(file);
  if (!found) {
    const text = fs.existsSync(path.join(ROOT, file)) ? fs.readFileSync(path.join(ROOT, file), 'utf8') : '';
    found = [...text.matchAll(RELATIVE_IMPORT)].filter(([, typeOnly]) => !typeOnly).map(([, , from, loaded]) => path.posix.join(path.posix.dirname(file), from ?? loaded));
    importsOf.set(file, found);
  }
  return found;
}

/** The project's modules `file` loads, itself included. */
function loadedBy(file: string): Set<string> {
  const seen = new Set([file]);
  for (const module of seen) for (const imported of directImports(module)) seen.add(imported);
  return seen;
}

const files = fs.readdirSync(path.join(ROOT, INTEGRATION)).filter((name) => name.endsWith('.test.ts')).map((name) => `${INTEGRATION}/${name}`);

it('runs on PostgreSQL only the integration files that open a test site\u2019s store', () => {
  const runOnPostgres = files.filter((file) => !WORDPRESS.test(file) && !(file in LEFT_OUT_ON_POSTGRES));
  expect(runOnPostgres.filter((file) => ![...loadedBy(file)].some(OPENS_THE_TEST_STORE)), 'run again on PostgreSQL without a test site: add them to tests/helpers/postgres/left-out.ts').toEqual([]);
  // (And every file left out is there: a renamed file is not left out by its old name.)
  expect(Object.keys(LEFT_OUT_ON_POSTGRES).filter((file) => !files.includes(file))).toEqual([]);
});
