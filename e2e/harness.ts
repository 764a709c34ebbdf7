// An end-to-end session: the app host (local site + renderer) in a temp directory and
// Debian's Chromium driven by Playwright, with a screenshot of each screen kept in
// test-results/screenshots when asked (e2e/screens.ts), in the light and the dark theme; and
// what the editor's tests do again and again (open a post, paste, save).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { startAppHost, type AppHost } from '../electron/app-host.ts';
import { RENDERER_DIST } from '../build/build-app.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { SiteClient } from '../shared/site-client.ts';
import { appPasswordCreateCommand } from '../server/auth/account-commands.ts';
import { getSettings, saveSettings } from '../server/content/settings.ts';
import type { Post } from '../shared/site-types.ts';
import { blockEditor } from '../tests/helpers/block-editor.ts';
import { checkSaved } from '../tests/helpers/strict-validity.ts';
import { forFile } from '../tests/helpers/for-file.ts';
import { slowPagesAsAsked } from './slowed-pages.ts';
import { keepScreens } from './screens.ts';

export interface AppSession {
  host: AppHost;
  /** The test's own client of the local site, for setting up and checking data. */
  api: SiteClient;
  /** The worker's Chromium, shared with the other files' sessions: close the session, not it. */
  browser: Browser;
  page: Page;
  dataDir: string;
  /**
   * Saves screenshots named after the screen, light and dark, when asked (e2e/screens.ts): the whole page, or with `{ window: true }`
   * the window only, where what the screenshot shows is the window (a post some 10,000 pixels long is
   * 14 megapixels drawn and encoded twice, for a toolbar at its top).
   */
  snap(name: string, options?: { window?: boolean }): Promise<void>;
  /** Goes to a screen of the app by its address after `#`, e.g. `/posts/new`. */
  open(hash: string): Promise<void>;
  /** Makes a draft through the site's API and opens it in the editor, ready to type in. */
  openPost(fields: { title: string; content?: string; meta?: Record<string, unknown> }): Promise<Post>;
  /** Pastes as the browser does: a paste event carrying the clipboard's data, at the caret in the content. */
  paste(data: Record<string, string>): Promise<void>;
  /** Saves with Ctrl+S, as a writer does, and waits until the editor says all is saved. */
  save(): Promise<void>;
  /** Saves with Ctrl+S and returns the post as the site now holds it (edit context). */
  savedPost(id: number): Promise<Post>;
  /** Saves with Ctrl+S and returns the saved content, which the block editor must find valid and would save the same. */
  savedValidBlocks(id: number): Promise<string>;
  /** Stops the app's site as a crash would (nothing more is answered), then starts it again on the same data and address. */
  restartSite(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One Chromium for all the files of a worker (they share it: vitest.config.ts), each session in a
 * context of its own (its own storage, cookies and pages): a launch a file, not one per file.
 * Playwright closes it as the worker ends.
 */
let workerBrowser: Promise<Browser> | null = null;

function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }).then((browser) => {
    browser.on('disconnected', () => { workerBrowser = null; });
    return browser;
  }, (error: unknown) => {
    workerBrowser = null;
    throw error;
  });
  return workerBrowser;
}

export async function openApp(): Promise<AppSession> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`The end-to-end tests need Chromium at ${CHROMIUM_PATH} (Debian: apt-get install chromium; or set CHROMIUM_PATH).`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-e2e-'));
  const host = await startAppHost({ dataDir, rendererDir: RENDERER_DIST });
  const password = appPasswordCreateCommand(host.running.site.context.store, { login: 'admin', name: 'e2e checks' }).password;
  const api = new SiteClient(host.running.site.context.urls.apiRoot, { login: 'admin', password });
  const browser = await sharedBrowser();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  slowPagesAsAsked(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(host.appUrl);
  const session: AppSession = {
    host,
    api,
    browser,
    page,
    dataDir,
    snap: (name, options = {}) => keepScreens(session.page, name, options),
    open: async (hash) => {
      const address = `${session.host.running.url}/app/#${hash}`;
      // Going to the address already shown changes nothing (a fragment navigation): the screen
      // would keep what it read before the test changed the site through the API. Load it again.
      if (session.page.url() === address) await session.page.reload();
      else await session.page.goto(address);
    },
    openPost: async (fields) => {
      const post = await api.post<Post>('cms/v2/posts', { ...fields, status: 'draft' });
      await session.open(`/posts/${post.id}`);
      await session.page.getByRole('textbox', { name: 'Content' }).waitFor();
      return post;
    },
    paste: async (data) => {
      await session.page.getByRole('textbox', { name: 'Content' }).evaluate((editor, items) => {
        const clipboard = new DataTransfer();
        for (const [type, value] of Object.entries(items)) clipboard.setData(type, value);
        editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
      }, data);
    },
    save: async () => {
      await session.page.keyboard.press('Control+s');
      await session.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    },
    savedPost: async (id) => {
      await session.save();
      return api.get<Post>(`cms/v2/posts/${id}`, { context: 'edit' });
    },
    savedValidBlocks: async (id) => {
      const content = (await session.savedPost(id)).content.raw ?? '';
      const check = checkSaved('', content);
      expect(check.invalid).toEqual([]);
      expect(check.resaved).toEqual([]);
      return content;
    },
    restartSite: async () => {
      const port = Number(new URL(session.host.running.url).port);
      await session.host.close();
      session.host = await startAppHost({ dataDir, rendererDir: RENDERER_DIST, port });
    },
    close: async () => {
      await context.close();
      await session.host.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (problems.length > 0) throw new Error(`The page had errors: ${problems.join('; ')}`);
    },
  };
  return session;
}

/**
 * Puts the app's site in `zone` as the app starts, then loads the app again: what it read of
 * the site before (its zone, kept a minute) must not show the old one.
 */
export async function startInZone(session: AppSession, zone: string): Promise<void> {
  const store = session.host.running.site.context.store;
  saveSettings(store, { ...getSettings(store), timezone_string: zone });
  const main = session.page.getByRole('navigation', { name: 'Main' });
  // The start-up address is consumed once the app has its credential (kept for the tab): only then reload.
  await main.waitFor();
  await session.page.reload();
  await main.waitFor();
}

/** Deletes every post or page of the session's site, the other tests' too: for a test of what a screen shows of them all. */
export async function deleteEvery(session: AppSession, kind: 'posts' | 'pages'): Promise<void> {
  const { items } = await session.api.list<Post>(`cms/v2/${kind}`, { context: 'edit', status: 'publish,future,draft,pending,private,trash', per_page: 100 });
  for (const item of items) await session.api.delete(`cms/v2/${kind}/${item.id}`, { force: true });
}

/**
 * An editor's blocks, as a locator's selector under its editable element: its children but the
 * widgets ProseMirror puts among them (the gap cursor shown after a click beside a block).
 */
export const EDITOR_BLOCKS = ':scope > :not(.ProseMirror-widget)';

/** The test file's session, opened before its tests and closed after them; with `blockEditor`, WordPress's block editor is loaded first (about 20 s) to judge what the editor saves. */
export function appForFile(options: { blockEditor?: boolean } = {}): AppSession {
  return forFile(async () => {
    if (options.blockEditor) blockEditor();
    return openApp();
  }, (session) => session.close(), 180_000);
}
