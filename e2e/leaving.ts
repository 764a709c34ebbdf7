// Every way a writer leaves the editor, and what the tests that leave it do again and again:
// open an item from its list, pause on the page's clock, reopen the window after the app's site was killed. Shared by
// the lost-words matrix and the edit record's matrix.
import { expect } from 'vitest';
import type { Dialog, Page } from 'playwright-core';
import type { AppSession } from './harness.ts';
import { AUTOSAVE_DELAY_MS } from '../renderer/editor/post-saver.ts';

export const appUrl = (app: AppSession, hash: string): string => `${app.host.running.url}/app/#${hash}`;

/** The writer answers "Leave" when the window asks before closing or reloading. */
const acceptLeaving = (dialog: Dialog) => {
  if (dialog.type() === 'beforeunload') void dialog.accept();
};

/** Where the tests keep the window's latest connection for the windows opened after it (localStorage is shared by the context's tabs). */
const SHARED_CREDENTIALS = 'e2e.credentials';
const STORED_CREDENTIALS = 'inkwell.credentials';

/** Records this window's connection as the one a window opened later starts with: after each sign-in, so a restart's new credential replaces the old. */
async function shareConnection(page: Page): Promise<void> {
  await page.evaluate(([from, to]) => {
    const stored = sessionStorage.getItem(from);
    if (stored) localStorage.setItem(to, stored);
  }, [STORED_CREDENTIALS, SHARED_CREDENTIALS]);
}

/** Accepts leaving, and makes a reopened window keep the latest connection to the site of the windows before it, as the desktop app does. */
export async function watchPage(page: Page): Promise<void> {
  page.on('dialog', acceptLeaving);
  await shareConnection(page);
  // Read as the window opens, not fixed now: a test that restarted the site left a newer credential.
  await page.context().addInitScript(([stored, shared]) => {
    const latest = localStorage.getItem(shared);
    if (latest && !sessionStorage.getItem(stored)) sessionStorage.setItem(stored, latest);
  }, [STORED_CREDENTIALS, SHARED_CREDENTIALS]);
}

/**
 * Puts the page's timers on Playwright's clock (from the next load on, in every window of the
 * context): time still passes as it does, and a test's pause is made at once (`pause`).
 */
export async function controlTime(page: Page): Promise<void> {
  await page.clock.install();
}

/**
 * The writer waits `ms` after the last change in the editor of item `id`: the page's time moves
 * on by `ms` at once, its timers due in it firing (the journal's, the autosave's). A pause the
 * autosave falls in means it arrived: its answer is waited for.
 */
export async function pause(app: AppSession, ms: number, kind: 'posts' | 'pages', id: number): Promise<void> {
  if (ms === 0) return;
  const item = new RegExp(`/${kind}/${id}(/autosaves)?$`);
  const autosaved = ms >= AUTOSAVE_DELAY_MS ? app.page.waitForResponse((response) => response.request().method() === 'POST' && item.test(new URL(response.url()).pathname)) : null;
  await app.page.clock.runFor(ms);
  if (autosaved) expect((await autosaved).ok()).toBe(true);
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
  await shareConnection(app.page);
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
