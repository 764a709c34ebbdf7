// The store: the one door to a site's database, on SQLite (sqlite-store.ts, the default and
// the desktop's) or PostgreSQL (postgres-store.ts, for several instances on one database).
// Both are synchronous, as better-sqlite3 is: an instance blocks its event loop for each
// query, and a site serving more requests runs more instances (ARCHITECTURE.md).
// SQL is written once, in SQLite's words; PostgresStore translates it (pg-dialect.ts).

/** Enough for the list filters in use at once; past it the memo starts again. */
const MEMO_ENTRIES = 1000;
/** What the memo may hold in all, in the weights its callers give (ids: 8 bytes each). */
const MEMO_WEIGHT = 1_000_000;
/** Rows kept per kind (memoisedByIds): a site's posts of a few pages each; past it the kind starts again. */
const ROW_MEMO_ENTRIES = 20_000;
/** Rows whose last change is remembered per kind (changingRows); past it the kind's kept rows all start again. */
const ROW_CHANGES_ENTRIES = 100_000;

export type SqlValue = string | number | bigint | Buffer | null;

export type Dialect = 'sqlite' | 'postgres';

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/**
 * How long a statement waits for a lock another connection holds (another instance's or
 * process's write) before it gives up and the request is answered 503 with Retry-After.
 */
export const LOCK_WAIT_MS = 5000;

/** The database's disk is full: the statement or transaction was undone; it can be tried again once there is room. */
export class StoreFullError extends Error {
  /** Answered 507 with Retry-After (rest/errors.ts isDiskFull). */
  readonly diskFull = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreFullError';
  }
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

/**
 * The connection was lost while a transaction committed, and whether it committed could not
 * be learnt: the write may stand. Not a 503 (that says nothing was written): what it made
 * (an upload's files) is kept, and the client is told to read before sending it again.
 */
export class StoreOutcomeUnknownError extends Error {
  /** Answered 500 saying the outcome is unknown (rest/errors.ts isOutcomeUnknown). */
  readonly outcomeUnknown = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreOutcomeUnknownError';
  }
}

/**
 * A write refused at a request record's key (request-records.ts): another instance serving the
 * same request id committed its record first. The write changed nothing; the request is that
 * one's (server/resent-writes.ts answers as it). Not a fault of the site.
 */
export class StoreRequestIdTakenError extends Error {
  /** Answered as the other's request (rest/errors.ts isRequestIdTaken). */
  readonly requestIdTaken = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreRequestIdTakenError';
  }
}

/**
 * The table an INSERT or UPDATE writes; undefined for anything else (a DELETE may cascade to
 * other tables, so it counts as a change of everything).
 */
export function writtenTable(sql: string): string | undefined {
  return /^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|UPDATE(?:\s+OR\s+\w+)?)\s+(\w+)/i.exec(sql)?.[1]?.toLowerCase();
}

/** Whether a statement may change rows: outside a transaction it commits as it runs. */
export function changesRows(sql: string): boolean {
  return /^\s*(?:INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql);
}

interface MemoEntry {
  version: string;
  value: unknown;
}

/** A row kept by id, with the last change said of its id (changingRows) when it was known. */
interface KeptRow {
  value: unknown;
  change: number;
}

interface RowMemo {
  version: string;
  rows: Map<number, KeptRow>;
}

/** Where rows of a kind are kept now: `trusted` for every request (while current), `rows` where a row read now is kept. */
interface RowsKept {
  trusted: Map<number, KeptRow> | undefined;
  rows: Map<number, KeptRow>;
}

/** What the statements of a write change, as its writer says (changingRows): of `table`, by kind of row kept, which ids. */
interface RowsChanging {
  table: string;
  rows: Readonly<Record<string, readonly number[]>>;
}

