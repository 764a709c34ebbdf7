// The app's address stays the same across starts (the renderer's storage belongs to its
// origin), in browser mode as in the desktop window; when another program has taken the
// port meanwhile, the app says so and does not move (its browser storage would stay behind).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppHost } from '../../electron/app-host.ts';
import { AppPortTaken } from '../../electron/stable-port.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function originOfAStart(dataDir: string, rendererDir: string): Promise<string> {
  const host = await startAppHost({ dataDir, rendererDir });
  await host.close();
  return new URL(host.appUrl).origin;
}

describe('the app address', () => {
  it('is the same at every start with the same data folder, and differs between data folders', async () => {
    const rendererDir = tempDir('renderer-');
    const dataDir = path.join(tempDir('app-data-'), 'site');
    const first = await originOfAStart(dataDir, rendererDir);
    expect(await originOfAStart(dataDir, rendererDir)).toBe(first);
    expect(await originOfAStart(path.join(tempDir('app-data-'), 'site'), rendererDir)).not.toBe(first);
  });

  it('keeps its port when another program holds it: the start is refused with the reason, and the next start has the same address', async () => {
    const rendererDir = tempDir('renderer-');
    const dataDir = path.join(tempDir('app-data-'), 'site');
    const first = new URL(await originOfAStart(dataDir, rendererDir));
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(Number(first.port), '127.0.0.1', resolve));
    const refused = await startAppHost({ dataDir, rendererDir }).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(AppPortTaken);
    expect((refused as Error).message).toContain(`Port ${first.port}`);
    expect(fs.readFileSync(path.join(dataDir, 'app-port'), 'utf8').trim()).toBe(first.port);
    await new Promise((resolve) => squatter.close(resolve));
    // Nothing of the refused start holds the folder: the next one starts, at the same address.
    expect(await originOfAStart(dataDir, rendererDir)).toBe(first.origin);
  });

  it('ignores a damaged port file', async () => {
    const rendererDir = tempDir('renderer-');
    const dataDir = tempDir('app-data-');
    fs.writeFileSync(path.join(dataDir, 'app-port'), 'not a port');
    const origin = await originOfAStart(dataDir, rendererDir);
    expect(Number(new URL(origin).port)).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(dataDir, 'app-port'), 'utf8').trim()).toBe(new URL(origin).port);
  });
});
