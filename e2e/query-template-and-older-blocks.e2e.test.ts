// A writer in Chromium meets the blocks that were read-only boxes or set only as a whole (issue 29): a gallery in its
// older `<ul>` form, text columns, a self-closing query loop and a query loop's post template.
// Each is edited in place; the gallery is saved as the block editor migrates it (its columns
// the default, as the comment named none), text columns
// in their own form, the query loop with the post template the writer made.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { newDynamicBlock } from '../renderer/blocks/dynamic-blocks.ts';

const app = appForFile({ blockEditor: true });

const ITEM = (id: number) => `<li class="blocks-gallery-item"><figure><img src="https://example.com/${id}.jpg" alt="" data-id="${id}" data-link="https://example.com/?attachment_id=${id}" class="wp-image-${id}"/></figure></li>`;
const OLD_GALLERY = `<!-- wp:gallery {"ids":[7,8]} -->\n<figure class="wp-block-gallery columns-2 is-cropped"><ul class="blocks-gallery-grid">${ITEM(7)}${ITEM(8)}</ul><figcaption class="blocks-gallery-caption">Two views</figcaption></figure>\n<!-- /wp:gallery -->`;
const TEXT_COLUMNS = '<!-- wp:text-columns -->\n<div class="wp-block-text-columns alignundefined columns-2"><div class="wp-block-column"><p>Left words</p></div><div class="wp-block-column"><p>Right words</p></div></div>\n<!-- /wp:text-columns -->';
const AFTER = '<!-- wp:paragraph -->\n<p>After the blocks.</p>\n<!-- /wp:paragraph -->';