export abstract class Store {
  abstract readonly dialect: Dialect;
  private readonly memo = new Map<string, MemoEntry>();
  private memoWeight = 0;
  private readonly rowMemos = new Map<string, RowMemo>();
  /**
   * What the transaction under way read (memoised, memoisedByIds), for the rest of it: a
   * transaction may roll back, and the memos above may not be trusted in it (memosDistrusted),
   * so these are kept apart and forgotten when it ends or any of its levels rolls back.
   */
  private readonly transactionMemo = new Map<string, MemoEntry>();
  private readonly transactionRows = new Map<string, RowMemo>();
  /** Rows the transaction under way wrote and knows as they stand (keepWritten), each with the version and change it was known at. */
  private readonly writtenRows: { kind: string; tables: readonly string[]; version: string; change: number; id: number; row: object | (() => object) }[] = [];
  /** Changes per table, through this store or (as announced) another instance. */
  private readonly tableChanges = new Map<string, number>();
  /**
   * Per table, per kind of row kept by id: the changes of the table whose writer said which
   * rows of that kind they change (changingRows). The others change every row of the kind.
   */
  private readonly changesSaidByRow = new Map<string, Map<string, number>>();
  /** Per kind of row kept by id: the last change said of each id (changingRows), as a count of allChanges. */
  private readonly rowChanges = new Map<string, Map<number, number>>();
  /** What the write under way changes, as its writer says (changingRows). */
  private rowsChanging: RowsChanging | null = null;
  /** Changes that name no table (a delete; another SQLite process's commit): they change every version. */
  private unscopedChanges = 0;
  private allChanges = 0;
  /** The tables changed since the transaction under way began (all: a change naming none), by it or as taken in from others. */
  private readonly transactionChanges = new Set<string>();
  private transactionChangedAll = false;
  /**
   * Set while a check-then-write transaction runs where the store cannot tell, under the lock,
   * whether another instance committed while it waited (PostgreSQL delivers notifications only
   * between transactions): what it reads then comes from the database, never from a memo.
   */
  protected memosDistrusted = false;
  /** Requests being served (serve): only while one is, a store that groups writes adds them to a group; others commit as they run. */
  protected serving = 0;
  /** Whether other instances' changes were taken in during this turn of the event loop, and the requests read in it. */
  private changesTakenThisTurn = false;
  private requestsThisTurn = 0;

  /**
   * Asked just before writes become durable (the COMMIT of a transaction that wrote, or a
   * write outside any transaction); throwing refuses the commit, and the transaction rolls
   * back. The worker processes' per-write claim (server/http/commit-claim.ts) sets it, so that
   * a request already answered 503 can no longer write.
   */
  commitGuard: (() => void) | null = null;
  /**
   * Asked at the same point, before commitGuard: writes what must be committed with the
   * request's writes or not at all (a request id, server/resent-writes.ts, which finds the
   * request's record in its async context).
   */
  commitRecorder: (() => void) | null = null;
  /**
   * Told, in the transaction of a create, the route (below the API root) of the item it made:
   * recorded with the request's id (server/resent-writes.ts), so that a create sent again after
   * its answer was lost can show what it made (a feedback names the submission it stored, which
   * no route shows: its re-send sends what that submission's mail lacks).
   */
  createdRecorder: ((route: string) => void) | null = null;
  /**
   * Told, in the transaction of a write whose answer is known before its commit (seo/v1's), what
   * it answers: recorded with the request's id (server/resent-writes.ts), so that a write sent
   * again after its answer was lost is answered as made, a route with no GET included. Told in a
   * later transaction of the request, its answer replaces the first's from that commit (a
   * feedback's: its mail pending with its stored submission, its mail's outcome with that).
   */
  answerRecorder: ((answer: unknown) => void) | null = null;
  /** Whether the request being served records its answer (it carries an id: server/resent-writes.ts). */
  answerWanted: () => boolean = () => false;
  /** Levels of unrecorded() under way: their commits take no request's record. */
  private unrecordedDepth = 0;

  /**
   * A request's write and its answer (`work`'s result) in one write transaction, the answer told
   * to the request's record (answerRecorder) with the writes: sent again after its process died
   * between the commit and the answer, the request is answered as made. A handler that answers
   * at once runs whole so (server/resent-writes.ts: answeredInItsTransaction); one that awaits
   * runs its last write so, with the function that makes its answer.
   */
  answeringTransaction<T>(work: () => T): T {
    return this.writeTransaction(() => {
      const answer = work();
      this.answerRecorder?.(answer);
      return answer;
    });
  }

  /**
   * `work` (a request's write and its answer) in an answering transaction when the request
   * records its answer (it carries an id); else as it is, its own transactions its own: the level
   * more would cost PostgreSQL a round trip for nothing to record.
   */
  answering<T>(work: () => T): T {
    return this.answerWanted() ? this.answeringTransaction(work) : work();
  }

