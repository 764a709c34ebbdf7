// A writer in Chromium meets the site's blocks a theme's post holds: a menu with its links, a
// search form, a tag cloud, a calendar, a log-in link, the post's comments, a synced pattern and
// a template part. Each shows what the site will show (its links, its tags, the month's posts)
// or says so in words, none is a read-only box, and a setting changed is saved as the block
// editor saves it, the rest untouched.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';

const app = appForFile({ blockEditor: true });

const MENU = '<!-- wp:navigation {"overlayMenu":"never"} -->\n<!-- wp:home-link {"label":"Start"} /-->\n\n<!-- wp:navigation-link {"label":"About us","url":"https://example.com/about"} /-->\n<!-- /wp:navigation -->';
const COMMENTS = '<!-- wp:comments -->\n<div class="wp-block-comments"><!-- wp:comments-title /-->\n\n<!-- wp:comment-template -->\n<!-- wp:comment-author-name /-->\n\n<!-- wp:comment-content /-->\n<!-- /wp:comment-template --></div>\n<!-- /wp:comments -->';
const BLOCKS = [
  MENU,
  '<!-- wp:search {"label":"Search","buttonText":"Search"} /-->',
  '<!-- wp:tag-cloud /-->',
  '<!-- wp:calendar /-->',
  '<!-- wp:loginout /-->',
  COMMENTS,
  '<!-- wp:block {"ref":123} /-->',
  '<!-- wp:template-part {"slug":"footer","theme":"twentytwentyfour"} /-->',
];

it('shows what the site will show for each of its blocks, and saves a setting changed as the block editor does', async () => {
  const tag = await app.api.post<{ id: number }>('cms/v2/tags', { name: 'Oolong' });
  await app.api.post('cms/v2/posts', { title: 'This month\'s tea', content: '', status: 'publish', tags: [tag.id] });
  const original = BLOCKS.join('\n\n');
  const post = await app.openPost({ title: 'A theme\'s post', content: original });
  const content = app.page.getByRole('textbox', { name: 'Content' });
  const blocks = content.locator('.dynamic-block');
  await expect.poll(() => blocks.count()).toBe(BLOCKS.length);
  expect(await content.locator('.unknown-block').count()).toBe(0);

  // The home link leads to the site's home.
  await expect.poll(() => blocks.nth(0).locator('li > a').allTextContents()).toEqual(['Start', 'About us']);
  expect(await blocks.nth(1).locator('input[type="search"]').count()).toBe(1);
  await expect.poll(() => blocks.nth(2).locator('li').allTextContents()).toContain('Oolong');
  await expect.poll(() => blocks.nth(3).locator('li').allTextContents()).toEqual([expect.stringContaining('This month\'s tea')]);
  await expect.poll(() => blocks.nth(4).textContent()).toContain('Log in');
  await expect.poll(() => blocks.nth(5).textContent()).toContain('The post\'s comments');
  await expect.poll(() => blocks.nth(6).textContent()).toContain('Synced pattern #123');
  await expect.poll(() => blocks.nth(7).textContent()).toContain('"footer" template part');
  // Opened and saved untouched, every block stays as it was read.
  expect((await app.savedPost(post.id)).content.raw).toBe(original);

  await blocks.nth(1).locator('.dynamic-block-label').click();
  const settings = app.page.getByRole('group', { name: 'Search settings' });
  await settings.getByLabel('Button text').fill('Find');
  await settings.locator('label:has(select)', { hasText: 'Beside the field' }).locator('select').selectOption({ label: 'Inside the field' });
  await expect.poll(() => blocks.nth(1).locator('button').textContent()).toBe('Find');
  await blocks.nth(0).locator('.dynamic-block-label').click();
  await app.page.getByRole('group', { name: 'Navigation settings' }).getByLabel('Menu button').selectOption({ label: 'Always' });
  await app.snap('site-blocks');

  const saved = await app.savedValidBlocks(post.id);
  expect(saved).toBe(original.replace('"buttonText":"Search"', '"buttonText":"Find","buttonPosition":"button-inside"').replace('"overlayMenu":"never"', '"overlayMenu":"always"'));
  expect(strictlyInvalid(saved)).toEqual([]);
}, 120_000);
