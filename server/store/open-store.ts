// Opens a site's store: PostgreSQL when a postgres:// address is given, else SQLite in the
// site's data directory (the default, and the desktop's only store).
import path from 'node:path';
import type { Store } from './db.ts';
import { SqliteStore } from './sqlite-store.ts';
import { PostgresStore } from './postgres-store.ts';
import { PgWriteListener } from './pg-write-listener.ts';

export function isPostgresUrl(database: string): boolean {
  return /^postgres(ql)?:\/\//i.test(database);
}

/** `database`: a postgres:// address, or nothing for `site.db` in `dataDir`. */
export function openStore(dataDir: string, database?: string): Store {
  if (database === undefined || database === '') return new SqliteStore(path.join(dataDir, 'site.db'));
  if (!isPostgresUrl(database)) throw new Error(`--database must be a postgres:// address; "${database}" is not.`);
  return new PostgresStore(database);
}

/** A listener for the writes every instance commits on a PostgreSQL database; null on SQLite. */
export function openWriteListener(database?: string): PgWriteListener | null {
  return database !== undefined && isPostgresUrl(database) ? new PgWriteListener(database) : null;
}
