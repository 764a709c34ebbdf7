// One database per test site, copied from a template (CREATE DATABASE … TEMPLATE): the migrated
// one, or the one initialised as a new site (its settings, default category and administrator),
// and dropped when the site closes. The copy is of the template's files (FILE_COPY), not page by
// page through the write-ahead log (WAL_LOG, PostgreSQL 15's default): on the test cluster,
// whose checkpoints do not wait for the disk (fsync off), that costs a fifth less per site.
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';

export const TEMPLATE_DATABASE = 'inkwell_template';
/**
 * The migrated template as the product initialises a new site (initialiseSite, this computer's
 * time zone), made once per run: a copy saves each test site the admin's scrypt hash at the
 * product's cost, as the SQLite test sites' copy does (initialised-site.ts).
 */
export const INITIALISED_TEMPLATE_DATABASE = 'inkwell_initialised';

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

/** A new database with the site schema (of a new site, initialised, when `template` says so); its address. */
export function createSiteDatabase(adminUrl: string, template = TEMPLATE_DATABASE): { url: string; drop(): void } {
  const name = `site_${randomBytes(6).toString('hex')}`;
  adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  return { url, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
