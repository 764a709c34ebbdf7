// Previewing an item of a connected site in Chromium: the writer's unsaved words in the
// remote's own page (the remote site's reading page here, with its site name and layout),
// and, with the remote stopped, the same from the look saved on this computer, saying so.
// Then a hostile remote (the WordPress double) whose theme names files every way it can:
// while its look is shown, neither it nor another origin it names receives one request.
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { startTestSite } from '../tests/helpers/test-site.ts';
import { forFile } from '../tests/helpers/for-file.ts';
import { serveHostileRemote } from '../tests/helpers/hostile-remote.ts';
import { serverKeeper } from '../tests/helpers/remote-stand-in.ts';
import { desktopApi } from '../shared/api-routes.ts';

const app = appForFile();
const remote = forFile(() => startTestSite('a'), (site) => site.close());
let remoteName: string;

beforeAll(async () => {
  expect((await remote.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Remote hello', content: '<p>The remote’s own words.</p>', status: 'publish' } })).status).toBe(201);
  remoteName = (await remote.api('')).body.name;
  await app.api.post(desktopApi.sites(), { address: remote.url, login: remote.users.editor.login, password: remote.users.editor.appPassword });
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
    const local = dialog.getByRole('status').filter({ hasText: 'as saved on this computer' });
    await local.waitFor();
    expect(await local.textContent()).toMatch(/because the site cannot be reached now: .*refused the connection/);
    await expect.poll(() => frame.locator('article').textContent()).toContain('Words written here only. And offline.');
    await app.snap('preview-remote-look-offline');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

const keep = serverKeeper();

/** A theme that asks for files in the ways a browser would follow, some on `elsewhere`, and CSS that looks at the draft. */
function hostileTheme(elsewhere: string): string {
  return `<!doctype html><html><head><title>Hostile</title><link rel="stylesheet" href="/theme.css"><link rel="preload" as="image" href="/beacon/preload.png">
<style>@import url(${elsewhere}/beacon/import.css);.entry-content p[data-x],.entry-content p:has(a){background:url(/beacon/selector)}body{cursor:url(/beacon/cursor.cur),auto;background:image-set("${elsewhere}/beacon/set.png" 1x)}</style></head>
<body><p class="site">Hostile Blog</p><article class="post"><h1 class="entry-title">Theirs</h1><div class="entry-content"><p>Theirs.</p></div></article>
<video poster="/beacon/poster.gif" src="/beacon/video.mp4"></video><input type="image" src="${elsewhere}/beacon/input.gif"><svg><image href="/beacon/svg.gif"></image><use href="/beacon/sprite.svg#i"></use></svg>
<div style="background:url(/beacon/inline.gif)">x</div><img src="/beacon/img.gif" srcset="/beacon/img-2x.gif 2x"></body></html>`;
}

describe('preview of a hostile connected site’s item', () => {
  it('sends neither the site nor another origin a request while its look is shown', async () => {
    const other = await serveHostileRemote();
    await keep(Promise.resolve(other));
    const hostile = await serveHostileRemote({ themePage: () => hostileTheme(other.url) });
    await keep(Promise.resolve(hostile));
    const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    hostile.behaviour.files['/theme.css'] = { type: 'text/css', body: 'h1{letter-spacing:3px}.entry-content a{background:url(/beacon/draft-link)}' };
    for (const name of ['poster.gif', 'svg.gif', 'inline.gif', 'img.gif', 'cursor.cur', 'selector', 'draft-link']) hostile.behaviour.files[`/beacon/${name}`] = { type: 'image/gif', body: PIXEL };
    await app.api.post(desktopApi.sites(), { address: hostile.url, login: 'jo', password: 'abcd efgh ijkl mnop qrst uvwx' });

    const { page } = app;
    await page.reload();
    await page.getByRole('link', { name: 'Sites' }).click();
    await page.getByRole('listitem', { name: 'Hostile Blog' }).getByRole('button', { name: 'Write for this site' }).click();
    await expect.poll(() => page.getByLabel('Writing for').inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'New post' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Secret plans');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Unpublished words.');

    const dialog = page.getByRole('dialog', { name: 'Preview' });
    const frame = page.frameLocator('iframe[title="Preview of the page"]');
    const preview = async () => {
      await page.getByRole('button', { name: 'Preview' }).click();
      await dialog.getByRole('status').filter({ hasText: 'Shown in Hostile Blog’s own look' }).waitFor();
      await expect.poll(() => frame.locator('h1').textContent()).toBe('Secret plans');
      // Loaded: everything the page would load has been tried (the load event waits for it).
      await expect.poll(() => frame.locator('html').evaluate((element) => element.ownerDocument.readyState)).toBe('complete');
    };
    // The first preview takes the look and saves its files; the second asks only for the page it is drawn from.
    await preview();
    await dialog.getByRole('button', { name: 'Close' }).click();
    hostile.seen.length = 0;
    await preview();
    expect(await frame.locator('article').textContent()).toContain('Unpublished words.');
    expect(await frame.locator('h1').evaluate((element) => getComputedStyle(element).letterSpacing)).toBe('3px');
    await frame.locator('article').hover();
    await app.snap('preview-hostile-look');
    expect(hostile.seen.map((request) => request.path.replace(/\?.*/, ''))).toEqual(['/wp-json/wp/v2/posts', '/hello-world/']);
    expect(other.seen).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});
