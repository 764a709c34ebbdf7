// The site's command line (`npm run site`: its commands here on server/cli.ts compiled for the
// run, tests/helpers/site-cli/; the site itself on that entry too, and twice with package.json's own
// `site` script, as `npm run site` starts it, a process of which costs about three times the CPU) in child processes with
// a temp data directory: help, users and their account passwords, application passwords
// (shown once, stored as hashes only), and running the site until SIGTERM. Each test makes
// the users and passwords it reads, so the tests pass alone and in any order. Its requests to
// the site keep no connection open (fetchOnce), so each SIGTERM ends without waiting out a
// client's idle keep-alive.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccountPassword } from '../../server/auth/passwords.ts';
import { postSignIn } from '../helpers/grant-page.ts';
import { siteCliArgs, siteCommandArgs } from '../helpers/site-cli/command.ts';
import { CONNECTION_CLOSE, fetchOnce } from '../helpers/http-request.ts';

/** `npm run site`'s command (package.json), which must be one Node process: a wrapper between npm and the site (tsx's CLI) SIGKILLs a site that has not taken a relayed signal within 30 ms. */
const NPM_RUN_SITE = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.site.split(' ');
const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
const APP_PASSWORD = /^([A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5})$/m;

const tempDirs: string[] = [];
const started = new Set<ChildProcess>();
afterAll(() => {
  // A test that failed half-way may leave its site running: stop it.
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cli-${name}-`));
  tempDirs.push(dir);
  return dir;
}

/** One command, in one process: Node on the command line's entry compiled for the run (no TypeScript loader, no second Node). */
function cli(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, siteCommandArgs(...args, '--data', dataDir), { encoding: 'utf8' });
}

/** Creates a user with the command line, failing the test when it cannot. */
function createUser(dataDir: string, login: string, role: string, password: string): void {
  const result = cli(dataDir, 'user', 'create', '--login', login, '--role', role, '--password', password);
  expect(result.status, result.stderr).toBe(0);
}

/** Every value in every table of the site's database, and its raw bytes (database and WAL). */
function everythingStored(dataDir: string): string {
  const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    const rows = tables.map((table) => JSON.stringify(db.prepare(`SELECT * FROM "${table}"`).all()));
    const files = ['site.db', 'site.db-wal']
      .map((file) => path.join(dataDir, file))
      .filter((file) => fs.existsSync(file))
      .map((file) => fs.readFileSync(file).toString('latin1'));
    return [...rows, ...files].join('\n');
  } finally {
    db.close();
  }
}

function query<T>(dataDir: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const userRow = (dataDir: string, login: string) =>
  query<{ id: number; login: string; email: string; role: string; password_hash: string }>(dataDir, 'SELECT * FROM users WHERE login = ?', login)[0];

interface RunningChild {
  child: ChildProcess;
  url: string;
  apiRoot: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The program `npm run site` starts: Node itself (this test's), else the script has put a process between npm and the site. */
function npmRunSiteNode(): string {
  if (NPM_RUN_SITE[0] !== 'node') throw new Error(`npm run site starts ${NPM_RUN_SITE[0]}, not the site's own Node process: a signal npm passes on reaches that program, not the site`);
  return process.execPath;
}

/** The command and arguments that start the site: npm itself (`npm`), `npm run site`'s command run directly (`script`), or the compiled entry (`entry`). */
function siteCommand(by: 'npm' | 'script' | 'entry', args: string[], traced: string[]): [string, string[]] {
  if (by === 'npm') return ['npm', ['run', '--silent', 'site', '--', ...args]];
  if (by === 'script') return [npmRunSiteNode(), [...NPM_RUN_SITE.slice(1), ...args]];
  return [process.execPath, [...traced, ...siteCliArgs(...args)]];
}

/** Starts the site on a free port (`by` as siteCommand says) and resolves once it prints its addresses; `loadTrace` notes every file it loads there (tests/helpers/load-trace.cjs). */
function startSite(dataDir: string, { by = 'entry' as 'npm' | 'script' | 'entry', options = [] as string[], loadTrace = '' } = {}): Promise<RunningChild> {
  const args = ['--data', dataDir, '--port', '0', ...options];
  const traced = loadTrace ? ['--require', path.resolve('tests/helpers/load-trace.cjs')] : [];
  const [command, commandArgs] = siteCommand(by, args, traced);
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: loadTrace ? { ...process.env, INKWELL_LOAD_TRACE: loadTrace } : process.env });
  started.add(child);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready at (http:\/\/\S+?)\/\nAPI root: (\S+)\n/.exec(output);
      if (ready) resolve({ child, url: ready[1], apiRoot: ready[2], output: () => output, exited });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited.then(({ code }) => reject(new Error(`the site exited (${code}) before it was ready: ${output}`)));
  });
}

