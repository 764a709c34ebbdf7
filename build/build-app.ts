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

/**
 * Builds the renderer into renderer/dist, or into `outDir` (tests build their own copy, never racing another build).
 * Always the production build the app ships: Vite builds React's development build (every component rendered twice
 * under StrictMode, its checks on each render) wherever NODE_ENV is set to anything else, and a test process has
 * NODE_ENV=test (vitest sets it), so the end-to-end tests drove a build no writer runs, their Chromium and workers
 * spending about a third more CPU for it (docs/maintainers.md, "Where the suite's CPU goes").
 */
export async function buildRenderer(outDir = RENDERER_DIST): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({ configFile: path.join(ROOT, 'renderer', 'vite.config.ts'), logLevel: 'warn', build: { outDir } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Packages the built entry points load from node_modules at run time: native, reading files
 * beside their code, requiring 'electron' (electron-updater), or loaded by a path or a
 * require the bundler cannot follow (the image decoders in a worker, jsdom and DOMPurify).
 */
export const RUNTIME_PACKAGES = ['better-sqlite3', 'sharp', 'busboy', 'send', 'request-filtering-agent', 'css-tree', 'electron-updater', 'bmp-js', 'heic-decode', 'jsdom', 'dompurify'];

/** Builds the entry points into electron/dist, or into `outdir`. */
export async function buildElectronEntries(outdir = ELECTRON_DIST): Promise<void> {
  await esbuild({
    entryPoints: {
      main: path.join(ROOT, 'electron', 'main.ts'),
      preload: path.join(ROOT, 'electron', 'preload.ts'),
      'site-process': path.join(ROOT, 'electron', 'site-process.ts'),
    },
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['electron', ...RUNTIME_PACKAGES],
    logLevel: 'warning',
  });
}

/**
 * The site's command line (server/cli.ts, what `npm run site` runs through tsx) as one ES module
 * at `outfile`, its packages left in node_modules, so `outfile` must be inside the project: the
 * tests start it without compiling every TypeScript file again in each process.
 */
export async function buildSiteCli(outfile: string): Promise<void> {
  await esbuild({
    entryPoints: [path.join(ROOT, 'server', 'cli.ts')], outfile,
    bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning',
    // The site loads some packages with require (jsdom, the image decoders): an ES module has none of its own.
    banner: { js: "import { createRequire as inkwellCreateRequire } from 'node:module'; const require = inkwellCreateRequire(import.meta.url);" },
  });
}

/** electron/preload.ts as one script for a plain web page, its module 'electron' replaced by `electronStandIn` (the tests' Electron stand-in). */
export async function buildPreloadForPage(electronStandIn: string): Promise<string> {
  const result = await esbuild({
    entryPoints: [path.join(ROOT, 'electron', 'preload.ts')],
    bundle: true, write: false, format: 'iife', platform: 'browser', logLevel: 'warning',
    define: { 'process.platform': JSON.stringify(process.platform) },
    plugins: [{
      name: 'electron-stand-in',
      setup(builder) {
        builder.onResolve({ filter: /^electron$/ }, () => ({ path: 'electron', namespace: 'stand-in' }));
        builder.onLoad({ filter: /.*/, namespace: 'stand-in' }, () => ({ contents: electronStandIn, loader: 'js' }));
      },
    }],
  });
  return result.outputFiles[0].text;
}
