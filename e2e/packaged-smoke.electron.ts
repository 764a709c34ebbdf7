// The packaged app, as the installers carry it (electron-builder's --dir output: app.asar,
// fuses, native modules unpacked), driven through Playwright's Electron support: the editor
// opens, a post is written and saved, a JPEG and a PNG are uploaded (sharp in the site's
// process), and closing with unsent words asks first. The release workflow runs it on each
// platform before that platform's installers are built (vitest project `packaged`).
// Where there is no packaged app (no Electron binary to pack: this machine), it is skipped
// and says why, unless INKWELL_REQUIRE_ELECTRON is set, as in the workflow, where it fails.
// Playwright attaches through the inspector, which the shipped fuses switch off: the test
// runs a copy with that one fuse on (the workflow reads the shipped binary's fuses itself).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { _electron, type ElectronApplication } from 'playwright-core';
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';
import { packagedApp, type PackagedApp } from '../build/packaged-app.ts';
import { solidImage } from '../tests/helpers/images.ts';

const packaged = packagedApp();
if (!packaged) {
  const reason = `no packaged app for ${process.platform} (build it with: npm run build && npx electron-builder --config build/electron-builder.yml --dir)`;
  if (process.env.INKWELL_REQUIRE_ELECTRON) throw new Error(`INKWELL_REQUIRE_ELECTRON is set but there is ${reason}.`);
  console.log(`Packaged-app smoke test skipped: ${reason}. The Electron binary cannot be had on this machine.`);
}

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-packaged-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** A copy of the packaged app that Playwright can attach to: the inspector fuse on, nothing else changed. */
async function inspectableCopy(app: PackagedApp): Promise<string> {
  const bundle = process.platform === 'darwin' ? app.fuseTarget : path.dirname(app.executable);
  const copy = path.join(temp, path.basename(bundle));
  fs.cpSync(bundle, copy, { recursive: true, verbatimSymlinks: true });
  const target = path.join(copy, path.relative(bundle, app.fuseTarget));
  await flipFuses(target, { version: FuseVersion.V1, [FuseV1Options.EnableNodeCliInspectArguments]: true, resetAdHocDarwinSignature: process.platform === 'darwin' });
  return path.join(copy, path.relative(bundle, app.executable));
}

/** What the user's shortcut does: the application menu's item with that accelerator. */
function pressMenuShortcut(app: ElectronApplication, accelerator: string): Promise<void> {
  return app.evaluate(({ Menu }, wanted) => {
    const find = (items: Electron.MenuItem[]): Electron.MenuItem | undefined =>
      items.map((item) => (item.accelerator === wanted ? item : find(item.submenu?.items ?? []))).find(Boolean);
    const item = find(Menu.getApplicationMenu()?.items ?? []);
    if (!item) throw new Error(`No menu item answers ${wanted}`);
    item.click();
  }, accelerator);
}

describe('the packaged app', () => {
  it.skipIf(!packaged)('opens the editor, saves a post, uploads a JPEG and a PNG, and asks before closing with unsent words', async () => {
    const executable = await inspectableCopy(packaged!);
    const userData = path.join(temp, 'data');
    const images = path.join(temp, 'images');
    fs.mkdirSync(images);
    fs.writeFileSync(path.join(images, 'harbour.jpg'), await solidImage(1200, 800, 'jpeg'));
    fs.writeFileSync(path.join(images, 'diagram.png'), await solidImage(640, 480, 'png'));
    const app = await _electron.launch({ executablePath: executable, env: { ...process.env, INKWELL_USER_DATA: userData } });
    try {
      const [isPackaged, appPath] = await app.evaluate(({ app: electronApp }) => [electronApp.isPackaged, electronApp.getAppPath()] as const);
      expect([isPackaged, path.basename(appPath)]).toEqual([true, 'app.asar']);
      const page = await app.firstWindow();
      await page.getByRole('button', { name: 'New post' }).click();
      await page.getByLabel('Title', { exact: true }).fill('Written in the packaged app');
      await page.locator('.ProseMirror').click();
      await page.keyboard.type('These words reach the local site.');
      const title = () => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0].getTitle());
      await expect.poll(title).toBe('● Written in the packaged app — Inkwell');
      await pressMenuShortcut(app, 'CmdOrCtrl+S');
      await expect.poll(title).toBe('Written in the packaged app — Inkwell');

      await page.getByRole('link', { name: 'Media' }).click();
      await page.getByLabel('Upload files').setInputFiles([path.join(images, 'harbour.jpg'), path.join(images, 'diagram.png')]);
      await expect.poll(() => page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded').count(), { timeout: 30_000 }).toBe(2);
      await page.getByRole('button', { name: 'harbour' }).waitFor();
      await page.getByRole('button', { name: 'diagram' }).waitFor();

      // Unsent words: the app's own question (a native dialog, answered here in the main process).
      await page.getByRole('link', { name: 'Posts' }).click();
      await page.getByRole('button', { name: 'New post' }).click();
      await page.locator('.ProseMirror').click();
      await page.keyboard.type('Not sent yet.');
      await app.evaluate(({ dialog }) => {
        const asked: string[] = [];
        (globalThis as { asked?: string[] }).asked = asked;
        dialog.showMessageBoxSync = ((...args: unknown[]) => {
          asked.push(String((args.at(-1) as Electron.MessageBoxSyncOptions).title));
          return asked.length === 1 ? 1 : 0; // Stay, then Leave
        }) as typeof dialog.showMessageBoxSync;
      });
      const closeWindow = () => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
      await closeWindow();
      await expect.poll(() => app.evaluate(() => (globalThis as { asked?: string[] }).asked)).toEqual(['Unsaved changes']);
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
      await expect(page.locator('.ProseMirror').textContent()).resolves.toContain('Not sent yet.');
      const closed = new Promise<void>((resolve) => app.process().once('exit', () => resolve()));
      await closeWindow();
      await closed;
      expect(fs.existsSync(path.join(userData, 'site', 'site.db'))).toBe(true);
    } finally {
      if (app.process().exitCode === null) await app.close();
    }
  });
});
