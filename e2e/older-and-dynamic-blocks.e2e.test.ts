// A writer in Chromium meets a quote in an older form (the large quote of style 2) and dynamic
// blocks: the quote is edited in place and saved as the block editor saves it now; the latest
// posts, the site's title, categories, archives and a query loop show what the site holds, and
// their settings change what is shown and saved. A block the block editor does not support says
// so in its words and is kept as HTML at a click; a block comment its parser rejects is held unshown.
import { expect, it } from 'vitest';
import { appForFile, deleteEvery } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { newDynamicBlock } from '../renderer/blocks/dynamic-blocks.ts';
import { indexApi } from '../shared/api-routes.ts';

const app = appForFile({ blockEditor: true });

const OLD_QUOTE = '<!-- wp:quote {"style":2} -->\n<blockquote class="wp-block-quote is-large"><p>Old words</p><cite>Someone</cite></blockquote>\n<!-- /wp:quote -->';
const AFTER = '<!-- wp:paragraph -->\n<p>After the block.</p>\n<!-- /wp:paragraph -->';

it('edits a quote of an older form in place and saves it in its current form', async () => {
  const post = await app.openPost({ title: 'An old quote', content: `${OLD_QUOTE}\n\n${AFTER}` });
  const { page } = app;
  const content = page.getByRole('textbox', { name: 'Content' });
  const quote = content.locator('blockquote', { hasText: 'Old words' });
  await expect.poll(() => quote.locator('p').allTextContents()).toEqual(['Old words']);
  expect(await content.locator('.unknown-block').count()).toBe(0);
  // Opened and saved untouched, it stays as it was read.
  expect((await app.savedPost(post.id)).content.raw).toBe(`${OLD_QUOTE}\n\n${AFTER}`);

  await quote.locator('p').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and new ones');
  await app.snap('older-quote-edited');
  const saved = await app.savedValidBlocks(post.id);
  expect(saved).toBe(`<!-- wp:quote {"className":"is-large"} -->\n<blockquote class="wp-block-quote is-large"><!-- wp:paragraph -->\n<p>Old words and new ones</p>\n<!-- /wp:paragraph --><cite>Someone</cite></blockquote>\n<!-- /wp:quote -->\n\n${AFTER}`);
  expect(strictlyInvalid(saved)).toEqual([]);
}, 120_000);

it('shows the site\'s latest posts and saves the settings the writer changes', async () => {
  // The block shows the site's posts, the other tests' too (an older one, oldest first): only this test's three.
  await deleteEvery(app, 'posts');
  for (const [title, date] of [['First of three', '2026-01-01T10:00:00'], ['Second of three', '2026-02-01T10:00:00'], ['Third of three', '2026-03-01T10:00:00']]) {
    await app.api.post('cms/v2/posts', { title, content: '<!-- wp:paragraph -->\n<p>Words.</p>\n<!-- /wp:paragraph -->', status: 'publish', date });
  }
  const original = `<!-- wp:latest-posts {"postsToShow":2} /-->\n\n${AFTER}`;
  const post = await app.openPost({ title: 'With the latest posts', content: original });
  const { page } = app;
  const block = page.getByRole('textbox', { name: 'Content' }).locator('.dynamic-block');
  const titles = block.locator('.dynamic-block-lines > li > a');
  await expect.poll(() => titles.allTextContents()).toEqual(['Third of three', 'Second of three']);

  await block.locator('.dynamic-block-label').click();
  const settings = page.getByRole('group', { name: 'Latest posts settings' });
  await settings.getByLabel('Number of posts').fill('3');
  await settings.getByLabel('Show the date').check();
  await expect.poll(() => titles.allTextContents()).toEqual(['Third of three', 'Second of three', 'First of three']);
  await expect.poll(() => block.locator('.dynamic-block-lines > li').first().textContent()).toContain('2026');
  await settings.getByLabel('Order').selectOption({ label: 'Oldest first' });
  await expect.poll(() => titles.allTextContents()).toEqual(['First of three', 'Second of three', 'Third of three']);
  await app.snap('latest-posts-settings');

  const saved = await app.savedValidBlocks(post.id);
  expect(saved).toBe(`<!-- wp:latest-posts {"postsToShow":3,"displayPostDate":true,"order":"asc"} /-->\n\n${AFTER}`);
  expect(strictlyInvalid(saved)).toEqual([]);
}, 120_000);

