// The store: the one door to a site's database, on SQLite (sqlite-store.ts, the default and
// the desktop's) or PostgreSQL (postgres-store.ts, for several instances on one database).
// Both are synchronous, as better-sqlite3 is: an instance blocks its event loop for each
// query, and a site serving more requests runs more instances (ARCHITECTURE.md).
// SQL is written once, in SQLite's words; PostgresStore translates it (pg-dialect.ts).

/** Enough for the list filters in use at once; past it the memo starts again. */
const MEMO_ENTRIES = 1000;

export type SqlValue = string | number | bigint | Buffer | null;

export type Dialect = 'sqlite' | 'postgres';

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/** The database could not be reached (PostgreSQL restarted, network down): try again later; the next call reconnects. */
export class StoreUnavailableError extends Error {
  /** Answered 503 with Retry-After (rest/errors.ts isTemporaryFailure). */
  readonly temporary = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

export abstract class Store {
  abstract readonly dialect: Dialect;
  private readonly memo = new Map<string, unknown>();
  private memoVersion = '';

  /** The first row, or undefined. Parameters: `?` in order, or one record for `@name`s. */
  abstract get<T>(sql: string, ...params: unknown[]): T | undefined;
  abstract all<T>(sql: string, ...params: unknown[]): T[];
  abstract run(sql: string, ...params: unknown[]): RunResult;
  /** Runs `work` in one transaction (a savepoint when nested): all of its writes land, or none. */
  abstract transaction<T>(work: () => T): T;
  /**
   * A transaction that holds the write lock before `work` reads anything, so that what it
   * reads cannot change (through any connection or instance) before it writes: for check-then-write.
   */
  abstract writeTransaction<T>(work: () => T): T;
  /** Brings the search index up to date with every committed row (before a search). */
  abstract updateSearchIndex(): void;
  /** Changes whenever the data may have changed: at once for this store's writes, soon after for others'. */
  abstract version(): string;
  protected abstract get inTransaction(): boolean;
  abstract close(): void;

  /**
   * The result of `read`, kept until the data changes (version()) under `key`. Not kept when
   * read inside a transaction, which may still be rolled back.
   */
  memoised<T>(key: string, read: () => T): T {
    if (this.inTransaction) return read();
    const version = this.version();
    if (version !== this.memoVersion) {
      this.memo.clear();
      this.memoVersion = version;
    }
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = read();
    if (this.memo.size >= MEMO_ENTRIES) this.memo.clear();
    this.memo.set(key, value);
    return value;
  }
}
