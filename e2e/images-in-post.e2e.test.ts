// Images in the post, in Chromium: clicking one shows its controls (alt text, the
// site's sizes, alignment, link, replace, crop/rotate/flip in place), and every save is
// judged by the block editor's own validator. Its caption is rich text typed under it; a Replace
// keeps it unless the picked item has a caption of its own, as the block editor's does.
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { MediaItem } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';

const app = appForFile({ blockEditor: true });
let door: MediaItem;

/** 1600×800, blue with a red square in the top-left corner: where the corner lands tells which way an edit turned. */
async function cornerImage(): Promise<Buffer> {
  const red = { create: { width: 200, height: 200, channels: 3 as const, background: { r: 255, g: 0, b: 0 } } };
  return sharp({ create: { width: 1600, height: 800, channels: 3, background: { r: 0, g: 0, b: 255 } } }).composite([{ input: red, left: 0, top: 0 }]).png().toBuffer();
}

async function upload(name: string, bytes: Buffer): Promise<MediaItem> {
  return (await app.api.request<MediaItem>('POST', 'cms/v2/media', { body: new Blob([new Uint8Array(bytes)], { type: 'image/png' }), headers: { 'content-disposition': `attachment; filename="${name}"` } })).body;
}

beforeAll(async () => {
  door = await upload('door.png', await cornerImage());
});

const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;
const imageBlock = (item: MediaItem) =>
  `<!-- wp:image {"id":${item.id},"sizeSlug":"large","linkDestination":"none"} -->\n<figure class="wp-block-image size-large"><img src="${item.media_details.sizes.large.source_url}" alt="" class="wp-image-${item.id}"/></figure>\n<!-- /wp:image -->`;

const openPost = async (content: string) => (await app.openPost({ title: 'Images', content })).id;
const saved = (id: number) => app.savedValidBlocks(id);

async function pixel(url: string, x: number, y: number): Promise<number[]> {
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset], data[offset + 1], data[offset + 2]];
}

const settings = () => app.page.getByRole('group', { name: 'Image settings' });

it('offers the site’s sizes, the alignments and the links, and saves them as the block editor writes them', async () => {
  const id = await openPost(`${paragraph('Before.')}\n\n${imageBlock(door)}`);
  await app.page.locator('.post-image img').click();
  const size = settings().getByLabel('Size');
  // The site's sizes of this image, smallest first, each with its pixels.
  await expect.poll(() => size.locator('option').allTextContents()).toEqual(['Thumbnail (150×150)', 'Medium (300×150)', 'Large (1024×512)', 'Full size (1600×800)']);
  await size.selectOption('medium');
  await settings().getByLabel('Alignment').selectOption('left');
  await settings().getByLabel('Link to').selectOption('media');
  await app.snap('image-in-post-controls');
  const medium = door.media_details.sizes.medium.source_url;
  expect(await saved(id)).toBe(
    `${paragraph('Before.')}\n\n<!-- wp:image {"id":${door.id},"sizeSlug":"medium","linkDestination":"media","align":"left"} -->\n<figure class="wp-block-image alignleft size-medium"><a href="${door.source_url}"><img src="${medium}" alt="" class="wp-image-${door.id}"/></a></figure>\n<!-- /wp:image -->`,
  );
  await settings().getByLabel('Link to').selectOption('attachment');
  expect(await saved(id)).toContain(`<a href="${door.link}"><img src="${medium}"`);
  await settings().getByLabel('Link to').selectOption('custom');
  await settings().getByLabel('Link address').fill('example.org/doors?a=1&b=2');
  await settings().getByLabel('Link address').press('Enter');
  expect(await saved(id)).toContain('"linkDestination":"custom"');
  expect(await saved(id)).toContain('<a href="https://example.org/doors?a=1&amp;b=2"><img');
  await settings().getByLabel('Link to').selectOption('none');
  expect(await saved(id)).toContain(`<figure class="wp-block-image alignleft size-medium"><img src="${medium}" alt="" class="wp-image-${door.id}"/></figure>`);
});