it('shows the site\'s title, categories, archives and a query loop\'s items, and the loop\'s post type is set in place', async () => {
  const tea = await app.api.post<{ id: number }>('cms/v2/categories', { name: 'Tea' });
  // Of December 2025, a month the archives must name.
  await app.api.post('cms/v2/posts', { title: 'About tea', content: '', status: 'publish', date: '2025-12-02T10:00:00', categories: [tea.id] });
  await app.api.post('cms/v2/pages', { title: 'A page of ours', content: '', status: 'publish' });
  const { name } = await app.api.get(indexApi.index());
  const query = newDynamicBlock('core/query');
  const original = ['<!-- wp:site-title {"level":2} /-->', '<!-- wp:categories {"showPostCounts":true} /-->', '<!-- wp:archives /-->', query, AFTER].join('\n\n');
  const post = await app.openPost({ title: 'The site, shown', content: original });
  const blocks = app.page.getByRole('textbox', { name: 'Content' }).locator('.dynamic-block');
  await expect.poll(() => blocks.nth(0).locator('h2').textContent()).toBe(name);
  await expect.poll(() => blocks.nth(1).locator('li').allTextContents()).toContain('Tea1 post');
  await expect.poll(() => blocks.nth(2).locator('li').allTextContents()).toContain('December 2025');
  await expect.poll(() => blocks.nth(3).locator('li > a').allTextContents()).toContain('About tea');
  // What each item shows, from the loop's post template.
  expect(await blocks.nth(3).locator('.dynamic-block-template').textContent()).toBe('Each item shows: Title, Date.');

  await blocks.nth(3).locator('.dynamic-block-label').click();
  await app.page.getByRole('group', { name: 'Query loop settings' }).getByLabel('Post type').selectOption({ label: 'Pages' });
  await expect.poll(() => blocks.nth(3).locator('li > a').allTextContents()).toEqual(['A page of ours']);
  await app.snap('dynamic-blocks-site');
  const saved = await app.savedValidBlocks(post.id);
  expect(saved).toBe(original.replace('"postType":"post"', '"postType":"page"'));
  expect(strictlyInvalid(saved)).toEqual([]);
}, 120_000);

it('says a block the block editor does not support is not supported, and keeps it as HTML at a click', async () => {
  const html = '<p>Testing missing block with some</p>\n<div class="wp-some-class">\n\tHTML <span style="color: red;">content</span>\n</div>';
  const missing = `<!-- wp:unregistered/example {"attr1":"One","attr2":"Two"} -->\n${html}\n<!-- /wp:unregistered/example -->`;
  const post = await app.openPost({ title: 'A missing block', content: `${missing}\n\n${AFTER}` });
  const content = app.page.getByRole('textbox', { name: 'Content' });
  const box = content.locator('.missing-block');
  await expect.poll(() => box.locator('.unknown-block-label').textContent()).toBe('Your site doesn’t include support for the "unregistered/example" block. You can leave this block intact, convert its content to a Custom HTML block, or remove it entirely.');
  expect(await box.locator('.unknown-block-shown').textContent()).toContain('Testing missing block with some');

  await box.getByRole('button', { name: 'Keep as HTML' }).click();
  await expect.poll(() => content.getByRole('textbox', { name: 'HTML source' }).inputValue()).toBe(html);
  expect(await content.locator('.unknown-block').count()).toBe(0);
  await app.snap('missing-block-kept-as-html');
  const saved = await app.savedValidBlocks(post.id);
  expect(saved).toBe(`<!-- wp:html -->\n${html}\n<!-- /wp:html -->\n\n${AFTER}`);
  expect(strictlyInvalid(saved)).toEqual([]);
}, 120_000);

it('holds a block comment the block parser rejects unshown, and saves it as read around the writer\'s words', async () => {
  const rejected = '<!-- wp:core/invalid-Capitals /-->';
  const post = await app.openPost({ title: 'A rejected comment', content: `${rejected}\n\n${AFTER}` });
  const content = app.page.getByRole('textbox', { name: 'Content' });
  await expect.poll(() => content.innerText()).toContain('After the block.');
  expect(await content.locator('.unknown-block').count()).toBe(0);
  expect(await content.locator('[data-held-comment]').isVisible()).toBe(false);
  await content.getByText('After the block.').click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.type(' More.');
  const saved = await app.savedValidBlocks(post.id);
  expect(saved).toBe(`${rejected}\n\n${AFTER.replace('After the block.', 'After the block. More.')}`);
}, 120_000);
