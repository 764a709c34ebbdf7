// Connecting a remote site and syncing it from the Sites screen, in Chromium, against the
// real app host and a real remote site: a wrong password explained, the right one
// accepted, Sync with live progress to its result (light and dark themes), writing in the
// site's local copy, and disconnecting.
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { startTestSite } from '../tests/helpers/test-site.ts';
import { forFile } from '../tests/helpers/for-file.ts';
import { nextSecond } from '../tests/helpers/sync-fixture.ts';
import { SiteClient } from '../shared/site-client.ts';
import type { ConnectedSite, CopySession } from '../shared/connected-sites.ts';
import type { Locator } from 'playwright-core';

const POSTS = 300;

const app = appForFile();
const remote = forFile(() => startTestSite('a'), (site) => site.close());
let remoteName: string;

beforeAll(async () => {
  // A minute apart, as a site's posts are: created within a second, they would share a date, and the
  // local copy (which numbers them in the order the sync received them) may list ties otherwise than the site.
  const published = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString().slice(0, 19);
  for (let start = 0; start < POSTS; start += 25) {
    const requests = Array.from({ length: Math.min(25, POSTS - start) }, (_, n) => ({
      method: 'POST', path: '/cms/v2/posts', body: { title: `Remote post ${start + n}`, content: `<p>Body ${start + n}</p>`, status: 'publish', date: published(start + n) },
    }));
    expect((await remote.api('batch/v1', { method: 'POST', as: 'editor', body: { requests } })).status).toBe(207);
  }
  remoteName = (await remote.api('')).body.name;
}, 120_000);

/** Connected, the form is left for the next site: no address, no password, nothing said found. */
async function expectFormCleared(form: Locator): Promise<void> {
  expect(await form.getByLabel('Site address').inputValue()).toBe('');
  expect(await form.getByLabel('Application password').inputValue()).toBe('');
  expect(await form.getByRole('status').filter({ hasText: 'Found ' }).count()).toBe(0);
}