  /**
   * Runs writes that are the site's own, not the request's (a connector's refreshed tokens,
   * kept whether or not the request's write is made): their commit takes no request id's
   * record, which stays for the request's own write.
   */
  unrecorded<T>(work: () => T): T {
    this.unrecordedDepth++;
    try {
      return work();
    } finally {
      this.unrecordedDepth--;
    }
  }

  protected beforeCommit(): void {
    if (this.unrecordedDepth === 0) this.commitRecorder?.();
    this.commitGuard?.();
  }

  /** beforeCommit for a statement run outside a transaction that may change rows. */
  protected beforeWriteOutsideTransaction(sql: string): void {
    if (!this.inTransaction && changesRows(sql)) this.commitGuard?.();
  }

  /** The first row, or undefined. Parameters: `?` in order, or one record for `@name`s. */
  abstract get<T>(sql: string, ...params: unknown[]): T | undefined;
  abstract all<T>(sql: string, ...params: unknown[]): T[];
  abstract run(sql: string, ...params: unknown[]): RunResult;
  /**
   * A write whose result is not needed. Inside a transaction on PostgreSQL it is sent with
   * the next statement (one round trip fewer), and a failure of it fails that statement, in
   * the same transaction; elsewhere it is run() at once.
   */
  abstract write(sql: string, ...params: unknown[]): void;
  /**
   * An INSERT whose id is wanted only later: held back as write() is, and its id given by the
   * function returned (after the transaction, or at once if asked sooner).
   */
  abstract insertLater(sql: string, ...params: unknown[]): () => number;
  /** Runs `work` in one transaction (a savepoint when nested): all of its writes land, or none. */
  abstract transaction<T>(work: () => T): T;
  /**
   * A transaction that holds the write lock before `work` reads anything, so that what it
   * reads cannot change (through any connection or instance) before it writes: for check-then-write.
   */
  abstract writeTransaction<T>(work: () => T): T;
  /**
   * Serves one request's `work`, resolving with its answer once the writes that answer may
   * show are committed: a store that groups the writes of requests served together into one
   * commit (both stores do) holds the answer until then, and rejects with the commit's failure.
   */
  async serve<T>(work: () => Promise<T>): Promise<T> {
    this.serving++;
    let answer: T;
    try {
      answer = await this.withLockWaitOffLoop(work);
    } finally {
      this.serving--;
    }
    // The answer may show writes of the open group (its own, or others' it read): it waits for their commit.
    await this.writesCommitted();
    return answer;
  }
  /**
   * Runs `work` (a request's, or its authentication) so that a write of it that meets another
   * process's lock waits for it off the event loop (lock-attempts.ts), whatever path it writes
   * by. A store whose statements wait without holding the loop just runs it.
   */
  async withLockWaitOffLoop<T>(work: () => T | Promise<T>): Promise<T> {
    return work();
  }
  /**
   * Runs a write a request may go without (bookkeeping: a credential's last use): one that is
   * refused for another process's lock is let go, and the request served as if it had not been
   * tried (not made again for it, lock-attempts.ts).
   */
  unlessLocked(write: () => void): void {
    try {
      write();
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
    }
  }
  /** Settles once the writes made so far are committed (rejects when their commit fails); null when none waits. */
  writesCommitted(): Promise<void> | null {
    return null;
  }
  /** Brings the search index up to date with every committed row (before a search). */
  abstract updateSearchIndex(): void;
  /** Sets how long a write waits for another connection's lock (LOCK_WAIT_MS unless set; tests shorten it). */
  abstract setLockWait(ms: number): void;
  /**
   * Resolves once no other connection holds the write lock, or `deadline` (Date.now(); by
   * default the lock wait from now) has passed; it
   * waits off the event loop, so that a write about to be served does not hold every other
   * request while another process holds the lock. A store whose statements wait without
   * holding the loop resolves at once.
   */
  async writeLockFree(_deadline?: number): Promise<void> {}
  /**
   * Runs the site's set-up (before it serves anything): nothing waits on this process then, so
   * a lock another instance holds (its migrations, its own set-up) is waited for the whole lock
   * wait, on the loop. A store whose statements wait without holding the loop just runs it.
   */
  beforeServing<T>(work: () => T): T {
    return work();
  }
  /**
   * Asked as a request arrives (after noteRequest), before anything serves it: settles once
   * other instances' writes committed before it are taken in, where that is learnt off the
   * event loop; null where there is nothing to wait for (takeOtherChanges then does it).
   */
  othersHeard(): Promise<void> | null {
    return null;
  }
  /**
   * Takes in other instances' writes committed before the request being served arrived
   * (noteChanges). Called before every version read; cheap when repeated in one turn.
   */
  protected abstract takeOtherChanges(): void;
  protected abstract get inTransaction(): boolean;
  abstract close(): void;

