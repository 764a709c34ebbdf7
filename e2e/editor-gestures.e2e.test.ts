// The editor's own gestures keep the writer's text, in Chromium: after a link is applied the
// caret stands after it (the next key types there, never over the linked words); a block
// inserted while another block or words are selected goes beside them, never in their place;
// a removal says what it removed, with Undo.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';

const app = appForFile({ blockEditor: true });
let door: MediaItem;
let window: MediaItem;

const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;

async function upload(name: string, colour: { r: number; g: number; b: number }): Promise<MediaItem> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();
  const item = (await app.api.request<MediaItem>('POST', 'cms/v2/media', { body: new Blob([new Uint8Array(bytes)], { type: 'image/png' }), headers: { 'content-disposition': `attachment; filename="${name}.png"` } })).body;
  return app.api.post<MediaItem>(`cms/v2/media/${item.id}`, { title: name, alt_text: `The ${name}` });
}

const imageBlock = (item: MediaItem, alt: string) =>
  `<!-- wp:image {"id":${item.id},"sizeSlug":"full","linkDestination":"none"} -->\n<figure class="wp-block-image size-full"><img src="${item.source_url}" alt="${alt}" class="wp-image-${item.id}"/></figure>\n<!-- /wp:image -->`;

/** The post's saved content, once the block editor is found to accept every block of it strictly. */
const content = (id: number) => app.savedValidBlocks(id);

beforeAll(async () => {
  door = await upload('door', { r: 200, g: 20, b: 20 });
  window = await upload('window', { r: 20, g: 20, b: 200 });
});

describe('a link applied', () => {
  /** Applies a link to the selection with Ctrl+K, an address and Enter, as a writer does. */
  async function linkWithKeys(address: string): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Control+k');
    const field = page.getByRole('form', { name: 'Link address' });
    await field.getByRole('textbox', { name: 'Link address' }).fill(address);
    await page.keyboard.press('Enter');
    await field.waitFor({ state: 'detached' });
  }

  it.each([
    ['selected words', 'Read this', async () => app.page.keyboard.press('Control+Shift+ArrowLeft'), paragraph('Read <a href="https://example.org">this</a> and more')],
    ['nothing selected (the address becomes the text)', 'Read', async () => app.page.keyboard.type(' '), paragraph('Read <a href="https://example.org">https://example.org</a> and more')],
  ])('to %s leaves the caret after the link, and what is typed next follows it unlinked', async (_case, words, select, expected) => {
    const post = await app.openPost({ title: 'Link then type', content: paragraph(words) });
    const { page } = app;
    await page.getByRole('textbox', { name: 'Content' }).getByText(words).click();
    await page.keyboard.press('End');
    await select();
    await linkWithKeys('example.org');
    // The typing is in the text again, not in the field, and replaces nothing.
    await page.keyboard.type(' and more');
    expect(await content(post.id)).toBe(expected);
  });

  it('edited in place (Edit on the link bar) leaves the caret after it too', async () => {
    const post = await app.openPost({ title: 'Link edited', content: paragraph('Go <a href="https://old.example">there</a>') });
    const { page } = app;
    await page.getByRole('textbox', { name: 'Content' }).locator('a').click();
    await page.getByRole('group', { name: 'Link to https://old.example' }).getByRole('button', { name: 'Edit' }).click();
    await linkWithKeys('new.example');
    await page.keyboard.type(' now');
    expect(await content(post.id)).toBe(paragraph('Go <a href="https://new.example">there</a> now'));
  });
});

describe('an image chosen from the library', () => {
  it('while an image is selected goes beside it: the selected one keeps its alt text', async () => {
    const post = await app.openPost({ title: 'Two images', content: `${paragraph('Before.')}\n\n${imageBlock(door, 'My own words')}\n\n${paragraph('After.')}` });
    const { page } = app;
    await page.locator('.post-image img').click();
    await page.getByRole('group', { name: 'Image settings' }).waitFor();
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByRole('list', { name: 'Media items' }).getByRole('button', { name: 'window' }).click();
    await picker.waitFor({ state: 'detached' });
    // Changing the new image's alt text changes it in place: neither is a removal, so none is reported.
    await page.locator('.post-image img').nth(1).click();
    await page.getByRole('group', { name: 'Image settings' }).getByLabel('Alt text').fill('The window, open');
    expect(await page.getByRole('status').filter({ hasText: 'Removed' }).count()).toBe(0);
    const saved = await content(post.id);
    expect(saved).toContain(imageBlock(door, 'My own words'));
    expect(saved).toContain(`wp-image-${window.id}`);
    expect(saved.indexOf(`wp-image-${door.id}`)).toBeLessThan(saved.indexOf(`wp-image-${window.id}`));
    expect(saved.startsWith(paragraph('Before.'))).toBe(true);
    expect(saved).toContain(paragraph('After.'));
    // Typing with the new image selected goes after it, not over either one.
    await page.locator('.post-image img').nth(1).click();
    await page.keyboard.type('Typed on');
    const typed = await content(post.id);
    expect(typed).toContain(imageBlock(door, 'My own words'));
    expect(typed).toContain(`wp-image-${window.id}`);
    expect(typed).toContain(paragraph('Typed on'));
  });

  it('while words are selected goes after them, and the words stay', async () => {
    const post = await app.openPost({ title: 'Words selected', content: paragraph('Keep every word') });
    const { page } = app;
    await page.getByRole('textbox', { name: 'Content' }).getByText('Keep every word').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Control+Shift+ArrowLeft');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByRole('list', { name: 'Media items' }).getByRole('button', { name: 'door' }).click();
    await picker.waitFor({ state: 'detached' });
    const saved = await content(post.id);
    expect(saved.startsWith(paragraph('Keep every word'))).toBe(true);
    expect(saved).toContain(`wp-image-${door.id}`);
  });

  it('pasted over a selected image says that image was removed, and Undo brings it back', async () => {
    const post = await app.openPost({ title: 'Paste over an image', content: `${paragraph('Before.')}\n\n${imageBlock(door, 'Words of mine')}` });
    const { page } = app;
    await page.locator('.post-image img').click();
    await page.getByRole('group', { name: 'Image settings' }).waitFor();
    await app.paste({ 'text/html': `<figure><img src="${window.source_url}" alt="Pasted"></figure>` });
    const notice = page.getByRole('status').filter({ hasText: 'Removed an image' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.locator('.post-image img').getAttribute('alt')).toBe('Words of mine');
    expect(await content(post.id)).toContain(imageBlock(door, 'Words of mine'));
  });

  it('is removed only on purpose, and the removal is named with Undo', async () => {
    const post = await app.openPost({ title: 'Remove an image', content: `${paragraph('Before.')}\n\n${imageBlock(door, 'Kept words')}` });
    const { page } = app;
    await page.locator('.post-image img').click();
    await page.getByRole('group', { name: 'Image settings' }).waitFor();
    await page.keyboard.press('Delete');
    const notice = page.getByRole('status').filter({ hasText: 'Removed an image' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.locator('.post-image img').waitFor();
    expect(await content(post.id)).toContain(imageBlock(door, 'Kept words'));
  });
});
