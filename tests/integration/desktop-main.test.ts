// electron/main.ts itself, run under Node: the module 'electron' is a stand-in
// (tests/helpers/fake-electron.ts) and the local site runs in a real child process from
// the built entry point, as Electron's utility process runs it. Each launch is a fresh
// copy of main.ts over a fresh stand-in, as each start of the app is a fresh process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildElectronEntries, ROOT } from '../../build/build-app.ts';
import { appParts } from '../../electron/app-paths.ts';
import { FakeBrowserWindow, FakeElectron, type FakeOptions } from '../helpers/fake-electron.ts';
import { SiteClient, type SiteCredentials } from '../../shared/site-client.ts';
import { api, desktopApi } from '../../shared/api-routes.ts';
import type { ConnectedSite } from '../../shared/connected-sites.ts';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { cookieSet, formToken, postForm, postSignIn } from '../helpers/grant-page.ts';

const cleanups: (() => void | Promise<void>)[] = [];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The app's folder as Electron sees it: the entry points (built into it below) and a renderer. */
function appFolder(): string {
  const appPath = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-app-'));
  fs.mkdirSync(path.join(appPath, 'renderer', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(appPath, 'renderer', 'dist', 'index.html'), '<!doctype html><title>Inkwell</title><div id="root"></div>');
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(appPath, 'node_modules'));
  return appPath;
}

let appPath = '';

/** Starts the app: main.ts runs afresh over a new stand-in, with `userData` as its data folder. */
async function launch(userData: string, options: Partial<FakeOptions> = {}, beforeStart?: (fake: FakeElectron) => void): Promise<FakeElectron> {
  const fake = new FakeElectron({ appPath, ...options });
  beforeStart?.(fake);
  cleanups.push(async () => {
    for (const utility of fake.processes) {
      utility.kill();
      await utility.exited;
    }
  });
  process.env.INKWELL_USER_DATA = userData;
  vi.resetModules();
  vi.doMock('electron', () => fake.module());
  vi.doMock('electron-updater', () => fake.updaterModule());
  await import('../../electron/main.ts');
  return fake;
}

async function quitAndWait(fake: FakeElectron): Promise<number> {
  fake.app.quit();
  return fake.app.exited;
}

/** The window's client of the private API: its bootstrap token exchanged for the app's credential, as the renderer does. */
async function windowClient(window: FakeBrowserWindow): Promise<SiteClient> {
  const url = new URL(window.webContents.getURL());
  const apiRoot = `${url.origin}/cms-json/`;
  const token = /#bootstrap=([\w-]+)/.exec(url.hash)![1];
  const credentials: SiteCredentials = await new SiteClient(apiRoot, null).post(desktopApi.session(), { token });
  return new SiteClient(apiRoot, credentials);
}

beforeAll(async () => {
  appPath = appFolder();
  await buildElectronEntries(path.dirname(appParts(appPath).main));
}, 120_000);

afterAll(() => fs.rmSync(appPath, { recursive: true, force: true }));

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  delete process.env.INKWELL_USER_DATA;
});

