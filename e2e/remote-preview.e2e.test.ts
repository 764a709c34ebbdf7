// Previewing an item of a connected site in Chromium: the writer's unsaved words in the
// remote's own page (the remote site's reading page here, with its site name and layout),
// and, with the remote stopped, the same from the look saved on this computer, saying so.
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { startTestSite } from '../tests/helpers/test-site.ts';
import { forFile } from '../tests/helpers/for-file.ts';
import { desktopApi } from '../shared/api-routes.ts';
import type { ConnectedSite } from '../shared/connected-sites.ts';

const app = appForFile();
const remote = forFile(() => startTestSite('a'), (site) => site.close());
let remoteName: string;

beforeAll(async () => {
  expect((await remote.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Remote hello', content: '<p>The remote’s own words.</p>', status: 'publish' } })).status).toBe(201);
  remoteName = (await remote.api('')).body.name;
  await app.api.post<ConnectedSite>(desktopApi.sites(), { address: remote.url, login: remote.users.editor.login, password: remote.users.editor.appPassword });
}, 120_000);

describe('preview of a connected site’s item', () => {
  it('shows the unsaved title and words in the remote’s own page, then from the saved look when the remote is stopped', async () => {
    const { page } = app;
    // Connected after the page opened: the Sites screen reads the list afresh.
    await page.reload();
    await page.getByRole('link', { name: 'Sites' }).click();
    await page.getByRole('listitem', { name: remoteName }).getByRole('button', { name: 'Write for this site' }).click();
    await expect.poll(() => page.getByLabel('Writing for').inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'New post' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Draft in the remote look');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Words written here only.');

    const dialog = page.getByRole('dialog', { name: 'Preview' });
    await page.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('status').filter({ hasText: `Shown in ${remoteName}’s own look` }).waitFor();
    const frame = page.frameLocator('iframe[title="Preview of the page"]');
    await expect.poll(() => frame.locator('h1').textContent()).toBe('Draft in the remote look');
    expect(await frame.locator('article').textContent()).toContain('Words written here only.');
    expect(await frame.locator('article').textContent()).not.toContain('The remote’s own words');
    // The page around it is the remote's: its site name above the item.
    expect(await frame.locator('.site').textContent()).toBe(remoteName);
    await app.snap('preview-remote-look');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await remote.close();
    await page.locator('.ProseMirror').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' And offline.');
    await page.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('status').filter({ hasText: 'as saved on this computer' }).waitFor();
    expect(await dialog.getByRole('status').textContent()).toMatch(/because the site cannot be reached now: .*refused the connection/);
    await expect.poll(() => frame.locator('article').textContent()).toContain('Words written here only. And offline.');
    await app.snap('preview-remote-look-offline');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});