  /**
   * A request arrived. Other instances' commits made before it must be taken in before it is
   * answered. Changes taken in after it, or after another request read in the same turn of the
   * event loop (which arrived together with it), are enough; changes taken in earlier in the
   * turn (by a timer's work, before any request was read) are not.
   */
  noteRequest(): void {
    if (this.requestsThisTurn++ > 0) return;
    this.changesTakenThisTurn = false;
    setImmediate(() => {
      this.requestsThisTurn = 0;
    }).unref();
  }

  /** Whether other instances' changes are known for every request read so far (noteRequest). */
  protected otherChangesKnown(): boolean {
    return this.changesTakenThisTurn;
  }

  /** Other instances' changes are known as of now: for the requests read so far in this turn. */
  protected otherChangesTaken(): void {
    if (this.changesTakenThisTurn) return;
    this.changesTakenThisTurn = true;
    setImmediate(() => {
      this.changesTakenThisTurn = false;
    }).unref();
  }

  /**
   * Runs `write`, whose statements change, of the rows kept by id (memoisedByIds) over `table`,
   * only those `rows` names by kind (no id: none of that kind). Kept rows of other ids stay
   * kept, where any other write of `table` changes them all; a kind not named is changed all.
   */
  changingRows<T>(table: string, rows: Readonly<Record<string, readonly number[]>>, write: () => T): T {
    const outer = this.rowsChanging;
    this.rowsChanging = { table, rows };
    try {
      return write();
    } finally {
      this.rowsChanging = outer;
    }
  }

  /** Records the changes of a statement of this store's own to `tables` (undefined: to anything), with the rows its writer said it changes. */
  protected noteWrite(tables: readonly string[] | undefined): void {
    this.noteChanges(tables);
    const said = this.rowsChanging;
    if (!said || tables?.length !== 1 || tables[0] !== said.table) return;
    let byKind = this.changesSaidByRow.get(said.table);
    if (!byKind) this.changesSaidByRow.set(said.table, (byKind = new Map()));
    for (const [kind, ids] of Object.entries(said.rows)) {
      let changes = this.rowChanges.get(kind);
      if (!changes) this.rowChanges.set(kind, (changes = new Map()));
      // Past the bound the ids are forgotten, and this write changes every row of the kind.
      if (changes.size + ids.length > ROW_CHANGES_ENTRIES) {
        changes.clear();
        continue;
      }
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      for (const id of ids) changes.set(id, this.allChanges);
    }
  }

  /** Records changes to `tables` (undefined: to anything). */
  protected noteChanges(tables: readonly string[] | undefined): void {
    this.allChanges++;
    if (this.inTransaction) {
      if (tables) for (const table of tables) this.transactionChanges.add(table);
      else this.transactionChangedAll = true;
    }
    if (!tables) {
      this.unscopedChanges++;
      return;
    }
    for (const table of tables) this.tableChanges.set(table, (this.tableChanges.get(table) ?? 0) + 1);
  }

  /** Changes whenever the data may have changed: at once for this store's writes, for others' before the next request. */
  version(): string {
    this.takeOtherChanges();
    return `${this.unscopedChanges}.${this.allChanges}`;
  }

  /** As version(), for the data of `tables` only. */
  versionOf(tables: readonly string[]): string {
    this.takeOtherChanges();
    return this.versionKnown(tables);
  }

  /** versionOf as far as changes are known now, without asking for others' (which may cost a round trip). */
  private versionKnown(tables: readonly string[]): string {
    return `${this.unscopedChanges}:${tables.map((table) => this.tableChanges.get(table) ?? 0).join('.')}`;
  }

  /**
   * The version of every row of `kind` kept by id, as far as changes are known now: the changes
   * of `tables` that did not say which rows of the kind they change. A row kept is current
   * while it is the same and no change was said of its id since (rowChange).
   */
  private rowsVersionKnown(kind: string, tables: readonly string[]): string {
    let version = `${this.unscopedChanges}:`;
    for (const table of tables) version += `${(this.tableChanges.get(table) ?? 0) - (this.changesSaidByRow.get(table)?.get(kind) ?? 0)}.`;
    return version;
  }

