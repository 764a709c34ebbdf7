// Turning a block into another from the block toolbar's "Transform to" menu, in Chromium, as a writer
// does it (issue 29, row 25): an image into a gallery and another into a cover, saved as the block
// editor's own transforms save them (switchToBlockType, validateBlock on every block), the blocks
// around them byte for byte, and read back as a gallery and a cover once the post is opened again; a
// coloured paragraph into a heading keeping its colours; an anchored image with a class into a file
// carrying both, its name written where the file shows "Write file name…", and a coloured file (drawn in
// its colour) into a group, editable there.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { MediaItem } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { blockEditor, quietly, type WpBlock } from '../tests/helpers/block-editor.ts';
import { pickedImageMarkup } from '../renderer/blocks/image-block.ts';
import { fileMarkup } from '../renderer/blocks/file-block.ts';

const app = appForFile({ blockEditor: true });

interface Switching { switchToBlockType(blocks: WpBlock | WpBlock[], name: string): WpBlock[] | null }

const paragraph = (words: string) => `<!-- wp:paragraph -->\n<p>${words}</p>\n<!-- /wp:paragraph -->`;
const upload = async (name: string, bytes: Buffer) => (await app.api.request<MediaItem>('POST', 'cms/v2/media', { body: new Blob([new Uint8Array(bytes)]), headers: { 'content-disposition': `attachment; filename="${name}"` } })).body;

/** What the block editor makes of the one block of `markup` turned into `to`, serialised. */
function switched(markup: string, to: string): string {
  const wp = blockEditor();
  return quietly(() => {
    const made = (wp as unknown as Switching).switchToBlockType(wp.parse(markup), to);
    if (!made) throw new Error(`The block editor offers no ${to} for ${markup}`);
    return wp.serialize(made);
  });
}

it('turns an image into a gallery and another into a cover from the toolbar, saved as the block editor saves them and read back as such', async () => {
  const colour = (r: number, g: number, b: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } }).png().toBuffer();
  const harbour = await upload('harbour-transform.png', await colour(30, 90, 160));
  const field = await upload('field-transform.png', await colour(200, 170, 40));
  const [first, second] = [pickedImageMarkup(harbour), pickedImageMarkup(field)];
  const post = [paragraph('Before the images.'), first, paragraph('Between them.'), second, paragraph('After the images.')].join('\n\n');
  const { id } = await app.openPost({ title: 'Turned blocks', content: post });
  const { page } = app;
  const editor = page.getByRole('textbox', { name: 'Content' });
  const toolbar = page.getByRole('toolbar', { name: 'Block' });
  const turn = async (image: number, into: string) => {
    await editor.locator('.post-image img').nth(image).click();
    await toolbar.getByRole('button', { name: 'Transform to' }).click();
    await page.getByRole('menu', { name: 'Transform to' }).getByRole('menuitem', { name: into, exact: true }).click();
  };

  await turn(0, 'Gallery');
  await expect.poll(() => editor.locator('[data-block-name="gallery"] .post-image img').count()).toBe(1);
  await expect.poll(() => toolbar.locator('.block-toolbar-title').textContent()).toBe('Gallery');
  // The second image is the first one not in the gallery.
  await editor.locator('.post-image img').nth(1).scrollIntoViewIfNeeded();
  await turn(1, 'Cover');
  await expect.poll(() => editor.locator('[data-block-name="cover"]').count()).toBe(1);
  // Turned, not removed: no "Removed an image" notice, as in the block editor.
  expect(await page.getByText(/^Removed /).count()).toBe(0);
  await app.snap('block-transforms');

  const expected = [paragraph('Before the images.'), switched(first, 'core/gallery'), paragraph('Between them.'), switched(second, 'core/cover'), paragraph('After the images.')].join('\n\n');
  const saved = await app.savedValidBlocks(id);
  expect(saved).toBe(expected);
  expect(strictlyInvalid(saved)).toEqual([]);

  // Opened again, the gallery holds its image and the cover shows the field over it, both editable, and saved as they are.
  await page.reload();
  await editor.waitFor();
  await expect.poll(() => editor.locator('[data-block-name="gallery"] .post-image img').count()).toBe(1);
  await expect.poll(() => editor.locator('[data-block-name="cover"] img').getAttribute('src')).toBe(field.source_url);
  await editor.getByText('After the images.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' More.');
  expect(await app.savedValidBlocks(id)).toBe(expected.replace('After the images.', 'After the images. More.'));
  await app.snap('block-transforms-reopened');
});

it('brings the image back as it was with Undo', async () => {
  const harbour = await upload('harbour-undo.png', await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 10, g: 120, b: 90 } } }).png().toBuffer());
  const post = [paragraph('Above.'), pickedImageMarkup(harbour), paragraph('Below.')].join('\n\n');
  const { id } = await app.openPost({ title: 'Turned and back', content: post });
  const { page } = app;
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.locator('.post-image img').click();
  await page.getByRole('toolbar', { name: 'Block' }).getByRole('button', { name: 'Transform to' }).click();
  await page.getByRole('menu', { name: 'Transform to' }).getByRole('menuitem', { name: 'Cover', exact: true }).click();
  await expect.poll(() => editor.locator('[data-block-name="cover"]').count()).toBe(1);
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => editor.locator('[data-block-name="cover"]').count()).toBe(0);
  expect(await app.savedValidBlocks(id)).toBe(post);
});

