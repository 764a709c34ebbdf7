// Builds what the desktop app runs: the renderer (Vite) and the Electron entry points
// (esbuild, CommonJS, with native modules left to node_modules).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';

/** The project folder, laid out as the packaged app's (app.asar): electron/dist, renderer/dist, package.json. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RENDERER_DIST = path.join(ROOT, 'renderer', 'dist');
export const ELECTRON_DIST = path.join(ROOT, 'electron', 'dist');

export async function buildRenderer(): Promise<void> {
  await viteBuild({ configFile: path.join(ROOT, 'renderer', 'vite.config.ts'), logLevel: 'warn' });
}

export async function buildElectronEntries(): Promise<void> {
  await esbuild({
    entryPoints: {
      main: path.join(ROOT, 'electron', 'main.ts'),
      preload: path.join(ROOT, 'electron', 'preload.ts'),
      'site-process': path.join(ROOT, 'electron', 'site-process.ts'),
    },
    outdir: ELECTRON_DIST,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['electron', 'better-sqlite3', 'sharp', 'busboy', 'send', 'request-filtering-agent'],
    logLevel: 'warning',
  });
}