  /** The last change said of row `id` of `kind` (changingRows); 0 when none is remembered. */
  private rowChange(kind: string, id: number): number {
    return this.rowChanges.get(kind)?.get(id) ?? 0;
  }

  /** The value of `kept` if it is still the row's: no change was said of its id since it was known. */
  private current(kind: string, id: number, kept: KeptRow | undefined): unknown {
    return kept !== undefined && kept.change === this.rowChange(kind, id) ? kept.value : undefined;
  }

  /**
   * Runs one level of a transaction (`run` sends BEGIN … COMMIT, or a savepoint, around its
   * work): what it reads is kept for the rest of the transaction, forgotten when the outermost
   * level ends or any level rolls back (what it read may have been its own undone writes).
   */
  protected withTransactionMemos<T>(outermost: boolean, run: () => T): T {
    if (outermost) {
      this.transactionChanges.clear();
      this.transactionChangedAll = false;
    }
    try {
      const result = run();
      if (outermost) this.keepWrittenRows();
      return result;
    } catch (error) {
      this.forgetTransactionMemos();
      throw error;
    } finally {
      if (outermost) this.forgetTransactionMemos();
    }
  }

  protected forgetTransactionMemos(): void {
    this.transactionMemo.clear();
    this.transactionRows.clear();
    this.writtenRows.length = 0;
  }

  /**
   * A row as the transaction under way has just written it, for memoisedByIds to keep once the
   * transaction commits, so the answer's later checks (its Allow header) need not read it back.
   * Kept only if nothing of `tables` changed after this call (through this store or another
   * instance) by the time of the commit; a level that rolls back forgets it. A function gives
   * the row once the transaction has committed (an id Store.insertLater gives then).
   */
  keepWritten(kind: string, tables: readonly string[], id: number, row: object | (() => object)): void {
    if (this.inTransaction) this.writtenRows.push({ kind, tables, version: this.rowsVersionKnown(kind, tables), change: this.rowChange(kind, id), id, row });
  }

  /** Whether the row `written` as kept is still the row: no change of its tables since, but those said of other rows. */
  private stillAsWritten(written: { kind: string; tables: readonly string[]; version: string; change: number; id: number }): boolean {
    return written.version === this.rowsVersionKnown(written.kind, written.tables) && written.change === this.rowChange(written.kind, written.id);
  }

  /**
   * The row of `id` of `kind` as the transaction under way wrote it (keepWritten), while nothing
   * of its tables changed since: what it would read back (an update's answer shows the revision
   * summary it has just written), so it is not read again.
   */
  private writtenRow(kind: string, id: number): object | undefined {
    for (let index = this.writtenRows.length - 1; index >= 0; index--) {
      const written = this.writtenRows[index];
      if (written.kind !== kind || written.id !== id) continue;
      if (!this.stillAsWritten(written)) return undefined;
      return Object.freeze({ ...(typeof written.row === 'function' ? written.row() : written.row) });
    }
    return undefined;
  }

  /**
   * After the outermost commit: the rows written still as they were known. Others' changes are
   * not asked for: one not taken in yet changes the version when it is, and the row is dropped then.
   */
  private keepWrittenRows(): void {
    for (const written of this.writtenRows) {
      if (this.memosDistrusted || !this.stillAsWritten(written)) continue;
      const { kind, version, change, id, row } = written;
      let memo = this.rowMemos.get(kind);
      if (memo?.version !== version) this.rowMemos.set(kind, (memo = { version, rows: new Map() }));
      if (memo.rows.size >= ROW_MEMO_ENTRIES) memo.rows.clear();
      memo.rows.set(id, { value: Object.freeze({ ...(typeof row === 'function' ? row() : row) }), change });
    }
  }

  /**
   * The result of `read`, kept under `key` until the data of `tables` changes (any data when
   * none are named). Inside a transaction a kept result is used while the transaction has not
   * written those tables (version), and what is read is kept for the rest of the transaction
   * only: it may still roll back. `weight` sizes a large value (a list of ids: its length)
   * against MEMO_WEIGHT; others weigh 1.
   */
  memoised<T>(key: string, read: () => T, tables?: readonly string[], weight?: (value: T) => number): T {
    const version = tables ? this.versionOf(tables) : this.version();
    const entry = this.memo.get(key);
    if (entry?.version === version && !this.memosDistrusted) return entry.value as T;
    if (this.readsOwnWrites(tables)) {
      const earlier = this.transactionMemo.get(key);
      if (earlier?.version === version) return earlier.value as T;
      const value = read();
      this.transactionMemo.set(key, { version, value });
      return value;
    }
    const value = read();
    const size = weight ? weight(value) : 1;
    if (this.memo.size >= MEMO_ENTRIES || this.memoWeight + size > MEMO_WEIGHT) {
      this.memo.clear();
      this.memoWeight = 0;
    }
    this.memo.set(key, { version, value });
    this.memoWeight += size;
    return value;
  }

