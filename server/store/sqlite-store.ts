// The store on a site's SQLite database: WAL, foreign keys, numbered migrations at start.
// Prepared statements are cached by their SQL so that every query is prepared once.
// The connection is better-sqlite3's or node:sqlite's (sqlite.ts chooses per runtime).
import { foldCase, searchIndexTable, SEARCH_INDEX_FIELDS, SEARCH_PENDING_NEW, SQLITE_FOLD_FUNCTION, type SearchField } from './search-text.ts';
import { defaultDriver, isBusyError, isFullError, isSchemaChangedError, openDatabase, type SqlDatabase, type SqliteDriver, type SqlStatement } from './sqlite.ts';
import { MIGRATIONS, migrationSql } from './migrations.ts';
import { preparedOnce } from './prepared-once.ts';
import { WalCheckpointer } from './wal-checkpointer.ts';
import { createWhole, checkBeforeOpen, checkPages, openFailure } from './sqlite-file-check.ts';
import { changesRows, LOCK_WAIT_MS, Store, StoreFullError, StoreUnavailableError, writtenTable, type RunResult } from './db.ts';
import { requestIdTaken } from './request-records.ts';
import { GROUP_WAIT_MS, WriteGroup } from './write-group.ts';
import { attemptPastLocks, currentAttempt } from './lock-attempts.ts';
import { LockPoll } from './lock-poll.ts';

/**
 * How long a statement may wait for another process's lock on the event loop: the connection's
 * busy timeout outside set-up and outside an attempt's own statements (below).
 */
const ON_LOOP_LOCK_WAIT_MS = 100;
/**
 * How long a statement of an attempt (lock-attempts.ts) that has written nothing waits for the
 * lock on the loop: refused past it, the attempt is made again once the lock is free, polled off
 * the loop. Set for that statement alone and set back after it: a statement outside an attempt
 * (an instance's start beside others' migrations) waits ON_LOOP_LOCK_WAIT_MS as before.
 */
const ATTEMPT_LOCK_WAIT_MS = 5;

/**
 * How often a statement outside a transaction is run again when another connection's schema
 * change failed it (SQLITE_SCHEMA): SQLite's own bound for preparing a statement again on a
 * schema change (SQLITE_MAX_SCHEMA_RETRY).
 */
const SCHEMA_CHANGE_RETRIES = 50;

/** How soon after a write the search index takes in the rows written (a search does it at once). */
const SEARCH_INDEX_DELAY_MS = 100;

/**
 * The stores of this process with a group open. A group is committed on a later turn of the
 * event loop; a store that wants the write lock meanwhile waits for it on the loop (SQLite's
 * busy timeout), where that turn never comes. So one store of this process on the same file (two
 * sites on one folder, as the tests start them) commits the others' groups first: earlier than
 * planned, which only answers their requests sooner.
 */
const OPEN_GROUPS = new Set<SqliteStore>();

/**
 * The error to throw for a driver's: SQLITE_FULL is answered 507 (the write was undone);
 * SQLITE_BUSY (another process, an instance or a CLI
 * command, held the write lock past busy_timeout) is temporary, answered 503 with
 * Retry-After as a PostgreSQL outage is; the statement or transaction changed nothing.
 */
function storeError(error: unknown): unknown {
  const taken = requestIdTaken(error);
  if (taken) return taken;
  if (isFullError(error)) return new StoreFullError(`The database's disk is full: ${(error as Error).message}`, { cause: error });
  if (!isBusyError(error)) return error;
  const attempt = currentAttempt();
  if (attempt) attempt.metLock = true;
  return new StoreUnavailableError(`The database is busy (another process holds its write lock): ${(error as Error).message}`, { cause: error });
}

