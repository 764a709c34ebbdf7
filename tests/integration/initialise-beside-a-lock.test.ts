// Instances started at once on a new SQLite database: one initialises the site while holding
// the write lock (hashing its account's password takes a while, longer on a loaded machine);
// the others wait for it the whole lock wait, as they wait for its migrations. Serving
// requests, a write waits on the loop only briefly (the rest off the loop); before serving,
// nothing waits on the process, so a start must not give up after that brief wait. (A clean-
// clone run failed so: "the site exited (2) … database is locked" in instances-start.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../server/store/sqlite-store.ts';
import { initialiseSite } from '../../server/initialise.ts';
import { ON_POSTGRES } from '../helpers/test-site.ts';

if (ON_POSTGRES) console.warn('[site-postgres] initialise-beside-a-lock runs on SQLite only: it is about SQLite\'s file lock between processes');

/** How long the other process holds the lock: well past the wait on the loop (100 ms), well within the lock wait (5 s). */
const HELD_MS = 600;

/** Another process holding the file's write lock for HELD_MS; resolves once it holds it. */
async function otherProcessHolding(file: string) {
  const script = `const D = require('better-sqlite3'); const db = new D(${JSON.stringify(file)}); db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n'); setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${HELD_MS});`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ended = once(child, 'exit');
  await new Promise<void>((locked, failed) => {
    child.stdout.on('data', (chunk: Buffer) => { if (chunk.toString().includes('locked')) locked(); });
    child.once('exit', (code) => failed(new Error(`the lock holder ended (${code}) before it held the lock`)));
  });
  return { ended };
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(ON_POSTGRES)('a new site initialised while another instance holds the write lock', () => {
  it('waits for the lock and initialises the site once it is free, instead of giving up', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-initialise-'));
    folders.push(folder);
    const file = path.join(folder, 'site.db');
    const store = new SqliteStore(file);
    try {
      const holder = await otherProcessHolding(file);
      const started = performance.now();
      const password = initialiseSite(store, 'UTC');
      expect(password).toEqual(expect.any(String));
      // It waited for the other process's commit, not merely past the wait on the loop.
      expect(performance.now() - started).toBeGreaterThan(100);
      await holder.ended;
      expect(initialiseSite(store, 'UTC')).toBeNull();
    } finally {
      store.close();
    }
  });
});
