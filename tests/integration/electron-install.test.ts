// `npm start` runs Electron's own installer when the binary is missing (Electron 42
// downloads it on first use, not at npm install), within a time limit, and says why when
// it cannot. Stand-in electron packages play the installer's outcomes; the real one is
// run too, and on a machine that cannot reach the download it must say so, not hang.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { electronBinary, electronEnvironment, electronPackageDir, exitCodeOf, installElectron } from '../../electron/electron-binary.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** An electron package whose install.js runs `script`. */
function electronPackage(script: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'electron-package-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'install.js'), script);
  return dir;
}

const downloads = `
const fs = require('node:fs');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/electron', '');
fs.writeFileSync('path.txt', 'electron');
`;

describe("Electron's installer at start", () => {
  it('gives the binary once the installer has fetched it', async () => {
    const dir = electronPackage(downloads);
    expect(electronBinary(dir)).toBeNull();
    expect(await installElectron(30_000, dir)).toEqual({ binary: path.join(dir, 'dist', 'electron') });
    expect(electronBinary(dir)).toBe(path.join(dir, 'dist', 'electron'));
  });

  it('says why when the download fails', async () => {
    const dir = electronPackage("console.error('RequestError: getaddrinfo ENOTFOUND github.com'); process.exit(1);");
    expect(await installElectron(30_000, dir)).toEqual({ reason: 'its download failed (RequestError: getaddrinfo ENOTFOUND github.com); ELECTRON_MIRROR can name another source than GitHub' });
  });

  it('gives up when the download takes longer than allowed', async () => {
    const dir = electronPackage('setInterval(() => {}, 1000);');
    expect(await installElectron(300, dir)).toEqual({ reason: 'its download did not finish within 0.3 s' });
  });

  it('does not count an installer that exits without leaving a binary', async () => {
    const dir = electronPackage('');
    expect(await installElectron(30_000, dir)).toEqual({ reason: 'its installer left no binary (exit code 0)' });
  });

  it("runs the project's own Electron installer, which answers within the limit here", async () => {
    const dir = electronPackageDir()!;
    if (electronBinary(dir)) return; // a machine where Electron is installed: nothing to fetch
    const result = await installElectron(60_000, dir);
    expect(result).toEqual({ reason: expect.stringMatching(/^its download (failed|did not finish)/) });
  }, 90_000);
});

describe('Electron started by npm start', () => {
  it('never gets ELECTRON_RUN_AS_NODE (it would run as plain Node, with no window); everything else passes', () => {
    expect(electronEnvironment({ ELECTRON_RUN_AS_NODE: '1', PATH: '/usr/bin', INKWELL_USER_DATA: '/tmp/x' })).toEqual({ PATH: '/usr/bin', INKWELL_USER_DATA: '/tmp/x' });
  });

  it('ends npm start with its exit code, and with 128 + the signal when a signal ended it: a crash is never success', () => {
    expect(exitCodeOf(0, null)).toBe(0);
    expect(exitCodeOf(3, null)).toBe(3);
    expect(exitCodeOf(null, 'SIGSEGV')).toBe(139);
    expect(exitCodeOf(null, 'SIGKILL')).toBe(137);
    expect(exitCodeOf(null, 'SIGTRAP')).toBe(133);
  });

  it('does so for a real child that dies from a signal', async () => {
    const child = spawn(process.execPath, ['-e', 'process.kill(process.pid, "SIGSEGV")'], { env: electronEnvironment({ ...process.env, ELECTRON_RUN_AS_NODE: '1' }) });
    const [code, signal] = await once(child, 'exit') as [number | null, NodeJS.Signals | null];
    expect(exitCodeOf(code, signal)).toBe(139);
  });
});
