// The packaged app's layout, rebuilt from the build output as electron-builder lays it
// out (build/electron-builder.yml): electron/dist, renderer/dist, package.json and the
// packages the entry points load at run time, in resources/app.asar made with
// @electron/asar, the asarUnpack list beside it in app.asar.unpacked. Node cannot read
// inside an archive as Electron does, so the archive is then opened where Electron shows
// it (a folder named app.asar) and the site is started from there with the paths the
// app computes from app.getAppPath(). (electron-builder also copies the other production
// dependencies; the bundles do not load them.)
//
// Not done: running the site from inside the archive itself through a reader with Electron's
// asar semantics (its patched fs, module loading, workers and ES modules). Instead, every
// file the site's process (and its worker threads) loads at run time is traced while it
// serves the editor and uploads a JPEG, a PNG and a BMP (decoded in a worker), and each must
// be in the archive, the native ones (addons, the libraries they link) unpacked beside it
// as asarUnpack says: what Electron cannot load from inside an archive is never left there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import asar from '@electron/asar';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildElectronEntries, buildRenderer, ROOT, RUNTIME_PACKAGES } from '../../build/build-app.ts';
import { appParts } from '../../electron/app-paths.ts';
import { startSiteChild, type ChildMessage, type SiteChild } from '../../electron/site-child.ts';
import { SiteClient, type SiteCredentials } from '../../shared/site-client.ts';
import { desktopApi } from '../../shared/api-routes.ts';
import { solidImage } from '../helpers/images.ts';
import { solidBmp } from '../helpers/image-bombs.ts';

interface BuilderConfig {
  asarUnpack: string[];
  extraMetadata?: { main?: string };
}

const config = parse(fs.readFileSync(path.join(ROOT, 'build', 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'packaged-'));
const archive = path.join(work, 'archive', 'app.asar');
/** Where Electron shows the archive: resources/app.asar is app.getAppPath() in the packaged app. */
const appPath = path.join(work, 'resources', 'app.asar');

/** A package and, recursively, the packages it depends on (hoisted in node_modules, or nested in its own). */
function dependencyClosure(names: string[], found = new Set<string>()): Set<string> {
  for (const name of names) {
    const manifest = path.join(ROOT, 'node_modules', name, 'package.json');
    if (found.has(name) || !fs.existsSync(manifest)) continue; // an optional dependency of another platform
    found.add(name);
    const { dependencies = {}, optionalDependencies = {} } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, Record<string, string>>;
    dependencyClosure([...Object.keys(dependencies), ...Object.keys(optionalDependencies)], found);
  }
  return found;
}

let site: SiteChild | null = null;
/** Every file the site's process loaded, one a line (tests/helpers/load-trace.cjs). */
const loadTrace = path.join(work, 'loaded.txt');
const LOAD_TRACER = path.join(ROOT, 'tests', 'helpers', 'load-trace.cjs');
/** What the system loads itself (dlopen), which cannot be read from inside an archive. */
const NATIVE = /\.(?:node|dylib|dll|so(?:\.\d+)*)$/;

beforeAll(async () => {
  const staging = path.join(work, 'app');
  await buildElectronEntries(path.join(staging, 'electron', 'dist'));
  await buildRenderer(path.join(staging, 'renderer', 'dist'));
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(staging, 'package.json'));
  for (const name of dependencyClosure(RUNTIME_PACKAGES)) {
    fs.cpSync(path.join(ROOT, 'node_modules', name), path.join(staging, 'node_modules', name), { recursive: true, dereference: true });
  }
  fs.mkdirSync(path.dirname(archive), { recursive: true });
  await asar.createPackageWithOptions(staging, archive, { unpack: `{${config.asarUnpack.map((pattern) => path.join(staging, pattern)).join(',')}}` });
  asar.extractAll(archive, appPath);
}, 180_000);

/** The local site run from the layout as the app runs it: started by whichever test needs it first. */
async function layoutSite(): Promise<SiteChild> {
  if (site) return site;
  const child = fork(appParts(appPath).siteProcess, [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    execArgv: ['--require', LOAD_TRACER],
    env: { ...process.env, INKWELL_LOAD_TRACE: loadTrace },
  });
  site = await startSiteChild({
    post: (message) => child.send(message),
    onMessage: (listener) => child.on('message', (message) => listener(message as ChildMessage)),
    onExit: (listener) => child.on('exit', listener),
  }, { dataDir: path.join(work, 'data'), rendererDir: appParts(appPath).rendererDir });
  return site;
}

