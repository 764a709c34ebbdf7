// The store's tests on node:sqlite, the driver the desktop app uses inside Electron (whose
// Node 24 cannot load better-sqlite3's build for the Node that ran npm ci). This Node may
// have no node:sqlite, so they run under a real Node 24 (tests/helpers/node24.ts) with
// INKWELL_SQLITE=node:sqlite: the driver tests, and site tests that write and read
// through every kind of store (posts, revisions, batches, blobs, search, sync's own file,
// immediate transactions raced by other connections, a write lock held past the busy timeout, a
// lock another process holds waited for off the event loop, how long a statement waits for a
// lock on the loop).
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { node24, NODE_24_VERSION } from '../helpers/node24.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const STORE_TESTS = [
  'tests/unit/sqlite-drivers.test.ts',
  'tests/unit/store-memo.test.ts',
  'tests/integration/durability.test.ts',
  'tests/integration/posts-write.test.ts',
  'tests/integration/batch.test.ts',
  'tests/integration/revisions.test.ts',
  'tests/integration/contact-forms.test.ts',
  'tests/integration/seo-indexing.test.ts',
  'tests/integration/sync-push.test.ts',
  'tests/integration/app-host.test.ts',
  'tests/integration/conditional.test.ts',
  'tests/integration/precondition-races.test.ts',
  'tests/integration/database-busy.test.ts',
  'tests/integration/lock-wait-off-loop.test.ts',
  'tests/integration/lock-wait-scope.test.ts',
];

describe(`the store on node:sqlite under Node ${NODE_24_VERSION}`, () => {
  it('passes the store and site tests', () => {
    const run = spawnSync(node24(), [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'unit', '--project', 'site', '--maxWorkers', '1', ...STORE_TESTS], {
      cwd: root,
      env: { ...process.env, INKWELL_SQLITE: 'node:sqlite', NODE_NO_WARNINGS: '1' },
      encoding: 'utf8',
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output.slice(-4000)).toBe(0);
    expect(output).toMatch(new RegExp(`Test Files .*${STORE_TESTS.length} passed`));
  }, 300_000);
});
