// The PostgreSQL store's shared commit (pg-write-group.ts): the transactions of requests served
// together are savepoints of one transaction with one COMMIT (one round trip for all of them,
// which a distant database makes the cost of a write); each answer waits for that commit; a
// failure of one request's transaction fails no other; a connection lost before the commit
// fails them all, with nothing written; and a second store of this process commits the open
// group before it would wait for what the group holds.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { ON_POSTGRES } from '../helpers/test-site.ts';
import { adminQuery, createSiteDatabase } from '../helpers/postgres/databases.ts';
import { PostgresStore } from '../../server/store/postgres-store.ts';
import { StoreUnavailableError } from '../../server/store/db.ts';

if (!ON_POSTGRES) console.warn('[site] store-postgres-group.test.ts left out: it needs the site-postgres project\'s PostgreSQL cluster.');

const closing: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

function database(): string {
  const created = createSiteDatabase(inject('postgresAdminUrl'));
  closing.push(created.drop);
  return created.url;
}

function store(url: string): PostgresStore {
  const opened = new PostgresStore(url);
  closing.push(() => opened.close());
  return opened;
}

const insert = (target: PostgresStore, name: string) => target.transaction(() => target.run('INSERT INTO options (name, value) VALUES (?, ?)', name, '"x"'));
const written = (target: PostgresStore, names: readonly string[]) => names.filter((name) => target.get('SELECT 1 AS found FROM options WHERE name = ?', name) !== undefined);
/** Requests served in one turn of the event loop, each writing `name` in a transaction of its own. */
const servedTogether = (target: PostgresStore, names: readonly string[]) => names.map((name) => target.serve(async () => insert(target, name)));
const names = (prefix: string) => Array.from({ length: 8 }, (_, index) => `${prefix}-${index}`);

describe.skipIf(!ON_POSTGRES)('the PostgreSQL store\'s shared commit', () => {
  it('commits the writes of requests served together once, and answers each after that commit', async () => {
    const url = database();
    const serving = store(url);
    const other = store(url);
    insert(serving, 'prepared'); // on its own (no request is served): its statements prepared
    const before = serving.roundTrips;
    const together = names('together');
    const answers = servedTogether(serving, together);
    // Each request's transaction is over, none is committed: another connection sees none of them.
    expect(written(other, together)).toEqual([]);
    await Promise.all(answers);
    // One round trip per request (its savepoint goes with its statement), one for the COMMIT: two per request alone.
    expect(serving.roundTrips - before).toBe(together.length + 1);
    expect(written(other, together)).toEqual(together);
  });

  it('fails only the request whose transaction failed; the others are committed', async () => {
    const serving = store(database());
    insert(serving, 'together-3');
    const together = names('together');
    const answers = await Promise.allSettled(servedTogether(serving, together));
    expect(answers.map((answer) => answer.status)).toEqual(together.map((name) => (name === 'together-3' ? 'rejected' : 'fulfilled')));
    expect(written(serving, together)).toEqual(together);
    expect(serving.get('SELECT COUNT(*) AS count FROM options WHERE name LIKE ?', 'together-%')).toEqual({ count: together.length });
  });

  it('answers every request of the group StoreUnavailableError, having written none, when the connection is lost before the commit', async () => {
    const url = database();
    const serving = store(url);
    const together = names('lost');
    const answers = servedTogether(serving, together);
    // Every other connection ended, as a PostgreSQL restart does, before the group's commit.
    const name = new URL(url).pathname.slice(1);
    adminQuery(inject('postgresAdminUrl'), `SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
    const settled = await Promise.allSettled(answers);
    for (const answer of settled) expect(answer.status === 'rejected' && answer.reason).toBeInstanceOf(StoreUnavailableError);
    expect(written(serving, together)).toEqual([]);
  });

  it('lets a second store of this process take the write lock the first one\'s open group holds: it commits that group first', async () => {
    const url = database();
    const serving = store(url);
    const second = store(url);
    second.setLockWait(1); // it would fail at once were the lock still held
    const answer = serving.serve(async () => serving.writeTransaction(() => serving.run('INSERT INTO options (name, value) VALUES (?, ?)', 'grouped', '"x"')));
    second.writeTransaction(() => second.run('INSERT INTO options (name, value) VALUES (?, ?)', 'second', '"x"'));
    await answer;
    expect(written(second, ['grouped', 'second'])).toEqual(['grouped', 'second']);
  });
});
