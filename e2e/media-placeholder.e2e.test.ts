// Every media block inserted empty from "+", in Chromium (issue 29): each shows the block editor's
// placeholder (Upload, Media Library, Insert from URL where the block takes an address, a cover's
// palette colours and "Use featured image", files dropped on it); an empty one is saved as the block editor saves it; its media chosen each way
// (an address typed, images uploaded for a gallery, a library item picked, a file dropped, an audio
// file uploaded) makes the block there, saved strictly valid (validateBlock); an address an embed provider
// knows makes that embed; media & text's text is written before its media is chosen.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { MediaItem } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';
import { onEmptyLine } from './inserter-steps.ts';
import { dropFiles, silentWav, type DroppedFile } from './file-drops.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { DEFAULT_PALETTE } from '../renderer/blocks/site-presets.ts';

const app = appForFile({ blockEditor: true });

/** A photo-sized image of one colour, so the screenshots show it. */
const PNG = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c4572e' } }).png().toBuffer();
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const WAV = silentWav();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

// Media & text last: the caret goes into its text, written at once, where a block inserted next would go.
const MEDIA_BLOCKS = ['Image', 'Gallery', 'Cover', 'Audio', 'Video', 'File', 'Media & text'];

async function uploaded(name: string, body: Buffer, type: string): Promise<MediaItem> {
  return (await app.api.request<MediaItem>('POST', 'cms/v2/media', { body: new Blob([new Uint8Array(body)], { type }), headers: { 'content-disposition': `attachment; filename="${name}"` } })).body;
}

/** Each media block put in from "+", one after another, on the empty line after "Start."; the post's id. */
async function everyPlaceholder(title: string): Promise<number> {
  const id = await onEmptyLine(app, title);
  const { page } = app;
  for (const name of MEDIA_BLOCKS) {
    // The placeholder made last is selected, as the block editor selects the block it inserts: the next goes on the empty line at the end.
    await page.keyboard.press('Control+End');
    await page.getByRole('button', { name: 'Add block', exact: true }).click();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await placeholder(name).waitFor();
  }
  return id;
}

/** A new post, "Start." and an empty line, where the block named `name` is put in from "+"; the post's id. */
async function insertedOnEmptyLine(title: string, name: string): Promise<number> {
  const id = await onEmptyLine(app, title);
  await app.page.getByRole('button', { name: 'Add block' }).click();
  await app.page.keyboard.type(name);
  await app.page.keyboard.press('Enter');
  return id;
}

const placeholder = (name: string) => app.page.getByRole('textbox', { name: 'Content' }).getByRole('group', { name, exact: true });

it('shows every media block inserted empty as its placeholder, offering what the block editor offers, and saves an untouched one as the block editor saves it', async () => {
  const id = await everyPlaceholder('Empty media');
  for (const name of MEDIA_BLOCKS) {
    const buttons = await placeholder(name).getByRole('button').evaluateAll((all) => all.map((button) => button.getAttribute('aria-label') ?? button.textContent));
    // A cover's shows the site palette's colours too (WordPress's default palette here), as the block editor's does.
    const colours = name === 'Cover' ? DEFAULT_PALETTE.map((colour) => `Colour: ${colour.name}`) : [];
    const featured = name === 'Cover' ? ['Use featured image'] : [];
    expect(buttons).toEqual(['Upload', 'Media Library', ...(['Image', 'Audio', 'Video'].includes(name) ? ['Insert from URL'] : []), ...featured, ...colours]);
  }
  await placeholder('Image').getByRole('button', { name: 'Insert from URL' }).click();
  await app.snap('media-placeholders');
  const content = await app.savedValidBlocks(id);
  expect(strictlyInvalid(content)).toEqual([]);
  expect(content).toContain('<!-- wp:image -->\n<figure class="wp-block-image"><img alt=""/></figure>\n<!-- /wp:image -->');
  expect(content).toContain('<!-- wp:gallery {"linkTo":"none"} -->\n<figure class="wp-block-gallery has-nested-images columns-default is-cropped"></figure>\n<!-- /wp:gallery -->');
  expect(content).toContain('<!-- wp:audio /-->');
  expect(content).toContain('<!-- wp:file /-->');
});