describe('the desktop app starting', () => {
  it('opens one window on the editor of its local site, kept in the one data folder', async () => {
    const userData = tempDir('inkwell-data-');
    const fake = await launch(userData);
    const window = await fake.shownWindow();
    const url = new URL(window.webContents.getURL());
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/app/');
    expect(url.hash).toMatch(/^#bootstrap=/);
    const page = await fetch(`${url.origin}/app/`);
    expect(await page.text()).toContain('<title>Inkwell</title>');
    expect(fs.existsSync(path.join(userData, 'site', 'site.db'))).toBe(true);
    expect(window.options.webPreferences).toMatchObject({ contextIsolation: true, nodeIntegration: false, sandbox: true, spellcheck: true });
    expect(fake.processes).toHaveLength(1);
    expect(await quitAndWait(fake)).toBe(0);
  });

  it('comes back at the same address, so what the editor keeps in browser storage survives a restart', async () => {
    const userData = tempDir('inkwell-data-');
    const first = await launch(userData);
    const origin = new URL((await first.shownWindow()).webContents.getURL()).origin;
    await quitAndWait(first);
    const second = await launch(userData);
    expect(new URL((await second.shownWindow()).webContents.getURL()).origin).toBe(origin);
    await quitAndWait(second);
  });
});

describe('a start that fails', () => {
  it('says why in a dialog and the log file, leaves no site process behind, exits and frees the single-instance lock', async () => {
    const userData = tempDir('inkwell-data-');
    // A folder where the database file should be: the site's process starts, then fails.
    fs.mkdirSync(path.join(userData, 'site', 'site.db'), { recursive: true });
    const fake = await launch(userData);
    expect(await fake.app.exited).toBe(1);
    expect(fake.errorBoxes).toHaveLength(1);
    expect(fake.errorBoxes[0].title).toBe('Inkwell could not start');
    expect(fake.errorBoxes[0].content).toMatch(/^The local site could not start: /);
    expect(fake.processes).toHaveLength(1);
    const log = path.join(userData, 'logs', 'inkwell.log');
    expect(fake.errorBoxes[0].content).toContain(log);
    expect(fs.readFileSync(log, 'utf8')).toMatch(/Inkwell could not start: Error: The local site could not start/);
    await Promise.all(fake.processes.map((utility) => utility.exited));
    expect(fake.processes.every((utility) => !utility.running)).toBe(true);
    expect(fake.app.hasSingleInstanceLock()).toBe(false);
    expect(fake.windows).toHaveLength(0);

    // The next start is not turned away by a lock the failed one kept.
    fs.rmSync(path.join(userData, 'site', 'site.db'), { recursive: true });
    const next = await launch(userData);
    await next.shownWindow();
    await quitAndWait(next);
  });

  it('starts no site process when the key cannot be unsealed (keychain gone since the last run)', async () => {
    const userData = tempDir('inkwell-data-');
    const first = await launch(userData, { keychain: 'gnome_libsecret' });
    await first.shownWindow();
    await quitAndWait(first);
    const fake = await launch(userData, { keychain: 'kwallet5' });
    expect(await fake.app.exited).toBe(1);
    expect(fake.processes).toHaveLength(0);
    expect(fake.errorBoxes[0].content).toMatch(/system keychain cannot open the key/);
  });
});

describe('the local site stopping on its own', () => {
  /** Kills the site's newest process outright (as a crash in native code ends it); resolves once the window has loaded the next one's editor, or the app has exited. */
  async function killSite(fake: FakeElectron): Promise<void> {
    const reloaded = once(fake.events, 'loaded');
    fake.processes.at(-1)!.child.kill('SIGKILL');
    await Promise.race([reloaded, fake.app.exited]);
  }

  it('starts again on the same address and data: what the site acknowledged is there, the window loads the editor anew and says so', async () => {
    const userData = tempDir('inkwell-data-');
    const fake = await launch(userData);
    const window = await fake.shownWindow();
    const client = await windowClient(window);
    const origin = new URL(window.webContents.getURL()).origin;
    const post = await client.post(api.posts('posts'), { title: 'Acknowledged before the crash', status: 'draft' });

    await killSite(fake);
    expect(fake.app.exitCode).toBeNull();
    expect(fake.processes).toHaveLength(2);
    expect(new URL(window.webContents.getURL()).origin).toBe(origin);
    await vi.waitUntil(() => fake.messageBoxes.length === 1);
    expect(fake.messageBoxes[0]).toMatchObject({ title: 'The local site restarted', detail: expect.stringContaining('offers to restore them') });
    expect(fs.readFileSync(path.join(userData, 'logs', 'inkwell.log'), 'utf8')).toMatch(/The local site stopped: exit code null/);
    const again = await windowClient(window);
    expect(await again.get(api.post('posts', post.id), { context: 'edit' })).toMatchObject({ title: { raw: 'Acknowledged before the crash' } });
    expect(await quitAndWait(fake)).toBe(0);
    expect(fake.processes.at(-1)!.running).toBe(false);
  });

  it('gives up when it stops more than three times within a minute: a dialog and the log say so, and the app exits', async () => {
    const userData = tempDir('inkwell-data-');
    const fake = await launch(userData);
    await fake.shownWindow();
    for (let kill = 0; kill < 4; kill++) await killSite(fake);
    expect(await fake.app.exited).toBe(1);
    expect(fake.errorBoxes).toEqual([{ title: 'Inkwell had to stop', content: expect.stringMatching(/^The local site's process stopped 4 times within a minute/) }]);
    expect(fs.readFileSync(path.join(userData, 'logs', 'inkwell.log'), 'utf8')).toContain('Inkwell had to stop');
    expect(fake.windows).toHaveLength(0);
    expect(fake.app.hasSingleInstanceLock()).toBe(false);
    expect(fake.processes).toHaveLength(4);
    // Four site processes started one after another: on a loaded two-core machine each takes
    // seconds, more than the 30 s a test is given by default.
  }, 120_000);
});

describe('quitting', () => {
  it('asks about unsaved text; Stay keeps the window and its site, Leave quits and stops the site cleanly', async () => {
    const userData = tempDir('inkwell-data-');
    let choice = 'Stay';
    const fake = await launch(userData, { answer: () => choice });
    const window = await fake.shownWindow();
    const origin = new URL(window.webContents.getURL()).origin;
    window.webContents.pageBlocksUnload = true;

    fake.app.quit();
    await vi.waitUntil(() => fake.messageBoxes.length === 1);
    expect(fake.messageBoxes[0]).toMatchObject({ title: 'Unsaved changes', buttons: ['Leave', 'Stay'] });
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.windows).toEqual([window]);
    expect((await fetch(`${origin}/app/`)).status).toBe(200);
    expect(fake.processes[0].running).toBe(true);
    expect(fake.app.exitCode).toBeNull();

    // The window's own close button asks the same.
    window.close();
    await vi.waitUntil(() => fake.messageBoxes.length === 2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.windows).toEqual([window]);
    expect(fake.processes[0].running).toBe(true);

    choice = 'Leave';
    expect(await quitAndWait(fake)).toBe(0);
    expect(await fake.processes[0].exited).toBe(0);
    await expect(fetch(`${origin}/app/`)).rejects.toThrow();
    expect(fs.existsSync(path.join(userData, 'window-state.json'))).toBe(true);
  });

  it('while the site is still starting, waits for it and stops it: no site process outlives the app', async () => {
    // Quit from the event loop (as a user's Quit arrives), once the site's process exists but before it is ready.
    const fake = await launch(tempDir('inkwell-data-'), {}, (app) => app.events.once('fork', () => setImmediate(() => app.app.quit())));
    expect(await fake.app.exited).toBe(0);
    expect(fake.processes).toHaveLength(1);
    expect(fake.processes[0].running).toBe(false);
    expect(fake.processes[0].exitCode).toBe(0);
    expect(fake.windows).toHaveLength(0);
  });

  it('quits when the last window is closed, after the site has closed its database', async () => {
    const fake = await launch(tempDir('inkwell-data-'));
    (await fake.shownWindow()).close();
    expect(await fake.app.exited).toBe(0);
    expect(await fake.processes[0].exited).toBe(0);
  });
});

describe('a second start', () => {
  it('brings the running window forward instead of opening a second app on the same data', async () => {
    const userData = tempDir('inkwell-data-');
    const first = await launch(userData);
    const window = await first.shownWindow();
    window.minimized = true;
    const second = await launch(userData);
    await vi.waitUntil(() => window.focusCount === 1);
    expect(window.isMinimized()).toBe(false);
    expect(second.app.quitCalls).toBe(1);
    expect(second.processes).toHaveLength(0);
    expect(second.windows).toHaveLength(0);
    await quitAndWait(first);
  });
});

describe('the window', () => {
  it('hands only web and mail links to the system; other schemes and other sites never open', async () => {
    const fake = await launch(tempDir('inkwell-data-'));
    const contents = (await fake.shownWindow()).webContents;
    const origin = new URL(contents.getURL()).origin;
    for (const url of ['https://example.com/post', 'http://example.com/', 'mailto:jo@example.com']) expect(contents.pageOpensWindow(url)).toBe('deny');
    for (const url of ['file:///etc/passwd', 'smb://server/share', 'javascript:alert(1)', 'ms-settings:', 'not a url']) expect(contents.pageOpensWindow(url)).toBe('deny');
    expect(contents.pageNavigates('https://elsewhere.example/')).toBe(false);
    expect(contents.pageNavigates('file:///home/')).toBe(false);
    expect(contents.pageNavigates(`${origin}/app/#/posts`)).toBe(true);
    expect(fake.opened).toEqual(['https://example.com/post', 'http://example.com/', 'mailto:jo@example.com', 'https://elsewhere.example/']);
    await quitAndWait(fake);
  });

  it('has no DevTools in the packaged app, and has them while developing', async () => {
    const packaged = await launch(tempDir('inkwell-data-'), { isPackaged: true });
    expect((await packaged.shownWindow()).options.webPreferences?.devTools).toBe(false);
    const roles = (menu: typeof packaged.applicationMenu) => JSON.stringify(menu?.items);
    expect(roles(packaged.applicationMenu)).not.toContain('toggleDevTools');
    await quitAndWait(packaged);
    const developing = await launch(tempDir('inkwell-data-'));
    expect((await developing.shownWindow()).options.webPreferences?.devTools).toBe(true);
    expect(roles(developing.applicationMenu)).toContain('toggleDevTools');
    await quitAndWait(developing);
  });

  it('refuses every permission a page asks for', async () => {
    const fake = await launch(tempDir('inkwell-data-'));
    await fake.shownWindow();
    const session = fake.session.defaultSession;
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'hid']) {
      expect(await session.request(permission)).toBe(false);
      expect(session.check(permission, 'https://example.com')).toBe(false);
    }
    await quitAndWait(fake);
  });

  it('reopens where it was, or centred on a screen there is when its screen is gone', async () => {
    const userData = tempDir('inkwell-data-');
    fs.writeFileSync(path.join(userData, 'window-state.json'), JSON.stringify({ x: 3000, y: 200, width: 1600, height: 1000, maximized: false }));
    const twoScreens = await launch(userData, { displays: [{ x: 0, y: 0, width: 1920, height: 1080 }, { x: 1920, y: 0, width: 2560, height: 1440 }] });
    expect((await twoScreens.shownWindow()).options).toMatchObject({ x: 3000, y: 200, width: 1600 });
    await quitAndWait(twoScreens);
    const laptop = await launch(userData, { displays: [{ x: 0, y: 0, width: 1366, height: 768 }] });
    const options = (await laptop.shownWindow()).options;
    expect(options).not.toHaveProperty('x');
    expect(options).toMatchObject({ width: 1366, height: 768 });
    await quitAndWait(laptop);
  });

  it('offers spelling suggestions, adding to the dictionary, and cut, copy and paste on a right click', async () => {
    const fake = await launch(tempDir('inkwell-data-'));
    const window = await fake.shownWindow();
    window.webContents.pageContextMenu({
      isEditable: true, selectionText: '', misspelledWord: 'teh', dictionarySuggestions: ['the', 'ten'],
      editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true },
    });
    const menu = fake.menus.at(-1)!;
    expect(menu.popups).toEqual([{ window }]);
    expect(menu.items.map((item) => item.label ?? item.role)).toEqual(['the', 'ten', 'Add to dictionary', undefined, 'cut', 'copy', 'paste', undefined, 'selectAll']);
    menu.items[0].click!();
    menu.items[2].click!();
    expect(window.webContents.replacedWith).toEqual(['the']);
    expect(fake.session.defaultSession.learnedWords).toEqual(['teh']);
    await quitAndWait(fake);
  });
});

describe('the editor crashing or hanging', () => {
  it('reloads the editor after a crash, says so (its journal offers the unsaved words), and writes it in the log', async () => {
    const userData = tempDir('inkwell-data-');
    const fake = await launch(userData);
    const window = await fake.shownWindow();
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    await vi.waitUntil(() => window.webContents.reloads === 1);
    expect(fake.messageBoxes).toEqual([expect.objectContaining({ title: 'The editor stopped', detail: expect.stringContaining('offers to restore them') })]);
    expect(fs.readFileSync(path.join(userData, 'logs', 'inkwell.log'), 'utf8')).toMatch(/The editor stopped: reason crashed, exit code 139/);
    // Its site and window stay: the app goes on.
    expect(fake.app.exitCode).toBeNull();
    expect(fake.processes[0].running).toBe(true);
    await quitAndWait(fake);
  });

  it('a renderer that ended cleanly (the window closing) is no crash', async () => {
    const fake = await launch(tempDir('inkwell-data-'));
    const window = await fake.shownWindow();
    window.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    await new Promise(setImmediate);
    expect([fake.messageBoxes, window.webContents.reloads]).toEqual([[], 0]);
    await quitAndWait(fake);
  });

  it('asks when the editor hangs: Wait leaves it; Reload ends the hung renderer and reloads, with no second question for that end', async () => {
    const userData = tempDir('inkwell-data-');
    const answers = ['Wait', 'Reload'];
    const fake = await launch(userData, { answer: () => answers.shift() ?? 'Wait' });
    const window = await fake.shownWindow();
    window.emit('unresponsive');
    await vi.waitUntil(() => fake.messageBoxes.length === 1);
    await new Promise(setImmediate);
    expect(fake.messageBoxes[0]).toMatchObject({ title: 'The editor is not responding', buttons: ['Reload', 'Wait'] });
    expect(window.webContents.reloads).toBe(0);
    const ended = new Promise((resolve) => window.webContents.once('render-process-gone', resolve));
    window.emit('unresponsive');
    // Electron's 'render-process-gone' (killed) for the renderer ended on purpose: not reported as a crash.
    await ended;
    await new Promise(setImmediate);
    expect(fake.messageBoxes).toHaveLength(2);
    expect(window.webContents.reloads).toBe(1);
    expect(fs.readFileSync(path.join(userData, 'logs', 'inkwell.log'), 'utf8')).toContain('The editor stopped responding');
    await quitAndWait(fake);
  });

  it('keeps Chromium\'s crash reports in the data folder, never uploaded; Help > Open Log File opens the log, made if it is not there yet', async () => {
    const userData = tempDir('inkwell-data-');
    const fake = await launch(userData);
    await fake.shownWindow();
    expect(fake.crashReporting).toEqual({ options: { uploadToServer: false }, dumps: path.join(userData, 'logs', 'crash-reports') });
    const help = fake.applicationMenu!.items.find((item) => item.role === 'help')!;
    const open = (help.submenu as { label?: string; click?: () => void }[]).find((item) => item.label === 'Open Log File')!;
    open.click!();
    const log = path.join(userData, 'logs', 'inkwell.log');
    expect(fake.openedPaths).toEqual([log]);
    expect(fs.existsSync(log)).toBe(true);
    await quitAndWait(fake);
  });
});

describe('showing the window', () => {
  it('shows it once the page has painted, maximised as it was: never a blank window first', async () => {
    const userData = tempDir('inkwell-data-');
    fs.writeFileSync(path.join(userData, 'window-state.json'), JSON.stringify({ x: 10, y: 10, width: 1200, height: 800, maximized: true }));
    const fake = await launch(userData);
    const window = await fake.shownWindow();
    expect(window.isMaximized()).toBe(true);
    expect(window.shownBlank).toBe(false);
    await quitAndWait(fake);
  });
});

describe('the window title and find in page', () => {
  it('takes the page\'s title: main.ts does not hold back Electron\'s page-title-updated (the e2e test follows the editor\'s changes)', async () => {
    const fake = await launch(tempDir('inkwell-data-'));
    const window = await fake.shownWindow();
    // The stand-in's renderer is a page titled "Inkwell"; main.ts does not hold the title back.
    expect(window.getTitle()).toBe('Inkwell');
    expect(window.titles).toEqual(['Inkwell']);
    await quitAndWait(fake);
  });

  it('finds in the window\'s page for its own renderer: Ctrl/Cmd+F asks the renderer, answers come back, Escape\'s stop clears', async () => {
    const fake = await launch(tempDir('inkwell-data-'));
    const window = await fake.shownWindow();
    const contents = window.webContents;
    fake.pressAccelerator('CmdOrCtrl+F');
    expect(contents.sent.at(-1)).toEqual({ channel: 'menu-command', args: ['find'] });
    contents.loadedText = 'Dear Ada, this is for ADA and for nobody else.';
    const answered = () => new Promise((resolve) => contents.once('found-in-page', resolve)).then(() => new Promise(setImmediate));
    contents.fromRenderer('find-in-page', 'ada', { forward: true, newSearch: true });
    await answered();
    expect(contents.finds.at(-1)).toEqual({ text: 'ada', options: { forward: true, findNext: true } });
    expect(contents.sent.at(-1)).toEqual({ channel: 'found-in-page', args: [{ activeMatchOrdinal: 1, matches: 2, finalUpdate: true }] });
    contents.fromRenderer('find-in-page', 'ada', { forward: false, newSearch: false });
    await answered();
    expect(contents.finds.at(-1)?.options).toEqual({ forward: false, findNext: false });
    expect(contents.sent.at(-1)?.args).toEqual([{ activeMatchOrdinal: 2, matches: 2, finalUpdate: true }]);
    contents.fromRenderer('stop-find-in-page');
    expect(contents.findStops).toEqual(['clearSelection']);
    // Nothing to find, or not a text: nothing asked of Chromium (an empty text throws there).
    contents.fromRenderer('find-in-page', '', { newSearch: true });
    contents.fromRenderer('find-in-page', { text: 'ada' });
    expect(contents.finds).toHaveLength(2);
    await quitAndWait(fake);
  });

  it('ignores find requests from any other web contents', async () => {
    const fake = await launch(tempDir('inkwell-data-'));
    const window = await fake.shownWindow();
    const FakeWindow = fake.module().BrowserWindow as new (options: object) => FakeBrowserWindow;
    const other = new FakeWindow({}).webContents;
    other.fromRenderer('find-in-page', 'ada', { newSearch: true });
    other.fromRenderer('stop-find-in-page');
    expect([...other.finds, ...window.webContents.finds, ...other.findStops]).toEqual([]);
    await quitAndWait(fake);
  });
});

describe('updates from the app\'s releases: offered to the writer, never forced mid-edit', () => {
  const NEWER = { version: '9.9.0' };
  const offer = { title: 'Update ready', message: 'Inkwell 9.9.0 is ready', buttons: ['Restart to update', 'Later'] };

  it('a packaged app checks at start and offers the downloaded update; Later changes nothing until the writer quits, when it is installed', async () => {
    const fake = await launch(tempDir('inkwell-data-'), { isPackaged: true, answer: () => 'Later' }, (app) => (app.autoUpdater.feed = NEWER));
    const window = await fake.shownWindow();
    await vi.waitUntil(() => fake.messageBoxes.length === 1);
    expect(fake.messageBoxes[0]).toMatchObject(offer);
    expect(fake.autoUpdater.checks).toBe(1);
    await new Promise(setImmediate);
    expect([fake.app.exitCode, fake.app.quitCalls, fake.autoUpdater.installed, fake.windows]).toEqual([null, 0, null, [window]]);
    expect(fake.processes[0].running).toBe(true);

    expect(await quitAndWait(fake)).toBe(0);
    expect(fake.autoUpdater.installed).toEqual({ how: 'quit' });
    expect(await fake.processes[0].exited).toBe(0);
    expect(fake.messageBoxes).toHaveLength(1);
  });

  it('Restart to update with unsaved text asks first: Stay keeps the window, its text and its site, and nothing is installed then', async () => {
    const answers = ['Restart to update', 'Stay', 'Leave'];
    const fake = await launch(tempDir('inkwell-data-'), { isPackaged: true, answer: () => answers.shift() ?? 'Stay' }, (app) => (app.autoUpdater.feed = NEWER));
    const window = await fake.shownWindow();
    window.webContents.pageBlocksUnload = true;
    await vi.waitUntil(() => fake.messageBoxes.length === 2);
    expect(fake.messageBoxes.map((box) => box.title)).toEqual(['Update ready', 'Unsaved changes']);
    await new Promise(setImmediate);
    expect([fake.app.exitCode, fake.autoUpdater.installed, fake.windows]).toEqual([null, null, [window]]);
    expect(fake.processes[0].running).toBe(true);

    // Staying took back the restart: a later quit (Leave) installs the update without relaunching.
    expect(await quitAndWait(fake)).toBe(0);
    expect(fake.autoUpdater.installed).toEqual({ how: 'quit' });
  });

  it('Restart to update closes the window and stops the site cleanly first, then installs and relaunches, freeing the single-instance lock', async () => {
    const fake = await launch(tempDir('inkwell-data-'), { isPackaged: true, answer: () => 'Restart to update' }, (app) => (app.autoUpdater.feed = NEWER));
    await fake.shownWindow();
    const [site] = fake.processes;
    expect(await fake.app.exited).toBe(0);
    expect(await site.exited).toBe(0);
    expect(fake.autoUpdater.installed).toEqual({ how: 'quitAndInstall', runAfter: true });
    expect(fake.app.hasSingleInstanceLock()).toBe(false);
    expect(fake.windows).toEqual([]);
  });

  it('a failed check is written in the log, never shown: no dialog, the app goes on', async () => {
    const userData = tempDir('inkwell-data-');
    const fake = await launch(userData, { isPackaged: true }, (app) => (app.autoUpdater.feed = new Error('net::ERR_INTERNET_DISCONNECTED')));
    await fake.shownWindow();
    const log = path.join(userData, 'logs', 'inkwell.log');
    await vi.waitUntil(() => fs.existsSync(log) && fs.readFileSync(log, 'utf8').includes('ERR_INTERNET_DISCONNECTED'));
    expect(fs.readFileSync(log, 'utf8')).toContain('An update could not be checked, downloaded or installed');
    await new Promise(setImmediate);
    expect([fake.messageBoxes, fake.errorBoxes, fake.app.exitCode]).toEqual([[], [], null]);
    expect(await quitAndWait(fake)).toBe(0);
    expect(fake.autoUpdater.installed).toBeNull();
  });

  it('an app that is not packaged (npm start, development) never checks', async () => {
    const fake = await launch(tempDir('inkwell-data-'), { isPackaged: false }, (app) => (app.autoUpdater.feed = NEWER));
    await fake.shownWindow();
    await new Promise(setImmediate);
    expect([fake.autoUpdater.checks, fake.messageBoxes]).toEqual([0, []]);
    await quitAndWait(fake);
  });
});

describe('the key of remote sites\' passwords', () => {
  it('is not "sealed" by safeStorage\'s basic_text (no keyring): the key file is used, as without a keychain', async () => {
    const userData = tempDir('inkwell-data-');
    const fake = await launch(userData, { keychain: 'basic_text' });
    await fake.shownWindow();
    expect(fs.existsSync(path.join(userData, 'site', 'remote-sites.key.sealed'))).toBe(false);
    expect(fs.existsSync(path.join(userData, 'site', 'remote-sites.key'))).toBe(true);
    await quitAndWait(fake);
  });

  it('is sealed by a real keychain, and no key file lies beside the data', async () => {
    const userData = tempDir('inkwell-data-');
    const fake = await launch(userData, { keychain: 'gnome_libsecret' });
    await fake.shownWindow();
    expect(fs.existsSync(path.join(userData, 'site', 'remote-sites.key.sealed'))).toBe(true);
    expect(fs.existsSync(path.join(userData, 'site', 'remote-sites.key'))).toBe(false);
    await quitAndWait(fake);
  });
});

describe('the stand-in\'s utility process fails where Electron\'s would', () => {
  it('gives process.parentPort and no process.send, reports Electron\'s version, and runs Electron\'s Node major with node:sqlite', async () => {
    const probe = path.join(tempDir('probe-'), 'probe.cjs');
    fs.writeFileSync(probe, `process.parentPort.on('message', ({ data }) => process.parentPort.postMessage({
      echo: data, send: typeof process.send, electron: process.versions.electron, node: process.versions.node.split('.')[0],
      nodeSqlite: typeof require('node:sqlite').DatabaseSync,
    }));`);
    const fake = new FakeElectron({ appPath });
    const utility = (fake.module().utilityProcess as { fork(file: string): { postMessage(message: unknown): void; on(event: 'message', listener: (message: unknown) => void): void; kill(): boolean } }).fork(probe);
    cleanups.push(() => void utility.kill());
    const answer = new Promise((resolve) => utility.on('message', resolve));
    utility.postMessage('hello');
    const electronVersion = (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
    expect(await answer).toEqual({ echo: 'hello', send: 'undefined', electron: electronVersion, node: '24', nodeSqlite: 'function' });
  });

  it('runs the site\'s store on node:sqlite, as the desktop app does: better-sqlite3, built for the tests\' Node, does not even load there', async () => {
    process.env.INKWELL_SQLITE = 'better-sqlite3';
    cleanups.push(() => void delete process.env.INKWELL_SQLITE);
    const fake = await launch(tempDir('inkwell-data-'));
    expect(await fake.app.exited).toBe(1);
    expect(fake.errorBoxes[0].content).toMatch(/NODE_MODULE_VERSION/);
  });
});

describe('signing in on a site: its answer comes back through the inkwell:// scheme', () => {
  let remote: TestSite;

  beforeAll(async () => {
    remote = await startTestSite('b');
  });

  afterAll(() => remote?.close());

  /** Starts a sign-in and approves it on the site's grant page as the author: where the page sends the browser back. */
  async function approvedOnSite(client: SiteClient): Promise<{ grant: string; back: string }> {
    const started = await client.post(desktopApi.grants(), { address: remote.url });
    expect(new URL(started.authorizeUrl).searchParams.get('success_url')).toBe(`inkwell://grant/${started.id}`);
    const signedIn = await postSignIn(started.authorizeUrl, remote.users.author.login, remote.users.author.password);
    const cookie = cookieSet(signedIn, 'cms_session')!;
    const page = await (await fetch(started.authorizeUrl, { headers: { cookie } })).text();
    const answered = await postForm(started.authorizeUrl, { token: formToken(page), action: 'approve' }, cookie);
    return { grant: started.id, back: answered.headers.get('location')! };
  }

  async function connectedBy(client: SiteClient, grant: string): Promise<ConnectedSite> {
    await vi.waitUntil(async () => (await client.get(desktopApi.grant(grant))).status !== 'waiting', { timeout: 10_000 });
    const state = await client.get(desktopApi.grant(grant));
    expect(state).toMatchObject({ status: 'connected' });
    return client.get(desktopApi.site(state.siteId!));
  }

  it('registers the app for the scheme at start (itself: Electron runs it as the app, not as the default app)', async () => {
    const fake = await launch(tempDir('inkwell-data-'));
    await fake.shownWindow();
    expect(fake.app.protocolClients).toEqual([['inkwell']]);
    await quitAndWait(fake);
  });

  it('macOS: the address handed to the running app (open-url) completes the sign-in and brings the window forward', async () => {
    const fake = await launch(tempDir('inkwell-data-'));
    const window = await fake.shownWindow();
    window.minimized = true;
    const client = await windowClient(window);
    const { grant, back } = await approvedOnSite(client);
    expect(back).toMatch(new RegExp(`^inkwell://grant/${grant}\\?`));
    expect(fake.app.openUrl(back)).toBe(true);
    expect(await connectedBy(client, grant)).toMatchObject({ login: remote.users.author.login, apiRoot: remote.apiRoot });
    expect(window.isMinimized()).toBe(false);
    expect(window.focusCount).toBeGreaterThan(0);
    // Addresses of the scheme that are not a sign-in's answer are ignored.
    expect(fake.app.openUrl('inkwell://elsewhere/x?password=y')).toBe(true);
    await quitAndWait(fake);
  });

  it('Windows and Linux: a second start with the address in its argv completes the sign-in in the first, and quits', async () => {
    const userData = tempDir('inkwell-data-');
    const first = await launch(userData);
    const client = await windowClient(await first.shownWindow());
    const { grant, back } = await approvedOnSite(client);
    const second = await launch(userData, { argv: ['/opt/Inkwell/inkwell', '--no-sandbox', back] });
    expect(await connectedBy(client, grant)).toMatchObject({ login: remote.users.author.login });
    expect(second.app.quitCalls).toBe(1);
    expect(second.processes).toHaveLength(0);
    await quitAndWait(first);
  });
});
