// A package from the npm registry, fetched with npm itself (npm pack) and kept unpacked in
// node_modules/.cache, for tests that need what the project does not install here: a Node
// of another major, a binary build for another runtime.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The folder of `spec` (name@version) unpacked under node_modules/.cache/`cacheName`, fetched once; `why` says what it is for when the fetch fails. */
export function registryPackage(spec: string, cacheName: string, why: string): string {
  const dir = path.join(root, 'node_modules', '.cache', cacheName);
  const unpacked = path.join(dir, 'package');
  if (fs.existsSync(path.join(unpacked, 'package.json'))) return unpacked;
  const download = fs.mkdtempSync(path.join(os.tmpdir(), `${cacheName}-`));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  let tarball: string;
  try {
    tarball = execFileSync(npm, ['pack', spec, '--silent', '--pack-destination', download], { encoding: 'utf8', shell: process.platform === 'win32' }).trim().split('\n').pop()!;
  } catch (error) {
    throw new Error(`${spec} (${why}) could not be fetched from the npm registry: ${(error as Error).message}`, { cause: error });
  }
  execFileSync('tar', ['-xzf', path.join(download, tarball), '-C', download]);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(download, dir);
  return unpacked;
}
