// Checkpoints of a SQLite database's write-ahead log, on a worker thread with a connection of
// its own: SQLite otherwise runs one inside the commit that fills the log (wal_autocheckpoint),
// copying thousands of pages into the database and syncing it while every request waits, the
// slowest of the site's writes. A passive checkpoint never waits for a lock nor holds one a
// writer needs, so writes go on meanwhile; the commit's own automatic one stays as a fallback
// for a log this cannot keep short.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { SqliteDriver } from './sqlite.ts';

// Bundled for the desktop app as CommonJS, `require` is there; run as ES modules, it is made.
const resolveModule = typeof require === 'function' ? require.resolve : createRequire(import.meta.url).resolve;

/** How long after a commit the log is checkpointed: commits close together share one checkpoint. */
const CHECKPOINT_DELAY_MS = 50;
/** How long closing waits for the worker to close its connection (so that the site's close removes the log). */
const CLOSE_WAIT_MS = 2000;

/** A message 'checkpoint' runs one; 'close' closes the connection, then says so through the shared flag. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { file, driver, betterSqlite3, closed } = workerData;
const flag = new Int32Array(closed);
let db;
if (driver === 'better-sqlite3') db = new (require(betterSqlite3))(file);
else db = new (process.getBuiltinModule('node:sqlite').DatabaseSync)(file);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (message) => {
  if (message === 'checkpoint') {
    try { checkpoint.get(); } catch { /* busy or closing: the next commit asks again */ }
    return;
  }
  try { db.close(); } finally {
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    parentPort.close();
  }
});
`;

export class WalCheckpointer {
  private worker: Worker | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly closed = new SharedArrayBuffer(4);
  private failed = false;

  constructor(private readonly file: string, private readonly driver: SqliteDriver) {}

  /** A commit was made: the log is checkpointed shortly, off the event loop. */
  committed(): void {
    if (this.timer || this.failed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start()?.postMessage('checkpoint');
    }, CHECKPOINT_DELAY_MS).unref();
  }

  private start(): Worker | null {
    if (this.worker || this.failed) return this.worker;
    try {
      const betterSqlite3 = this.driver === 'better-sqlite3' ? resolveModule('better-sqlite3') : undefined;
      this.worker = new Worker(WORKER, { eval: true, workerData: { file: this.file, driver: this.driver, betterSqlite3, closed: this.closed } });
      this.worker.unref();
      this.worker.on('error', (error) => {
        // The commits' own checkpoints keep the log in bounds from now on.
        console.error('The write-ahead log checkpointer stopped:', error);
        this.failed = true;
        this.worker = null;
      });
      return this.worker;
    } catch (error) {
      console.error('The write-ahead log checkpointer could not start:', error);
      this.failed = true;
      return null;
    }
  }

  /** Stops checkpointing; returns once the worker's connection is closed, so the last connection (the site's) removes the log. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    worker.postMessage('close');
    Atomics.wait(new Int32Array(this.closed), 0, 0, CLOSE_WAIT_MS);
    void worker.terminate();
  }
}
