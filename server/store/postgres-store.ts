// The store on PostgreSQL, for several instances of the site on one database. Queries run
// synchronously through libpq (pg-native's *Sync calls), as SQLite's do: the server stays
// synchronous, and an instance blocks its event loop for each query. Other instances'
// writes reach version() through LISTEN/NOTIFY: on a connection of their own, whose round
// trip before each request (othersHeard) holds no event loop, and on the queries' own.
// The transactions of requests served together are savepoints of one transaction with one
// COMMIT (write-group.ts): one round trip for all of them, not one each.
import { randomUUID } from 'node:crypto';
import { changesRows, LOCK_WAIT_MS, Store, StoreFullError, StoreOutcomeUnknownError, StoreUnavailableError, writtenTable, type RunResult } from './db.ts';
import { requestIdTaken } from './request-records.ts';
import { MIGRATIONS, migrationSql } from './migrations.ts';
import { postgresQuery, tablesWithIdKey, type PgQuery } from './pg-dialect.ts';
import { loadDrivers, type Drivers, type NativeClient, type TypeParsers } from './pg-drivers.ts';
import { PgWriteListener } from './pg-write-listener.ts';
import { WriteGroup } from './write-group.ts';
import { boundedConnectionUrl, STATEMENT_TIMED_OUT, STATEMENT_TIMEOUT_MS, WRITES_CHANNEL } from './pg-connection.ts';

const ANY_TABLE = '*';
/** pg_advisory_xact_lock keys: the migrations (once across instances) and check-then-write transactions. */
const MIGRATION_LOCK = 4_650_001;
export const WRITE_LOCK = 4_650_002;

/** libpq's calls that send the server something and wait for its answer: each is one round trip. */
const ROUND_TRIP_CALLS = ['exec', 'execParams', 'prepare', 'execPrepared', 'sendQuery'] as const;

/** Makes `count` run at each round trip of `client` (the statements it sends: the cost of a distant database). */
function countRoundTrips(client: NativeClient, count: () => void): void {
  const pq = client.pq as unknown as Record<(typeof ROUND_TRIP_CALLS)[number], (...args: unknown[]) => unknown>;
  for (const call of ROUND_TRIP_CALLS) {
    const send = pq[call].bind(pq);
    pq[call] = (...args) => {
      count();
      return send(...args);
    };
  }
}

/** Rows as SQLite gives them: 64-bit integers and counts as numbers (ids, times in ms, COUNT(*)). */
function sqliteLikeTypes(types: TypeParsers): TypeParsers {
  const INT8 = 20;
  const NUMERIC = 1700;
  return { getTypeParser: (oid, format) => (oid === INT8 || oid === NUMERIC ? Number : types.getTypeParser(oid, format)) };
}

/** A parameter as libpq takes it: text, or null. */
function textValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  throw new TypeError(`A ${typeof value} cannot be a query parameter.`);
}

/** A parameter written into a statement's text, as libpq escapes it (its binding answers '' for ''). */
function literal(client: NativeClient, value: string | null): string {
  if (value === null) return 'NULL';
  return value === '' ? "''" : client.pq.escapeLiteral(value);
}

/** The values of `@name` parameters, in their `$n` order, from the one record given. */
function namedValues(names: readonly string[], record: unknown): unknown[] {
  const values = new Map(Object.entries(record ?? {}));
  return names.map((name) => values.get(name));
}

/**
 * Whether an error means another writer was in the way: a lock waited for past lock_timeout,
 * a deadlock, a serialisation failure. The statement (and its transaction) changed nothing
 * and may be tried again: answered 503 with Retry-After, as a busy SQLite file is.
 */
function otherWriterInTheWay(sqlState: string | undefined): boolean {
  return sqlState === '55P03' || sqlState === '40P01' || sqlState === '40001';
}

/** disk_full: the server could not extend a file; the statement and its transaction changed nothing. */
const DISK_FULL = '53100';

/** Whether an error means the connection is gone (no SQLSTATE; connection exceptions; the server shutting down). */
function connectionLost(sqlState: string | undefined): boolean {
  return sqlState === undefined || sqlState.startsWith('08') || sqlState.startsWith('57P');
}

