// An end-to-end session: the app host (local site + renderer) in a temp directory and
// Debian's Chromium driven by Playwright, with a screenshot of each screen kept as an
// artifact in test-results/screenshots, in the light and the dark theme.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startAppHost, type AppHost } from '../electron/app-host.ts';
import { RENDERER_DIST } from '../build/build-app.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { SiteClient } from '../shared/site-client.ts';
import { appPasswordCreateCommand } from '../server/auth/account-commands.ts';

const SCREENSHOTS = path.resolve('test-results', 'screenshots');

export interface AppSession {
  host: AppHost;
  /** The test's own client of the local site, for setting up and checking data. */
  api: SiteClient;
  browser: Browser;
  page: Page;
  dataDir: string;
  /** Saves screenshots named after the screen, light and dark. */
  snap(name: string): Promise<void>;
  /** Stops the app's site as a crash would (nothing more is answered), then starts it again on the same data and address. */
  restartSite(): Promise<void>;
  close(): Promise<void>;
}

export async function openApp(): Promise<AppSession> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`The end-to-end tests need Chromium at ${CHROMIUM_PATH} (Debian: apt-get install chromium; or set CHROMIUM_PATH).`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-e2e-'));
  const host = await startAppHost({ dataDir, rendererDir: RENDERER_DIST });
  const password = appPasswordCreateCommand(host.running.site.context.store, { login: 'admin', name: 'e2e checks' }).password;
  const api = new SiteClient(host.running.site.context.urls.apiRoot, { login: 'admin', password });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(host.appUrl);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const session: AppSession = {
    host,
    api,
    browser,
    page,
    dataDir,
    snap: async (name) => {
      // Every screen in both themes (the app follows the system's unless the writer chose one).
      for (const scheme of ['light', 'dark'] as const) {
        await session.page.emulateMedia({ colorScheme: scheme });
        await session.page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${scheme}.png`), fullPage: true });
      }
      await session.page.emulateMedia({ colorScheme: null });
    },
    restartSite: async () => {
      const port = Number(new URL(session.host.running.url).port);
      await session.host.close();
      session.host = await startAppHost({ dataDir, rendererDir: RENDERER_DIST, port });
    },
    close: async () => {
      await browser.close();
      await session.host.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (problems.length > 0) throw new Error(`The page had errors: ${problems.join('; ')}`);
    },
  };
  return session;
}