/** The last process down the first line of `pid`'s children (Linux's /proc): the site's own process, whatever starts it. */
function deepestDescendant(pid: number): number {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean);
  return children.length === 0 ? pid : deepestDescendant(Number(children[0]));
}

function basic(login: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` };
}

describe('--help', () => {
  it('explains the commands and options, exits 0 and touches no data', () => {
    const dataDir = path.join(tempDir('help'), 'never-created');
    const result = cli(dataDir, '--help');
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    for (const text of ['Usage: npm run site', 'user create', 'user set-password', 'app-password create', 'app-password list',
      'app-password revoke', '--data DIR', '--port N', '--deployment a|b', 'administrator, editor, author, contributor, subscriber']) {
      expect(result.stdout).toContain(text);
    }
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe('--database postgres://… where PostgreSQL support is not installed', () => {
  // pg-native made to fail to load, as on a machine where npm ci could not build it (no libpq-dev).
  const withoutPgNative = (dataDir: string, ...args: string[]) => spawnSync(process.execPath,
    ['--require', './tests/helpers/without-pg-native.cjs', ...siteCommandArgs(...args, '--data', dataDir, '--database', 'postgres://inkwell@127.0.0.1:1/inkwell')],
    { encoding: 'utf8' });

  for (const [what, args] of [['running the site', []], ['running a command', ['user', 'create', '--login', 'jo', '--role', 'editor']]] as const) {
    it(`says so plainly and exits non-zero when ${what}`, () => {
      const result = withoutPgNative(tempDir('no-pg'), ...args);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('PostgreSQL support is not installed: install libpq-dev and run npm ci');
      // One message, no stack trace.
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(result.stdout).not.toContain('ready at');
    });
  }
});

describe('users', () => {
  // The users the tests change or refuse to create again; each test creates the others it needs.
  const dataDir = tempDir('users');
  beforeAll(() => {
    createUser(dataDir, 'cli-editor', 'editor', 'editor-secret-pw');
    createUser(dataDir, 'cli-author', 'author', 'author-secret-pw');
  });

  it('initialises a new data directory on first use and prints the admin’s account password once', async () => {
    const dataDir = tempDir('first-use');
    const result = cli(dataDir, 'user', 'create', '--login', 'first', '--role', 'subscriber', '--password', 'first-password');
    expect(result.status, result.stderr).toBe(0);
    const printed = /Admin account password \(shown once\): (\S+)/.exec(result.stdout)![1];
    expect(printed).toMatch(/^[A-Za-z0-9]{20}$/);
    const admin = userRow(dataDir, 'admin');
    expect(admin.role).toBe('administrator');
    expect(await verifyAccountPassword(printed, admin.password_hash)).toBe(true);
    expect(everythingStored(dataDir)).not.toContain(printed);
    // Only the first time.
    const again = cli(dataDir, 'user', 'create', '--login', 'second', '--role', 'subscriber', '--password', 'second-password');
    expect(again.status).toBe(0);
    expect(again.stdout).not.toContain('Admin account password');
  });

  it.each(ROLES)('creates a user with the %s role and the given password', async (role) => {
    const login = `new-${role}`;
    const password = `${role}-secret-pw`;
    const result = cli(dataDir, 'user', 'create', '--login', login, '--role', role, '--password', password);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Created user ${login} (${role}).`);
    // A password the user chose is not echoed back.
    expect(result.stdout).not.toContain(password);
    const row = userRow(dataDir, login);
    expect(row).toMatchObject({ login, role, email: `${login}@localhost.invalid` });
    expect(await verifyAccountPassword(password, row.password_hash)).toBe(true);
    expect(await verifyAccountPassword(`${password}x`, row.password_hash)).toBe(false);
    expect(everythingStored(dataDir)).not.toContain(password);
  });

  it('takes an email address, and generates and prints a password when none is given', async () => {
    const result = cli(dataDir, 'user', 'create', '--login', 'generated', '--role', 'author', '--email', 'gen@example.org');
    expect(result.status, result.stderr).toBe(0);
    const printed = /Account password \(shown once\): (\S+)/.exec(result.stdout)![1];
    const row = userRow(dataDir, 'generated');
    expect(row.email).toBe('gen@example.org');
    expect(await verifyAccountPassword(printed, row.password_hash)).toBe(true);
  });

  it.each([
    [['--login', 'max', '--role', 'emperor'], /Unknown role "emperor"\. Roles: administrator, editor, author, contributor, subscriber\./],
    [['--login', 'cli-editor', '--role', 'editor', '--password', 'long-enough'], /already exists/],
    [['--login', 'shorty', '--role', 'editor', '--password', 'short'], /at least 8 characters/],
    [['--role', 'editor'], /--login is required/],
    [['--login', 'norole'], /--role is required/],
    [['--login', 'has space', '--role', 'editor'], /login has 1 to 60 letters/],
    [['--login', 'bad-mail', '--role', 'editor', '--email', 'not-an-email'], /is not an email address/],
  ])('refuses %j with a clear message and a non-zero exit', (args, message) => {
    const before = query<{ n: number }>(dataDir, 'SELECT COUNT(*) AS n FROM users')[0].n;
    const result = cli(dataDir, 'user', 'create', ...args);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/^Error: /);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('--help');
    expect(query<{ n: number }>(dataDir, 'SELECT COUNT(*) AS n FROM users')[0].n).toBe(before);
  });

  it('changes an account password with set-password', async () => {
    const before = userRow(dataDir, 'cli-author').password_hash;
    const result = cli(dataDir, 'user', 'set-password', '--login', 'cli-author', '--password', 'a-brand-new-password');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Password changed.');
    const after = userRow(dataDir, 'cli-author').password_hash;
    expect(after).not.toBe(before);
    expect(await verifyAccountPassword('a-brand-new-password', after)).toBe(true);
    expect(await verifyAccountPassword('author-secret-pw', after)).toBe(false);
  });

  it('generates and prints a new account password when set-password gets none', async () => {
    const result = cli(dataDir, 'user', 'set-password', '--login', 'cli-editor');
    expect(result.status, result.stderr).toBe(0);
    const printed = /New account password \(shown once\): (\S+)/.exec(result.stdout)![1];
    expect(await verifyAccountPassword(printed, userRow(dataDir, 'cli-editor').password_hash)).toBe(true);
  });

  it('refuses set-password for an unknown user or a short password', () => {
    const unknown = cli(dataDir, 'user', 'set-password', '--login', 'ghost', '--password', 'whatever-password');
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain('No user "ghost"');
    const hash = userRow(dataDir, 'cli-editor').password_hash;
    const short = cli(dataDir, 'user', 'set-password', '--login', 'cli-editor', '--password', 'short');
    expect(short.status).not.toBe(0);
    expect(short.stderr).toContain('at least 8 characters');
    expect(userRow(dataDir, 'cli-editor').password_hash).toBe(hash);
  });

  it('refuses an unknown command', () => {
    const result = cli(dataDir, 'user', 'delete', '--login', 'cli-editor');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Unknown command "user delete"');
  });
});

