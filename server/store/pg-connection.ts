// How the PostgreSQL store's connections bound their waits. The store waits for the database
// synchronously, so a database that does not answer must not hold it unbounded: a connection
// attempt gives up (a paused or unreachable server), a statement the server runs too long is
// cancelled by the server, and a connection whose peer is gone (its machine down, the network
// cut) is noticed by TCP. Each ends in StoreUnavailableError (503, nothing written); the next
// request connects again, so the store recovers by itself once the database answers.
import { LOCK_WAIT_MS } from './db.ts';

/** A connection attempt's bound (libpq's connect_timeout, in whole seconds; libpq takes 2 at least). */
export const CONNECT_TIMEOUT_S = 3;
/**
 * The server's bound on one statement: past the lock wait, so that a write waiting for a lock
 * is answered as such (lock_timeout) first. The migrations, run once at a first start, have none.
 */
export const STATEMENT_TIMEOUT_MS = 2 * LOCK_WAIT_MS;

/**
 * TCP's bounds where the peer may vanish without a word: keepalive probes on a connection
 * waiting for an answer (dead after idle + interval × count seconds), and how long sent data
 * may stay unacknowledged (a server that is only paused still acknowledges: the kernel does).
 */
const TCP_BOUNDS: Record<string, string> = {
  keepalives: '1',
  keepalives_idle: '10',
  keepalives_interval: '5',
  keepalives_count: '3',
  tcp_user_timeout: '10000',
};

/** The address with the bounds added, each unless the operator's address sets it. */
export function boundedConnectionUrl(url: string): string {
  const bounded = new URL(url);
  for (const [name, value] of Object.entries({ connect_timeout: String(CONNECT_TIMEOUT_S), ...TCP_BOUNDS })) {
    if (!bounded.searchParams.has(name)) bounded.searchParams.set(name, value);
  }
  return bounded.href;
}

/** query_canceled: the server's statement_timeout ended the statement; its transaction changed nothing. */
export const STATEMENT_TIMED_OUT = '57014';

/**
 * The channel every committed write is announced on. The payload is the writing instance, the
 * tables written (`*` for writes that may touch any table) and the announcement's number, one
 * more for each of the instance's (`<instance> posts,terms 42`): an instance that hears it on
 * two connections takes it in once.
 */
export const WRITES_CHANNEL = 'inkwell_writes';
