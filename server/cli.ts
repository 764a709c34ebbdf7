// `npm run site`: runs the standalone site, or one command on its data: its users and
// application passwords here, each namespace's own from the namespace table.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { inkwellDataDir } from './app-data.ts';
import { isDeploymentName } from './deployments.ts';
import type { DeploymentName } from './site-context.ts';
import { serveSite } from './http.ts';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_UPLOAD_BYTES } from './http/body-limits.ts';
import { DEFAULT_REQUEST_TIMEOUT_MS, serveThroughWorkers, type PooledSite } from './http/worker-pool.ts';
import { requestWorkerData, runRequestWorker } from './http/request-worker.ts';
import { openStore } from './store/open-store.ts';
import { initialiseSite } from './initialise.ts';
import { stopWhenOrphaned } from './stop-when-orphaned.ts';
import {
  appPasswordCreateCommand, appPasswordListCommand, appPasswordRevokeCommand, createUserCommand, setPasswordCommand,
} from './auth/account-commands.ts';
import type { SiteCommand } from './site-context.ts';
import { NAMESPACE_PLUGINS } from './namespace-table.ts';

export const DEFAULT_PORT = 8787;

/** The site's own commands, then each namespace's. */
const COMMANDS: readonly SiteCommand[] = [
  {
    name: 'app-password create',
    help: ['Create an application password and print it once.', '--user LOGIN --name NAME [--app-id UUID]'],
    options: ['user', 'name', 'app-id'],
    run({ store, option, required }) {
      const login = required('user');
      const created = appPasswordCreateCommand(store, { login, name: required('name'), appId: option('app-id') });
      console.log(`Application password for ${login} (shown once, store it now):\n${created.password}\nuuid: ${created.uuid}`);
    },
  },
  {
    name: 'app-password list',
    help: ["List a user's application passwords. --user LOGIN"],
    options: ['user'],
    run({ store, required }) {
      for (const row of appPasswordListCommand(store, { login: required('user') })) {
        console.log(`${row.uuid}  ${row.name}  created ${row.created}  last used ${row.last_used ?? 'never'}`);
      }
    },
  },
  {
    name: 'app-password revoke',
    help: ['Revoke one. --user LOGIN --uuid UUID'],
    options: ['user', 'uuid'],
    run({ store, required }) {
      appPasswordRevokeCommand(store, { login: required('user'), uuid: required('uuid') });
      console.log('Revoked.');
    },
  },
  {
    name: 'user create',
    help: [
      'Create a user. --login LOGIN --role ROLE [--password P] [--email E]',
      'Roles: administrator, editor, author, contributor, subscriber.',
      'Without --password one is generated and printed once.',
    ],
    options: ['login', 'role', 'password', 'email'],
    run({ store, option, required }) {
      const created = createUserCommand(store, { login: required('login'), role: required('role'), password: option('password'), email: option('email') });
      console.log(`Created user ${created.user.login} (${created.user.role}).`);
      if (option('password') === undefined) console.log(`Account password (shown once): ${created.password}`);
    },
  },
  {
    name: 'user set-password',
    help: ["Change a user's account password (the one the sign-in page asks for).", '--login LOGIN [--password P]'],
    options: ['login', 'password'],
    run({ store, option, required }) {
      const password = setPasswordCommand(store, { login: required('login'), password: option('password') });
      console.log(option('password') === undefined ? `New account password (shown once): ${password}` : 'Password changed.');
    },
  },
  ...NAMESPACE_PLUGINS.flatMap((plugin) => plugin.commands ?? []),
];

/** A command's lines in the help text: its name, then its description in a column. */
function commandHelp(command: SiteCommand): string {
  const [first, ...rest] = command.help;
  return [`  ${command.name.padEnd(26)}${first}`, ...rest.map((line) => `${' '.repeat(30)}${line}`)].join('\n');
}

const HELP = `Usage: npm run site -- [command] [options]

Runs a site of the content interface on this machine, or manages its accounts.

Commands:
  (none)                    Run the site until Ctrl+C.
${COMMANDS.map(commandHelp).join('\n')}

Options:
  --deployment a|b   Which deployment of the interface to serve (default a).
  --data DIR         The site's data directory (default: in your application-data folder).
  --database postgres://USER@HOST:PORT/DB
                     Keep the site's data in PostgreSQL (several instances may share it);
                     by default it is SQLite, in the data directory. Media stay in --data.
  --port N           Port to listen on (default ${DEFAULT_PORT}; 0 picks a free one).
  --host ADDRESS     Address to bind (default 127.0.0.1, loopback only).
  --url URL          The site's public base URL when it serves other machines.
  --trusted-proxy ADDRESS[,ADDRESS]
                     Reverse proxies in front of the site (their address as the site
                     sees it): the client is then the last address they add to
                     X-Forwarded-For, for the per-client limits.
  --allow-private-network
                     Let the site fetch from loopback and private addresses (media
                     sideloads, oEmbed); off by default.
  --media-dir DIR    Keep media files in DIR, a folder every instance of the site mounts
                     (a network file system); default: uploads/ in the data directory.
  --media s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION
                     Keep media files in an S3 bucket (endpoint for S3-compatible
                     servers); credentials from AWS_ACCESS_KEY_ID and
                     AWS_SECRET_ACCESS_KEY (or an AWS profile).
  --workers N        Serve with N worker processes, each with its own database connection,
                     behind a process that answers the API index and hands them the rest:
                     a slow or stalled database holds the requests that need it, not the
                     site (default 0: one process, as before; or INKWELL_SITE_WORKERS).
  --request-timeout MS
                     With --workers: a request with no answer in MS milliseconds is
                     answered 503 with Retry-After if it wrote nothing (default ${DEFAULT_REQUEST_TIMEOUT_MS}).
  --help             Show this text.

A new data directory is initialised with an administrator "admin", whose generated
account password is printed once. Clients connect with application passwords over
HTTP Basic, or through the sign-in page the API index advertises.`;

