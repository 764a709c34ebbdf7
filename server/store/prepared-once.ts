// Each SQL text compiled once per connection and reused: preparing is most of a small query's
// cost (a sync of 10,000 items spent about 15 % of its time preparing the same statements).
import type { SqlDatabase, SqlStatement } from './sqlite.ts';

/** A function that prepares each SQL text once on `db`; only for fixed texts (the cache is never emptied). */
export function preparedOnce(db: SqlDatabase): (sql: string) => SqlStatement {
  const statements = new Map<string, SqlStatement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      const prepared = db.prepare(sql);
      // pluck() changes the statement it is called on: a caller that plucks gets one of its own.
      statement = { get: (...params) => prepared.get(...params), all: (...params) => prepared.all(...params), run: (...params) => prepared.run(...params), pluck: () => db.prepare(sql).pluck() };
      statements.set(sql, statement);
    }
    return statement;
  };
}

/** `db` with every `prepare` going through preparedOnce: for a connection whose queries are all fixed texts. */
export function withPreparedOnce(db: SqlDatabase): SqlDatabase {
  const prepare = preparedOnce(db);
  return new Proxy(db, {
    get(target, name) {
      if (name === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
