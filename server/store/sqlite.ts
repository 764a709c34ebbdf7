// The SQLite connection behind the store, on one of two drivers with one interface (the
// part of better-sqlite3's that the app uses). better-sqlite3 is a native module built
// for the Node that ran `npm ci`; Electron's utility process is another Node (another
// module ABI) that cannot load that build, but it ships Node 24, whose built-in
// `node:sqlite` needs no build at all. So: node:sqlite in Electron, better-sqlite3
// elsewhere (measured in electron/README.md), INKWELL_SQLITE to choose either by hand.
import Database from 'better-sqlite3';

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface SqlStatement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): RunResult;
  /** Rows become their first column's value. */
  pluck(): SqlStatement;
}

/** A function that runs in one transaction; `immediate` takes the write lock at BEGIN (check-then-write). */
export type Transaction<Args extends unknown[], Result> = ((...args: Args) => Result) & { immediate(...args: Args): Result };

export interface SqlDatabase {
  prepare(sql: string): SqlStatement;
  exec(sql: string): void;
  /** `PRAGMA <source>`: the rows, or with `simple` the first value. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  /** Makes a JavaScript function callable from this connection's SQL. */
  function(name: string, options: { deterministic: boolean }, implementation: (...args: never[]) => unknown): unknown;
  /** Wraps `work` so that a call runs in one transaction (a savepoint when nested): all of its writes land, or none. */
  transaction<Args extends unknown[], Result>(work: (...args: Args) => Result): Transaction<Args, Result>;
  readonly open: boolean;
  readonly inTransaction: boolean;
  close(): void;
}

export type SqliteDriver = 'better-sqlite3' | 'node:sqlite';

/** A driver's error's primary SQLite result code: better-sqlite3 names it (`SQLITE_BUSY_SNAPSHOT`), node:sqlite numbers it. */
function resultCode(error: unknown): string | number | undefined {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (typeof errcode === 'number') return errcode & 0xff;
  return typeof code === 'string' ? code : undefined;
}

/** Whether a driver's error is SQLITE_FULL: the disk (or the file's size limit) is full. */
export function isFullError(error: unknown): boolean {
  const code = resultCode(error);
  const SQLITE_FULL = 13;
  return code === SQLITE_FULL || (typeof code === 'string' && code.startsWith('SQLITE_FULL'));
}

/**
 * Whether a driver's error is SQLITE_BUSY (or one of its extended codes): another connection
 * held the write lock past busy_timeout. better-sqlite3 names the code, node:sqlite numbers it.
 */
export function isBusyError(error: unknown): boolean {
  const code = resultCode(error);
  const SQLITE_BUSY = 5;
  return code === SQLITE_BUSY || (typeof code === 'string' && code.startsWith('SQLITE_BUSY'));
}

/**
 * Whether a driver's error is SQLITE_SCHEMA: another connection changed the schema while the
 * statement was being prepared again for it, and a virtual table connected anew in that
 * preparation failed ("vtable constructor failed"); the statement ran nothing.
 */
export function isSchemaChangedError(error: unknown): boolean {
  const code = resultCode(error);
  const SQLITE_SCHEMA = 17;
  return code === SQLITE_SCHEMA || (typeof code === 'string' && code.startsWith('SQLITE_SCHEMA'));
}

/** node:sqlite's synchronous API (Node 22.5+), as far as used here; @types/node 20 has none. */
interface NodeSqliteStatement {
  get(...params: unknown[]): Record<string, unknown> | undefined;
  all(...params: unknown[]): Record<string, unknown>[];
  run(...params: unknown[]): RunResult;
  setAllowUnknownNamedParameters(allow: boolean): void;
}

interface NodeSqliteDatabase {
  prepare(sql: string): NodeSqliteStatement;
  exec(sql: string): void;
  function(name: string, options: { deterministic: boolean }, implementation: (...args: never[]) => unknown): void;
  close(): void;
  readonly isTransaction: boolean;
}

interface NodeSqliteModule {
  DatabaseSync: new (file: string) => NodeSqliteDatabase;
}

function nodeSqlite(): NodeSqliteModule | null {
  const getBuiltin = (process as unknown as { getBuiltinModule?: (name: string) => unknown }).getBuiltinModule;
  try {
    return (getBuiltin?.('node:sqlite') as NodeSqliteModule | undefined) ?? null;
  } catch {
    return null;
  }
}

function betterSqliteLoads(): boolean {
  try {
    new Database(':memory:').close();
    return true;
  } catch {
    return false;
  }
}

/** The site's search needs FTS5, which not every Node compiles into node:sqlite (official builds from 22.16 on do). */
function nodeSqliteWithFts5(): boolean {
  const module = nodeSqlite();
  if (!module) return false;
  try {
    const db = new module.DatabaseSync(':memory:');
    db.exec('CREATE VIRTUAL TABLE probe USING fts5(text)');
    db.close();
    return true;
  } catch {
    return false;
  }
}

/** The drivers this Node can run the site on: better-sqlite3 where its build matches this Node's ABI; node:sqlite with FTS5. */
export function availableDrivers(): SqliteDriver[] {
  return [...(betterSqliteLoads() ? ['better-sqlite3' as const] : []), ...(nodeSqliteWithFts5() ? ['node:sqlite' as const] : [])];
}

export interface Runtime {
  electron: boolean;
  nodeVersion: string;
  nodeSqliteWithFts5: () => boolean;
  betterSqliteLoads: () => boolean;
}

