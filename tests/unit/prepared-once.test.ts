// A connection's statements prepared once (server/store/prepared-once.ts): the same text gives
// the same statement, and a caller that plucks does not change what the others get.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/store/sqlite.ts';
import { preparedOnce, withPreparedOnce } from '../../server/store/prepared-once.ts';

describe('statements prepared once', () => {
  it('gives the same statement for the same text, and answers as the connection does', () => {
    const db = openDatabase(':memory:');
    const prepare = preparedOnce(db);
    db.exec('CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (1, \'one\'), (2, \'two\')');
    expect(prepare('SELECT * FROM t WHERE a = ?')).toBe(prepare('SELECT * FROM t WHERE a = ?'));
    expect(prepare('SELECT * FROM t WHERE a = ?').get(2)).toEqual({ a: 2, b: 'two' });
    expect(prepare('INSERT INTO t VALUES (?, ?)').run(3, 'three').changes).toBe(1);
    expect(prepare('SELECT b FROM t ORDER BY a').all()).toEqual([{ b: 'one' }, { b: 'two' }, { b: 'three' }]);
    db.close();
  });

  it('keeps rows whole for every caller after one of them plucks', () => {
    const db = withPreparedOnce(openDatabase(':memory:'));
    db.exec('CREATE TABLE t (a INTEGER)');
    db.prepare('INSERT INTO t VALUES (?)').run(7);
    expect(db.prepare('SELECT a FROM t').pluck().get()).toBe(7);
    expect(db.prepare('SELECT a FROM t').get()).toEqual({ a: 7 });
    // The rest of the connection is the connection's own.
    expect(db.open).toBe(true);
    expect(db.transaction(() => db.inTransaction)()).toBe(true);
    db.close();
    expect(db.open).toBe(false);
  });
});