  /**
   * Whether what is read now of `tables` (all when none are named) may show writes of the
   * transaction under way (which may still roll back), so it is kept for the rest of it only.
   * Data it has not changed reads as every later request would read it (a commit that changes
   * it changes its version): kept for all.
   */
  private readsOwnWrites(tables?: readonly string[]): boolean {
    if (!this.inTransaction) return false;
    if (this.memosDistrusted || this.transactionChangedAll) return true;
    return tables === undefined ? this.transactionChanges.size > 0 : tables.some((table) => this.transactionChanges.has(table));
  }

  /** Whether `key` was asked here since the data of `tables` last changed (and it is asked now). */
  askedBefore(key: string, tables: readonly string[]): boolean {
    let first = false;
    this.memoised(`asked\0${key}`, () => (first = true), tables);
    return !first;
  }

  /** Whether memoisedByIds keeps the value of `id` of `kind` now for every request (as of the data of `tables`). */
  keeps(kind: string, id: number, tables: readonly string[]): boolean {
    this.takeOtherChanges();
    const memo = this.rowMemos.get(kind);
    return memo?.version === this.rowsVersionKnown(kind, tables) && !this.memosDistrusted && this.current(kind, id, memo.rows.get(id)) !== undefined;
  }

  /** The value memoisedByIds would give for `id` of `kind` without reading it, if it keeps one. */
  kept<T extends object>(kind: string, id: number, tables: readonly string[]): T | undefined {
    return this.keptRow<T>(kind, id, this.rowMemoOf(kind, tables));
  }

  /**
   * Values by id (a page of rows), each kept until the data of `tables` changes: `read` is
   * asked only for the ids not kept, and what it does not find is not kept. When it is asked,
   * it reads the values of `ahead` not kept yet with them (the next pages): one query instead
   * of one per page. Kept values are frozen: they are shared by every later caller.
   */
  memoisedByIds<T extends object>(
    kind: string, ids: readonly number[], tables: readonly string[], read: (ids: number[]) => Map<number, T>, ahead: readonly number[] = [],
  ): Map<number, T> {
    const memo = this.rowMemoOf(kind, tables);
    const found = new Map<number, T>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.keptRow<T>(kind, id, memo);
      if (row) found.set(id, row);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const fresh = read([...missing, ...ahead.filter((id) => this.keptRow(kind, id, memo) === undefined && !missing.includes(id))]);
    if (memo.rows.size + fresh.size > ROW_MEMO_ENTRIES) memo.rows.clear();
    for (const [id, row] of fresh) {
      found.set(id, row);
      memo.rows.set(id, { value: Object.freeze(row), change: this.rowChange(kind, id) });
    }
    return found;
  }

  /** Where rows of `kind` are kept now: a row read now is kept for every later request, or inside a transaction that changed `tables` for the rest of it. */
  private rowMemoOf(kind: string, tables: readonly string[]): RowsKept {
    this.takeOtherChanges();
    const version = this.rowsVersionKnown(kind, tables);
    const shared = this.rowMemos.get(kind);
    const trusted = shared?.version === version && !this.memosDistrusted ? shared.rows : undefined;
    const memos = this.readsOwnWrites(tables) ? this.transactionRows : this.rowMemos;
    let memo = memos.get(kind);
    if (memo?.version !== version) memos.set(kind, (memo = { version, rows: new Map() }));
    return { trusted, rows: memo.rows };
  }

  /** The row of `id` kept now: as the transaction under way wrote it, or kept for every request or for the transaction. */
  private keptRow<T>(kind: string, id: number, memo: RowsKept): T | undefined {
    return (this.writtenRow(kind, id) ?? this.current(kind, id, memo.trusted?.get(id)) ?? this.current(kind, id, memo.rows.get(id))) as T | undefined;
  }
}