/**
 * How long a commit whose answer was lost is looked for (txid_status) before it is answered as
 * unknown: the database's own lock wait, so a request is not held much longer than a busy one.
 */
const OUTCOME_WAIT_MS = LOCK_WAIT_MS;
/** The pause between looks while the database is still out of reach or the transaction still ending. */
const OUTCOME_POLL_MS = 100;

/** Blocks the thread `ms` (the store is synchronous: the commit's caller waits for its outcome). */
function pauseSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * How long a request waits, off the event loop, for the listening connection to vouch that
 * every write committed before it came is heard; past it (a slow or stalled database) the
 * request asks on the store's own connection, as if nothing listened.
 */
const OTHERS_HEARD_WAIT_MS = 1000;
/** The instances whose last announcement number is remembered; past it they are forgotten (an announcement heard twice then changes the version twice: harmless). */
const ANNOUNCING_INSTANCES = 1000;

/** Connections just closed, kept from the garbage collector until libuv has closed their socket watcher. */
const finishing = new Set<NativeClient>();

/**
 * Closes a connection. libpq's binding closes its socket watcher asynchronously (uv_close)
 * inside the connection object; were the object collected before that completes, libuv would
 * abort the process. So the object is kept a moment longer.
 */
function finish(client: NativeClient): void {
  try {
    client.pq.finish();
  } catch {
    // already gone
  }
  finishing.add(client);
  setTimeout(() => finishing.delete(client), 1000).unref();
}

/**
 * The stores of this process with a group open. A group holds its locks (the write lock, the
 * rows it wrote) until its commit on a later turn of the event loop; a store that waits for one
 * of them meanwhile waits on the loop, where that turn never comes. So a store of this process
 * (two sites on one database, as the tests start them) commits the others' groups first.
 */
const OPEN_GROUPS = new Set<PostgresStore>();

const TABLES_WITH_ID = tablesWithIdKey(MIGRATIONS.map((migration) => migrationSql(migration, 'sqlite')).join('\n'));

interface Prepared {
  name: string;
  query: PgQuery;
}

/** The group's transaction on the connection: what it holds, and how far its COMMIT is. */
class PgWriteGroup extends WriteGroup {
  /** Whether the group's transaction holds the write lock (a request's check-then-write took it): later requests need not take it again. */
  locked = false;
  /** Set once its COMMIT is under way: a failure then is the commit's to tell (its outcome may still be learnt). */
  committing = false;
}

/** A statement held back to go with the next one sent; `answered` takes its rows when they come. */
interface HeldStatement {
  text: string;
  answered?: (rows: Record<string, unknown>[]) => void;
  /** A write (not a savepoint's start or end): the transaction needs its id before it goes. */
  writes?: boolean;
}

export class PostgresStore extends Store {
  readonly dialect = 'postgres';
  private client: NativeClient | null = null;
  private readonly drivers: Drivers;
  /** Statements by their SQLite text; prepared on the connection of `preparedOn`. */
  private readonly statements = new Map<string, Prepared>();
  private prepared = new Set<string>();
  private depth = 0;
  /** A transaction's BEGIN (and lock), sent with its first statement: one round trip fewer. */
  private pendingBegin: HeldStatement[] | null = null;
  /**
   * The id of the outermost transaction under way, learnt with its first write (txid_current,
   * in the same round trip): a commit whose answer is lost is looked up by it (commitOutcome).
   */
  private transactionId: string | undefined;
  /** Writes held back in a transaction (write(), insertLater()), sent ahead of its next statement. */
  private held: HeldStatement[] = [];
  private readonly types: TypeParsers;
  private savepoints = 0;
  /** The tables the transaction in progress wrote (ANY_TABLE among them: any): announced at its commit. */
  private writtenInTransaction = new Set<string>();
  private readonly instance = randomUUID();
  private closed = false;
  private lockWaitMs = LOCK_WAIT_MS;
  private roundTripsMade = 0;
  private connectionsAttempted = 0;
  /** The number of this instance's last announcement (WRITES_CHANNEL). */
  private announced = 0;
  /** Per other instance, the number of its last announcement taken in (from either connection). */
  private readonly lastAnnouncement = new Map<string, number>();
  /** Every instance's announcements as they commit, on a connection that only listens: opened by the first request served (othersHeard). */
  private listener: PgWriteListener | null = null;
  /** The open group of requests' writes: the connection's transaction, which no level of transaction() is. */
  private group: PgWriteGroup | null = null;
  /** Writes made so far (run, hold): whether a request's transaction wrote, to be guarded before its commit. */
  private writesMade = 0;