describe('sites', () => {
  // One story, one test: each step goes on from where the one before left the app and the connected site.
  it('connects a site (a wrong password explained), syncs it with live progress, writes in its copy, settles a conflict, disconnects, and signs in through the site’s own page', async () => {
    // connects a site with a user name and application password, explaining a wrong one
    {
      const { page } = app;
      await page.getByRole('link', { name: 'Sites' }).click();
      await page.getByText('No site is connected yet.').waitFor();
      await app.snap('sites-empty');

      const form = page.getByRole('form', { name: 'Connect a site' });
      await form.getByLabel('Site address').fill(remote.url);
      await form.getByRole('button', { name: 'Check address' }).click();
      await form.getByRole('status').filter({ hasText: `Found ${remoteName}` }).waitFor();

      await form.getByLabel('User name').fill(remote.users.editor.login);
      await form.getByLabel('Application password').fill('abcd efgh ijkl mnop qrst uvwx');
      await form.getByRole('button', { name: 'Connect', exact: true }).click();
      await form.getByRole('alert').filter({ hasText: 'did not accept this user name and application password' }).waitFor();
      await app.snap('sites-wrong-password');

      await form.getByLabel('Application password').fill(remote.users.editor.appPassword);
      await form.getByRole('button', { name: 'Connect', exact: true }).click();
      await form.getByRole('status').filter({ hasText: `Connected to ${remoteName} as editor1` }).waitFor();
      await expectFormCleared(form);
      const card = page.getByRole('listitem', { name: remoteName });
      await card.getByText('Not synced yet.').waitFor();
      await expect.poll(() => card.textContent()).toContain('Signed in as editor1');
    }

    // syncs the site with live progress and shows the result
    {
      const { page } = app;
      const card = page.getByRole('listitem', { name: remoteName });
      // Progress may be brief: remember whether the bar was ever shown.
      await page.evaluate(() => {
        const seen = window as unknown as { sawProgress?: boolean };
        new MutationObserver(() => {
          if (document.querySelector('.site-card progress')) seen.sawProgress = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      await card.getByRole('button', { name: 'Sync now' }).click();
      // The result, case and all: a string would match the "Not synced yet." still shown until Sync's answer arrives.
      const synced = card.getByRole('status').filter({ hasText: /^Synced on / });
      await synced.waitFor({ timeout: 30_000 });
      expect(await synced.textContent()).toContain(`${POSTS} received, 0 sent`);
      expect(await page.evaluate(() => (window as unknown as { sawProgress?: boolean }).sawProgress)).toBe(true);
      await card.getByRole('button', { name: 'Sync now' }).waitFor();
      await app.snap('sites-synced');

      await page.getByLabel('Theme').selectOption('dark');
      await app.snap('sites-synced-dark');
      await page.getByLabel('Theme').selectOption('light');
    }

    // writes for the site in its local copy, and switches back to this computer
    {
      const { page } = app;
      const card = page.getByRole('listitem', { name: remoteName });
      await card.getByRole('button', { name: 'Write for this site' }).click();
      await expect.poll(() => page.getByLabel('Writing for').inputValue()).not.toBe('');
      await page.getByText(`Remote post ${POSTS - 1}`, { exact: true }).waitFor();
      await app.snap('sites-writing-for-remote');

      await page.getByRole('button', { name: 'New post' }).click();
      await page.getByLabel('Title', { exact: true }).fill('Drafted for the remote site');
      await app.save();
      const [site] = await app.api.get<ConnectedSite[]>('inkwell/v1/sites');
      const session = await app.api.post<CopySession>(`inkwell/v1/sites/${site.id}/session`, {});
      const copy = new SiteClient(session.apiRoot, session.credentials);
      expect((await copy.list('cms/v2/posts', { status: 'draft', search: 'Drafted for the remote site' })).total).toBe(1);
      // The app's own site did not get it.
      expect((await app.api.list('cms/v2/posts', { status: 'draft', search: 'Drafted for the remote site' })).total).toBe(0);

      await page.getByLabel('Writing for').selectOption('');
      await page.getByRole('link', { name: 'Posts' }).click();
      await page.getByRole('row').first().waitFor();
      // The remote site's list may stand until this computer's arrives.
      await expect.poll(() => page.getByText(`Remote post ${POSTS - 1}`, { exact: true }).count()).toBe(0);
      await page.getByRole('link', { name: 'Sites' }).click();
    }

    // shows an item changed on both sides side by side, and keeps the version chosen
    {
      const { page } = app;
      const [site] = await app.api.get<ConnectedSite[]>('inkwell/v1/sites');
      const session = await app.api.post<CopySession>(`inkwell/v1/sites/${site.id}/session`, {});
      const copy = new SiteClient(session.apiRoot, session.credentials);
      const [local] = (await copy.list<{ id: number }>('cms/v2/posts', { slug: 'remote-post-5' })).items;
      await copy.post(`cms/v2/posts/${local.id}`, { content: '<p>Body 5, rewritten on this computer.</p>' });
      const [remotePost] = (await remote.api('cms/v2/posts', { as: 'editor', query: { slug: 'remote-post-5' } })).body;
      // A later second on the site, so its change is newer than the last sync.
      await nextSecond();
      await remote.api(`cms/v2/posts/${remotePost.id}`, { method: 'POST', as: 'editor', body: { content: '<p>Body 5, edited on the site.</p>' } });

      const card = page.getByRole('listitem', { name: remoteName });
      await card.getByRole('button', { name: 'Sync now' }).click();
      await card.getByRole('status').filter({ hasText: 'Synced with conflicts to resolve' }).waitFor({ timeout: 30_000 });
      await card.getByRole('button', { name: 'Resolve 1 conflict' }).click();
      const dialog = page.getByRole('dialog', { name: 'Conflicts' });
      // Each side marks its own words; neither strikes out the other's (no choice is made yet).
      await expect.poll(() => dialog.getByRole('region', { name: 'On this computer' }).locator('mark').allTextContents()).toContain('rewritten');
      await expect.poll(() => dialog.getByRole('region', { name: 'On the site' }).locator('mark').allTextContents()).toContain('edited');
      expect(await dialog.locator('del, ins').count()).toBe(0);
      await app.snap('sites-conflict');
      await dialog.getByRole('button', { name: 'Keep the site’s version' }).click();
      await dialog.getByText('No conflicts left.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect.poll(async () => (await copy.get<{ content: { raw: string } }>(`cms/v2/posts/${local.id}`, { context: 'edit' })).content.raw).toContain('edited on the site');
      await expect.poll(() => card.getByRole('button', { name: /Resolve/ }).count()).toBe(0);
    }

    // disconnects after asking
    {
      const { page } = app;
      const card = page.getByRole('listitem', { name: remoteName });
      await card.getByRole('button', { name: 'Disconnect…' }).click();
      await card.getByRole('group', { name: 'Confirm disconnect' }).getByRole('button', { name: 'Disconnect' }).click();
      await page.getByText('No site is connected yet.').waitFor();
    }

    // signs in through the site’s own page for apps, opened beside the app
    {
      const { page } = app;
      const form = page.getByRole('form', { name: 'Connect a site' });
      await form.getByLabel('Site address').fill(remote.url);
      const [signIn] = await Promise.all([page.context().waitForEvent('page'), form.getByRole('button', { name: 'Sign in with the site' }).click()]);
      await form.getByRole('status').filter({ hasText: 'Waiting for your answer' }).waitFor();
      await signIn.getByLabel('Username or email address').fill(remote.users.author.login);
      await signIn.getByLabel('Password').fill(remote.users.author.password);
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      await signIn.getByRole('button', { name: 'Yes, I approve of this connection' }).click();
      await signIn.getByRole('heading', { name: 'Connected' }).waitFor();
      // The password went to the app, not into the tab's address.
      expect(signIn.url()).not.toContain('password');
      await signIn.close();
      await form.getByRole('status').filter({ hasText: `Connected to ${remoteName}. Sync it below.` }).waitFor();
      await expectFormCleared(form);
      await page.getByRole('listitem', { name: remoteName }).getByText('Signed in as author1', { exact: false }).waitFor();
      await app.snap('sites-signed-in-with-site');
    }
  }, 240_000);
});
