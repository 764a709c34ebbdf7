// Checkpoints of the write-ahead log on a thread of their own. Folding the log into the
// database copies thousands of pages and syncs the file twice; done inside a commit (SQLite's
// automatic checkpoint) it stalls every request behind that commit. Here a worker thread with
// its own connection copies the bulk while writes go on (PASSIVE), then finishes the few
// pages written meanwhile (RESTART) so that the next write starts the log afresh. Durability
// is unchanged: commits are as before; only the copy into the database file moves.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';

// CommonJS source run with `eval`, so it needs no loader for TypeScript in the worker.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('wal_autocheckpoint = 0');
parentPort.on('message', () => {
  let error = null;
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    db.pragma('wal_checkpoint(RESTART)');
  } catch (caught) {
    error = String(caught && caught.message || caught);
  }
  parentPort.postMessage(error);
});
`;

export class Checkpointer {
  private readonly worker: Worker;
  private running = false;
  private closed = false;

  constructor(file: string) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
    this.worker.unref();
    this.worker.on('message', (error: string | null) => {
      this.running = false;
      // A busy database is retried at the next request; the commit-time checkpoint is the backstop.
      if (error && !/busy|locked/i.test(error)) console.error('Background checkpoint failed:', error);
    });
    this.worker.on('error', (error) => {
      this.closed = true;
      console.error('The checkpoint thread stopped:', error);
    });
  }

  /** Asks for a checkpoint unless one is under way. */
  request(): void {
    if (this.running || this.closed) return;
    this.running = true;
    this.worker.postMessage('checkpoint');
  }

  close(): void {
    this.closed = true;
    void this.worker.terminate();
  }
}
