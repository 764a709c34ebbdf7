// A new SQLite site's database as the product initialises it (initialiseSite: the settings, the
// default category, an administrator whose generated password no test is told), made once per
// test file and copied into each test site's data directory before the site starts there, as on
// any existing data directory. The copy saves the migrations and, above all, the admin's scrypt
// hash at the product's cost (~60 ms of a core: most of what a test site still cost to make).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore } from '../../server/store/open-store.ts';
import { initialiseSite } from '../../server/initialise.ts';

/** The database file's bytes, kept in memory: no template is left behind in the temp dir. */
let initialised: Buffer | undefined;

/** Puts a just-initialised site's database (SQLite, this computer's time zone) into `dataDir`. */
export function copyInitialisedDatabase(dataDir: string): void {
  if (initialised === undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-initialised-'));
    try {
      const store = openStore(dir);
      try {
        initialiseSite(store);
      } finally {
        store.close(); // the last connection's close checkpoints: everything is in site.db
      }
      initialised = fs.readFileSync(path.join(dir, 'site.db'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  fs.writeFileSync(path.join(dataDir, 'site.db'), initialised);
}
