// The screens the end-to-end tests keep in test-results/screenshots, for a person to look at after
// a run: every run keeps them but CI's (CI set), whose clean clone no one opens, unless asked
// (INKWELL_E2E_SCREENSHOTS=1; =0 keeps none). Each is drawn and encoded by Chromium (0.1–0.4 s
// of CPU a pair, some 370 files a whole run).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const SCREENSHOTS = path.resolve('test-results', 'screenshots');

/** Whether this run keeps its screens. */
export const SCREENS_ASKED = process.env.INKWELL_E2E_SCREENSHOTS === undefined ? !process.env.CI : process.env.INKWELL_E2E_SCREENSHOTS === '1';

/** Playwright's screenshot options these tests use: the window alone (not the whole page), the caret as it is. */
export interface ScreenOptions { window?: boolean; caret?: 'initial' }

/** Keeps the page as it is now in `<name>.png`, when asked. */
export async function keepScreen(page: Page, name: string, options: ScreenOptions = {}): Promise<void> {
  if (!SCREENS_ASKED) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !options.window, caret: options.caret });
}

/** Keeps the screen in the light and the dark theme (`<name>-light.png`, `<name>-dark.png`), when asked: the app follows the system's unless the writer chose one. */
export async function keepScreens(page: Page, name: string, options: ScreenOptions = {}): Promise<void> {
  if (!SCREENS_ASKED) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await keepScreen(page, `${name}-${scheme}`, options);
  }
  await page.emulateMedia({ colorScheme: null });
}