it('groups the paragraphs a selection spans, and makes one list of others, as the block editor does', async () => {
  const [first, second, third, fourth] = ['First words.', 'Second words.', 'Third words.', 'Fourth words.'].map(paragraph);
  const post = [first, second, third, fourth].join('\n\n');
  const { id } = await app.openPost({ title: 'Turned together', content: post });
  const { page } = app;
  const editor = page.getByRole('textbox', { name: 'Content' });
  const turn = async (from: string, to: string, into: string) => {
    await editor.getByText(from).click();
    await editor.getByText(to).click({ modifiers: ['Shift'] });
    await page.getByRole('toolbar', { name: 'Block' }).getByRole('button', { name: 'Transform to' }).click();
    await page.getByRole('menu', { name: 'Transform to' }).getByRole('menuitem', { name: into, exact: true }).click();
  };
  await turn('First words.', 'Second words.', 'Group');
  await expect.poll(() => editor.locator('[data-block-name="group"] p').count()).toBe(2);
  await turn('Third words.', 'Fourth words.', 'List');
  await expect.poll(() => editor.locator('ul li').count()).toBe(2);
  await app.snap('block-transforms-several');
  const expected = [switched(`${first}\n\n${second}`, 'core/group'), switched(`${third}\n\n${fourth}`, 'core/list')].join('\n\n');
  expect(await app.savedValidBlocks(id)).toBe(expected);
});

it('carries a paragraph\'s colours, size, class and anchor into the heading it is turned into, as the block editor does', async () => {
  const coloured = '<!-- wp:paragraph {"backgroundColor":"pale-pink","textColor":"vivid-red","fontSize":"large","anchor":"intro","className":"lead","style":{"typography":{"textAlign":"center"}}} -->\n<p class="has-text-align-center lead has-vivid-red-color has-pale-pink-background-color has-text-color has-background has-large-font-size" id="intro">Coloured words.</p>\n<!-- /wp:paragraph -->';
  const post = [paragraph('Above.'), coloured, paragraph('Below.')].join('\n\n');
  const { id } = await app.openPost({ title: 'Turned with its colours', content: post });
  const { page } = app;
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.getByText('Coloured words.').click();
  await page.getByRole('toolbar', { name: 'Block' }).getByRole('button', { name: 'Transform to' }).click();
  await page.getByRole('menu', { name: 'Transform to' }).getByRole('menuitem', { name: 'Heading', exact: true }).click();
  await expect.poll(() => editor.locator('h2', { hasText: 'Coloured words.' }).count()).toBe(1);
  const expected = [paragraph('Above.'), switched(coloured, 'core/heading'), paragraph('Below.')].join('\n\n');
  const saved = await app.savedValidBlocks(id);
  expect(saved).toBe(expected);
  expect(saved).toContain('has-vivid-red-color');
});

it('turns an anchored image with a class into a file and a coloured file into a group, carried as the block editor carries them and editable', async () => {
  const door = await upload('door-transform.png', await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 90, g: 40, b: 120 } } }).png().toBuffer());
  const wp = blockEditor();
  const setting = (markup: string, attributes: Record<string, unknown>) =>
    quietly(() => {
      const [block] = wp.parse(markup);
      return wp.serialize([wp.createBlock(block.name, { ...block.attributes, ...attributes }, block.innerBlocks)]);
    });
  const image = setting(pickedImageMarkup(door), { anchor: 'door', className: 'lead' });
  const file = setting(fileMarkup(door), { backgroundColor: 'pale-pink' });
  const post = [paragraph('Before.'), image, paragraph('Between.'), file, paragraph('After.')].join('\n\n');
  const { id } = await app.openPost({ title: 'Turned media', content: post });
  const { page } = app;
  const editor = page.getByRole('textbox', { name: 'Content' });
  const transformTo = async (into: string) => {
    await page.getByRole('toolbar', { name: 'Block' }).getByRole('button', { name: 'Transform to' }).click();
    await page.getByRole('menu', { name: 'Transform to' }).getByRole('menuitem', { name: into, exact: true }).click();
  };
  await editor.locator('.post-image img').click();
  await transformTo('File');
  await expect.poll(() => editor.locator('.rich-block-file').count()).toBe(2);
  // The file made of an image without a caption shows where its name goes, as the block editor's does; the coloured file its colour.
  const name = editor.locator('.rich-block-file').first().locator('.rich-part-a').first();
  await expect.poll(() => name.getAttribute('data-block-placeholder')).toBe('Write file name…');
  await expect.poll(() => editor.locator('.rich-block-file').nth(1).evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(247, 141, 167)');
  await app.snap('block-transforms-file-name');
  await name.click();
  await page.keyboard.type('Door plan');
  await expect.poll(() => name.textContent()).toBe('Door plan');
  await editor.locator('.rich-block-file').nth(1).getByText('door-transform.png').click();
  await transformTo('Group');
  // The coloured file in the group is editable, as before it was turned: no read-only box.
  await expect.poll(() => editor.locator('[data-block-name="group"] .rich-block-file').count()).toBe(1);
  expect(await editor.locator('.unknown-block').count()).toBe(0);
  await app.snap('block-transforms-media');
  // Named as the block editor names the file its transform made: a link to the file (its textLinkHref).
  const named = quietly(() => {
    const [made] = wp.parse(switched(image, 'core/file'));
    return wp.serialize([wp.createBlock(made.name, { ...made.attributes, fileName: 'Door plan', textLinkHref: made.attributes.href })]);
  });
  const expected = [paragraph('Before.'), named, paragraph('Between.'), switched(file, 'core/group'), paragraph('After.')].join('\n\n');
  const saved = await app.savedValidBlocks(id);
  expect(saved).toBe(expected);
  expect(saved).toContain(`<div id="door" class="wp-block-file lead"><a href="${door.source_url}">Door plan</a>`);
});
