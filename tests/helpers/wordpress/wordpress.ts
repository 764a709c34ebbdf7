// A real WordPress for the tests: Debian's `wordpress` package (installed when missing),
// MariaDB on a private socket and PHP's built-in server on a free loopback port, all under
// one temp folder, with WordPress's default content and one user per role with an
// application password. It makes no outbound HTTP. Its config is its own
// (/etc/wordpress/config-<run>.php, chosen by WORDPRESS_CONFIG), so a developer's other
// WordPress on this machine is left alone.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../free-port.ts';
import { fetchOnce } from '../http-request.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WP_ROOT = '/usr/share/wordpress';
const HOST = '127.0.0.1';
/** Forked PHP workers: two test files and the app's parallel page reads at once. */
const PHP_WORKERS = 4;

export const WORDPRESS_ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type WordPressRole = (typeof WORDPRESS_ROLES)[number];

export interface WordPressAccount {
  id: number;
  login: string;
  /** The login password (wp-login.php). */
  password: string;
  appPassword: string;
}

/** What the tests get to know about the running WordPress (serialisable: vitest's provide passes it on). */
export interface WordPressInfo {
  url: string;
  apiRoot: string;
  accounts: Record<WordPressRole, WordPressAccount>;
  /** For runPhp: the config name and content folder of this run. */
  configName: string;
  contentDir: string;
}

export interface RunningWordPress extends WordPressInfo {
  stop(): Promise<void>;
}

/** What the real-WordPress tests need from Debian. */
const WORDPRESS_PACKAGES = [
  'wordpress', 'wordpress-theme-twentytwentythree', 'php8.2-cli', 'php8.2-mysql', 'php8.2-gd', 'php8.2-imagick',
  'php8.2-xml', 'php8.2-mbstring', 'mariadb-server', 'mariadb-client',
];

