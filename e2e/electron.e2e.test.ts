// A smoke test of the desktop window with Playwright's Electron support. It needs the
// Electron binary, which Electron 42 downloads on first use; where it is not installed
// (machines that cannot reach GitHub) the window test is reported as skipped, and what
// `npm start` gives instead, the same app in browser mode, is checked to open and work.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { _electron } from 'playwright-core';
import { electronBinary } from '../electron/electron-binary.ts';
import { buildElectronEntries, ELECTRON_DIST, RENDERER_DIST } from '../electron/build-app.ts';
import { openApp } from './harness.ts';

const binary = electronBinary();

describe('desktop window', () => {
  it.runIf(binary)('opens the editor on its local site in an Electron window, whose title follows the screen', async () => {
    await buildElectronEntries();
    const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-electron-'));
    const app = await _electron.launch({
      executablePath: binary!,
      args: [path.join(ELECTRON_DIST, 'main.cjs'), `--user-data-dir=${userData}`],
      env: { ...process.env, INKWELL_RENDERER_DIR: RENDERER_DIST },
    });
    try {
      const window = await app.firstWindow();
      await window.getByRole('button', { name: 'New post' }).waitFor();
      await expect.poll(() => window.title()).toBe('Posts — Inkwell');
      await window.getByRole('button', { name: 'New post' }).click();
      await window.keyboard.type('From the desktop');
      await expect.poll(() => window.title()).toBe('● From the desktop — Inkwell');
    } finally {
      await app.close();
      fs.rmSync(userData, { recursive: true, force: true });
    }
  });

  it.runIf(!binary)('without the Electron binary, the same app opens in browser mode and writes', async () => {
    const session = await openApp();
    try {
      const { page } = session;
      await page.getByRole('button', { name: 'New post' }).click();
      await page.keyboard.type('From the browser');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Written without Electron.');
      await page.keyboard.press('Control+s');
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
      expect(await page.title()).toBe('From the browser — Inkwell');
      const { items } = await session.api.list<{ title: { raw: string } }>('cms/v2/posts', { status: 'draft', context: 'edit' });
      expect(items.map((post) => post.title.raw)).toEqual(['From the browser']);
    } finally {
      await session.close();
    }
  });
});