describe('application passwords', () => {
  // One user, jo, with one password (Laptop) the tests only read; a test that revokes or
  // counts creates its own.
  const dataDir = tempDir('app-passwords');
  const appId = '6b0f3c52-2d0e-4a7b-9a51-7c1e2f4d8a90';
  let laptopPassword = '';

  /** Creates an application password for jo with the command line; its password and uuid as printed. */
  function createAppPassword(...args: string[]): { password: string; uuid: string; stdout: string } {
    const result = cli(dataDir, 'app-password', 'create', '--user', 'jo', ...args);
    expect(result.status, result.stderr).toBe(0);
    return { password: APP_PASSWORD.exec(result.stdout)![1], uuid: /uuid: ([0-9a-f-]{36})/.exec(result.stdout)![1], stdout: result.stdout };
  }

  beforeAll(() => {
    createUser(dataDir, 'jo', 'editor', 'jo-account-password');
    laptopPassword = createAppPassword('--name', 'Laptop').password;
  });

  it('creates one, prints it once with its uuid, and stores only its hash', () => {
    const before = query<{ n: number }>(dataDir, 'SELECT COUNT(*) AS n FROM app_passwords')[0].n;
    const { password, uuid, stdout } = createAppPassword('--name', 'Desk', '--app-id', appId);
    expect(stdout).toContain('shown once');

    expect(query<{ n: number }>(dataDir, 'SELECT COUNT(*) AS n FROM app_passwords')[0].n).toBe(before + 1);
    const rows = query<{ uuid: string; name: string; app_id: string; password_hash: string; user_id: number; last_used: string | null }>(
      dataDir, 'SELECT * FROM app_passwords WHERE uuid = ?', uuid,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ uuid, name: 'Desk', app_id: appId, user_id: userRow(dataDir, 'jo').id, last_used: null });
    expect(rows[0].password_hash).toBe(createHash('sha256').update(password.replace(/ /g, '')).digest('hex'));
    const stored = everythingStored(dataDir);
    expect(stored).not.toContain(password);
    expect(stored).not.toContain(password.replace(/ /g, ''));
  });

  it('gives a different password each time', () => {
    const second = createAppPassword('--name', 'Phone').password;
    expect(second).not.toBe(laptopPassword);
    expect(everythingStored(dataDir)).not.toContain(second.replace(/ /g, ''));
  });

  it('lists a user’s application passwords without their secrets', () => {
    const stored = query<{ uuid: string; name: string }>(dataDir, "SELECT uuid, name FROM app_passwords WHERE user_id = ?", userRow(dataDir, 'jo').id);
    const result = cli(dataDir, 'app-password', 'list', '--user', 'jo');
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    // One line for each of jo's passwords, however many the other tests have made.
    expect(lines).toHaveLength(stored.length);
    for (const { uuid, name } of stored) expect(lines.find((line) => line.includes(uuid))).toContain(name);
    expect(result.stdout).toMatch(/Laptop\s+created \d{4}-\d{2}-\d{2}T[\d:]+\s+last used never/);
    expect(result.stdout).not.toContain(laptopPassword.replace(/ /g, '').slice(0, 8));
  });

  it.each([
    [['create', '--user', 'jo'], '--name is required'],
    [['create', '--user', 'nobody', '--name', 'x'], 'No user "nobody"'],
    [['create', '--name', 'x'], '--user is required'],
    [['list', '--user', 'nobody'], 'No user "nobody"'],
    [['revoke', '--user', 'jo', '--uuid', '00000000-0000-4000-8000-000000000000'], 'has no application password'],
    [['revoke', '--user', 'jo'], '--uuid is required'],
  ])('refuses app-password %j with a clear message and a non-zero exit', (args, message) => {
    const before = query<{ n: number }>(dataDir, 'SELECT COUNT(*) AS n FROM app_passwords')[0].n;
    const result = cli(dataDir, 'app-password', ...args);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(message);
    expect(query<{ n: number }>(dataDir, 'SELECT COUNT(*) AS n FROM app_passwords')[0].n).toBe(before);
  });

  it('works over HTTP Basic against the running site, and stops working there once revoked', { timeout: 90_000 }, async () => {
    const { password, uuid } = createAppPassword('--name', 'Server');
    const site = await startSite(dataDir);
    try {
      const me = () => fetchOnce(`${site.apiRoot}cms/v2/users/me?context=edit`, { headers: basic('jo', password) });
      const first = await me();
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ username: 'jo', roles: ['editor'] });
      const listed = cli(dataDir, 'app-password', 'list', '--user', 'jo');
      expect(listed.stdout).not.toMatch(/Server.*last used never/);

      const revoked = cli(dataDir, 'app-password', 'revoke', '--user', 'jo', '--uuid', uuid);
      expect(revoked.status, revoked.stderr).toBe(0);
      expect(revoked.stdout).toContain('Revoked.');
      const after = await me();
      expect(after.status).toBe(401);
      expect((await after.json()).code).toBe('incorrect_password');
      expect(cli(dataDir, 'app-password', 'list', '--user', 'jo').stdout).not.toContain(uuid);
    } finally {
      const stopped = site.exited;
      site.child.kill('SIGTERM');
      expect((await stopped).code).toBe(0);
    }
  });
});