async function waitFor(what: string, child: ChildProcess, ready: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

function configFile(name: string): string {
  return `/etc/wordpress/config-${name}.php`;
}

function writeConfig(name: string, socket: string, contentDir: string): void {
  fs.mkdirSync('/etc/wordpress', { recursive: true });
  fs.writeFileSync(configFile(name), `<?php
/* Written by Inkwell's tests (tests/helpers/wordpress) for one test run; removed when it ends. */
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', 'localhost:${socket}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
foreach ( array( 'AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT' ) as $key ) {
	define( $key, 'inkwell tests ${name} ' . $key );
}
$table_prefix = 'wp_';
define( 'WP_DEBUG', false );
/*
 * A request with the cookie inkwell_wp_environment=production (a test's browser) meets a
 * production site: the environment type is left at WordPress's default. A production site
 * serves https, where application passwords are on; this one serves http, so they are
 * switched on as https would (the filter is set before plugins load, through $wp_filter,
 * which WordPress takes over). Every other request: 'local', where application passwords
 * work over plain http.
 */
if ( isset( $_COOKIE['inkwell_wp_environment'] ) && 'production' === $_COOKIE['inkwell_wp_environment'] ) {
	$GLOBALS['wp_filter']['wp_is_application_passwords_available'][10][] = array( 'function' => '__return_true', 'accepted_args' => 1 );
} else {
	define( 'WP_ENVIRONMENT_TYPE', 'local' );
}
/* No outbound traffic: no cron self-requests, no external HTTP, no updates. */
define( 'DISABLE_WP_CRON', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_CONTENT_DIR', '${contentDir}' );
`, { mode: 0o600 });
}

/** Runs a PHP file with WordPress loaded for this run (set-up, seeding, changes behind the app's back). */
export function runPhp(info: Pick<WordPressInfo, 'url' | 'configName' | 'contentDir'>, script: string, args: string[] = []): string {
  return execFileSync('php', ['-d', 'display_errors=stderr', '-d', 'memory_limit=512M', script, info.url, ...args], {
    env: { ...process.env, INKWELL_WP_CONFIG: info.configName, INKWELL_WP_CONTENT: info.contentDir },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** MariaDB as the root of its own data folder, reached only through a socket in it (MariaDB wants the folder to be its user's). */
async function startMariaDb(state: string): Promise<{ child: ChildProcess; socket: string }> {
  const dataDir = path.join(state, 'mysql');
  const socket = path.join(state, 'mysqld.sock');
  fs.mkdirSync(dataDir, { recursive: true });
  execFileSync('chown', ['mysql:mysql', state, dataDir]);
  execFileSync('mariadb-install-db', ['--no-defaults', '--user=mysql', `--datadir=${dataDir}`, '--auth-root-authentication-method=socket', '--skip-test-db'], { stdio: 'ignore' });
  const child = spawn('/usr/sbin/mariadbd', [
    '--no-defaults', '--user=mysql', `--datadir=${dataDir}`, `--socket=${socket}`, `--pid-file=${path.join(state, 'mysqld.pid')}`,
    '--skip-networking', `--log-error=${path.join(state, 'mysqld.err')}`, '--character-set-server=utf8mb4', '--collation-server=utf8mb4_unicode_ci',
    // A test database: durability per commit is not what is tested here.
    '--innodb-flush-log-at-trx-commit=0', '--skip-log-bin',
  ], { detached: true, stdio: 'ignore' });
  const ping = () => {
    try {
      execFileSync('mariadb-admin', ['--no-defaults', '-S', socket, '-uroot', 'ping'], { stdio: 'ignore' });
      return Promise.resolve(true);
    } catch {
      return Promise.resolve(false);
    }
  };
  await waitFor('MariaDB', child, ping);
  execFileSync('mariadb', ['--no-defaults', '-S', socket, '-uroot', '-e', 'CREATE DATABASE wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci']);
  return { child, socket };
}

export async function startWordPress(): Promise<RunningWordPress> {
  execFileSync(path.join(HERE, '..', 'install-debian-packages.sh'), ['wordpress', ...WORDPRESS_PACKAGES], { stdio: ['ignore', 'ignore', 'inherit'] });
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-wp-'));
  fs.chmodSync(state, 0o755);
  const configName = `inkwell-${path.basename(state).replace(/[^a-zA-Z0-9]/g, '')}`;
  const contentDir = path.join(state, 'wp-content');
  fs.mkdirSync(path.join(contentDir, 'uploads'), { recursive: true });
  fs.mkdirSync(path.join(contentDir, 'plugins'));
  fs.symlinkSync(path.join(WP_ROOT, 'wp-content/themes'), path.join(contentDir, 'themes'));
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await stopGroup(child);
    fs.rmSync(configFile(configName), { force: true });
    fs.rmSync(state, { recursive: true, force: true });
  };
  try {
    const db = await startMariaDb(state);
    children.push(db.child);
    writeConfig(configName, db.socket, contentDir);
    const port = await freePort();
    const url = `http://${HOST}:${port}`;
    const info = { url, configName, contentDir };
    const accountsFile = path.join(state, 'accounts.json');
    runPhp(info, path.join(HERE, 'setup.php'), [accountsFile]);
    const accounts = JSON.parse(fs.readFileSync(accountsFile, 'utf8')) as Record<WordPressRole, WordPressAccount>;
    const php = spawn('php', [
      '-d', 'display_errors=0', '-d', 'log_errors=1', '-d', `error_log=${path.join(state, 'php-error.log')}`,
      '-d', 'upload_max_filesize=64M', '-d', 'post_max_size=64M', '-d', 'memory_limit=256M',
      '-S', `${HOST}:${port}`, '-t', WP_ROOT, path.join(HERE, 'router.php'),
    ], {
      detached: true, stdio: 'ignore', cwd: state,
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: String(PHP_WORKERS), INKWELL_WP_CONFIG: configName, INKWELL_WP_CONTENT: contentDir },
    });
    children.push(php);
    await waitFor('PHP server', php, async () => {
      try {
        // Read whole on a connection closed after it: an unread answer holds its socket open after the server stops.
        return (await fetchOnce(`${url}/wp-json/`)).ok;
      } catch {
        return false;
      }
    });
    return { ...info, apiRoot: `${url}/wp-json/`, accounts, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