export class SqliteStore extends Store {
  readonly dialect = 'sqlite';
  readonly db: SqlDatabase;
  /** Each query's statement, prepared on first use. */
  readonly statement: (sql: string) => SqlStatement;
  /** Runs its argument in one transaction (a savepoint when nested): made once, as the driver's wrapper costs to make. */
  private readonly inTransactionRun: (work: () => unknown) => unknown;
  private dataVersion: SqlStatement | null = null;
  /** PRAGMA data_version as last read: it changes with another connection's commit. */
  private otherCommits = 0;
  private searchIndexTimer: NodeJS.Timeout | null = null;
  /** When the search index's batch fell due while a group was open (indexSearchSoon), or null. */
  private searchIndexDueSince: number | null = null;
  private lockWaitMs = LOCK_WAIT_MS;
  private busyTimeoutMs = -1;
  /** Levels of beforeServing under way: a lock is waited for the whole lock wait then. */
  private settingUp = 0;
  /** Checkpoints the log after requests' commits, off the event loop (the commits' own are the fallback). */
  private readonly checkpointer: WalCheckpointer;
  /** Every wait for another process's lock, polled as one (writeLockFree). */
  private readonly lockPoll = new LockPoll(() => this.writeLockIsFree());
  /** The open group of requests' writes (write-group.ts), if any: a transaction begun, not yet committed. */
  private group: WriteGroup | null = null;
  /** Levels of transaction() under way (a group's own transaction is none of them). */
  private levels = 0;

  constructor(file: string, driver?: SqliteDriver) {
    super();
    try {
      createWhole(file, driver);
      checkBeforeOpen(file);
      this.db = openDatabase(file, driver);
    } catch (error) {
      throw openFailure(file, error);
    }
    this.statement = preparedOnce(this.db);
    this.checkpointer = new WalCheckpointer(file, driver ?? defaultDriver());
    this.inTransactionRun = this.db.transaction((work: () => unknown) => work()).immediate;
    this.db.function(SQLITE_FOLD_FUNCTION, { deterministic: true }, (text: unknown) => (typeof text === 'string' ? foldCase(text) : text));
    try {
      // At start nothing else waits on this process: other instances starting at the same moment
      // (their set-up, their migrations) are waited for the whole lock wait; requests later get
      // the short wait on the loop (setLockWait).
      this.setBusyTimeout(LOCK_WAIT_MS);
      this.db.pragma('journal_mode = WAL');
      // NORMAL in WAL mode loses nothing when the process is killed, only on power loss.
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma('foreign_keys = ON');
      // A larger page cache keeps the hot indexes out of read() calls.
      this.db.pragma('cache_size = -16384');
      this.db.pragma('temp_store = MEMORY');
      this.db.pragma('wal_autocheckpoint = 10000');
      checkPages(this.db, file);
      this.migrate();
      this.setLockWait(LOCK_WAIT_MS);
    } catch (error) {
      this.db.close();
      throw openFailure(file, error);
    }
    // Rows a killed process left pending are indexed now; should another instance's writes keep
    // the lock past the wait, by the next write or search (each brings the index up to date).
    this.beforeServing(() => this.unlessLocked(() => this.updateSearchIndex()));
  }

