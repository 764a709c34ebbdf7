// Every way a writer leaves the editor, and what the tests that leave it do again and again:
// open an item from its list, reopen the window after the app's site was killed. Shared by
// the lost-words matrix and the edit record's matrix.
import { expect } from 'vitest';
import type { Dialog, Page } from 'playwright-core';
import type { AppSession } from './harness.ts';

export const appUrl = (app: AppSession, hash: string): string => `${app.host.running.url}/app/#${hash}`;

/** The writer answers "Leave" when the window asks before closing or reloading. */
const acceptLeaving = (dialog: Dialog) => {
  if (dialog.type() === 'beforeunload') void dialog.accept();
};

/** Accepts leaving, and makes a reopened window keep this window's connection to the site, as the desktop app does. */
export async function watchPage(page: Page): Promise<void> {
  page.on('dialog', acceptLeaving);
  const credentials = await page.evaluate(() => sessionStorage.getItem('inkwell.credentials'));
  await page.context().addInitScript((stored) => {
    if (stored && !sessionStorage.getItem('inkwell.credentials')) sessionStorage.setItem('inkwell.credentials', stored);
  }, credentials);
}

export async function writeForThisComputer(page: Page): Promise<void> {
  const picker = page.getByLabel('Writing for');
  if ((await picker.inputValue()) !== '') await picker.selectOption('');
}

/** Opens an item from its list, by a navigation inside the app, so that Back has somewhere to go. */
export async function openItem(app: AppSession, id: number, kind: 'posts' | 'pages' = 'posts'): Promise<void> {
  const { page } = app;
  await page.goto(appUrl(app, `/${kind}`));
  await writeForThisComputer(page);
  await page.getByRole('row').first().waitFor();
  await page.evaluate((hash) => { window.location.hash = hash; }, `/${kind}/${id}`);
  await page.getByRole('textbox', { name: 'Content' }).waitFor();
}

/** After the app's site started again, the window opens from the app's new start-up address, as the desktop shell opens it. */
export async function reopenApp(app: AppSession): Promise<void> {
  // The tab starts again with the new start-up address (a new fragment alone loads nothing),
  // and the start-up token leaves the address once traded.
  await app.page.goto(app.host.appUrl);
  await app.page.waitForURL((url) => !url.hash.includes('bootstrap='));
  await app.page.getByRole('row').first().waitFor();
}

/** Every way a writer leaves the editor of an item of `kind`; `remoteName` is another site the window can write for. */
export function waysOfLeaving(app: AppSession, remoteName: () => string, kind: 'posts' | 'pages' = 'posts'): Record<string, () => Promise<void>> {
  const main = () => app.page.getByRole('navigation', { name: 'Main' });
  return {
    'the back link': async () => {
      await app.page.getByRole('link', { name: `← ${kind === 'pages' ? 'Pages' : 'Posts'}` }).click();
      await app.page.getByRole('row').first().waitFor();
    },
    'a sidebar link': () => main().getByRole('link', { name: 'Media' }).click(),
    'the browser’s Back': async () => { await app.page.goBack(); },
    'writing for another site': async () => {
      await app.page.getByLabel('Writing for').selectOption({ label: remoteName() });
      // The switch takes the window to the other site's list.
      await app.page.getByRole('textbox', { name: 'Content' }).waitFor({ state: 'detached' });
    },
    'opening Sites': () => main().getByRole('link', { name: 'Sites' }).click(),
    'a reload': async () => { await app.page.reload(); },
    'closing the window': async () => {
      const closing = app.page;
      const context = closing.context();
      const closed = new Promise<void>((resolve) => closing.once('close', () => resolve()));
      await closing.close({ runBeforeUnload: true });
      await closed;
      app.page = await context.newPage();
      app.page.on('dialog', acceptLeaving);
    },
    'the app’s site being killed': async () => {
      await app.restartSite();
      await reopenApp(app);
    },
  };
}

/** The list does not name the item titled `title` among those with words the site has not received (other tests' items may be there). */
export async function expectNothingUnsent(app: AppSession, title: string): Promise<void> {
  await expect.poll(() => app.page.getByRole('status', { name: 'Unsent words' }).getByRole('link', { name: title, exact: true }).count()).toBe(0);
}
