// The desktop window, as a user sees it. First without the Electron binary: electron/main.ts
// runs over the stand-in of Electron's API (tests/helpers/fake-electron.ts) whose window is
// a real Chromium page with the app's preload, so what is checked is what main.ts, the
// preload and the renderer do together: the window loads the renderer from the embedded
// site, its title follows the renderer's (the item and the unsaved mark), closing with
// unsent words asks, and Ctrl/Cmd+F finds in the page. Then with the real Electron, through
// Playwright's Electron support, where its binary is installed (it is downloaded on first
// use; where it is missing the test is skipped and says so in the output, unless
// INKWELL_REQUIRE_ELECTRON is set, as in the release workflow, where it fails).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { _electron, chromium, type Browser, type Page } from 'playwright-core';
import { electronBinary } from '../electron/electron-binary.ts';
import { appParts } from '../electron/app-paths.ts';
import { buildElectronEntries, RENDERER_DIST, ROOT } from '../build/build-app.ts';
import { FakeElectron, type FakeBrowserWindow } from '../tests/helpers/fake-electron.ts';
import { realPages, scriptRunner } from '../tests/helpers/fake-electron-page.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { keepScreens } from './screens.ts';

/** The window's page in the light and the dark theme, kept with the e2e run's screenshots when asked: the window, as the app shows it. */
const snap = (page: Page, name: string) => keepScreens(page, name, { window: true });

const binary = electronBinary();
if (!binary) {
  if (process.env.INKWELL_REQUIRE_ELECTRON) throw new Error('INKWELL_REQUIRE_ELECTRON is set but the Electron binary is not installed (node node_modules/electron/install.js).');
  console.log('Electron smoke test: the Electron binary is not installed on this machine (it is downloaded on first use), so the real window is not opened: its test is skipped. main.ts is tested over the stand-in of Electron with a real Chromium page instead.');
}

