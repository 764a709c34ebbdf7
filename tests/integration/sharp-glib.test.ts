// Finding 2 of issue 28: in the desktop app on Linux the site's process is the Electron
// binary, which links the system GLib, while sharp's native libvips carries a GLib of its
// own: GObject assertions by the thousand, then crashes. The Linux app ships sharp's
// WebAssembly build instead (build/electron-builder.yml leaves the native one out). Here,
// on Electron's Node major with the system GLib preloaded (as the Electron binary brings
// it) and process.versions.electron set, the site's image code runs 600 operations: with
// the package's layout (native build absent, WebAssembly present) no GLib assertion and no
// crash; with the native build, the collision shows (the test can see it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../build/build-app.ts';
import { node24 } from '../helpers/node24.ts';
import { registryPackage } from '../helpers/registry-package.ts';

const SYSTEM_GLIB = ['/usr/lib/x86_64-linux-gnu/libgobject-2.0.so.0', '/usr/lib/x86_64-linux-gnu/libglib-2.0.so.0'];
const canRun = process.platform === 'linux' && process.arch === 'x64' && SYSTEM_GLIB.every((file) => fs.existsSync(file));
if (!canRun) console.log(`GLib collision test skipped: it needs Linux x64 with the system GLib (${SYSTEM_GLIB.join(', ')}).`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sharp-glib-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The Linux package's node_modules as far as sharp's builds go: the WebAssembly one and its runtime (the app's optional dependency). */
function webAssemblyBuild(): string {
  const wanted = (createRequire(import.meta.url)(path.join(ROOT, 'package.json')) as { optionalDependencies: Record<string, string> }).optionalDependencies['@img/sharp-wasm32'];
  const wasm = registryPackage(`@img/sharp-wasm32@${wanted}`, `inkwell-sharp-wasm32-${wanted}`, "sharp's WebAssembly build");
  const runtimeVersion = (JSON.parse(fs.readFileSync(path.join(wasm, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies['@emnapi/runtime'].replace(/^\^/, '');
  const runtime = registryPackage(`@emnapi/runtime@${runtimeVersion}`, `inkwell-emnapi-runtime-${runtimeVersion}`, "sharp's WebAssembly runtime");
  const modules = path.join(work, 'node_modules');
  fs.mkdirSync(path.join(modules, '@img'), { recursive: true });
  fs.mkdirSync(path.join(modules, '@emnapi'), { recursive: true });
  fs.symlinkSync(wasm, path.join(modules, '@img', 'sharp-wasm32'));
  fs.symlinkSync(runtime, path.join(modules, '@emnapi', 'runtime'));
  return modules;
}

/** Preloaded in the child: Electron's version, and, for the package's layout, sharp's native Linux build absent (as electron-builder leaves it out). */
function preload(withoutNative: boolean): string {
  const file = path.join(work, `preload-${withoutNative ? 'package' : 'native'}.cjs`);
  fs.writeFileSync(file, `Object.defineProperty(process.versions, 'electron', { value: '42.0.0', enumerable: true });
${withoutNative ? `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (/^@img\\/sharp-(libvips-)?linux/.test(request)) throw Object.assign(new Error('Cannot find module ' + request), { code: 'MODULE_NOT_FOUND' });
  return resolve.call(this, request, ...rest);
};` : ''}`);
  return file;
}

function runImageOps(withoutNative: boolean, nodePath?: string) {
  const result = spawnSync(node24(), ['--require', preload(withoutNative), '--import', 'tsx', path.join(ROOT, 'tests', 'helpers', 'image-ops-child.ts')], {
    cwd: ROOT, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024,
    // Not the libvips home native sharp set in this process once a file before loaded it (the files share their workers): the WebAssembly build would look there.
    env: { ...process.env, VIPSHOME: undefined, LD_PRELOAD: SYSTEM_GLIB.join(':'), ...(nodePath ? { NODE_PATH: nodePath } : {}) },
  });
  const assertions = (result.stderr.match(/GLib(-GObject)?-CRITICAL/g) ?? []).length;
  return { status: result.status, signal: result.signal, assertions, report: result.status === 0 ? JSON.parse(result.stdout.trim().split('\n').at(-1)!) : null, stderr: result.stderr.slice(0, 2000) };
}

describe('image work in the Linux desktop app, beside the system GLib', () => {
  it.skipIf(!canRun)('the package\'s layout (sharp\'s WebAssembly build): 600 operations, no GLib assertion, no crash', () => {
    const run = runImageOps(true, webAssemblyBuild());
    expect(run, run.stderr).toMatchObject({ status: 0, signal: null, assertions: 0, report: { operations: 600, webAssembly: true, electron: '42.0.0' } });
  }, 180_000);

  it.skipIf(!canRun)('with sharp\'s native build the collision shows: the test sees what it guards against', () => {
    const run = runImageOps(false);
    expect(run.report?.webAssembly ?? false).toBe(false);
    expect(run.assertions).toBeGreaterThan(100);
  }, 180_000);
});