afterAll(async () => {
  await site?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the packaged app', () => {
  it('starts from package.json\'s main, which is in the archive', () => {
    const manifest = JSON.parse(asar.extractFile(archive, 'package.json').toString()) as { main: string };
    const main = config.extraMetadata?.main ?? manifest.main;
    expect(path.join(appPath, main)).toBe(appParts(appPath).main);
    expect(fs.existsSync(appParts(appPath).main)).toBe(true);
  });

  it('holds the renderer as the app ships it, React\'s production build, though built here in a test process (NODE_ENV=test)', () => {
    const assets = path.join(appParts(appPath).rendererDir, 'assets');
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // What only React's development build holds: its JSX runtime's calls and its warnings.
    const development = scripts.filter((name) => /\bjsxDEV\b|should have a unique "key" prop/.test(fs.readFileSync(path.join(assets, name), 'utf8')));
    expect(development).toEqual([]);
  });

  it('keeps every native module outside the archive, where the system can load it', () => {
    const entries = asar.listPackage(archive, { isPack: true });
    const natives = entries.filter((entry) => entry.endsWith('.node') || /\.so(\.\d+)*$/.test(entry));
    expect(natives.length).toBeGreaterThan(0);
    expect(natives.filter((entry) => !entry.startsWith('unpack'))).toEqual([]);
  });

  it('runs its local site from the layout, and /app/ answers the editor', async () => {
    expect(appParts(appPath).rendererDir.startsWith(appPath)).toBe(true);
    const site = await layoutSite();
    const page = await fetch(site.appUrl.replace(/#.*/, ''));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const code = await fetch(new URL(script!, site.siteUrl));
    expect(code.status).toBe(200);
    expect(code.headers.get('content-type')).toMatch(/javascript/);
    // Read to its end: a body left unread holds its connection open after the site stops.
    await code.arrayBuffer();
  });

  it('loads every file it needs at run time from the archive, the native ones from app.asar.unpacked as asarUnpack says', async () => {
    // The editor's own credential, as the window gets it, to upload as the writer does.
    const running = await layoutSite();
    const url = new URL(running.appUrl);
    const token = /#bootstrap=([\w-]+)/.exec(url.hash)![1];
    const credentials: SiteCredentials = await new SiteClient(running.apiRoot, null).post(desktopApi.session(), { token });
    const writer = new SiteClient(running.apiRoot, credentials);
    const uploads: [string, string, Buffer][] = [
      ['photo.jpg', 'image/jpeg', await solidImage(640, 480, 'jpeg')],
      ['shot.png', 'image/png', await solidImage(320, 240, 'png')],
      ['scan.bmp', 'image/bmp', solidBmp(64, 48)],
    ];
    for (const [name, type, bytes] of uploads) {
      const answer = await writer.request('POST', '/cms/v2/media', { body: new Blob([new Uint8Array(bytes)]), headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` } });
      expect(answer.status, name).toBe(201);
    }
    // Stopped, so that the trace holds all the run loaded; a test after it starts the site again.
    await running.stop();
    site = null;

    const loaded = [...new Set(fs.readFileSync(loadTrace, 'utf8').split('\n').filter(Boolean))];
    const inApp = loaded.filter((file) => file.startsWith(appPath + path.sep)).map((file) => path.relative(appPath, file));
    // Nothing came from the project's own folders: the layout holds all it needs.
    expect(loaded.filter((file) => file.startsWith(ROOT + path.sep))).toEqual([]);
    // What the run went through: the entry, the decoders' worker, sharp's and better-sqlite3's addons.
    expect(inApp).toEqual(expect.arrayContaining([
      path.join('electron', 'dist', 'site-process.cjs'),
      expect.stringMatching(/^node_modules[\\/]bmp-js[\\/]/),
      expect.stringMatching(/^node_modules[\\/]@img[\\/]sharp-[^\\/]+[\\/].*\.node$/),
      expect.stringMatching(/^node_modules[\\/]better-sqlite3[\\/].*\.node$/),
    ]));
    const misplaced = inApp.flatMap((file) => {
      let entry: ReturnType<typeof asar.statFile>;
      try {
        entry = asar.statFile(archive, file);
      } catch {
        return [`${file}: not in the archive`];
      }
      const unpacked = 'unpacked' in entry && entry.unpacked === true;
      if (NATIVE.test(file) && !(unpacked && fs.existsSync(path.join(`${archive}.unpacked`, file)))) return [`${file}: native, but inside the archive`];
      return [];
    });
    expect(misplaced).toEqual([]);
  }, 120_000);
});