describe('the desktop window over the stand-in of Electron, with a real page', () => {
  let appPath: string;
  let userData: string;
  let browser: Browser;
  let fake: FakeElectron;
  let window: FakeBrowserWindow;
  let page: Page;
  /** The buttons the user presses in the app's questions, in order. */
  const answers: string[] = [];

  beforeAll(async () => {
    // The app's folder as Electron sees it: the built entry points, the e2e run's renderer build.
    appPath = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-app-'));
    fs.mkdirSync(path.join(appPath, 'renderer'));
    fs.symlinkSync(RENDERER_DIST, path.join(appPath, 'renderer', 'dist'));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(appPath, 'node_modules'));
    await buildElectronEntries(path.dirname(appParts(appPath).main));
    userData = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-data-'));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    const pages = realPages(browser);
    fake = new FakeElectron({ appPath, openPage: pages.openPage, answer: () => answers.shift() ?? 'Stay' });
    process.env.INKWELL_USER_DATA = userData;
    vi.resetModules();
    vi.doMock('electron', () => fake.module());
    vi.doMock('electron-updater', () => fake.updaterModule());
    await import('../electron/main.ts');
    window = await fake.shownWindow();
    page = pages.opened[0];
  }, 120_000);

  afterAll(async () => {
    if (fake && fake.app.exitCode === null) {
      answers.push('Leave', 'Leave');
      fake.app.quit();
      await fake.app.exited;
    }
    for (const utility of fake?.processes ?? []) {
      utility.kill();
      await utility.exited;
    }
    await browser?.close();
    delete process.env.INKWELL_USER_DATA;
    for (const dir of [appPath, userData]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  // One story, one test: each step goes on in the window and the post the one before left.
  it('loads the renderer from the embedded site with the screen in its title, names the post being written, asks before closing with unsent words, and finds in the page', async () => {
    // loads the renderer from the embedded site, and its title follows the screen
    {
      const loaded = new URL(page.url());
      expect(loaded.origin).toBe(new URL(window.webContents.getURL()).origin);
      expect(loaded.hostname).toBe('127.0.0.1');
      expect(loaded.pathname).toBe('/app/');
      await page.getByRole('button', { name: 'New post' }).waitFor();
      await expect.poll(() => window.getTitle()).toBe('Posts — Inkwell');
      await page.getByRole('link', { name: 'Media' }).click();
      await expect.poll(() => window.getTitle()).toBe('Media — Inkwell');
    }

    // names the post being written, with the unsaved mark until the site has it
    {
      await page.getByRole('link', { name: 'Posts' }).click();
      await page.getByRole('button', { name: 'New post' }).click();
      await page.getByLabel('Title', { exact: true }).fill('Letter to Ada');
      await expect.poll(() => window.getTitle()).toBe('● Letter to Ada — Inkwell');
      fake.pressAccelerator('CmdOrCtrl+S');
      await expect.poll(() => window.getTitle()).toBe('Letter to Ada — Inkwell');
    }

    // asks before closing with words the site does not have yet; Stay keeps the window and the words
    {
      await page.locator('.ProseMirror').click();
      await page.keyboard.type('Dear Ada, these words are not sent yet.');
      answers.push('Stay');
      expect(await window.closeAsked()).toBe(false);
      expect(fake.messageBoxes.at(-1)).toMatchObject({ title: 'Unsaved changes', buttons: ['Leave', 'Stay'] });
      expect(window.isDestroyed()).toBe(false);
      await expect(page.locator('.ProseMirror').textContent()).resolves.toContain('these words are not sent yet');
    }

    // finds in the page with Ctrl/Cmd+F: a count, next and previous, Escape closes
    {
      fake.pressAccelerator('CmdOrCtrl+F');
      const bar = page.getByRole('search', { name: 'Find in page' });
      await bar.waitFor();
      const count = bar.getByRole('status');
      const field = bar.locator('input');
      await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
      // "Ada" in the title field and in the text; not in the find field itself.
      await field.fill('ada');
      await expect.poll(() => count.textContent()).toBe('1 of 2');
      await snap(page, 'find-in-page');
      await field.press('Enter');
      await expect.poll(() => count.textContent()).toBe('2 of 2');
      await field.press('Enter');
      await expect.poll(() => count.textContent()).toBe('1 of 2');
      await field.press('Shift+Enter');
      await expect.poll(() => count.textContent()).toBe('2 of 2');
      await field.fill('no such words');
      await expect.poll(() => count.textContent()).toBe('No matches');
      await field.press('Escape');
      await bar.waitFor({ state: 'detached' });
      expect(window.webContents.findStops.at(-1)).toBe('clearSelection');
      // The editor is still there, with its words (Escape closed only the find bar).
      await expect(page.locator('.ProseMirror').textContent()).resolves.toContain('Dear Ada');
    }
  }, 180_000);

  it('asks before unloading only once the user has typed or clicked in the page, as Chromium does (text restored by script alone closes without asking)', async () => {
    const server = http.createServer((_request, response) => response.end('<!doctype html><title>Page</title><textarea aria-label="Words"></textarea><script>addEventListener("beforeunload", (event) => event.preventDefault())</script>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const pages = realPages(browser);
    const standIn = await pages.openPage(window.webContents);
    try {
      await standIn.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await scriptRunner(pages.opened[0])('document.querySelector("textarea").value = "Restored from the journal."');
      expect(await standIn.blocksUnload()).toBe(false);
      await pages.opened[0].getByLabel('Words').click();
      expect(await standIn.blocksUnload()).toBe(true);
    } finally {
      await standIn.close();
      server.close();
    }
  });
});

describe('the desktop window in the real Electron', () => {
  it.skipIf(!binary)('opens the editor on its local site in an Electron window, and again at the same address', async () => {
    await buildElectronEntries();
    const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-electron-'));
    const launch = () => _electron.launch({ executablePath: binary!, args: [ROOT], env: { ...process.env, INKWELL_USER_DATA: userData } });
    try {
      const app = await launch();
      const window = await app.firstWindow();
      await window.getByRole('button', { name: 'New post' }).waitFor();
      // The window's title follows the screen (the editor adds the item and an unsaved mark).
      await expect.poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0].getTitle())).toBe('Posts — Inkwell');
      expect(await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'))).toBe(userData);
      const origin = new URL(window.url()).origin;
      await app.close();
      // The same address at the next start: what the renderer keeps in its storage survives.
      const again = await launch();
      const second = await again.firstWindow();
      await second.getByRole('button', { name: 'New post' }).waitFor();
      expect(new URL(second.url()).origin).toBe(origin);
      await again.close();
      expect(fs.existsSync(path.join(userData, 'site', 'site.db'))).toBe(true);
    } finally {
      fs.rmSync(userData, { recursive: true, force: true });
    }
  });
});