it('changes only the attribute chosen on an image of classic content held as read: its alt text, alignment, size and link', async () => {
  const medium = door.media_details.sizes.medium;
  const image = `<img class="alignleft size-medium wp-image-${door.id}" title="The door" src="${medium.source_url}" alt="A door" width="${medium.width}" height="${medium.height}" />`;
  const classic = (img: string) => `Words before.\n\n${img} Words beside it.\n\nWords after.`;
  const id = await openPost(classic(image));
  const content = async () => (await app.savedPost(id)).content.raw;
  await app.page.locator('.held-image img').click();
  // Typed key by key, the image stays selected.
  await settings().getByLabel('Alt text').fill('A');
  await settings().getByLabel('Alt text').pressSequentially(' blue door');
  expect(await content()).toBe(classic(image.replace('alt="A door"', 'alt="A blue door"')));
  await settings().getByLabel('Alignment').selectOption('right');
  const realigned = image.replace('alt="A door"', 'alt="A blue door"').replace('alignleft', 'alignright');
  expect(await content()).toBe(classic(realigned));
  const thumbnail = door.media_details.sizes.thumbnail;
  await expect.poll(() => settings().getByLabel('Size').locator('option').count()).toBeGreaterThan(1);
  await settings().getByLabel('Size').selectOption('thumbnail');
  const resized = realigned.replace('size-medium', 'size-thumbnail').replace(medium.source_url, thumbnail.source_url).replace(`width="${medium.width}" height="${medium.height}"`, `width="${thumbnail.width}" height="${thumbnail.height}"`);
  expect(await content()).toBe(classic(resized));
  await settings().getByLabel('Link to').selectOption('media');
  // A link is put around the image's own tag alone, the rest of its line as read.
  expect(await content()).toBe(classic(`<a href="${door.source_url}">${resized}</a>`));
  await settings().getByLabel('Link to').selectOption('none');
  expect(await content()).toBe(classic(resized));
});

it('types a rich caption under the image: bold, a link, a More format and a line break, then Enter goes on after the image', async () => {
  const id = await openPost(`${paragraph('Before.')}\n\n${imageBlock(door)}`);
  const { page } = app;
  await page.locator('.post-image img').click();
  const caption = page.getByRole('textbox', { name: 'Caption' });
  const captionHasKeys = () => page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Caption');
  await caption.click();
  await page.keyboard.type('The ');
  const formats = page.getByRole('toolbar', { name: 'Caption formatting' });
  await formats.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('front');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' door');
  await page.keyboard.press('Control+Shift+ArrowLeft');
  await page.keyboard.press('Control+k');
  await page.getByRole('textbox', { name: 'Link address' }).fill('example.org/door');
  await page.getByRole('textbox', { name: 'Link address' }).press('Enter');
  await captionHasKeys();
  await page.keyboard.type(' old');
  await page.keyboard.press('Control+Shift+ArrowLeft');
  await formats.getByRole('button', { name: 'More formats' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Strikethrough/ }).click();
  await captionHasKeys();
  // The caret at the caption's end, by the mouse (the keys right after the menu gave the keyboard back could race its selection).
  const box = await caption.boundingBox();
  await caption.click({ position: { x: (box?.width ?? 2) - 2, y: (box?.height ?? 2) / 2 } });
  // Typed at the end of the struck word, the line goes on struck, as in the block editor.
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('Painted');
  await app.snap('image-caption-rich');
  await page.keyboard.press('Enter');
  await page.keyboard.type('After.');
  const captioned = imageBlock(door).replace('</figure>', '<figcaption class="wp-element-caption">The <strong>front</strong> <a href="https://example.org/door">door</a> <s>old<br>Painted</s></figcaption></figure>');
  expect(await saved(id)).toBe(`${paragraph('Before.')}\n\n${captioned}\n\n${paragraph('After.')}`);
});

