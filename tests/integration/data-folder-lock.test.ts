// One app per data folder, in every mode: a second start while one runs opens nothing and
// says where the running one is (browser mode prints it; the desktop app shows it), instead
// of opening the same database beside it on another address. A lock left by a crash is
// taken over at once.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppHost, type AppHost } from '../../electron/app-host.ts';
import { AppAlreadyRunning } from '../../electron/data-folder-lock.ts';
import { standInRenderer } from '../helpers/app-host-fixture.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function folders(): { dataDir: string; rendererDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-lock-'));
  const rendererDir = standInRenderer();
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }), () => fs.rmSync(rendererDir, { recursive: true, force: true }));
  return { dataDir, rendererDir };
}

async function started(options: { dataDir: string; rendererDir: string }): Promise<AppHost> {
  const host = await startAppHost(options);
  cleanups.push(() => host.close());
  return host;
}

/** The app host started by another process on the folder, as a second app (browser mode, the desktop app) would hold it. */
async function startedElsewhere(options: { dataDir: string; rendererDir: string }): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/app-host-process.ts', options.dataDir, options.rendererDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  });
  const [line] = await once(readline.createInterface({ input: child.stdout }), 'line') as [string];
  return (JSON.parse(line) as { url: string }).url;
}

const refusal = (options: { dataDir: string; rendererDir: string; port?: number }) => startAppHost(options).then(
  async (host) => {
    await host.close();
    return null;
  },
  (error: unknown) => error,
);

describe('the data folder', () => {
  it('is held by the first start: a second one, on its saved or any other port, is refused with the running app’s address', async () => {
    const options = folders();
    const first = await started(options);
    for (const port of [undefined, 0]) {
      const second = await refusal({ ...options, port });
      expect(second).toBeInstanceOf(AppAlreadyRunning);
      expect((second as AppAlreadyRunning).address).toBe(`${first.running.url}/app/`);
      expect((second as Error).message).toContain(`${first.running.url}/app/`);
    }
    // The first is untouched, still answering at its address.
    expect((await fetch(`${first.running.url}/app/`)).status).toBe(200);
  });

  it('held by another process (another mode of the app), refuses this start with that app’s address', async () => {
    const options = folders();
    const elsewhere = await startedElsewhere(options);
    const refused = await refusal(options);
    expect(refused).toBeInstanceOf(AppAlreadyRunning);
    expect((refused as AppAlreadyRunning).address).toBe(`${elsewhere}/app/`);
    expect((await fetch(`${elsewhere}/app/`)).status).toBe(200);
  });

  it('is free again once the app closes, at the same address', async () => {
    const options = folders();
    const first = await startAppHost(options);
    await first.close();
    const again = await started(options);
    expect(again.running.url).toBe(first.running.url);
  });

  it('is taken over from a start that crashed (its process is gone)', async () => {
    const options = folders();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(path.join(options.dataDir, 'app.lock'), JSON.stringify({ pid: gone, address: 'http://127.0.0.1:1/app/' }));
    const host = await started(options);
    expect((await fetch(`${host.running.url}/app/`)).status).toBe(200);
  });

  it('keeps apart two data folders: each has its app', async () => {
    const one = await started(folders());
    const other = await started(folders());
    expect(other.running.url).not.toBe(one.running.url);
  });
});
