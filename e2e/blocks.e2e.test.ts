// Writing with real content in Chromium: an image's alt text and caption changed in place,
// and pasting plain text, Markdown, Word and web-page HTML (the clipboard fixtures) as a
// writer would, saved as the blocks they describe.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Post } from '../shared/site-types.ts';
import { openApp, type AppSession } from './harness.ts';

let app: AppSession;

beforeAll(async () => {
  app = await openApp();
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;

async function openPost(content: string): Promise<number> {
  const post = await app.api.post<Post>('cms/v2/posts', { title: 'Blocks', content, status: 'draft' });
  await app.page.goto(`${app.host.running.url}/app/#/posts/${post.id}`);
  await app.page.getByRole('textbox', { name: 'Content' }).waitFor();
  return post.id;
}

async function saved(id: number): Promise<string> {
  await app.page.keyboard.press('Control+s');
  await app.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
  return (await app.api.get<Post>(`cms/v2/posts/${id}`, { context: 'edit' })).content.raw ?? '';
}

/** Pastes as the browser does: a paste event carrying the clipboard's data, at the caret. */
async function paste(data: Record<string, string>): Promise<void> {
  await app.page.getByRole('textbox', { name: 'Content' }).evaluate((editor, items) => {
    const clipboard = new DataTransfer();
    for (const [type, value] of Object.entries(items)) clipboard.setData(type, value);
    editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
  }, data);
}

it('changes an image’s alt text, caption and alignment in place, and saves them in the image block', async () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const media = (await app.api.request<{ id: number; source_url: string }>('POST', 'cms/v2/media', { body: new Blob([png], { type: 'image/png' }), headers: { 'content-disposition': 'attachment; filename="door.png"' } })).body;
  const image = `<!-- wp:image {"id":${media.id},"sizeSlug":"large","linkDestination":"none"} -->\n<figure class="wp-block-image size-large"><img src="${media.source_url}" alt="" class="wp-image-${media.id}"/></figure>\n<!-- /wp:image -->`;
  const id = await openPost(`${paragraph('Before.')}\n\n${image}`);
  await app.page.locator('.post-image img').click();
  await app.page.getByLabel('Alt text').fill('A red "front" doors');
  // Backspace in a field edits the field: the image stays.
  await app.page.getByLabel('Alt text').press('Backspace');
  await app.page.getByLabel('Caption').fill('Our door & its <knocker>');
  await app.page.getByLabel('Alignment').selectOption('center');
  const described = image
    .replace('alt=""', 'alt="A red &quot;front&quot; door"')
    .replace('</figure>', '<figcaption class="wp-element-caption">Our door &amp; its &lt;knocker></figcaption></figure>')
    .replace('"linkDestination":"none"}', '"linkDestination":"none","align":"center"}')
    .replace('wp-block-image size-large', 'wp-block-image aligncenter size-large');
  expect(await saved(id)).toBe(`${paragraph('Before.')}\n\n${described}`);
});

it('pastes plain text with a newline as a line break and a blank line as a new paragraph', async () => {
  const id = await openPost(paragraph('Start.'));
  await app.page.getByRole('textbox', { name: 'Content' }).click();
  await app.page.keyboard.press('Control+End');
  await app.page.keyboard.press('Enter');
  await paste({ 'text/plain': 'First line\nsecond line\n\nNew paragraph' });
  expect(await saved(id)).toBe([paragraph('Start.'), paragraph('First line<br>second line'), paragraph('New paragraph')].join('\n\n'));
});

it('pastes Markdown as headings and lists', async () => {
  const id = await openPost(paragraph('Start.'));
  await app.page.getByRole('textbox', { name: 'Content' }).click();
  await app.page.keyboard.press('Control+End');
  await app.page.keyboard.press('Enter');
  await paste({ 'text/plain': '## Plan\n\n- tea\n- cake' });
  const blocks = await saved(id);
  expect(blocks).toContain('<h2 class="wp-block-heading">Plan</h2>');
  expect(blocks).toContain('<li>tea</li>');
});

it('pastes from Word with real lists and no broken images, and from a web page with the figure caption', async () => {
  const id = await openPost(paragraph('Start.'));
  await app.page.getByRole('textbox', { name: 'Content' }).click();
  await app.page.keyboard.press('Control+End');
  await app.page.keyboard.press('Enter');
  await paste({ 'text/html': fs.readFileSync('tests/fixtures/clipboard/word.html', 'utf8'), 'text/plain': 'Quarterly report' });
  await app.page.keyboard.press('Control+End');
  await paste({ 'text/html': fs.readFileSync('tests/fixtures/clipboard/web-page.html', 'utf8'), 'text/plain': 'How to brew tea' });
  const blocks = await saved(id);
  expect(blocks).toContain('<h1 class="wp-block-heading">Quarterly report</h1>');
  expect(blocks).toContain('<li>Online orders<!-- wp:list -->');
  expect(blocks).toContain('<!-- wp:list {"ordered":true} -->');
  expect(blocks).not.toMatch(/file:|src="x"|·/);
  expect(blocks).toContain('<figcaption class="wp-element-caption">Steep for <em>three</em> minutes</figcaption>');
});

it('shows where a clicked link goes, with Edit and Remove, and suggests the site’s own posts as link addresses', async () => {
  const target = await app.api.post<Post>('cms/v2/posts', { title: 'Brewing green tea', content: paragraph('Cooler water.'), status: 'publish' });
  const id = await openPost(paragraph('Read <a href="https://example.org/a">this</a> and that.'));
  const { page } = app;
  await page.getByRole('textbox', { name: 'Content' }).locator('a').click();
  const bar = page.getByRole('group', { name: 'Link to https://example.org/a' });
  await bar.getByRole('button', { name: 'Remove' }).click();
  await bar.waitFor({ state: 'detached' });
  expect(await saved(id)).toBe(paragraph('Read this and that.'));
  // Select "that" and link it to a post found by its title.
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('ArrowLeft');
  for (let letter = 0; letter < 4; letter += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+k');
  const field = page.getByRole('form', { name: 'Link address' });
  await field.getByRole('textbox', { name: 'Link address' }).fill('green tea');
  await field.getByRole('list', { name: 'Posts and pages of this site' }).getByRole('button', { name: 'Brewing green tea' }).click();
  expect(await saved(id)).toBe(paragraph(`Read this and <a href="${target.link}">that</a>.`));
});

it('counts the words of blocks shown read-only, and shows their text, images and tables as the site will', async () => {
  const columns = '<!-- wp:columns -->\n<div class="wp-block-columns"><!-- wp:column -->\n<div class="wp-block-column"><!-- wp:paragraph -->\n<p>Left side</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:column -->\n\n<!-- wp:column -->\n<div class="wp-block-column"><!-- wp:table -->\n<figure class="wp-block-table"><table><tbody><tr><td>Tea</td><td>two</td></tr></tbody></table></figure>\n<!-- /wp:table --></div>\n<!-- /wp:column --></div>\n<!-- /wp:columns -->';
  await openPost(`${paragraph('One more.')}\n\n${columns}`);
  const kept = app.page.locator('.unknown-block');
  await expect.poll(() => kept.locator('td').allTextContents()).toEqual(['Tea', 'two']);
  await expect.poll(() => kept.innerText()).toContain('Left side');
  await app.page.getByText('6 words').waitFor();
  await app.snap('editor-kept-blocks');
});

it('uploads an image from the image picker and inserts it into the post', async () => {
  const id = await openPost(paragraph('Before.'));
  const { page } = app;
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.press('Control+End');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await dialog.getByLabel('Upload files').setInputFiles({ name: 'picked-here.png', mimeType: 'image/png', buffer: png });
  await dialog.getByText('Uploaded').waitFor();
  const uploaded = (await app.api.list<{ id: number; source_url: string }>('cms/v2/media', { search: 'picked-here' })).items[0];
  await dialog.getByRole('list', { name: 'Media items' }).getByRole('button').first().click();
  await dialog.waitFor({ state: 'detached' });
  const blocks = await saved(id);
  expect(blocks).toContain(`<!-- wp:image {"id":${uploaded.id},`);
});
