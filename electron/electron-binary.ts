// The Electron binary for `npm start`. Electron 42 no longer downloads it at install time:
// its package fetches it on first use. We find it without importing the `electron`
// package (whose import starts that download unasked) and, when it is missing, run
// Electron's own installer with a time limit, so that a machine that can reach the
// download opens the desktop window and one that cannot learns why it gets browser mode.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** The folder of the installed `electron` package, or null. */
export function electronPackageDir(): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** The binary, where its download has completed. */
export function electronBinary(packageDir = electronPackageDir()): string | null {
  if (!packageDir) return null;
  const pathFile = path.join(packageDir, 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const binary = path.join(packageDir, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(binary) ? binary : null;
}

export type Installed = { binary: string } | { reason: string };

/** Runs Electron's installer (it downloads the binary) for at most `timeoutMs`: the binary, or why there is none. */
export function installElectron(timeoutMs: number, packageDir = electronPackageDir()): Promise<Installed> {
  if (!packageDir) return Promise.resolve({ reason: 'the electron package is not installed (run npm ci)' });
  return new Promise((resolve) => {
    const installer = spawn(process.execPath, [path.join(packageDir, 'install.js')], { cwd: packageDir, stdio: ['ignore', 'inherit', 'pipe'], timeout: timeoutMs });
    let errors = '';
    installer.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    installer.on('error', (error) => resolve({ reason: `its installer could not run: ${error.message}` }));
    installer.on('close', (code, signal) => {
      const binary = electronBinary(packageDir);
      if (code === 0 && binary) return resolve({ binary });
      if (signal) return resolve({ reason: `its download did not finish within ${timeoutMs / 1000} s` });
      const firstLine = errors.split('\n').find((line) => line.trim());
      resolve({ reason: firstLine ? `its download failed (${firstLine.trim()}); ELECTRON_MIRROR can name another source than GitHub` : `its installer left no binary (exit code ${code})` });
    });
  });
}

/**
 * The environment Electron is started with: without ELECTRON_RUN_AS_NODE (set in a shell or
 * by a tool, it would turn Electron into plain Node, running no window).
 */
export function electronEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...rest } = env;
  return rest;
}

/** The exit code `npm start` ends with: Electron's, or 128 + the signal's number when a signal ended it (as a shell reports it), never 0 for a crash. */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (signal) return 128 + (os.constants.signals[signal] ?? 0);
  return code ?? 1;
}