it('crops, rotates and flips an image in place: the edited copy takes its place, and Undo brings the original back', async () => {
  const id = await openPost(`${paragraph('Before.')}\n\n${imageBlock(door)}`);
  const { page } = app;
  await page.locator('.post-image img').click();
  await app.page.getByRole('textbox', { name: 'Caption' }).fill('The front door');
  await settings().getByRole('button', { name: 'Crop, rotate or flip…' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit image' });
  await editor.getByAltText('Preview of the edited image').waitFor();
  await editor.getByRole('button', { name: 'Rotate right' }).click();
  await editor.getByRole('button', { name: 'Save edit' }).click();
  await editor.waitFor({ state: 'detached' });
  const copies = (await app.api.list<MediaItem>('cms/v2/media', { context: 'edit', orderby: 'id', order: 'desc' })).items;
  const copy = copies[0];
  expect(copy.media_details.parent_image?.attachment_id).toBe(door.id);
  // Turned right (clockwise), 800×1600, the red corner is top-right.
  expect([copy.media_details.width, copy.media_details.height]).toEqual([800, 1600]);
  expect(await pixel(copy.source_url, 790, 10)).toEqual([255, 0, 0]);
  expect(await pixel(copy.source_url, 10, 10)).toEqual([0, 0, 255]);
  const content = await saved(id);
  expect(content).toContain(`<!-- wp:image {"id":${copy.id},"sizeSlug":"large","linkDestination":"none"} -->`);
  expect(content).toContain(`<img src="${copy.media_details.sizes.large.source_url}" alt="" class="wp-image-${copy.id}"/><figcaption class="wp-element-caption">The front door</figcaption>`);
  // The swap is one step of the editor's undo.
  await page.getByRole('textbox', { name: 'Content' }).getByText('Before.').click();
  await page.keyboard.press('Control+z');
  expect(await saved(id)).toContain(`<img src="${door.media_details.sizes.large.source_url}" alt="" class="wp-image-${door.id}"/><figcaption class="wp-element-caption">The front door</figcaption>`);
});

it('replaces an image from the picker (uploading there) while its caption is being typed, keeping the caption and the link kind; an item with a caption of its own brings it', async () => {
  const linked = `<!-- wp:image {"id":${door.id},"width":"300px","sizeSlug":"large","linkDestination":"media"} -->\n<figure class="wp-block-image size-large is-resized"><a href="${door.source_url}"><img src="${door.media_details.sizes.large.source_url}" alt="" class="wp-image-${door.id}" style="width:300px"/></a></figure>\n<!-- /wp:image -->`;
  const id = await openPost(`${paragraph('Before.')}\n\n${linked}`);
  const { page } = app;
  await page.locator('.post-image img').click();
  await app.page.getByRole('textbox', { name: 'Caption' }).fill('Half typ');
  await settings().getByRole('button', { name: 'Replace…' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await picker.getByLabel('Upload files').setInputFiles({ name: 'window.png', mimeType: 'image/png', buffer: await cornerImage() });
  await picker.getByText('Uploaded').waitFor();
  const window = (await app.api.list<MediaItem>('cms/v2/media', { search: 'window', context: 'edit' })).items[0];
  await picker.getByRole('list', { name: 'Media items' }).getByRole('button').first().click();
  await picker.waitFor({ state: 'detached' });
  // The old image's width went with it; the caption typed and the link to the media file stay.
  expect(await saved(id)).toBe(
    `${paragraph('Before.')}\n\n<!-- wp:image {"id":${window.id},"sizeSlug":"large","linkDestination":"media"} -->\n<figure class="wp-block-image size-large"><a href="${window.source_url}"><img src="${window.media_details.sizes.large.source_url}" alt="" class="wp-image-${window.id}"/></a><figcaption class="wp-element-caption">Half typ</figcaption></figure>\n<!-- /wp:image -->`,
  );
  // An item with a caption of its own: the block editor's onSelectImage takes it in place of the one written, its line break as <br>.
  const gate = await upload('gate-captioned.png', await cornerImage());
  await app.api.post(`cms/v2/media/${gate.id}`, { caption: 'A gate in <em>blue</em>\nat noon' });
  await page.locator('.post-image img').click();
  await settings().getByRole('button', { name: 'Replace…' }).click();
  await picker.getByLabel('Search media').fill('gate-captioned');
  const items = picker.getByRole('list', { name: 'Media items' }).getByRole('button');
  await expect.poll(() => items.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))).toEqual(['gate-captioned']);
  await items.first().click();
  await picker.waitFor({ state: 'detached' });
  await expect.poll(() => app.page.getByRole('textbox', { name: 'Caption' }).textContent()).toBe('A gate in blueat noon');
  await app.snap('image-replaced-by-captioned-item');
  expect(await saved(id)).toBe(
    `${paragraph('Before.')}\n\n<!-- wp:image {"id":${gate.id},"sizeSlug":"large","linkDestination":"media"} -->\n<figure class="wp-block-image size-large"><a href="${gate.source_url}"><img src="${gate.media_details.sizes.large.source_url}" alt="" class="wp-image-${gate.id}"/></a><figcaption class="wp-element-caption">A gate in <em>blue</em><br>at noon</figcaption></figure>\n<!-- /wp:image -->`,
  );
});

it('says what an image from outside the library cannot do, shows one whose address does not answer as such, and crops a 1×1 image', async () => {
  const dot = await upload('dot.png', await sharp({ create: { width: 1, height: 1, channels: 3, background: { r: 9, g: 9, b: 9 } } }).png().toBuffer());
  const outside = '<!-- wp:image -->\n<figure class="wp-block-image"><img src="https://example.invalid/far.png" alt="Far"/></figure>\n<!-- /wp:image -->';
  const dotBlock = `<!-- wp:image {"id":${dot.id},"sizeSlug":"full","linkDestination":"none"} -->\n<figure class="wp-block-image size-full"><img src="${dot.source_url}" alt="" class="wp-image-${dot.id}"/></figure>\n<!-- /wp:image -->`;
  const id = await openPost(`${outside}\n\n${dotBlock}`);
  const { page } = app;
  // Its address does not answer: it says so, in place of a broken image.
  const missing = page.getByRole('img', { name: 'Far' });
  await missing.getByText('This image cannot be shown: its address https://example.invalid/far.png does not answer').waitFor();
  await missing.click();
  await settings().getByText("not in the site's media library").waitFor();
  await app.snap('image-in-post-missing');
  expect(await settings().getByRole('button', { name: 'Crop, rotate or flip…' }).isDisabled()).toBe(true);
  expect(await settings().getByLabel('Size').isDisabled()).toBe(true);
  await page.locator('.post-image img').first().click();
  await settings().getByRole('button', { name: 'Crop, rotate or flip…' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit image' });
  await editor.getByRole('button', { name: 'Flip horizontal' }).click();
  await editor.getByRole('button', { name: 'Save edit' }).click();
  await editor.waitFor({ state: 'detached' });
  const copy = (await app.api.list<MediaItem>('cms/v2/media', { context: 'edit', orderby: 'id', order: 'desc' })).items[0];
  expect([copy.media_details.width, copy.media_details.height]).toEqual([1, 1]);
  expect(await saved(id)).toBe(`${outside}\n\n<!-- wp:image {"id":${copy.id},"sizeSlug":"full","linkDestination":"none"} -->\n<figure class="wp-block-image size-full"><img src="${copy.source_url}" alt="" class="wp-image-${copy.id}"/></figure>\n<!-- /wp:image -->`);
});

it('offers to copy an image from elsewhere into the library, and says plainly when the site cannot fetch it', async () => {
  // An address the browser reaches but the site refuses to fetch (the loopback: the site fetches only public addresses).
  const elsewhere = `<!-- wp:image -->\n<figure class="wp-block-image"><img src="${door.source_url}" alt="Door"/></figure>\n<!-- /wp:image -->`;
  const id = await openPost(elsewhere);
  await app.page.locator('.post-image img').click();
  await settings().getByRole('button', { name: 'Copy into the library' }).click();
  await settings().getByText('The file could not be fetched').waitFor();
  expect(await saved(id)).toBe(elsewhere);
});
