// Writes made under a request id (server/resent-writes.ts): one row per user and id, written in
// the transaction of the write, completed with what its answer was, kept a day. SQL that
// SQLite and PostgreSQL both run.
import { StoreRequestIdTakenError, type Store } from './db.ts';

/** How long a request id is remembered: nginx re-sends at once, and a client retrying after a lost answer within hours. */
export const REQUEST_RECORD_MS = 24 * 60 * 60_000;
/** Records past their day are deleted at most this often (per process): a sweep is a write. */
const SWEEP_INTERVAL_MS = 10 * 60_000;
const lastSweep = new WeakMap<Store, number>();

/** What identifies one request of a user. */
export interface RequestRecordKey {
  userId: number;
  /** The id the request carried, with its header's mark (resent-writes.ts). */
  key: string;
}

export interface RequestRecord {
  method: string;
  path: string;
  digest: string;
  /** The answer's status, or null when the write committed without its answer being told. */
  status: number | null;
  /**
   * The route of the item the answer showed (to show it again as it now stands), or null; until
   * then a POST's item made (a feedback's: its submission, contact-form/feedback.ts submissionPath).
   */
  item_path: string | null;
  /** An answer kept as it was (a forced delete's `previous`; one told in the write's transaction, with its status), JSON; null for the others. */
  answer: string | null;
  /** When it was recorded (ms): which request, of two with the key, made it. */
  recorded_at: number;
}

/** The key's record within its day (one in this connection's open transaction included). */
export function findRequestRecord(store: Store, { userId, key }: RequestRecordKey, now = Date.now()): RequestRecord | undefined {
  const record = store.get<RequestRecord>(
    'SELECT method, path, digest, status, item_path, answer, recorded_at FROM request_records WHERE user_id = ? AND request_key = ? AND recorded_at > ?',
    userId, key, now - REQUEST_RECORD_MS,
  );
  // PostgreSQL's BIGINT comes as text.
  return record && { ...record, recorded_at: Number(record.recorded_at) };
}

/**
 * Records the request inside the transaction of its write (a second one with this key fails
 * the write: two sent at once, one is made). Records past their day go first: all of them
 * every SWEEP_INTERVAL_MS, the key's own otherwise. Until its answer
 * completes it, the item is the one the path names, or for a POST the one it created (none
 * known: null), and the answer the one the write told in its transaction (null: none).
 */
export function insertRequestRecord(
  store: Store, { userId, key }: RequestRecordKey, request: Pick<RequestRecord, 'method' | 'path' | 'digest'> & { created?: string | null; answer?: string | null }, now = Date.now(),
): void {
  if (now - (lastSweep.get(store) ?? 0) >= SWEEP_INTERVAL_MS) {
    lastSweep.set(store, now);
    store.write('DELETE FROM request_records WHERE recorded_at <= ?', now - REQUEST_RECORD_MS);
    store.write('DELETE FROM request_records_items WHERE recorded_at <= ?', now - REQUEST_RECORD_MS);
  } else {
    // The key's own record past its day, not swept yet, gives way (a live one fails the insert).
    store.write('DELETE FROM request_records WHERE user_id = ? AND request_key = ? AND recorded_at <= ?', userId, key, now - REQUEST_RECORD_MS);
  }
  store.write(
    'INSERT INTO request_records (user_id, request_key, method, path, digest, recorded_at, item_path, answer) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    userId, key, request.method, request.path, request.digest, now, request.method === 'POST' ? (request.created ?? null) : request.path, request.answer ?? null,
  );
}

/**
 * Keeps the answer (JSON, with its status) a later transaction of the request recorded at
 * `recordedAt` told, in that transaction: the one given again, until the request's own answer
 * completes the record.
 */
export function tellRequestAnswer(store: Store, { userId, key }: RequestRecordKey, recordedAt: number, answer: string): void {
  store.write('UPDATE request_records SET answer = ? WHERE user_id = ? AND request_key = ? AND recorded_at = ?', answer, userId, key, recordedAt);
}

/** Keeps the answer (JSON) of the item at `item` of the batch recorded at `recordedAt`, in the transaction of that item's write. */
export function insertRequestItemAnswer(store: Store, { userId, key }: RequestRecordKey, recordedAt: number, item: number, answer: string): void {
  store.write('INSERT INTO request_records_items (user_id, request_key, recorded_at, item, answer) VALUES (?, ?, ?, ?, ?)', userId, key, recordedAt, item, answer);
}

/** The answers (JSON) of the items made of the batch recorded at `recordedAt`, by their place in it. */
export function requestItemAnswers(store: Store, { userId, key }: RequestRecordKey, recordedAt: number): Map<number, string> {
  const rows = store.all<{ item: number; answer: string }>('SELECT item, answer FROM request_records_items WHERE user_id = ? AND request_key = ? AND recorded_at = ?', userId, key, recordedAt);
  return new Map(rows.map((row) => [Number(row.item), row.answer]));
}

/**
 * Completes the record made at `recordedAt` (not another instance's of the key) with what the
 * request was answered (in the same group of writes as the write, where nothing came between);
 * a batch's (`itemsKept`) deletes its items' answers with it.
 */
export function completeRequestRecord(
  store: Store, { userId, key }: RequestRecordKey, recordedAt: number, answer: Pick<RequestRecord, 'status' | 'item_path' | 'answer'>, itemsKept = false,
): void {
  store.transaction(() => {
    store.write(
      'UPDATE request_records SET status = ?, item_path = ?, answer = ? WHERE user_id = ? AND request_key = ? AND recorded_at = ?',
      answer.status, answer.item_path, answer.answer, userId, key, recordedAt,
    );
    // A batch's items' answers, kept until its own (the one given again from now on).
    if (itemsKept) store.write('DELETE FROM request_records_items WHERE user_id = ? AND request_key = ? AND recorded_at = ?', userId, key, recordedAt);
  });
}

/**
 * The error for a driver's that says a request record's key is taken (SQLite's constraint
 * failure, PostgreSQL's unique_violation 23505, both naming the table): two instances served
 * one id at once and the other committed first. undefined for any other error.
 */
export function requestIdTaken(error: unknown, code = (error as { code?: unknown } | null)?.code): StoreRequestIdTakenError | undefined {
  const message = error instanceof Error ? error.message : '';
  const uniqueKey = code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
  if (!uniqueKey || !message.includes('request_records')) return undefined;
  // Its first line: PostgreSQL adds the key's values on the next (DETAIL).
  return new StoreRequestIdTakenError(`Another instance recorded this request id first: ${message.trim().split('\n')[0]}`, { cause: error });
}
