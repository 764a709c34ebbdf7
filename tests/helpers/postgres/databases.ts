// One database per test site, copied from the migrated template (CREATE DATABASE … TEMPLATE),
// and dropped when the site closes. The copy is of the template's files (FILE_COPY), not page by
// page through the write-ahead log (WAL_LOG, PostgreSQL 15's default): on the test cluster,
// whose checkpoints do not wait for the disk (fsync off), that costs a fifth less per site.
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';

export const TEMPLATE_DATABASE = 'inkwell_template';

interface NativeClient {
  connectSync(url: string): void;
  querySync(sql: string): unknown[];
  end(): void;
}

const require = createRequire(import.meta.url);

/** Runs one statement on a short-lived connection (CREATE/DROP DATABASE cannot run in a transaction). */
export function adminQuery(adminUrl: string, sql: string): void {
  const Client = require('pg-native') as new () => NativeClient & { pq: { finish(): void } };
  const client = new Client();
  client.connectSync(adminUrl);
  try {
    client.querySync(sql);
  } finally {
    client.pq.finish();
    // libpq's binding closes its socket watcher after this call returns: the object must outlive that.
    setTimeout(() => client, 1000).unref();
  }
}

/** A new database with the site schema; its address. */
export function createSiteDatabase(adminUrl: string): { url: string; drop(): void } {
  const name = `site_${randomBytes(6).toString('hex')}`;
  adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE} STRATEGY FILE_COPY`);
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  return { url, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