  constructor(private readonly url: string) {
    super();
    this.drivers = loadDrivers();
    this.types = sqliteLikeTypes(this.drivers.types);
    this.connection();
    this.migrate();
  }

  /** The connection, made again after a loss (statements are prepared again as they are used). */
  private connection(): NativeClient {
    if (this.client) return this.client;
    if (this.closed) throw new Error('The store is closed.');
    const client = new this.drivers.Native({ types: this.types });
    countRoundTrips(client, () => this.roundTripsMade++);
    this.connectionsAttempted++;
    try {
      client.connectSync(boundedConnectionUrl(this.url));
      // Notices (CREATE … IF NOT EXISTS skipping) are not for the site's log.
      client.querySync(`SET client_min_messages = warning; SET lock_timeout = ${this.lockWaitMs}; SET statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
      // Other instances' writes, heard with the answers to this connection's queries (takeOtherChanges).
      client.querySync(`LISTEN ${WRITES_CHANNEL}`);
    } catch (error) {
      throw new StoreUnavailableError(`The database cannot be reached: ${(error as Error).message.trim()}`, { cause: error });
    }
    this.client = client;
    this.prepared = new Set();
    // Writes may have been missed while disconnected: cached answers are not trusted.
    this.noteChanges(undefined);
    return client;
  }

  /** The round trips to the database so far (statements sent, connections' set-up included), each holding the event loop: tests pin them per request. */
  get roundTrips(): number {
    return this.roundTripsMade;
  }

  /** The connections this store attempted so far (each holds the event loop up to connect_timeout while the database is out of reach): tests pin them per request. */
  get connectionAttempts(): number {
    return this.connectionsAttempted;
  }

  /** The listening connection's round trips so far (othersHeard's), which hold no event loop and are shared by the requests that came meanwhile. */
  get listenerRoundTrips(): number {
    return this.listener?.roundTripsSent ?? 0;
  }

  /** Runs a call on the connection; a lost connection becomes StoreUnavailableError and is dropped, to be made again. */
  private call<T>(work: (client: NativeClient) => T): T {
    const client = this.connection();
    try {
      return work(client);
    } catch (error) {
      const sqlState = client.pq.resultErrorFields()?.sqlState;
      if (otherWriterInTheWay(sqlState)) throw this.failedInGroup(new StoreUnavailableError(`The database is busy (another writer holds what this one needs): ${(error as Error).message.trim()}`, { cause: error }));
      if (sqlState === STATEMENT_TIMED_OUT) throw this.failedInGroup(new StoreUnavailableError(`The database took too long to answer: ${(error as Error).message.trim()}`, { cause: error }));
      const taken = requestIdTaken(error, sqlState);
      if (taken) throw this.failedInGroup(taken);
      if (sqlState === DISK_FULL) throw this.failedInGroup(new StoreFullError(`The database's disk is full: ${(error as Error).message.trim()}`, { cause: error }));
      if (!connectionLost(sqlState)) throw this.failedInGroup(Object.assign(error as Error, { code: sqlState }));
      this.client = null;
      this.depth = 0;
      this.savepoints = 0;
      this.pendingBegin = null;
      this.held = [];
      finish(client);
      // The group's transaction went with the connection; a commit under way learns its outcome (commitOutcome).
      if (this.group && !this.group.committing) this.groupEnded(new StoreUnavailableError(`The database connection was lost before the writes served together were committed: ${(error as Error).message.trim()}`, { cause: error }));
      throw new StoreUnavailableError(`The database connection was lost: ${(error as Error).message.trim()}`, { cause: error });
    }
  }

  private migrate(): void {
    this.call((client) => {
      // A migration (and the wait for another instance's) may take longer than any request's statement.
      client.querySync('SET statement_timeout = 0');
      client.querySync('SELECT pg_advisory_lock($1)', [String(MIGRATION_LOCK)]);
      try {
        client.querySync('CREATE TABLE IF NOT EXISTS inkwell_schema (version INTEGER NOT NULL)');
        const current = Number(client.querySync('SELECT MAX(version) AS version FROM inkwell_schema')[0]?.version ?? 0);
        for (const [index, migration] of MIGRATIONS.entries()) {
          const version = index + 1;
          if (version <= current) continue;
          client.querySync('BEGIN');
          try {
            client.querySync(migrationSql(migration, 'postgres'));
            client.querySync('DELETE FROM inkwell_schema');
            client.querySync('INSERT INTO inkwell_schema (version) VALUES ($1)', [String(version)]);
            client.querySync('COMMIT');
          } catch (error) {
            client.querySync('ROLLBACK');
            throw error;
          }
        }
      } finally {
        client.querySync('SELECT pg_advisory_unlock($1)', [String(MIGRATION_LOCK)]);
        client.querySync(`SET statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
      }
    });
  }

  private statement(sql: string): Prepared {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = { name: `s${this.statements.size + 1}`, query: postgresQuery(sql, TABLES_WITH_ID) };
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** The prepared statement of `sql` (prepared on this connection if it is not yet), and its parameters as libpq takes them. */
  private bound(client: NativeClient, sql: string, params: unknown[]): { name: string; values: (string | null)[] } {
    const { name, query } = this.statement(sql);
    const values = (query.names ? namedValues(query.names, params[0]) : params).map(textValue);
    if (values.length !== query.count) throw new RangeError(`The query takes ${query.count} parameters, ${values.length} given: ${sql}`);
    if (!this.prepared.has(name)) {
      client.prepareSync(name, query.text, query.count);
      this.prepared.add(name);
    }
    return { name, values };
  }

  /** A prepared statement's run as statement text, to go in one round trip with others. */
  private executeText(client: NativeClient, name: string, values: (string | null)[]): string {
    return `EXECUTE ${name}${values.length > 0 ? `(${values.map((value) => literal(client, value)).join(', ')})` : ''}`;
  }

  private execute(sql: string, params: unknown[]): { rows: Record<string, unknown>[]; changes: number } {
    return this.call((client) => {
      const { name, values } = this.bound(client, sql, params);
      const writes = changesRows(sql);
      const rows = this.pendingBegin === null && this.held.length === 0 && !this.transactionIdToLearn(writes)
        ? client.executeSync(name, values)
        : this.sendWithPending(client, [this.executeText(client, name, values)], writes);
      // As SQLite's changes: rows inserted, updated or deleted (a SELECT's row count is none).
      const changes = /^(INSERT|UPDATE|DELETE|MERGE)\b/.test(client.pq.cmdStatus()) ? Number(client.pq.cmdTuples()) || 0 : 0;
      this.readNotifications(client);
      return { rows, changes };
    });
  }

  /**
   * Sends what waits to go first (the transaction's BEGIN, the writes held back) and then
   * `statements`, in one round trip; each held statement gets its rows, and the rows of the
   * last statement are returned. The first failure stops the rest (PostgreSQL runs no
   * statement after it) and is thrown, as one statement's would be.
   */
  private sendWithPending(client: NativeClient, statements: readonly string[], writes = false): Record<string, unknown>[] {
    const learnId = this.transactionIdToLearn(writes) ? [this.transactionIdQuery()] : [];
    const all: HeldStatement[] = [...(this.pendingBegin ?? []), ...learnId, ...this.held, ...statements.map((text) => ({ text }))];
    this.pendingBegin = null;
    this.held = [];
    if (!client.pq.sendQuery(all.map((statement) => statement.text).join('; '))) throw new Error(client.pq.errorMessage());
    let rows: Record<string, unknown>[] = [];
    let failure: string | undefined;
    let answered = 0;
    for (; client.pq.getResult(); answered++) {
      const message = client.pq.resultErrorMessage();
      if (message) {
        failure ??= message;
        continue;
      }
      const statement = all[answered]!;
      const last = answered === all.length - 1;
      if (!last && !statement.answered) continue;
      const answer = this.drivers.buildResult(client.pq, this.types, false).rows;
      statement.answered?.(answer);
      if (last) rows = answer;
    }
    // Fewer answers than statements, none of them an error: the connection went meanwhile.
    if (failure === undefined && answered < all.length) failure = client.pq.errorMessage() || 'The connection closed before every answer came.';
    if (failure !== undefined) throw new Error(failure);
    return rows;
  }

  /** Whether what is about to be sent writes in a transaction whose id is not yet known (a read-only one is not given one: its commit writes nothing). */
  private transactionIdToLearn(writes: boolean): boolean {
    return this.transactionOpen && this.transactionId === undefined && (writes || this.held.some((statement) => statement.writes));
  }

  /** The statement giving the transaction its id, ahead of its first write. */
  private transactionIdQuery(): HeldStatement {
    return { text: 'SELECT txid_current()::text AS id', answered: (rows) => (this.transactionId = String(rows[0]?.id)) };
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.execute(sql, params).rows[0] as T | undefined;
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.execute(sql, params).rows as T[];
  }

  run(sql: string, ...params: unknown[]): RunResult {
    // A write on its own is a transaction too, so that a commit whose answer is lost can be looked up (commit): as few round trips as before when it changes rows.
    if (this.depth === 0 && changesRows(sql)) return this.transaction(() => this.run(sql, ...params));
    const { rows, changes } = this.execute(sql, params);
    if (changes > 0) {
      this.writesMade++;
      const table = writtenTable(sql) ?? ANY_TABLE;
      this.noteWrite(table === ANY_TABLE ? undefined : [table]);
      if (this.depth > 0) this.writtenInTransaction.add(table);
      else this.exec(this.announcement([table]));
    }
    return { changes, lastInsertRowid: Number(rows[0]?.id ?? 0) };
  }

  write(sql: string, ...params: unknown[]): void {
    if (this.depth === 0) this.run(sql, ...params);
    else this.hold(sql, params);
  }

  insertLater(sql: string, ...params: unknown[]): () => number {
    if (this.depth === 0) {
      const id = Number(this.run(sql, ...params).lastInsertRowid);
      return () => id;
    }
    let id: number | undefined;
    this.hold(sql, params, (rows) => (id = Number(rows[0]?.id ?? 0)));
    return () => {
      // Asked before the transaction sent it: it goes now, with whatever else waits.
      if (id === undefined && this.depth > 0 && this.held.length > 0) this.call((client) => this.sendWithPending(client, []));
      if (id === undefined) throw new Error('The insert was not made: its transaction was rolled back.');
      return id;
    };
  }

  /** Holds a write back, to go ahead of the transaction's next statement. */
  private hold(sql: string, params: unknown[], answered?: (rows: Record<string, unknown>[]) => void): void {
    this.call((client) => {
      const { name, values } = this.bound(client, sql, params);
      this.held.push({ text: this.executeText(client, name, values), answered, writes: true });
    });
    // Counted as a change before it is sent: a memo read meanwhile reads again, which sends it first.
    this.writesMade++;
    const table = writtenTable(sql) ?? ANY_TABLE;
    this.noteWrite(table === ANY_TABLE ? undefined : [table]);
    this.writtenInTransaction.add(table);
  }

  /** The statement telling the other instances which tables were written (inside a transaction: sent with its COMMIT). */
  private announcement(tables: Iterable<string>): string {
    const written = [...tables];
    // Names from writtenTable are words; the instance is a UUID: nothing here needs quoting.
    const payload = `${this.instance} ${written.includes(ANY_TABLE) ? ANY_TABLE : written.join(',')} ${++this.announced}`;
    return `SELECT pg_notify('${WRITES_CHANNEL}', '${payload}')`;
  }

  /** Another instance's announcement, unless taken in already from the other connection (this instance's own are already counted). */
  private noteAnnouncement(payload: string): void {
    const [instance, tables, number] = payload.split(' ');
    if (instance === this.instance || instance === undefined) return;
    // An instance of an earlier version numbers none: each is taken in.
    if (number !== undefined) {
      if (Number(number) <= (this.lastAnnouncement.get(instance) ?? 0)) return;
      if (this.lastAnnouncement.size >= ANNOUNCING_INSTANCES) this.lastAnnouncement.clear();
      this.lastAnnouncement.set(instance, Number(number));
    }
    this.noteChanges(tables === undefined || tables === ANY_TABLE ? undefined : tables.split(','));
  }

  /** Runs `statements` (each one statement), after what waits to go first, in one round trip. */
  private exec(...statements: string[]): void {
    this.call((client) => {
      this.sendWithPending(client, statements, statements.some(changesRows));
      this.readNotifications(client);
    });
  }

  /**
   * BEGIN … COMMIT, or a savepoint inside a transaction; any error rolls back and is rethrown.
   * A request's transaction is a savepoint of the group's (joinGroup); anything else's commits
   * on its own, after the group's writes.
   */
  private inTransactionDo<T>(work: () => T, lock: boolean): T {
    const outermost = this.depth === 0;
    if (outermost) this.commitOtherGroups();
    return this.withTransactionMemos(outermost, () => {
      if (!outermost) return this.nestedTransaction(work, lock);
      if (this.serving === 0) {
        this.commitGroup();
        return this.outermostTransaction(work, lock);
      }
      this.joinGroup();
      const writesBefore = this.writesMade;
      return this.nestedTransaction(() => {
        const result = work();
        // Refused here, the request's writes roll back with its savepoint.
        if (this.writesMade > writesBefore) this.beforeCommit();
        return result;
      }, lock);
    });
  }

  /** Whether the connection is in a transaction: a level of transaction(), or a group's between its requests. */
  private get transactionOpen(): boolean {
    return this.depth > 0 || this.group !== null;
  }

  override writesCommitted(): Promise<void> | null {
    return this.group?.committed ?? null;
  }

  /** A request's transaction joins the open group, or a new one (its BEGIN sent with its first statement). */
  private joinGroup(): void {
    if (!this.group) {
      this.pendingBegin = [{ text: 'BEGIN' }];
      this.transactionId = undefined;
      this.writtenInTransaction = new Set();
      this.group = new PgWriteGroup(() => this.commitGroup());
      OPEN_GROUPS.add(this);
    }
    this.group.join();
  }

  /**
   * Commits the open group, which settles every answer waiting for it. When the commit fails,
   * nothing of it is written, and every version changes: what was read of its writes (memos,
   * answers kept) is forgotten.
   */
  private commitGroup(): void {
    const group = this.group;
    if (!group || this.depth > 0) return;
    group.committing = true;
    try {
      // A group that sent nothing (and holds no write back) has nothing to end.
      if (this.pendingBegin === null || this.held.length > 0) this.commit();
      this.groupEnded();
    } catch (error) {
      if (this.client && this.pendingBegin === null) this.rollback('ROLLBACK');
      this.groupEnded(error);
    }
  }

  /** The group is over: committed, or failed with `error` (its transaction rolled back or gone). */
  private groupEnded(error?: unknown): void {
    const group = this.group;
    if (!group) return;
    this.group = null;
    OPEN_GROUPS.delete(this);
    this.pendingBegin = null;
    this.held = [];
    this.transactionId = undefined;
    if (error !== undefined) this.noteChanges(undefined);
    group.settle(error);
  }

  /**
   * A statement failed outside any request's savepoint while a group is open (a read between
   * requests' transactions): the group's transaction is aborted, and with it its writes.
   */
  private failedInGroup(error: Error): Error {
    if (this.group && this.depth === 0 && !this.group.committing) {
      this.groupEnded(error);
      this.rollback('ROLLBACK');
    }
    return error;
  }

  /** Commits the groups other stores of this process hold open (OPEN_GROUPS), never one inside a transaction of its own. */
  private commitOtherGroups(): void {
    for (const store of OPEN_GROUPS) if (store !== this && store.depth === 0) store.commitGroup();
  }

  private outermostTransaction<T>(work: () => T, lock: boolean): T {
    // The start (with the lock) goes with the first statement, the end with the announcement.
    this.pendingBegin = (lock ? ['BEGIN', `SELECT pg_advisory_xact_lock(${WRITE_LOCK})`] : ['BEGIN']).map((text) => ({ text }));
    this.transactionId = undefined;
    this.depth = 1;
    this.writtenInTransaction = new Set();
    this.memosDistrusted = lock;
    try {
      const result = work();
      // A transaction that sent nothing (and holds no write back) has nothing to end.
      if (this.pendingBegin === null || this.held.length > 0) {
        // Refused here, the catch below rolls back what was sent.
        if (this.writtenInTransaction.size > 0) this.beforeCommit();
        this.commit();
      }
      return result;
    } catch (error) {
      if (this.client && this.depth > 0 && this.pendingBegin === null) this.rollback('ROLLBACK');
      throw error;
    } finally {
      this.depth = 0;
      this.pendingBegin = null;
      this.held = [];
      this.transactionId = undefined;
      this.memosDistrusted = false;
    }
  }

  /**
   * Sends the announcement and COMMIT. Were the connection lost while they were in flight, the
   * commit may have been made: its outcome is looked up before anything is answered.
   */
  private commit(): void {
    // The ids an answer needs (insertLater's) come first, in an answer of their own: were the
    // COMMIT's answer lost, a committed write can still be answered as made.
    if (this.held.some((statement) => statement.answered)) this.exec();
    try {
      this.exec(...(this.writtenInTransaction.size > 0 ? [this.announcement(this.writtenInTransaction)] : []), 'COMMIT');
    } catch (error) {
      // The connection is kept on any other failure (a refusal, another writer in the way): the commit was not made.
      if (this.client !== null || this.writtenInTransaction.size === 0) throw error;
      this.commitOutcome(error as Error);
    }
  }

  /**
   * Returns if the transaction committed (its write stands: answered as made); throws
   * StoreUnavailableError if it was rolled back (nothing written: 503), and
   * StoreOutcomeUnknownError if that cannot be learnt in time (the database still out of reach).
   */
  private commitOutcome(lost: Error): void {
    const id = this.transactionId;
    const deadline = Date.now() + OUTCOME_WAIT_MS;
    let status: string | undefined;
    while (id !== undefined) {
      try {
        status = String(this.call((client) => client.querySync('SELECT txid_status($1) AS status', [id]))[0]?.status);
      } catch {
        status = undefined; // still out of reach
      }
      if (status === 'committed') return;
      if (status === 'aborted') throw lost;
      // In progress: the server has not yet seen the connection go and ended the transaction.
      if (Date.now() + OUTCOME_POLL_MS > deadline) break;
      pauseSync(OUTCOME_POLL_MS);
    }
    throw new StoreOutcomeUnknownError(`The database connection was lost while a transaction committed${id === undefined ? '' : ` (id ${id}, ${status ?? 'database out of reach'})`}: ${lost.message}`, { cause: lost });
  }

  private nestedTransaction<T>(work: () => T, lock: boolean): T {
    const name = `nested_${this.savepoints + 1}`;
    // The SAVEPOINT goes with the level's first statement; writes held back before it go with
    // it now instead, so that a refusal of one is the outer transaction's.
    const savepoint: HeldStatement = { text: `SAVEPOINT ${name}` };
    if (!this.held.some((statement) => statement.writes)) this.held.push(savepoint);
    else this.exec(savepoint.text);
    this.savepoints++;
    this.depth++;
    const distrusted = this.memosDistrusted;
    // A group's first check-then-write takes the lock with its first statement; the group holds it until its commit.
    const group = this.group;
    const lockedBefore = group?.locked ?? false;
    try {
      if (lock && group && !lockedBefore) {
        this.held.push({ text: `SELECT pg_advisory_xact_lock(${WRITE_LOCK})` });
        group.locked = true;
      } else if (lock && !group) this.exec(`SELECT pg_advisory_xact_lock(${WRITE_LOCK})`);
      // What this transaction read before it held the lock may have changed meanwhile.
      if (lock && !distrusted) this.forgetTransactionMemos();
      this.memosDistrusted ||= lock;
      const result = work();
      this.release(savepoint, name);
      return result;
    } catch (error) {
      // A level whose SAVEPOINT was not sent has sent nothing: what it holds back is dropped, and nothing is undone.
      const unsent = this.held.indexOf(savepoint);
      if (unsent >= 0) this.held.length = unsent;
      else if (this.client && this.depth > 0) this.rollback(`ROLLBACK TO ${name}`);
      // A lock taken since the savepoint is let go with it.
      if (group && !lockedBefore) group.locked = false;
      throw error;
    } finally {
      this.memosDistrusted = distrusted;
      if (this.depth > 0) this.depth--;
      if (this.savepoints > 0) this.savepoints--;
    }
  }

  /**
   * Ends a level that succeeded. One that sent and holds nothing needs no RELEASE; the writes
   * it holds back go now, with the RELEASE, so that a refusal of one is the level's; with
   * nothing held back the RELEASE goes with the next statement.
   */
  private release(savepoint: HeldStatement, name: string): void {
    if (this.held.length === 1 && this.held[0] === savepoint) this.held = [];
    else if (this.held.length > 0) this.exec(`RELEASE ${name}`);
    else this.held.push({ text: `RELEASE ${name}` });
  }

  /** Rolls back (writes held back are dropped: they are inside what is undone); the error that caused it is the one worth reporting. */
  private rollback(sql: string): void {
    this.held = [];
    try {
      this.exec(sql);
    } catch {
      // the connection is gone, and with it the transaction
    }
  }

  transaction<T>(work: () => T): T {
    return this.inTransactionDo(work, false);
  }

  writeTransaction<T>(work: () => T): T {
    return this.inTransactionDo(work, true);
  }

  /** The trigram index is part of the table: nothing waits to be indexed. */
  updateSearchIndex(): void {}

  /**
   * Other instances' commits made before the request being served arrived. While the listening
   * connection listens, each request has heard them before it is served (othersHeard); those
   * made before it began to listen were taken in then (listeningBegan). Otherwise the store's own connection asks (askOthersChanges), once for the requests read
   * in this turn of the event loop: once a query has run outside a transaction for them
   * (readNotifications, otherChangesKnown), they are known.
   */
  protected takeOtherChanges(): void {
    if (this.listener?.listening || this.otherChangesKnown() || this.depth > 0) return;
    this.askOthersChanges();
  }

  /**
   * The server sends a session every notification committed before its query, ahead of the
   * answer: an empty query takes in every commit made before now. A connection made again
   * after a loss may have missed some: it counts as a change of everything (connection()).
   */
  private askOthersChanges(): void {
    // Notifications come between transactions only: the open group is committed first.
    if (this.depth === 0) this.commitGroup();
    this.call((client) => {
      client.querySync('');
      this.readNotifications(client);
    });
  }

  /**
   * While the listening connection listens, each request is served once it has vouched (a
   * round trip sent after the request came, shared by the requests that came meanwhile, with
   * the event loop free): every write committed before is heard. When it cannot say so in
   * time, the store's own connection is asked (takeOtherChanges, as if nothing listened).
   */
  override othersHeard(): Promise<void> | null {
    if (this.closed) return null;
    this.listener ??= new PgWriteListener(this.url, (payload) => this.noteAnnouncement(payload), () => this.listeningBegan());
    // Not listening (yet, or again: asking connects it), the store's own connection asks.
    if (!this.listener.listening) {
      void this.listener.caughtUp(0);
      return null;
    }
    return this.listener.caughtUp(OTHERS_HEARD_WAIT_MS).then((heard) => {
      if (!heard) this.askOthersChanges();
    });
  }

  /**
   * The listening connection has just begun to listen: the commits made before, which it has
   * not heard, are taken in on the store's own connection (which listens throughout), and
   * counted as a change of everything when it cannot be asked. A store without a connection
   * does not make one here: that would hold the event loop up to connect_timeout outside any
   * request while the database is out of reach, and the next request would wait that too.
   */
  private listeningBegan(): void {
    if (!this.client) return this.noteChanges(undefined);
    try {
      this.askOthersChanges();
    } catch {
      this.noteChanges(undefined);
    }
  }

  /** Notifications that arrived with a query's answer; outside a transaction, all those committed before it. */
  private readNotifications(client: NativeClient): void {
    for (let note = client.pq.notifies(); note; note = client.pq.notifies()) this.noteAnnouncement(note.extra);
    if (!this.transactionOpen) this.otherChangesTaken();
  }

  protected get inTransaction(): boolean {
    return this.depth > 0;
  }

  setLockWait(ms: number): void {
    // A SET inside the group's transaction would be undone were the group rolled back.
    this.commitGroup();
    this.lockWaitMs = Math.max(0, Math.trunc(ms));
    this.call((client) => client.querySync(`SET lock_timeout = ${this.lockWaitMs}`));
  }

  close(): void {
    if (this.client) this.commitGroup();
    this.closed = true;
    this.listener?.close();
    if (this.client) finish(this.client);
    this.client = null;
  }
}
