// Several instances of the standalone site on one database, each its own process started as
// an operator starts it (`server/cli.ts`, compiled once for the run: site-cli/), for the tests
// of running the site on several machines. The accounts are made with the CLI before any
// instance runs. The database is SQLite in the shared data directory, or in the site-postgres
// project a PostgreSQL database of its own (or the one given).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { testDatabase } from './test-site.ts';
import { freePort } from './free-port.ts';
import { siteCliArgs, siteCommandArgs } from './site-cli/command.ts';

export interface SiteInstance {
  child: ChildProcess;
  port: number;
  /** The instance's own API root (not the public one when it is given `--url`). */
  api: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

export interface InstanceSet {
  dataDir: string;
  /** The PostgreSQL address the instances share; undefined on SQLite. */
  database: string | undefined;
  /** The editor's HTTP Basic header. */
  editorAuth: string;
  cli(...args: string[]): string;
  start(...extra: string[]): Promise<SiteInstance>;
  /** SIGKILL, and waits until the process is gone. */
  kill(instance: SiteInstance): Promise<void>;
  close(): Promise<void>;
}

/** A data directory and database (with an editor and an application password unless told not to), and a way to start instances on them. */
export function prepareInstances(database: { url: string | undefined; drop(): void } = testDatabase(), withAccounts = true): InstanceSet {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'instances-'));
  const storeArgs = database.url ? ['--database', database.url] : [];
  const running = new Set<SiteInstance>();
  // Instances not yet ready: when one start fails beside them (Promise.all), close() ends them too.
  const starting = new Set<Pick<SiteInstance, 'child' | 'exited'>>();
  const cli = (...args: string[]) => {
    const result = spawnSync(process.execPath, siteCommandArgs(...args, '--data', dataDir, ...storeArgs), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`site ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  };
  let appPassword = '';
  if (withAccounts) {
    cli('user', 'create', '--login', 'editor', '--role', 'editor', '--password', 'editor-account-password');
    appPassword = /\n([A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5})\n/.exec(cli('app-password', 'create', '--user', 'editor', '--name', 'tests'))![1];
  }

  const kill = async (instance: Pick<SiteInstance, 'child' | 'exited'>) => {
    instance.child.kill('SIGKILL');
    await instance.exited;
    running.delete(instance as SiteInstance);
  };

  return {
    dataDir,
    database: database.url,
    editorAuth: `Basic ${Buffer.from(`editor:${appPassword}`).toString('base64')}`,
    cli,
    kill,
    async start(...extra) {
      // A port given (`--port N`) is the caller's, who may be knocking on it before the instance is ready.
      const given = extra.indexOf('--port');
      const port = given >= 0 ? Number(extra.splice(given, 2)[1]) : await freePort();
      // Node itself, not the tsx wrapper: a signal must reach the server process.
      const child = spawn(process.execPath, siteCliArgs('--data', dataDir, '--port', String(port), ...storeArgs, ...extra), { stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
      let output = '';
      const pending = { child, exited };
      starting.add(pending);
      void exited.then(() => starting.delete(pending));
      return new Promise((resolve, reject) => {
        const collect = (chunk: Buffer) => {
          output += chunk.toString();
          const ready = /ready at (\S+?)\/?\nAPI root: (\S+)\n/.exec(output);
          if (!ready) return;
          // With --url the printed root is the public one; the instance itself listens on its port.
          const api = new URL(ready[2]);
          api.protocol = 'http:';
          api.host = `127.0.0.1:${port}`;
          const instance: SiteInstance = { child, port, api: api.href, exited, output: () => output };
          starting.delete(pending);
          running.add(instance);
          resolve(instance);
        };
        child.stdout!.on('data', collect);
        child.stderr!.on('data', collect);
        void exited.then(({ code, signal }) => reject(new Error(`the site exited (${code ?? signal}) before it was ready: ${output}`)));
      });
    },
    async close() {
      await Promise.all([...running, ...starting].map(kill));
      database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's two instances on one new database, started at once before its tests (after
 * `prepare`, for what an operator runs before any instance) and stopped after them. The
 * fields are set once the tests run.
 */
export function twoInstancesForFile(prepare?: (instances: InstanceSet) => void): { instances: InstanceSet; a: SiteInstance; b: SiteInstance } {
  const pair = {} as ReturnType<typeof twoInstancesForFile>;
  beforeAll(async () => {
    pair.instances = prepareInstances();
    prepare?.(pair.instances);
    [pair.a, pair.b] = await Promise.all([pair.instances.start(), pair.instances.start()]);
  }, 60_000);
  afterAll(() => pair.instances?.close());
  return pair;
}