/** A standalone site's data, in the per-user application-data folder. */
export function defaultDataDir(deployment: DeploymentName): string {
  return path.join(inkwellDataDir(), `site-${deployment}`);
}

function fail(message: string): never {
  console.error(`Error: ${message}\nRun with --help for usage.`);
  process.exit(2);
}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') fail(`--${name} is required.`);
  return value;
}

/** A whole number option within bounds, or its default when not given. */
function wholeNumber(values: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const value = values[name] === undefined ? fallback : Number(values[name]);
  if (!Number.isInteger(value) || value < 0 || value > max) fail(`--${name} must be a number from 0 to ${max}.`);
  return value;
}

/** The site in one process (serveSite), or behind a front process with --workers (worker-pool.ts). */
async function startServing(values: Record<string, string | boolean | undefined>, deployment: DeploymentName, dataDir: string): Promise<PooledSite> {
  const port = wholeNumber(values, 'port', DEFAULT_PORT, 65535);
  const workers = wholeNumber(values, 'workers', Number(process.env.INKWELL_SITE_WORKERS ?? 0), 64);
  const site = {
    dataDir,
    database: values.database as string | undefined,
    deployment,
    allowPrivateNetwork: values['allow-private-network'] === true,
    mediaDir: values['media-dir'] === undefined ? undefined : path.resolve(values['media-dir'] as string),
    media: values.media as string | undefined,
  };
  const host = (values.host as string | undefined) ?? '127.0.0.1';
  const url = values.url as string | undefined;
  const trustedProxies = (values['trusted-proxy'] as string | undefined)?.split(',').filter(Boolean);
  if (workers > 0) {
    const limits = { maxBodyBytes: DEFAULT_MAX_BODY_BYTES, maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES };
    const requestTimeoutMs = wholeNumber(values, 'request-timeout', DEFAULT_REQUEST_TIMEOUT_MS, 3_600_000);
    return serveThroughWorkers({ site, host, port, url, limits, trustedProxies, workers, requestTimeoutMs, entry: new URL(import.meta.url) });
  }
  const running = await serveSite({ ...site, host, port, url, trustedProxies });
  return {
    address: running.address, url: running.url, apiRoot: running.site.context.urls.apiRoot, initialAdminPassword: running.site.initialAdminPassword,
    mediaDescription: running.site.context.media.description, close: running.close,
  };
}

async function runSite(values: Record<string, string | boolean | undefined>, deployment: DeploymentName, dataDir: string): Promise<void> {
  // The stop is handled from before the port opens: a signal that came between the listen and a
  // handler set after it (the ready lines are printed first, and a supervisor may signal on them)
  // ended the process by the signal's default action, cutting the connections it had taken. A
  // stop asked while the site starts lets the start end, then stops as any other.
  const starting = startServing(values, deployment, dataDir).catch((error: Error) => fail(error.message));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const running = await starting;
    console.log('Stopping: finishing requests in flight…');
    // Behind a proxy: its kept connections are used up before the instance stops listening.
    await running.close({ drain: true });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  stopWhenOrphaned(() => void stop());
  const running = await starting;
  if (running.initialAdminPassword) {
    console.log(`New site initialised in ${dataDir}.\nAdministrator login: admin\nAccount password (shown once): ${running.initialAdminPassword}`);
  }
  console.log(`Site (deployment ${deployment.toUpperCase()}) ready at ${running.url}/`);
  console.log(`API root: ${running.apiRoot}`);
  console.log(`Media files: ${running.mediaDescription}`);
}

function runCommand(words: string, values: Record<string, string | boolean | undefined>, dataDir: string): void {
  const store = openStore(dataDir, values.database as string | undefined);
  try {
    const initialPassword = initialiseSite(store);
    if (initialPassword) console.log(`New site initialised in ${dataDir}. Admin account password (shown once): ${initialPassword}`);
    const command = COMMANDS.find((candidate) => candidate.name === words);
    if (!command) fail(`Unknown command "${words}".`);
    // A command serves nothing: a lock an instance holds is waited for the whole lock wait.
    store.beforeServing(() => command.run({ store, dataDir, option: (name) => values[name] as string | undefined, required: (name) => required(values, name) }));
  } catch (error) {
    fail((error as Error).message);
  } finally {
    store.close();
  }
}

async function main(): Promise<void> {
  const commandOptions = Object.fromEntries(COMMANDS.flatMap((command) => command.options ?? []).map((name) => [name, { type: 'string' as const }]));
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      deployment: { type: 'string' }, data: { type: 'string' }, database: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' },
      url: { type: 'string' }, 'media-dir': { type: 'string' }, media: { type: 'string' }, help: { type: 'boolean' }, 'allow-private-network': { type: 'boolean' },
      'trusted-proxy': { type: 'string' }, workers: { type: 'string' }, 'request-timeout': { type: 'string' }, ...commandOptions,
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const deployment = values.deployment ?? 'a';
  if (!isDeploymentName(deployment)) fail('--deployment must be a or b.');
  const dataDir = path.resolve(values.data ?? defaultDataDir(deployment));
  if (positionals.length === 0) await runSite(values, deployment, dataDir);
  else runCommand(positionals.join(' '), values, dataDir);
}

// A worker process of --workers starts from this module too (the command line is one file when compiled).
const worker = requestWorkerData();
if (worker) void runRequestWorker(worker);
else main().catch((error: unknown) => fail((error as Error).message));
