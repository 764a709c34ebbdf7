// Where the Electron binary is, if it was downloaded. Electron 42 fetches its binary on
// first use, which fails on machines without access to GitHub; we detect that instead of
// importing the `electron` package (whose import tries the download).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export function electronBinary(): string | null {
  let packageDir: string;
  try {
    packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = path.join(packageDir, 'path.txt');
  if (!fs.existsSync(pathFile)) return null;
  const binary = path.join(packageDir, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(binary) ? binary : null;
}