it('makes each media block from its placeholder every way: an address, images uploaded, a library item, a file dropped, an audio file uploaded', async () => {
  const harbour = await uploaded('harbour.png', PNG, 'image/png');
  const report = await uploaded('report.pdf', PDF, 'application/pdf');
  const id = await everyPlaceholder('Chosen media');
  const { page } = app;
  const editor = page.getByRole('textbox', { name: 'Content' });
  // Image: an address typed without its protocol.
  await placeholder('Image').getByRole('button', { name: 'Insert from URL' }).click();
  await placeholder('Image').getByLabel('Address of an image').fill('example.com/door.png');
  await placeholder('Image').getByRole('button', { name: 'Apply' }).click();
  await placeholder('Image').waitFor({ state: 'detached' });
  // Gallery: two images uploaded at once.
  await placeholder('Gallery').getByLabel('Upload images').setInputFiles([png('shell.png'), png('stone.png')]);
  await expect.poll(() => editor.locator('.wp-block-gallery img').count(), { timeout: 20_000 }).toBe(2);
  // Cover: an image of the library.
  await placeholder('Cover').getByRole('button', { name: 'Media Library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await picker.getByRole('list', { name: 'Media items' }).getByRole('button', { name: /harbour/ }).click();
  await picker.waitFor({ state: 'detached' });
  // Media & text: its text written before its media is chosen, as in the block editor; then an image dropped on it.
  await editor.locator('.block-container[data-block-name="media-text"] .held-media-content > p').click();
  await page.keyboard.type('Beside the harbour');
  const dropped: DroppedFile = { name: 'dropped-beside.png', type: 'image/png', base64: PNG.toString('base64') };
  await dropFiles(page, '.media-placeholder[aria-label="Media & text"]', [dropped]);
  await placeholder('Media & text').waitFor({ state: 'detached', timeout: 20_000 });
  // Audio: a file uploaded.
  await placeholder('Audio').getByLabel('Upload an audio file').setInputFiles({ name: 'quiet.wav', mimeType: 'audio/wav', buffer: WAV });
  await placeholder('Audio').waitFor({ state: 'detached', timeout: 20_000 });
  // Video: an address.
  await placeholder('Video').getByRole('button', { name: 'Insert from URL' }).click();
  await placeholder('Video').getByLabel('Address of a video').fill('https://example.com/clip.mp4');
  await page.keyboard.press('Enter');
  await placeholder('Video').waitFor({ state: 'detached' });
  // File: a file of the library.
  await placeholder('File').getByRole('button', { name: 'Media Library' }).click();
  const files = page.getByRole('dialog', { name: 'Choose a file' });
  await files.getByRole('list', { name: 'Media items' }).getByRole('button', { name: /report/ }).click();
  await files.waitFor({ state: 'detached' });
  await expect.poll(() => editor.locator('.media-placeholder').count()).toBe(0);
  // A placeholder giving way to its block is no removal.
  expect(await page.getByText(/^Removed /).count()).toBe(0);
  await app.snap('media-placeholders-chosen');
  const content = await app.savedValidBlocks(id);
  expect(strictlyInvalid(content)).toEqual([]);
  expect(content).toContain('<!-- wp:image {"sizeSlug":"large"} -->\n<figure class="wp-block-image size-large"><img src="https://example.com/door.png" alt=""/></figure>\n<!-- /wp:image -->');
  const gallery = /<!-- wp:gallery \{"linkTo":"none"\} -->[\s\S]*?<!-- \/wp:gallery -->/.exec(content)?.[0] ?? '';
  expect(gallery.match(/<!-- wp:image \{"id":\d+,"sizeSlug":"large","linkDestination":"none"\} -->/g)).toHaveLength(2);
  expect(content).toContain(`<!-- wp:cover {"url":"${harbour.source_url}","id":${harbour.id},"dimRatio":50,`);
  expect(content).toMatch(/<!-- wp:media-text \{"mediaId":\d+,"mediaLink":"[^"]+","linkDestination":"none","mediaType":"image"\} -->\n<div class="wp-block-media-text is-stacked-on-mobile"><figure class="wp-block-media-text__media"><img src="[^"]*dropped-beside[^"]*"[^>]*\/><\/figure><div class="wp-block-media-text__content"><!-- wp:paragraph \{"placeholder":"Content…"\} -->\n<p>Beside the harbour<\/p>/);
  expect(content).toMatch(/<!-- wp:audio \{"id":\d+\} -->\n<figure class="wp-block-audio"><audio controls src="[^"]*quiet[^"]*\.wav"><\/audio><\/figure>/);
  expect(content).toContain('<!-- wp:video -->\n<figure class="wp-block-video"><video controls src="https://example.com/clip.mp4"></video></figure>\n<!-- /wp:video -->');
  expect(content).toContain(`<!-- wp:file {"id":${report.id},"href":"${report.source_url}"} -->`);
});

it('makes a cover of a video uploaded in its placeholder, light over white as the block editor judges a video', async () => {
  const theora = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('\x80theora', 'latin1'), Buffer.alloc(64)]);
  const id = await insertedOnEmptyLine('Video cover', 'Cover');
  expect(await placeholder('Cover').getByLabel('Upload an image or a video').getAttribute('accept')).toBe('image/*,video/*');
  await placeholder('Cover').getByLabel('Upload an image or a video').setInputFiles({ name: 'waves-cover.ogv', mimeType: 'video/ogg', buffer: theora });
  await placeholder('Cover').waitFor({ state: 'detached', timeout: 20_000 });
  const content = await app.savedValidBlocks(id);
  expect(strictlyInvalid(content)).toEqual([]);
  expect(content).toMatch(/<!-- wp:cover \{"url":"[^"]*waves-cover[^"]*","id":\d+,"dimRatio":50,"customOverlayColor":"#FFF","isUserOverlayColor":false,"backgroundType":"video","isDark":false\} -->\n<div class="wp-block-cover is-light"><video class="wp-block-cover__video-background intrinsic-ignore" autoplay muted loop playsinline src="[^"]*waves-cover[^"]*" data-object-fit="cover"><\/video>/);
});

it('makes a cover showing the post’s featured image from its placeholder, and switches it off and on again from its media bar, as the block editor’s toggle saves it', async () => {
  const id = await insertedOnEmptyLine('Featured cover', 'Cover');
  const { page } = app;
  await placeholder('Cover').getByRole('button', { name: 'Use featured image' }).click();
  await placeholder('Cover').waitFor({ state: 'detached' });
  // The caret is in its title, as the block editor puts it there.
  await page.keyboard.type('Spring sale');
  const on = '<!-- wp:cover {"useFeaturedImage":true,"dimRatio":50,"customOverlayColor":"#FFF","isUserOverlayColor":false,"isDark":false} -->\n<div class="wp-block-cover is-light"><span aria-hidden="true" class="wp-block-cover__background has-background-dim" style="background-color:#FFF"></span><div class="wp-block-cover__inner-container">';
  const shown = await app.savedValidBlocks(id);
  expect(strictlyInvalid(shown)).toEqual([]);
  expect(shown).toContain(on);
  expect(shown).toContain('<p class="has-text-align-center has-large-font-size">Spring sale</p>');
  const toggle = (pressed: boolean) => page.getByRole('group', { name: 'The block\'s image' }).getByRole('button', { name: 'Use featured image', pressed });
  await toggle(true).waitFor();
  // Drawn with the post's featured image once the post has one, as the block editor draws it.
  const photo = await uploaded('featured-photo.png', PNG, 'image/png');
  await page.getByRole('complementary', { name: 'Settings' }).getByRole('button', { name: 'Choose image' }).click();
  await page.getByRole('dialog').getByRole('list', { name: 'Media items' }).getByRole('button').first().click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const drawn = page.getByRole('textbox', { name: 'Content' }).locator('[data-block-name="cover"]');
  await expect.poll(() => drawn.evaluate((cover) => getComputedStyle(cover).backgroundImage)).toContain(photo.source_url);
  await app.snap('cover-featured-image');
  await toggle(true).click();
  await toggle(false).waitFor();
  const off = await app.savedValidBlocks(id);
  expect(strictlyInvalid(off)).toEqual([]);
  expect(off).toContain('<!-- wp:cover {"dimRatio":50,"isUserOverlayColor":false,"isDark":false} -->\n<div class="wp-block-cover is-light"><span aria-hidden="true" class="wp-block-cover__background has-background-dim"></span><div class="wp-block-cover__inner-container">');
  expect(off).toContain('Spring sale');
  // One Undo switches it back on (the caret back in its title: the featured image was picked in the side panel).
  await page.getByRole('textbox', { name: 'Content' }).getByText('Spring sale').click();
  await page.keyboard.press('Control+z');
  await toggle(true).waitFor();
  expect(await app.savedValidBlocks(id)).toContain(on);
});

it('turns an address an embed provider knows, typed in an image’s, an audio’s or a video’s placeholder, into that embed, as the block editor does', async () => {
  const id = await onEmptyLine(app, 'Embedded addresses');
  const { page } = app;
  const typed: [string, string, string][] = [['Video', 'Address of a video', 'youtube.com/watch?v=placeholder'], ['Audio', 'Address of an audio file', 'https://soundcloud.com/inkwell/quiet'], ['Image', 'Address of an image', 'https://vimeo.com/22439234']];
  for (const [name, label, address] of typed) {
    // The embed made last is selected: the next block goes on the empty line at the end.
    await page.keyboard.press('Control+End');
    await page.getByRole('button', { name: 'Add block', exact: true }).click();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await placeholder(name).getByRole('button', { name: 'Insert from URL' }).click();
    await placeholder(name).getByLabel(label).fill(address);
    await page.keyboard.press('Enter');
    // An image's address is tried as an image first: not one, it becomes the embed.
    await placeholder(name).waitFor({ state: 'detached', timeout: 20_000 });
  }
  const content = await app.savedValidBlocks(id);
  expect(strictlyInvalid(content)).toEqual([]);
  const embed = (url: string, provider: string) => `<!-- wp:embed {"url":"${url}","providerNameSlug":"${provider}","responsive":true} -->\n<figure class="wp-block-embed is-provider-${provider} wp-block-embed-${provider}"><div class="wp-block-embed__wrapper">\n${url}\n</div></figure>\n<!-- /wp:embed -->`;
  expect(content).toContain(embed('https://youtube.com/watch?v=placeholder', 'youtube'));
  expect(content).toContain(embed('https://soundcloud.com/inkwell/quiet', 'soundcloud'));
  expect(content).toContain(embed('https://vimeo.com/22439234', 'vimeo'));
});

it('makes media & text of an image uploaded in the placeholder beside its text, the words typed first kept', async () => {
  const id = await insertedOnEmptyLine('Media and text uploaded', 'Media & text');
  const { page } = app;
  // The caret is in its text at once, as in the block editor.
  await page.keyboard.type('Words first');
  await placeholder('Media & text').getByLabel('Upload an image or a video').setInputFiles(png('uploaded-beside.png'));
  await placeholder('Media & text').waitFor({ state: 'detached', timeout: 20_000 });
  const content = await app.savedValidBlocks(id);
  expect(strictlyInvalid(content)).toEqual([]);
  expect(content).toMatch(/<!-- wp:media-text \{"mediaId":\d+,"mediaLink":"[^"]+","linkDestination":"none","mediaType":"image"\} -->\n<div class="wp-block-media-text is-stacked-on-mobile"><figure class="wp-block-media-text__media"><img src="[^"]*uploaded-beside[^"]*"[^>]*\/><\/figure><div class="wp-block-media-text__content"><!-- wp:paragraph \{"placeholder":"Content…"\} -->\n<p>Words first<\/p>/);
});
