// The standalone site as a user runs it: `npm run site` in its own process. It prints its
// addresses, stops cleanly on SIGTERM, and keeps every acknowledged write when killed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { siteCliArgs, siteCommandArgs } from '../helpers/site-cli/command.ts';
import { fetchOnce } from '../helpers/http-request.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-process-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  return spawnSync(process.execPath, siteCommandArgs(...args, '--data', dataDir), { encoding: 'utf8' });
}

/** Starts the site and resolves with its base URL once it says it is ready. */
function start(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  // Node itself, not the tsx wrapper: a SIGKILL must reach the server process.
  const child = spawn(process.execPath, siteCliArgs('--data', dataDir, '--port', '0'), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready at (http:\/\/\S+?)\/\nAPI root: \S+\n/.exec(output);
      if (ready) resolve({ child, url: ready[1], output: () => output });
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/** The application password `app-password create` printed. */
const printedPassword = (stdout: string) => /\n([A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5})\n/.exec(stdout)![1];

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('npm run site', () => {
  it('creates users and prints an application password once, storing only its hash', () => {
    expect(cli('user', 'create', '--login', 'jo', '--role', 'editor', '--password', 'jo-password-1').status).toBe(0);
    const bad = cli('user', 'create', '--login', 'max', '--role', 'emperor');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('Unknown role');
    const created = cli('app-password', 'create', '--user', 'jo', '--name', 'laptop');
    expect(created.status).toBe(0);
    const password = printedPassword(created.stdout);
    const database = fs.readFileSync(path.join(dataDir, 'site.db')).toString('latin1') + (fs.existsSync(path.join(dataDir, 'site.db-wal')) ? fs.readFileSync(path.join(dataDir, 'site.db-wal')).toString('latin1') : '');
    expect(database).not.toContain(password.replace(/ /g, ''));
    expect(cli('app-password', 'list', '--user', 'jo').stdout).toContain('laptop');
  });

  it('prints its addresses, keeps an acknowledged write when killed, and stops cleanly on SIGTERM', async () => {
    // A user of its own, so the test passes alone and in any order.
    expect(cli('user', 'create', '--login', 'kim', '--role', 'editor', '--password', 'kim-password-1').status).toBe(0);
    const password = printedPassword(cli('app-password', 'create', '--user', 'kim', '--name', 'tests').stdout);
    const auth = { authorization: `Basic ${Buffer.from(`kim:${password}`).toString('base64')}`, 'content-type': 'application/json' };
    const first = await start();
    expect(first.output()).toContain(`API root: ${first.url}/cms-json/`);
    const created = await fetch(`${first.url}/cms-json/cms/v2/posts`, { method: 'POST', headers: auth, body: JSON.stringify({ title: 'Survives a kill', status: 'publish' }) });
    expect(created.status).toBe(201);
    const killed = exited(first.child);
    first.child.kill('SIGKILL');
    await killed;

    const second = await start();
    // No connection kept: the SIGTERM below need not wait out a client's idle keep-alive.
    const posts = await (await fetchOnce(`${second.url}/cms-json/cms/v2/posts?search=Survives`)).json();
    expect(posts.map((post: { title: { rendered: string } }) => post.title.rendered)).toEqual(['Survives a kill']);
    const stopped = exited(second.child);
    second.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  });
});