/**
 * Outside Electron, better-sqlite3. In Electron, node:sqlite; should its SQLite lack FTS5,
 * better-sqlite3 where it was rebuilt for Electron (the packaged app), else a start-up
 * error that says so.
 */
export function chooseDriver(runtime: Runtime): SqliteDriver {
  if (!runtime.electron) return 'better-sqlite3';
  if (runtime.nodeSqliteWithFts5()) return 'node:sqlite';
  if (runtime.betterSqliteLoads()) return 'better-sqlite3';
  throw new Error(`This Electron's Node (${runtime.nodeVersion}) has no node:sqlite with full-text search (FTS5), and better-sqlite3 is not built for it: package the app with electron-builder, which rebuilds better-sqlite3 for Electron.`);
}

let chosen: SqliteDriver | undefined;

export function defaultDriver(): SqliteDriver {
  const named = process.env.INKWELL_SQLITE;
  if (named === 'better-sqlite3' || named === 'node:sqlite') return named;
  if (named) throw new Error(`INKWELL_SQLITE is "${named}": it may be better-sqlite3 or node:sqlite.`);
  chosen ??= chooseDriver({ electron: Boolean(process.versions.electron), nodeVersion: process.version, nodeSqliteWithFts5, betterSqliteLoads });
  return chosen;
}

/** Blobs come back from node:sqlite as Uint8Array; the app reads Buffers, as better-sqlite3 gives. */
function withBuffers<T>(row: T): T {
  if (row === undefined || row === null) return row;
  for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
    if (value instanceof Uint8Array && !Buffer.isBuffer(value)) (row as Record<string, unknown>)[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  return row;
}

function firstValue(row: Record<string, unknown> | undefined): unknown {
  return row === undefined ? undefined : Object.values(row)[0];
}

class NodeSqliteStatementAdapter implements SqlStatement {
  constructor(private readonly statement: NodeSqliteStatement, private readonly plucked = false) {}

  get(...params: unknown[]): unknown {
    const row = withBuffers(this.statement.get(...params));
    return this.plucked ? firstValue(row) : row;
  }

  all(...params: unknown[]): unknown[] {
    const rows = this.statement.all(...params).map(withBuffers);
    return this.plucked ? rows.map(firstValue) : rows;
  }

  run(...params: unknown[]): RunResult {
    return this.statement.run(...params);
  }

  pluck(): SqlStatement {
    return new NodeSqliteStatementAdapter(this.statement, true);
  }
}

/** better-sqlite3's default `timeout` option. */
const BETTER_SQLITE3_BUSY_TIMEOUT_MS = 5000;

class NodeSqliteAdapter implements SqlDatabase {
  private readonly db: NodeSqliteDatabase;
  private isOpen = true;
  private savepoints = 0;

  constructor(module: NodeSqliteModule, file: string) {
    this.db = new module.DatabaseSync(file);
    // better-sqlite3 opens with a 5 s busy timeout, node:sqlite with none: every connection waits alike.
    this.db.exec(`PRAGMA busy_timeout = ${BETTER_SQLITE3_BUSY_TIMEOUT_MS}`);
  }

  prepare(sql: string): SqlStatement {
    const statement = this.db.prepare(sql);
    // better-sqlite3 ignores an object's keys that the statement does not name; the app passes whole records.
    statement.setAllowUnknownNamedParameters(true);
    return new NodeSqliteStatementAdapter(statement);
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  function(name: string, options: { deterministic: boolean }, implementation: (...args: never[]) => unknown): void {
    this.db.function(name, options, implementation);
  }

  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const rows = this.prepare(`PRAGMA ${source}`).all() as Record<string, unknown>[];
    return options.simple ? firstValue(rows[0]) : rows;
  }

  /** better-sqlite3's semantics: BEGIN … COMMIT, or a savepoint inside a transaction; any error rolls back and is rethrown. */
  transaction<Args extends unknown[], Result>(work: (...args: Args) => Result): Transaction<Args, Result> {
    const run = (begin: string, args: Args): Result => {
      if (!this.db.isTransaction) {
        this.db.exec(begin);
        try {
          const result = work(...args);
          this.db.exec('COMMIT');
          return result;
        } catch (error) {
          if (this.db.isTransaction) this.db.exec('ROLLBACK');
          throw error;
        }
      }
      const name = `nested_${++this.savepoints}`;
      this.db.exec(`SAVEPOINT ${name}`);
      try {
        const result = work(...args);
        this.db.exec(`RELEASE ${name}`);
        return result;
      } catch (error) {
        this.db.exec(`ROLLBACK TO ${name}`);
        this.db.exec(`RELEASE ${name}`);
        throw error;
      } finally {
        this.savepoints--;
      }
    };
    return Object.assign((...args: Args) => run('BEGIN', args), { immediate: (...args: Args) => run('BEGIN IMMEDIATE', args) });
  }

  get open(): boolean {
    return this.isOpen;
  }

  get inTransaction(): boolean {
    return this.db.isTransaction;
  }

  close(): void {
    if (!this.isOpen) return;
    this.db.close();
    this.isOpen = false;
  }
}

export function openDatabase(file: string, driver: SqliteDriver = defaultDriver()): SqlDatabase {
  if (driver === 'better-sqlite3') return new Database(file);
  const module = nodeSqlite();
  if (!module) throw new Error(`This Node (${process.version}) has no node:sqlite; it came with Node 22.5.`);
  return new NodeSqliteAdapter(module, file);
}