it('edits an older gallery, text columns and a query loop\'s post template in place', async () => {
  await app.api.post('cms/v2/posts', { title: 'A listed post', content: '<!-- wp:paragraph -->\n<p>Words.</p>\n<!-- /wp:paragraph -->', status: 'publish' });
  const query = newDynamicBlock('core/query');
  const original = [OLD_GALLERY, TEXT_COLUMNS, query, AFTER].join('\n\n');
  const post = await app.openPost({ title: 'Blocks once read-only', content: original });
  const { page } = app;
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.locator('.dynamic-block').waitFor();
  expect(await content.locator('.unknown-block').count()).toBe(0);
  expect((await app.savedPost(post.id)).content.raw).toBe(original);

  // Text columns: a word typed in the right column.
  await content.locator('.rich-block-text-columns .rich-part', { hasText: 'Right words' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and more');
  // The older gallery: its caption edited.
  await content.locator('.rich-part-figcaption', { hasText: 'Two views' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' of the bay');

  // The query loop: an excerpt added to each item, moved above the date, the title set as a link.
  const loop = content.locator('.dynamic-block');
  await loop.locator('.dynamic-block-label').click();
  const template = page.getByLabel('Each item of the query loop');
  await template.getByLabel('Add to each item').selectOption({ label: 'Excerpt' });
  await template.getByRole('button', { name: 'Move Excerpt up' }).click();
  await template.getByRole('button', { name: 'Title settings' }).click();
  await page.getByRole('group', { name: 'Title settings' }).getByLabel('Link to the item').check();
  await expect.poll(() => loop.locator('.dynamic-block-template').textContent()).toBe('Each item shows: Title, Excerpt, Date.');
  // The preview shows each item's excerpt (the post's words), as the template now does.
  await expect.poll(() => loop.locator('.dynamic-block-lines > li').first().textContent()).toContain('Words.');
  await app.snap('query-template-and-older-blocks');

  const saved = await app.savedValidBlocks(post.id);
  expect(strictlyInvalid(saved)).toEqual([]);
  expect(saved).toContain('<div class="wp-block-column"><p>Right words and more</p></div>');
  expect(saved).toContain('<figure class="wp-block-gallery has-nested-images columns-default is-cropped"><!-- wp:image {"id":7,"sizeSlug":"large","linkDestination":"none"} -->');
  expect(saved).toContain('<figcaption class="blocks-gallery-caption wp-element-caption">Two views of the bay</figcaption>');
  expect(saved).toContain('<!-- wp:post-template -->\n<!-- wp:post-title {"isLink":true} /-->\n\n<!-- wp:post-excerpt /-->\n\n<!-- wp:post-date');
  expect(saved.endsWith(AFTER)).toBe(true);
}, 180_000);

it('saves a self-closing query loop (its first form) empty on its first change, as the block editor migrates it, until the writer starts it blank', async () => {
  const original = `<!-- wp:query {"queryId":3,"query":{"perPage":3,"postType":"post","inherit":false}} /-->\n\n${AFTER}`;
  const post = await app.openPost({ title: 'A bare query loop', content: original });
  const loop = app.page.getByRole('textbox', { name: 'Content' }).locator('.dynamic-block');
  await expect.poll(() => loop.locator('.dynamic-block-template').textContent()).toBe('It has no post template: the site shows no items.');
  expect((await app.savedPost(post.id)).content.raw).toBe(original);
  await loop.locator('.dynamic-block-label').click();
  await app.page.getByRole('group', { name: 'Query loop settings' }).getByLabel('Items per page').fill('4');
  const saved = await app.savedValidBlocks(post.id);
  expect(saved).toContain('<!-- wp:query {"queryId":3,"query":{"perPage":4,"postType":"post","inherit":false}} -->\n<div class="wp-block-query"></div>\n<!-- /wp:query -->');
  expect(saved).not.toContain('wp:post-template');
  // Started blank, as the block editor's placeholder offers, it lists each item's title and date.
  await app.page.getByRole('button', { name: "Start blank: each item's title and date" }).click();
  await expect.poll(() => loop.locator('.dynamic-block-template').textContent()).toBe('Each item shows: Title, Date.');
  expect(await app.savedValidBlocks(post.id)).toContain('<!-- wp:query {"queryId":3,"query":{"perPage":4,"postType":"post","inherit":false}} -->\n<div class="wp-block-query"><!-- wp:post-template -->\n<!-- wp:post-title /-->');
}, 120_000);

it('sets a menu\'s link on its own, and saves an older query loop migrated once its setting changes', async () => {
  const menu = '<!-- wp:navigation {"overlayMenu":"never"} -->\n<!-- wp:home-link {"label":"Start"} /-->\n\n<!-- wp:navigation-link {"label":"About us","url":"https://example.com/about"} /-->\n<!-- /wp:navigation -->';
  // A query loop as the block editor first saved it: no element of its own, its items laid out by `layout`.
  const olderQuery = '<!-- wp:query {"queryId":4,"query":{"perPage":3,"postType":"post","inherit":false},"layout":{"type":"flex","columns":2}} -->\n<!-- wp:post-template -->\n<!-- wp:post-title /-->\n<!-- /wp:post-template -->\n<!-- /wp:query -->';
  const original = [menu, olderQuery, AFTER].join('\n\n');
  const post = await app.openPost({ title: 'A menu and an older loop', content: original });
  const { page } = app;
  const blocks = page.getByRole('textbox', { name: 'Content' }).locator('.dynamic-block');
  await blocks.nth(1).waitFor();
  expect((await app.savedPost(post.id)).content.raw).toBe(original);

  // The menu's second link, set on its own.
  await blocks.nth(0).locator('.dynamic-block-label').click();
  const held = page.getByRole('group', { name: 'The blocks Navigation holds' });
  await held.getByRole('button', { name: 'Link settings', exact: true }).click();
  await held.getByRole('group', { name: 'Link settings', exact: true }).getByLabel('Label').fill('About');
  await held.getByRole('group', { name: 'Link settings', exact: true }).getByLabel('Open in a new tab').check();
  // The older query loop: its items per page.
  await blocks.nth(1).locator('.dynamic-block-label').click();
  await page.getByRole('group', { name: 'Query loop settings' }).getByLabel('Items per page').fill('4');

  const saved = await app.savedValidBlocks(post.id);
  expect(strictlyInvalid(saved)).toEqual([]);
  expect(saved).toContain('<!-- wp:home-link {"label":"Start"} /-->\n\n<!-- wp:navigation-link {"label":"About","opensInNewTab":true,"url":"https://example.com/about"} /-->');
  expect(saved).toContain('<!-- wp:query {"queryId":4,"query":{"perPage":4,"postType":"post","inherit":false}} -->\n<div class="wp-block-query"><!-- wp:post-template {"layout":{"type":"grid","columnCount":2}} -->\n<!-- wp:post-title /-->\n<!-- /wp:post-template --></div>\n<!-- /wp:query -->');
  expect(saved.endsWith(AFTER)).toBe(true);
}, 180_000);
