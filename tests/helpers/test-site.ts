// A real site over real HTTP in a temp directory, with one user (and application
// password) per role, for integration tests. Its store is SQLite, or with
// INKWELL_TEST_STORE=postgres (the site-postgres project) a database of its own on the
// run's PostgreSQL cluster (tests/helpers/postgres/).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveSite, type RunningSite, type ServeOptions } from '../../server/http.ts';
import type { DeploymentName } from '../../server/site-context.ts';
import { appPasswordCreateCommand, createUserCommand } from '../../server/auth/account-commands.ts';
import { hashAccountPassword } from '../../server/auth/passwords.ts';
import { inject } from 'vitest';
import { createSiteDatabase, INITIALISED_TEMPLATE_DATABASE, TEMPLATE_DATABASE } from './postgres/databases.ts';
import { copyInitialisedDatabase } from './initialised-site.ts';
import { dateByMovedClock } from './clock-ahead.ts';
import { request, routeUrl, type ApiResult, type RequestOptions } from './http-request.ts';

export const TEST_ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type TestRole = (typeof TEST_ROLES)[number];

export interface ApiOptions extends RequestOptions {
  as?: TestRole | null;
}

export interface TestSite {
  running: RunningSite;
  dataDir: string;
  /** The site's PostgreSQL database (to start it again on the same data); undefined on SQLite. */
  database: string | undefined;
  url: string;
  apiRoot: string;
  users: Record<TestRole, { id: number; login: string; password: string; appPassword: string }>;
  api<T = any>(route: string, options?: ApiOptions): Promise<ApiResult<T>>;
  authHeader(role: TestRole): string;
  close(): Promise<void>;
}

/** Server options a test may set (sideloads from loopback, body limits, the sign-in limit, a new site's time zone, the media storage). */
export type TestSiteOptions = Pick<ServeOptions, 'allowPrivateNetwork' | 'maxBodyBytes' | 'maxUploadBytes' | 'signInLimit' | 'timezone' | 'media' | 'mediaDir'>;

/** Every test's client is 127.0.0.1: sign-ins are not limited unless a test sets the limit. */
const UNLIMITED_SIGN_INS = { requests: Number.MAX_SAFE_INTEGER, seconds: 1 };

/** Whether the test sites of this run keep their data in PostgreSQL. */
export const ON_POSTGRES = process.env.INKWELL_TEST_STORE === 'postgres';

/**
 * A database for a new test site: none (SQLite in its data directory), or a fresh PostgreSQL one,
 * migrated, or also initialised as a new site in this computer's time zone when `initialised`.
 */
export function testDatabase(initialised = false): { url: string | undefined; drop(): void } {
  if (!ON_POSTGRES) return { url: undefined, drop: () => undefined };
  return createSiteDatabase(inject('postgresAdminUrl'), initialised ? INITIALISED_TEMPLATE_DATABASE : TEMPLATE_DATABASE);
}

/** The database of each test site's data directory (PostgreSQL runs only). */
const databases = new Map<string, string>();

/** The `--database` option that points a site command (`npm run site -- …`) at the test site of `dataDir`'s data. */
export function cliDatabaseArgs(dataDir: string): string[] {
  const database = databases.get(dataDir);
  return database ? ['--database', database] : [];
}

/**
 * Each role's fixed password, scrypt-hashed once per test file rather than once per test site:
 * a hash costs ~60 ms of a core, and five of them were most of what a test site cost to make.
 * The hash is the product's own (same scrypt, same cost, its own salt); only its reuse across
 * the file's sites, each with its own database, is the tests'.
 */
const roleHashes = new Map<string, string>();
function hashOncePerFile(password: string): string {
  let hash = roleHashes.get(password);
  if (hash === undefined) roleHashes.set(password, (hash = hashAccountPassword(password)));
  return hash;
}

export async function startTestSite(deployment: DeploymentName = 'a', options: TestSiteOptions = {}): Promise<TestSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `site-${deployment}-`));
  // A site with a time zone of its own is initialised as it starts; the others start on a copy of one initialised in this computer's.
  const initialised = options.timezone === undefined;
  const database = testDatabase(initialised);
  if (!database.url && initialised) copyInitialisedDatabase(dataDir);
  const running = await serveSite({ signInLimit: UNLIMITED_SIGN_INS, ...options, dataDir, database: database.url, deployment, host: '127.0.0.1', port: 0 });
  if (database.url) databases.set(dataDir, database.url);
  // Answers dated by `Date` once a test has moved it ahead (tests/helpers/clock-ahead.ts), not by Node's own reading of the real clock.
  running.server.prependListener('request', dateByMovedClock).prependListener('checkContinue', dateByMovedClock);
  const store = running.site.context.store;
  const users = {} as TestSite['users'];
  for (const role of TEST_ROLES) {
    const login = `${role}1`;
    const created = createUserCommand(store, { login, role, password: `${role}-account-password` }, hashOncePerFile);
    const app = appPasswordCreateCommand(store, { login, name: 'tests' });
    users[role] = { id: created.user.id, login, password: `${role}-account-password`, appPassword: app.password };
  }
  const authHeader = (role: TestRole) =>
    `Basic ${Buffer.from(`${users[role].login}:${users[role].appPassword}`).toString('base64')}`;
  const apiRoot = running.site.context.urls.apiRoot;

  return {
    running,
    dataDir,
    database: database.url,
    url: running.url,
    apiRoot,
    users,
    authHeader,
    api(route, { as, ...options } = {}) {
      const headers = as ? { ...options.headers, authorization: authHeader(as) } : options.headers;
      return request(routeUrl(apiRoot, route), { ...options, headers });
    },
    async close() {
      await running.close();
      databases.delete(dataDir);
      database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