  /**
   * Each migration once, however many instances start at the same time: the version is read
   * under the write lock. A database already at the last version is not locked at all: an
   * instance starting while others write (a restart under load) could wait past the lock wait
   * for a lock it does not need.
   */
  private migrate(): void {
    if ((this.db.pragma('user_version', { simple: true }) as number) >= MIGRATIONS.length) return;
    for (const [index, migration] of MIGRATIONS.entries()) {
      const version = index + 1;
      this.db.transaction(() => {
        if ((this.db.pragma('user_version', { simple: true }) as number) >= version) return;
        this.db.exec(migrationSql(migration, 'sqlite'));
        this.db.pragma(`user_version = ${version}`);
      }).immediate();
    }
  }


  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.runStatement(sql, true, () => this.statement(sql).get(...params) as T | undefined);
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.runStatement(sql, true, () => this.statement(sql).all(...params) as T[]);
  }

  run(sql: string, ...params: unknown[]): RunResult {
    this.beforeWriteOutsideTransaction(sql);
    const result = this.runStatement(sql, false, () => this.statement(sql).run(...params));
    if (result.changes > 0) {
      this.attemptWrote();
      const table = writtenTable(sql);
      this.noteWrite(table ? [table] : undefined);
      this.indexSearchSoon();
    }
    return result;
  }

  /**
   * Runs a statement. One that may change rows takes the write lock itself outside a
   * transaction, waiting for it as long as lockWaitOnLoop says; a write that returns rows
   * (INSERT … RETURNING, through get or all: `returnsRows`) counts as its attempt's write.
   */
  private runStatement<T>(sql: string, returnsRows: boolean, statement: () => T): T {
    const writes = changesRows(sql);
    const takesLock = writes && !this.db.inTransaction;
    if (takesLock) this.setBusyTimeout(this.lockWaitOnLoop());
    try {
      const result = this.againOnSchemaChange(statement);
      if (writes && returnsRows) this.attemptWrote();
      return result;
    } catch (error) {
      throw storeError(error);
    } finally {
      if (takesLock) this.restoreBusyTimeout();
    }
  }

  /**
   * Runs `statement` again when another process's schema change failed it. SQLite prepares a
   * statement again itself when the schema changed under it, but gives up when that preparation
   * fails, as connecting a virtual table (the search index's FTS5 tables) does when yet another
   * schema change commits meanwhile (an instance of a newer version migrating beside this one).
   * Outside a transaction each run reads the schema anew; inside one the schema cannot change
   * under it (the write lock, or the transaction's snapshot), so the error stands.
   */
  private againOnSchemaChange<T>(statement: () => T): T {
    for (let retries = 0; ; retries += 1) {
      try {
        return statement();
      } catch (error) {
        if (retries >= SCHEMA_CHANGE_RETRIES || this.db.inTransaction || !isSchemaChangedError(error)) throw error;
      }
    }
  }

  /** The attempt under way (lock-attempts.ts) has written: it is not made again. */
  private attemptWrote(): void {
    const attempt = currentAttempt();
    if (attempt) attempt.wrote = true;
  }

  /**
   * The search index takes in the rows written `delay` ms from now. While a group of requests'
   * writes is open it waits a little more (not past another SEARCH_INDEX_DELAY_MS): its
   * transaction would commit the group first, before the requests it waits for have joined.
   */
  private indexSearchSoon(delay = SEARCH_INDEX_DELAY_MS): void {
    this.searchIndexTimer ??= setTimeout(() => {
      this.searchIndexTimer = null;
      const now = performance.now();
      this.searchIndexDueSince ??= now;
      if (this.group && now - this.searchIndexDueSince < SEARCH_INDEX_DELAY_MS) return this.indexSearchSoon(GROUP_WAIT_MS);
      this.searchIndexDueSince = null;
      // Another process's lock is waited for off the loop; a failure (the lock held past the lock wait) leaves the rows pending for the next search.
      this.withLockWaitOffLoop(() => this.db.open && this.updateSearchIndex()).catch((error: unknown) => {
        console.error('Could not update the search index:', error instanceof StoreUnavailableError ? error.message : error);
      });
    }, delay).unref();
  }

  /** SQLite answers in-process: nothing is saved by holding a write back. */
  write(sql: string, ...params: unknown[]): void {
    this.run(sql, ...params);
  }

  insertLater(sql: string, ...params: unknown[]): () => number {
    const id = Number(this.run(sql, ...params).lastInsertRowid);
    return () => id;
  }

  /**
   * Indexes the fields written since the last call (by any connection) with their text now, in
   * one transaction: one FTS segment for many rows instead of one per commit, and one indexing
   * for many saves of a field. A field saved again had an entry, dropped here first (by id:
   * migration 15). Called before every search, so searches see every committed row as it
   * stands; it changes no visible data, so it does not count as a write (Store.version).
   */
  updateSearchIndex(): void {
    if (this.get('SELECT 1 FROM posts_search_pending LIMIT 1') === undefined) return;
    this.writeTransaction(() => {
      for (const [field, bit] of Object.entries(SEARCH_INDEX_FIELDS)) {
        const table = searchIndexTable(field as SearchField);
        this.statement(`DELETE FROM ${table} WHERE rowid IN (SELECT id FROM posts_search_pending WHERE fields & ${bit} AND NOT fields & ${SEARCH_PENDING_NEW})`).run();
        this.statement(
          `INSERT INTO ${table} (rowid, text) SELECT p.id, p.${field} FROM posts_search_pending q JOIN posts p ON p.id = q.id
           WHERE q.fields & ${bit | SEARCH_PENDING_NEW} AND p.${field} <> ''`,
        ).run();
      }
      this.statement('DELETE FROM posts_search_pending').run();
    });
  }

  /**
   * Another process's commits (another instance's), made before the request being served
   * arrived; SQLite does not say which tables they wrote. data_version costs some µs, so it is
   * read once per turn of the event loop, for the requests read in it (otherChangesKnown).
   */
  protected takeOtherChanges(force = false): void {
    if (!force && this.otherChangesKnown()) return;
    this.dataVersion ??= this.db.prepare('PRAGMA data_version').pluck();
    const commits = this.dataVersion.get() as number;
    if (commits !== this.otherCommits) {
      this.otherCommits = commits;
      this.noteChanges(undefined);
    }
    this.otherChangesTaken();
  }

  protected get inTransaction(): boolean {
    return this.levels > 0;
  }

  /**
   * Runs `work` in one transaction: all of its writes land, or none. It takes the write lock
   * at once: a transaction that read first and wrote later would fail outright (SQLITE_BUSY)
   * when another process (another instance of the site) had written in between, instead of
   * waiting its turn.
   */
  transaction<T>(work: () => T): T {
    return this.writeTransaction(work);
  }

  /**
   * A transaction that takes the write lock before `work` reads anything, so that what it
   * reads cannot change (through any connection) before it writes: for check-then-write.
   */
  writeTransaction<T>(work: () => T): T {
    const outermost = this.levels === 0;
    // A request's transaction is a savepoint of the group's; anything else's commits on its own, after the group's writes.
    if (outermost) {
      this.commitOtherGroups();
      if (this.serving > 0) this.joinGroup();
      else this.commitGroup();
    }
    // Outside a group, BEGIN IMMEDIATE takes the lock.
    const takesLock = !this.db.inTransaction;
    if (takesLock) this.setBusyTimeout(this.lockWaitOnLoop());
    this.levels++;
    try {
      return this.withTransactionMemos(outermost, () => {
        try {
          return this.inTransactionRun(() => {
            // Under the lock now: commits another process made while this one waited change the versions the memos are read by.
            if (outermost) this.takeOtherChanges(true);
            const result = work();
            // Refused here, the write rolls back with the transaction (its savepoint in a group).
            if (outermost) this.beforeCommit();
            return result;
          }) as T;
        } catch (error) {
          throw storeError(error);
        }
      });
    } finally {
      this.levels--;
      if (takesLock) this.restoreBusyTimeout();
    }
  }

  override writesCommitted(): Promise<void> | null {
    return this.group?.committed ?? null;
  }

  /**
   * Commits the groups other stores of this process hold open (OPEN_GROUPS), so that this one's
   * wait for the lock can end; never one inside a transaction of its own (a write of one store
   * made within another's), which would commit half of that transaction.
   */
  private commitOtherGroups(): void {
    for (const store of OPEN_GROUPS) if (store !== this && store.levels === 0) store.commitGroup();
  }

  /** A request's transaction joins the open group, or a new one (taking the write lock). */
  private joinGroup(): void {
    if (!this.group || !this.db.inTransaction) {
      // A group whose transaction the database ended (a full disk rolls it back) is failed first.
      this.commitGroup();
      this.setBusyTimeout(this.lockWaitOnLoop());
      try {
        this.statement('BEGIN IMMEDIATE').run();
      } catch (error) {
        throw storeError(error);
      } finally {
        this.restoreBusyTimeout();
      }
      this.groupBegun();
    }
    this.group!.join();
  }

  /** The transaction just begun (BEGIN IMMEDIATE) is the group's, committed once requests stop joining it. */
  private groupBegun(): void {
    // Only while it is still the open group: one whose commit failed to end is not this store's to commit again.
    const group: WriteGroup = new WriteGroup(() => {
      if (this.group === group) this.commitGroup();
    });
    this.group = group;
    OPEN_GROUPS.add(this);
  }

  /**
   * Commits the open group, which settles every answer waiting for it. When the commit fails,
   * or the database ended the transaction before, nothing of it is written, and every version
   * changes: what was read of its writes (memos, answers kept) is forgotten.
   */
  private commitGroup(): void {
    const group = this.group;
    if (!group) return;
    this.group = null;
    OPEN_GROUPS.delete(this);
    const failure = this.commitOrRollBack();
    if (failure === null) {
      this.checkpointer.committed();
      group.settle();
    } else {
      this.noteChanges(undefined);
      group.settle(storeError(failure));
    }
  }

  /** Commits the group's transaction: null, or the error, once what is left of the transaction is rolled back. */
  private commitOrRollBack(): unknown {
    try {
      if (!this.db.inTransaction) throw new StoreUnavailableError('The database rolled back the transaction of the writes served together.');
      this.statement('COMMIT').run();
      return null;
    } catch (error) {
      if (this.db.inTransaction) this.statement('ROLLBACK').run();
      return error;
    }
  }

  setLockWait(ms: number): void {
    this.lockWaitMs = Math.max(0, Math.trunc(ms));
    this.restoreBusyTimeout();
  }

  /**
   * The wait on the loop for another process's lock outside a lock probe and an attempt's own
   * statements, which set theirs and this one back after them (in a finally).
   */
  private restoreBusyTimeout(): void {
    this.setBusyTimeout(this.settingUp > 0 ? this.lockWaitMs : Math.min(this.lockWaitMs, ON_LOOP_LOCK_WAIT_MS));
  }

  /**
   * How long a statement about to take the write lock waits for it on the loop: at set-up the
   * whole lock wait; in an attempt that wrote nothing a few ms (it is made again once the lock is
   * free, lock-attempts.ts); else ON_LOOP_LOCK_WAIT_MS, as every statement did before attempts.
   */
  private lockWaitOnLoop(): number {
    if (this.settingUp > 0) return this.lockWaitMs;
    const attempt = currentAttempt();
    return Math.min(this.lockWaitMs, attempt && !attempt.wrote ? ATTEMPT_LOCK_WAIT_MS : ON_LOOP_LOCK_WAIT_MS);
  }

  /** Prepared once (the statement cache): db.pragma would prepare it again on every write's lock probe; set only when it changes. */
  private setBusyTimeout(ms: number): void {
    if (ms === this.busyTimeoutMs) return;
    this.statement(`PRAGMA busy_timeout = ${ms}`).get();
    this.busyTimeoutMs = ms;
  }

  override beforeServing<T>(work: () => T): T {
    this.settingUp++;
    this.restoreBusyTimeout();
    try {
      return work();
    } finally {
      this.settingUp--;
      this.restoreBusyTimeout();
    }
  }

  override unlessLocked(write: () => void): void {
    const attempt = currentAttempt();
    const metLock = attempt?.metLock;
    super.unlessLocked(write);
    if (attempt) attempt.metLock = metLock!;
  }

  override withLockWaitOffLoop<T>(work: () => T | Promise<T>): Promise<T> {
    return attemptPastLocks(work, this.lockWaitMs, (deadline) => this.writeLockFree(deadline));
  }

  /** Polls the lock (one poll for all who wait: lock-poll.ts) until it is free or `deadline` has passed. */
  override writeLockFree(deadline = Date.now() + this.lockWaitMs): Promise<void> {
    return this.lockPoll.wait(deadline);
  }

  /**
   * Whether the write lock can be taken now, without waiting. Taken, it is kept as a group's
   * while a request is served (which writes next); else it is let go (an empty transaction: no write, no sync).
   * The probe waits for nothing (a busy timeout of 0, set back after it).
   */
  private writeLockIsFree(): boolean {
    if (!this.db.open || this.db.inTransaction) return true;
    // A group whose transaction the database ended is failed before another begins.
    this.commitGroup();
    this.commitOtherGroups();
    // Prepared statements, not exec/pragma: this runs before every write request not in a group.
    this.setBusyTimeout(0);
    try {
      this.statement('BEGIN IMMEDIATE').run();
    } catch (error) {
      if (isBusyError(error)) return false;
      throw error;
    } finally {
      this.restoreBusyTimeout();
    }
    if (this.serving > 0) {
      this.groupBegun();
      return true;
    }
    this.statement('ROLLBACK').run();
    return true;
  }

  close(): void {
    if (this.db.open) this.commitGroup();
    this.checkpointer.close();
    if (this.searchIndexTimer) clearTimeout(this.searchIndexTimer);
    this.searchIndexTimer = null;
    if (this.db.open) this.db.close();
  }
}
