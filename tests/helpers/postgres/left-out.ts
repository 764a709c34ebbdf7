// Integration test files the site-postgres project leaves out, each with its reason (printed at
// the start of every run, so none is left out silently): they never open a test site's store, so
// on PostgreSQL they would run as on SQLite, all their work again (a file that opens none fails
// tests/unit/rules-postgres-files.test.ts until it is here).
const DESKTOP = 'the desktop app and its local sites run on SQLite only';
const OWN_DATA = 'it runs the site on a data directory of its own (SQLite); PostgreSQL at start is tested in store-postgres.test.ts';
const NO_SITE = 'it starts no site: nothing of it is stored';
const HOSTILE_REMOTE = 'the app against the hostile WordPress double: the copy of a remote site is on SQLite, as in the desktop app';

export const LEFT_OUT_ON_POSTGRES: Record<string, string> = {
  'tests/integration/app-host.test.ts': DESKTOP,
  'tests/integration/desktop-main.test.ts': DESKTOP,
  'tests/integration/desktop-site-process.test.ts': DESKTOP,
  'tests/integration/electron-install.test.ts': DESKTOP,
  'tests/integration/packaged-layout.test.ts': DESKTOP,
  'tests/integration/stable-port.test.ts': DESKTOP,
  'tests/integration/data-folder-lock.test.ts': DESKTOP,
  'tests/integration/site-prefixes.test.ts': 'the desktop serves its copies of remote sites by path prefix, each on SQLite',
  'tests/integration/cli.test.ts': OWN_DATA,
  'tests/integration/site-process.test.ts': OWN_DATA,
  'tests/integration/durability.test.ts': 'kill -9 durability of the SQLite file; on PostgreSQL it is the pg-instances tests\'',
  'tests/integration/store-node-sqlite.test.ts': 'it tests the SQLite driver node:sqlite',
  'tests/integration/lock-wait-off-loop.test.ts': 'another process holds the SQLite file\'s write lock; a PostgreSQL lock held past the wait is database-busy\'s',
  'tests/integration/instances-start-locked.test.ts': 'another process holds the SQLite file\'s write lock as an instance starts; PostgreSQL\'s start takes no lock a writer holds',
  'tests/integration/search-schema-change.test.ts': 'another process changes the SQLite file\'s schema under the search index\'s FTS5 tables; PostgreSQL\'s index is no virtual table',
  'tests/integration/lock-wait-scope.test.ts': 'SQLite\'s busy timeout, set per statement; PostgreSQL\'s lock wait is its lock_timeout',
  'tests/integration/damaged-database.test.ts': 'it damages and fills the SQLite file of a site; PostgreSQL keeps its own files',
  'tests/integration/media-shared.test.ts': 'its two instances share a data directory of their own (SQLite) and its media storage',
  'tests/integration/store-shared-commit.test.ts': 'the SQLite store\'s shared commit of one process',
  'tests/integration/fake-utility-process.test.ts': DESKTOP,
  'tests/integration/remote-hostile.test.ts': HOSTILE_REMOTE,
  'tests/integration/remote-look.test.ts': HOSTILE_REMOTE,
  'tests/integration/remote-look-hostile.test.ts': HOSTILE_REMOTE,
  'tests/integration/request-as-fetch.test.ts': NO_SITE,
  'tests/integration/sharp-glib.test.ts': 'the site\'s image code under Electron\'s Node and GLib, in a process of its own: no store',
};
