// Starts one throw-away PostgreSQL cluster for the site-postgres test run (vitest globalSetup)
// with a migrated template database and a copy of it initialised as a new site; each test site
// gets a copy of one (test-site.ts), which is much faster than migrating a new database. Stops and deletes the cluster at the end.
import type { TestProject } from 'vitest/node';
import { startCluster } from './cluster.ts';
import { PostgresStore } from '../../../server/store/postgres-store.ts';
import { initialiseSite } from '../../../server/initialise.ts';
import { adminQuery, INITIALISED_TEMPLATE_DATABASE, TEMPLATE_DATABASE } from './databases.ts';
import { LEFT_OUT_ON_POSTGRES } from './left-out.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's maintenance database address (postgres://…/postgres). */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // Said once, by the project that runs the suite (the timed files' project uses this set-up too).
  if (project.name === 'site-postgres') for (const [file, reason] of Object.entries(LEFT_OUT_ON_POSTGRES)) console.log(`[site-postgres] left out ${file}: ${reason}`);
  const started = Date.now();
  const cluster = await startCluster();
  const adminUrl = cluster.url('postgres');
  adminQuery(adminUrl, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
  new PostgresStore(cluster.url(TEMPLATE_DATABASE)).close();
  adminQuery(adminUrl, `CREATE DATABASE ${INITIALISED_TEMPLATE_DATABASE} TEMPLATE ${TEMPLATE_DATABASE}`);
  const initialised = new PostgresStore(cluster.url(INITIALISED_TEMPLATE_DATABASE));
  try {
    initialiseSite(initialised);
  } finally {
    initialised.close();
  }
  console.log(`[postgres] cluster on 127.0.0.1:${cluster.port} ready in ${Date.now() - started} ms`);
  project.provide('postgresAdminUrl', adminUrl);
  return () => cluster.stop();
}