describe('running the site', () => {
  it('on a new data directory prints the admin password and its addresses, serves, and stops cleanly on SIGTERM', { timeout: 90_000 }, async () => {
    const dataDir = path.join(tempDir('run'), 'new-site');
    const site = await startSite(dataDir, { by: 'script' });
    const output = site.output();
    expect(output).toContain(`New site initialised in ${dataDir}.`);
    expect(output).toContain('Administrator login: admin');
    const adminPassword = /Account password \(shown once\): (\S+)/.exec(output)![1];
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(output).toContain(`Site (deployment A) ready at ${site.url}/`);
    expect(site.apiRoot).toBe(`${site.url}/cms-json/`);

    const index = await fetchOnce(site.apiRoot);
    expect(index.status).toBe(200);
    const body = await index.json();
    expect(body.url).toBe(site.url);
    expect(body.authentication['application-passwords'].endpoints.authorization).toBe(`${site.url}/authorize-application`);

    // The printed password is the admin's account password: the sign-in page takes it.
    const signIn = await postSignIn(`${site.url}/authorize-application?app_name=CLI%20test`, 'admin', adminPassword, CONNECTION_CLOSE);
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('set-cookie')).toMatch(/^cms_session=/);
    expect(everythingStored(dataDir)).not.toContain(adminPassword);

    site.child.kill('SIGTERM');
    expect(await site.exited).toEqual({ code: 0, signal: null });
    expect(site.output()).toContain('Stopping');
    await expect(fetch(site.apiRoot)).rejects.toThrow();

    // Started again on the same directory: nothing new to print.
    const again = await startSite(dataDir);
    expect(again.output()).not.toContain('Account password');
    expect((await fetchOnce(again.apiRoot)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });

  it('started as npm run site, stops cleanly on SIGTERM that comes while it is too busy to take it at once', { timeout: 60_000 }, async () => {
    const site = await startSite(path.join(tempDir('busy-stop'), 'site'), { by: 'script' });
    // The site's own process held still (as a long request or a loaded machine holds it) while SIGTERM arrives:
    // it must take the signal when it runs again, and nothing in between may kill it.
    const siteProcess = deepestDescendant(site.child.pid!);
    process.kill(siteProcess, 'SIGSTOP');
    site.child.kill('SIGTERM');
    // The fault lasts 0.3 s: ten times what tsx's CLI waited before killing a site that had not answered its relayed signal.
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(siteProcess, 'SIGCONT');
    expect(await site.exited).toEqual({ code: 0, signal: null });
    expect(site.output()).toContain('Stopping');
  });

  it('started by npm, stops cleanly when SIGTERM reaches npm alone (a container\'s command), not left running orphaned', { timeout: 60_000 }, async () => {
    const site = await startSite(path.join(tempDir('npm-stop'), 'site'), { by: 'npm' });
    expect(deepestDescendant(site.child.pid!)).not.toBe(site.child.pid);
    // The site's output closes when the site's own process ends: npm's end alone says nothing of it.
    const siteEnded = new Promise((resolve) => site.child.stdout!.once('close', resolve));
    site.child.kill('SIGTERM');
    await siteEnded;
    expect(site.output()).toContain('Stopping');
    await expect(fetchOnce(site.apiRoot)).rejects.toThrow();
  });

  it('starts without loading what only images and uploads need (sharp, file-type): each process of the site would pay ~0.1 s of CPU for it', { timeout: 60_000 }, async () => {
    const dir = tempDir('loads');
    const loadTrace = path.join(dir, 'loaded.txt');
    const site = await startSite(path.join(dir, 'site'), { loadTrace });
    expect((await fetchOnce(site.apiRoot)).status).toBe(200);
    site.child.kill('SIGTERM');
    expect((await site.exited).code).toBe(0);
    const packages = new Set(fs.readFileSync(loadTrace, 'utf8').split('\n').map((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1]).filter(Boolean));
    expect(packages).toContain('better-sqlite3');
    expect([...packages].filter((name) => /^(sharp|@img\/.*|file-type)$/.test(name!))).toEqual([]);
  });

  it('serves deployment B when asked', { timeout: 60_000 }, async () => {
    const site = await startSite(tempDir('run-b'), { options: ['--deployment', 'b'] });
    expect(site.output()).toContain(`(deployment B) ready at ${site.url}/`);
    const index = await (await fetchOnce(site.apiRoot)).json();
    expect(index.namespaces).toContain('seo/v1');
    site.child.kill('SIGTERM');
    expect((await site.exited).code).toBe(0);
  });

  it.each([
    [['--port', 'eighty'], '--port must be a number'],
    [['--port', '70000'], '--port must be a number'],
    [['--deployment', 'c'], '--deployment must be a or b'],
  ])('refuses %j with a clear message and a non-zero exit', (args, message) => {
    const dataDir = tempDir('bad-options');
    const result = cli(dataDir, ...args);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(message);
  });
});
