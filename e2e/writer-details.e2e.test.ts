// The smaller things a writer meets every day (issue 29, part D), in Chromium at the window
// sizes a writer uses: revisions read as text within the window, the page tree's statuses,
// link suggestions beyond published items, the image editor within the window, the media
// library in the order files were picked, one true status line, and blocks' colours.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MediaItem, Post } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';

const app = appForFile();

const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;

/** Runs `check` at each window size, and leaves the window as the session opened it. */
async function atSizes(sizes: [number, number][], check: (width: number, height: number) => Promise<void>): Promise<void> {
  try {
    for (const [width, height] of sizes) {
      await app.page.setViewportSize({ width, height });
      await check(width, height);
    }
  } finally {
    await app.page.setViewportSize({ width: 1400, height: 900 });
  }
}

/** Where an element is drawn, which must be wholly inside the window. */
async function expectInWindow(page: Page, selector: ReturnType<Page['locator']>, what: string): Promise<void> {
  const box = await selector.boundingBox();
  const size = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect({ what, left: box!.x >= 0, top: box!.y >= 0, right: box!.x + box!.width <= size.width + 0.5, bottom: box!.y + box!.height <= size.height + 0.5 })
    .toEqual({ what, left: true, top: true, right: true, bottom: true });
}

describe('revisions', () => {
  it('compares revisions as wrapped, readable text with the changed words marked, within the window at 1400×900 and 1024×768', async () => {
    const longAddress = `https://example.org/photos/${'harbour'.repeat(30)}.jpg`;
    const first = [paragraph('The harbour was quiet in the morning.'), paragraph(`Read more at ${longAddress} before you go.`), paragraph('Boats left at noon.')].join('\n\n');
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Harbour days', content: first, status: 'publish' });
    await app.api.post(`cms/v2/posts/${post.id}`, { content: first.replace('quiet', 'busy').replace('noon', 'dawn') });
    const { page } = app;
    await app.open(`/posts/${post.id}`);
    await page.getByRole('button', { name: 'Revisions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revisions' });
    const options = dialog.getByRole('listbox', { name: 'Saved revisions' }).getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThanOrEqual(2);
    await options.last().click();
    await expect.poll(() => dialog.locator('del').allTextContents()).toEqual(expect.arrayContaining(['quiet', 'noon']));
    await atSizes([[1400, 900], [1024, 768]], async (width, height) => {
      await expectInWindow(page, dialog, `the dialog at ${width}×${height}`);
      // Nothing wider than its column: no sideways scrolling, the long address wraps.
      const overflowing = await dialog.evaluate((element) => [element, ...element.querySelectorAll('*')]
        .filter((node) => node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'visible' || node.getBoundingClientRect().right > element.getBoundingClientRect().right + 1)
        .map((node) => node.tagName));
      expect(overflowing, `${width}×${height}`).toEqual([]);
      await app.snap(`revisions-readable-${width}x${height}`);
    });
    // Text as it is read: the words in the app's reading font, a paragraph for each block.
    const fonts = await dialog.locator('ins, del').evaluateAll((marks) => marks.map((mark) => getComputedStyle(mark.parentElement!).fontFamily));
    expect(fonts.filter((font) => /mono/i.test(font))).toEqual([]);
    const paragraphs = dialog.getByRole('region', { name: 'In the editor now' }).locator('p');
    await expect.poll(() => paragraphs.allTextContents()).toEqual(['Harbour days', 'The harbour was busy in the morning.', `Read more at ${longAddress} before you go.`, 'Boats left at dawn.']);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

describe('the page tree', () => {
  it('shows every page\'s status and follows a change made in the editor or elsewhere', async () => {
    const statuses = { Home: 'publish', Draft: 'draft', Review: 'pending', Staff: 'private', Launch: 'future' } as const;
    const ids: Record<string, number> = {};
    for (const [title, status] of Object.entries(statuses)) {
      ids[title] = (await app.api.post<Post>('cms/v2/pages', { title: `${title} page`, status, ...(status === 'future' && { date: '2099-01-15T09:00:00' }) })).id;
    }
    const { page } = app;
    await app.open('/pages');
    await page.getByLabel('Show as tree').check();
    const tree = page.getByRole('tree', { name: 'Page tree' });
    const statusOf = async (title: string) => (await tree.getByRole('treeitem').filter({ hasText: `${title} page` }).locator('.tree-status').allTextContents()).join();
    const expected = { Home: 'Published', Draft: 'Draft', Review: 'Pending', Staff: 'Private', Launch: /^Scheduled for .*2099/ };
    for (const [title, status] of Object.entries(expected)) await expect.poll(() => statusOf(title)).toMatch(status);
    await app.snap('page-tree-statuses');
    // Published in the editor: the tree says so when the writer comes back.
    await tree.getByRole('link', { name: 'Draft page' }).click();
    await page.getByRole('button', { name: 'Publish…' }).click();
    await page.getByRole('region', { name: 'Before publishing' }).getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published.').waitFor();
    await page.getByRole('link', { name: '← Pages' }).click();
    await expect.poll(() => statusOf('Draft')).toBe('Published');
    // Changed elsewhere (a sync, another window): shown when the tree is shown again.
    await app.api.post(`cms/v2/pages/${ids.Review}`, { status: 'draft' });
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Posts' }).click();
    await menu.getByRole('link', { name: 'Pages' }).click();
    await page.getByLabel('Show as tree').check();
    await expect.poll(() => statusOf('Review')).toBe('Draft');
  });
});

describe('link suggestions', () => {
  it('offers drafts, pending, private and scheduled items beside published ones, marking those readers cannot follow yet', async () => {
    const statuses = { published: 'publish', draft: 'draft', pending: 'pending', private: 'private', scheduled: 'future' } as const;
    const made: Record<string, Post> = {};
    for (const [name, status] of Object.entries(statuses)) {
      made[name] = await app.api.post<Post>('cms/v2/posts', { title: `Lighthouse ${name}`, status, ...(status === 'future' && { date: '2099-01-15T09:00:00' }) });
    }
    const { page } = app;
    const post = await app.openPost({ title: 'Linking', content: paragraph('See the tower.') });
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('ArrowLeft');
    for (let letter = 0; letter < 5; letter += 1) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Control+k');
    const field = page.getByRole('form', { name: 'Link address' });
    await field.getByRole('textbox', { name: 'Link address' }).fill('Lighthouse');
    const list = field.getByRole('list', { name: 'Posts and pages of this site' });
    const row = (name: string) => list.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Lighthouse ${name}`, exact: true }) });
    for (const name of Object.keys(statuses)) await row(name).waitFor();
    expect(await row('published').locator('.link-warning').count()).toBe(0);
    for (const [name, words] of [['draft', 'Draft: not published yet'], ['pending', 'Pending: not published yet'], ['scheduled', 'Scheduled: not published yet'], ['private', 'Private']] as const) {
      expect(await row(name).locator('.link-warning').textContent()).toContain(words);
    }
    await app.snap('link-suggestions-unpublished');
    await row('draft').getByRole('button').click();
    const saved = (await app.savedPost(post.id)).content.raw;
    expect(saved).toBe(paragraph(`See the <a href="${made.draft.link}">tower</a>.`));
  });
});

describe('media', () => {
  it('keeps the order files were picked in, newest group first, after a reload too', async () => {
    const { page } = app;
    await app.open('/media');
    // Larger files later in the pick: uploads side by side would finish (and land) in the pick's order, shown reversed.
    const files = async (names: string[]) => Promise.all(names.map(async (name, index) => ({
      name: `${name}.png`,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 200 + index * 600, height: 200 + index * 600, channels: 3, background: { r: 40 * index, g: 90, b: 200 } } }).png({ compressionLevel: 0 }).toBuffer(),
    })));
    const shownFirst = (count: number) => page.getByRole('list', { name: 'Media items' }).getByRole('button').evaluateAll((buttons, n) => buttons.slice(0, n).map((button) => button.getAttribute('aria-label')), count);
    await page.getByLabel('Upload files').setInputFiles(await files(['pick-a', 'pick-b', 'pick-c', 'pick-d']));
    await expect.poll(() => page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded').count(), { timeout: 30_000 }).toBe(4);
    await expect.poll(() => shownFirst(4)).toEqual(['pick-a', 'pick-b', 'pick-c', 'pick-d']);
    await page.getByLabel('Upload files').setInputFiles(await files(['then-e', 'then-f']));
    await expect.poll(() => page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded').count(), { timeout: 30_000 }).toBe(6);
    const order = ['then-e', 'then-f', 'pick-a', 'pick-b', 'pick-c', 'pick-d'];
    await expect.poll(() => shownFirst(6)).toEqual(order);
    await page.reload();
    await expect.poll(() => shownFirst(6)).toEqual(order);
    await app.snap('media-upload-order');
  });

  it('fits the image editor in the window at 1280×800 and 1400×900, Save in view and the image scaled down', async () => {
    const { page } = app;
    const tall = await sharp({ create: { width: 1200, height: 2400, channels: 3, background: { r: 20, g: 120, b: 60 } } }).png().toBuffer();
    await app.api.request<MediaItem>('POST', 'cms/v2/media', { body: new Blob([new Uint8Array(tall)], { type: 'image/png' }), headers: { 'content-disposition': 'attachment; filename="tall-tower.png"' } });
    await app.open('/media');
    await page.reload();
    await page.getByRole('button', { name: 'tall-tower' }).click();
    await page.getByRole('button', { name: 'Edit image' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit image' });
    const preview = editor.getByAltText('Preview of the edited image');
    await preview.waitFor();
    await atSizes([[1280, 800], [1400, 900]], async (width, height) => {
      await expectInWindow(page, editor, `the dialog at ${width}×${height}`);
      await expectInWindow(page, editor.getByRole('button', { name: 'Save edit' }), `Save at ${width}×${height}`);
      await expectInWindow(page, editor.getByRole('button', { name: 'Cancel' }), `Cancel at ${width}×${height}`);
      await expectInWindow(page, preview, `the image at ${width}×${height}`);
      // Scaled down, not cut: the whole image shows, in its own shape.
      const box = (await preview.boundingBox())!;
      expect(box.height).toBeLessThan(height);
      expect(box.width / box.height).toBeCloseTo(0.5, 1);
      // Nothing to scroll to inside the dialog either.
      expect(await editor.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
      await app.snap(`image-editor-fits-${width}x${height}`);
    });
    await editor.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('the editor', () => {
  it('says one true thing about saving: new, unsaved, saving, saved, or offline with the changes kept here', async () => {
    const { page } = app;
    await app.open('/posts/new');
    const bar = page.locator('.editor-bar');
    const line = bar.getByRole('status');
    await expect.poll(() => line.allTextContents()).toEqual(['New, not saved yet']);
    expect(await bar.innerText()).not.toContain('saved\n');
    await app.snap('status-line-new');
    await page.getByLabel('Title', { exact: true }).fill('Status words');
    await expect.poll(() => line.allTextContents()).toEqual(['New, not saved yet']);
    await page.keyboard.press('Control+s');
    await expect.poll(() => line.allTextContents()).toEqual(['Draft · All changes saved']);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('More words.');
    await expect.poll(() => line.allTextContents()).toEqual(['Draft · Unsaved changes']);
    await page.context().setOffline(true);
    try {
      await page.keyboard.press('Control+s');
      await expect.poll(() => line.allTextContents()).toEqual(['Offline · not saved, kept on this computer']);
      await app.snap('status-line-offline');
    } finally {
      await page.context().setOffline(false);
    }
    await page.keyboard.press('Control+s');
    await expect.poll(() => line.allTextContents()).toEqual(['Draft · All changes saved']);
    expect(await bar.innerText()).not.toContain('not saved yet');
  });

  it('shows the background colours of columns, a column, a group and a cover as the site does', async () => {
    const columns = '<!-- wp:columns {"backgroundColor":"pale-pink"} -->\n<div class="wp-block-columns has-pale-pink-background-color has-background"><!-- wp:column {"style":{"color":{"background":"#123456","text":"#fefefe"}}} -->\n<div class="wp-block-column has-text-color has-background" style="color:#fefefe;background-color:#123456">' +
      `${paragraph('Left column')}</div>\n<!-- /wp:column -->\n\n<!-- wp:column -->\n<div class="wp-block-column">${paragraph('Right column')}</div>\n<!-- /wp:column --></div>\n<!-- /wp:columns -->`;
    const group = `<!-- wp:group {"gradient":"pale-ocean"} -->\n<div class="wp-block-group has-pale-ocean-gradient-background has-background">${paragraph('In a group')}</div>\n<!-- /wp:group -->`;
    const cover = `<!-- wp:cover {"overlayColor":"vivid-red"} -->\n<div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-vivid-red-background-color has-background-dim-100 has-background-dim"></span><div class="wp-block-cover__inner-container">${paragraph('On a red cover')}</div></div>\n<!-- /wp:cover -->`;
    await app.openPost({ title: 'Colours', content: [columns, group, cover].join('\n\n') });
    const { page } = app;
    // The first colour or gradient drawn behind the words, between them and the editor (a cover's overlay lies over its own background).
    const behind = (text: string) => page.getByRole('textbox', { name: 'Content' }).getByText(text, { exact: true }).evaluate((element) => {
      for (let node: Element | null = element; node && !node.classList.contains('ProseMirror'); node = node.parentElement) {
        const overlay = getComputedStyle(node, '::after');
        if (overlay.content !== 'none' && overlay.backgroundColor !== 'rgba(0, 0, 0, 0)' && Number(overlay.opacity) > 0) return overlay.backgroundColor;
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return style.backgroundImage.replace(/\s+/g, ' ').slice(0, 15);
        if (style.backgroundColor !== 'rgba(0, 0, 0, 0)') return style.backgroundColor;
      }
      return 'none';
    });
    await expect.poll(() => behind('Left column')).toBe('rgb(18, 52, 86)');
    await expect.poll(() => behind('Right column')).toBe('rgb(247, 141, 167)');
    await expect.poll(() => behind('In a group')).toBe('linear-gradient');
    await expect.poll(() => behind('On a red cover')).toBe('rgb(207, 46, 46)');
    const colourOf = (text: string) => page.getByRole('textbox', { name: 'Content' }).getByText(text, { exact: true }).evaluate((element) => getComputedStyle(element).color);
    expect(await colourOf('Left column')).toBe('rgb(254, 254, 254)');
    expect(await colourOf('On a red cover')).toBe('rgb(255, 255, 255)');
    await app.snap('editor-block-colours');
  });
});
