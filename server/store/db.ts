// Opens a site's SQLite database: WAL, foreign keys, numbered migrations at start.
// Prepared statements are cached by their SQL so that every query is prepared once.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations.ts';
import { Checkpointer } from './checkpointer.ts';

const OTHER_WRITES_CHECK_MS = 20;
/** Commit-time checkpoints copy the log into the database once it has this many pages. */
const AUTO_CHECKPOINT_PAGES = 10_000;
/** With background checkpoints: how often the log's size is looked at, and the size that starts one. */
const COMMITS_PER_LOG_CHECK = 32;
const BACKGROUND_CHECKPOINT_BYTES = 4_000 * 4096;

export interface StoreOptions {
  /**
   * Fold the write-ahead log into the database on a worker thread instead of inside a
   * commit (for a long-running site; one-off commands keep SQLite's own checkpoints).
   */
  backgroundCheckpoints?: boolean;
}

export type SqlValue = string | number | bigint | Buffer | null;

export class Store {
  readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  /** Counts this connection's writes that changed rows. */
  private writes = 0;
  private dataVersion: Database.Statement | null = null;
  private otherWrites = 0;
  private otherWritesCheckedAt = 0;
  private readonly checkpointer: Checkpointer | null = null;
  private readonly walFile: string;
  private commitsSinceLogCheck = 0;

  constructor(file: string, options: StoreOptions = {}) {
    this.walFile = `${file}-wal`;
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode loses nothing when the process is killed, only on power loss.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    // A larger page cache keeps the hot indexes out of read() calls.
    this.db.pragma('cache_size = -16384');
    this.db.pragma('temp_store = MEMORY');
    // With background checkpoints this stays as a backstop, should the thread fall behind.
    this.db.pragma(`wal_autocheckpoint = ${options.backgroundCheckpoints ? 4 * AUTO_CHECKPOINT_PAGES : AUTO_CHECKPOINT_PAGES}`);
    this.migrate();
    if (options.backgroundCheckpoints) this.checkpointer = new Checkpointer(file);
  }

  /** After a commit: starts a background checkpoint once the log has grown enough. */
  private committed(): void {
    if (!this.checkpointer || ++this.commitsSinceLogCheck < COMMITS_PER_LOG_CHECK) return;
    this.commitsSinceLogCheck = 0;
    let size = 0;
    try {
      size = fs.statSync(this.walFile).size;
    } catch {
      return;
    }
    if (size >= BACKGROUND_CHECKPOINT_BYTES) this.checkpointer.request();
  }

  private migrate(): void {
    const current = this.db.pragma('user_version', { simple: true }) as number;
    for (const [index, sql] of MIGRATIONS.entries()) {
      const version = index + 1;
      if (version <= current) continue;
      this.db.transaction(() => {
        this.db.exec(sql);
        this.db.pragma(`user_version = ${version}`);
      })();
    }
  }

  statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  run(sql: string, ...params: unknown[]): Database.RunResult {
    const result = this.statement(sql).run(...params);
    if (result.changes > 0) {
      this.writes++;
      if (!this.db.inTransaction) this.committed();
    }
    return result;
  }

  /**
   * Changes whenever the data may have changed: at once for a write through this
   * connection; within OTHER_WRITES_CHECK_MS for a commit by another process (SQLite's
   * data_version, which costs a statement, so it is not asked on every call).
   */
  version(): string {
    const now = Date.now();
    if (now - this.otherWritesCheckedAt >= OTHER_WRITES_CHECK_MS) {
      this.dataVersion ??= this.db.prepare('PRAGMA data_version').pluck();
      this.otherWrites = this.dataVersion.get() as number;
      this.otherWritesCheckedAt = now;
    }
    return `${this.writes}.${this.otherWrites}`;
  }

  /** Runs `work` in one transaction: all of its writes land, or none. */
  transaction<T>(work: () => T): T {
    if (this.db.inTransaction) return this.db.transaction(work)();
    // IMMEDIATE: the write lock is taken (waiting while another connection holds it) before
    // anything is read; a transaction that read first could only fail when it came to write.
    const result = this.db.transaction(work).immediate();
    this.committed();
    return result;
  }

  close(): void {
    if (!this.db.open) return;
    if (this.checkpointer) {
      // The thread's connection may outlive this one for a moment: fold the log in now, so
      // that the database file alone holds everything once the site has stopped.
      this.checkpointer.close();
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    }
    this.db.close();
  }
}
