// A cover's image replaced by a video, and media & text's image by a video and back, from the
// block's Replace as a writer does it in the block editor (issue 29): the media library offers
// images and videos, its upload takes either, the cover shows its video, and what is saved is
// what the block editor saves for the attributes its Replace sets (validateBlock on every block).
// A cover holding no block is given the block editor's title, whose "Write title…" shows until the
// writer types (not read by a screen reader as words, not saved); media & text holding no block is
// reached and replaced with its media on the right too; a video block takes the picked video's
// caption, as the block editor's does.
import { expect, it } from 'vitest';
import type { MediaItem } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { blockEditor } from '../tests/helpers/block-editor.ts';

const app = appForFile({ blockEditor: true });

interface Wp {
  createBlock(name: string, attributes?: Record<string, unknown>, inner?: unknown[]): unknown;
  serialize(blocks: unknown[]): string;
}

/** A tiny Ogg file the site reads as a video (Theora) from its bytes. */
const OGG_VIDEO = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('\x80theora', 'latin1'), Buffer.alloc(64)]);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** The open media dialog's library item named `search` picked, once the search shows it alone (the list holds other items until the search, and an upload, is answered). */
async function pick(search: string): Promise<void> {
  const dialog = app.page.getByRole('dialog', { name: /^Choose / });
  const items = dialog.getByRole('list', { name: 'Media items' }).getByRole('button');
  await dialog.getByLabel('Search media').fill(search);
  await expect.poll(() => items.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))).toEqual([search]);
  await items.first().click();
  await dialog.waitFor({ state: 'detached' });
}

/** Every name in the page's accessibility tree, as Chromium gives it to a screen reader. */
async function accessibleNames(): Promise<string[]> {
  const cdp = await app.page.context().newCDPSession(app.page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { name?: { value?: unknown } }[] };
  await cdp.detach();
  return nodes.flatMap((node) => (typeof node.name?.value === 'string' ? [node.name.value] : []));
}
const upload = async (name: string, bytes: Buffer) => (await app.api.request<MediaItem>('POST', 'cms/v2/media', { body: new Blob([new Uint8Array(bytes)]), headers: { 'content-disposition': `attachment; filename="${name}"` } })).body;

it("switches a cover's image to a video and media & text's image to a video and back, from the library offering both, saved as the block editor saves them", async () => {
  const wp = blockEditor() as unknown as Wp;
  const image = await upload('harbour-switch.png', PNG);
  const words = (content: string) => [wp.createBlock('core/paragraph', { content })];
  const cover = (attributes: Record<string, unknown>) => wp.createBlock('core/cover', { dimRatio: 50, customOverlayColor: '#065174', isUserOverlayColor: true, ...attributes }, words('On the cover'));
  const mediaText = (attributes: Record<string, unknown>) => wp.createBlock('core/media-text', { mediaWidth: 40, ...attributes }, words('Beside the media'));
  const original = wp.serialize([
    cover({ url: image.source_url, id: image.id, focalPoint: { x: 0.25, y: 0.75 } }),
    mediaText({ mediaId: image.id, mediaUrl: image.source_url, mediaType: 'image', mediaLink: image.link }),
  ]);
  const { id } = await app.openPost({ title: 'Image or video', content: original });
  const { page } = app;
  const editor = page.getByRole('textbox', { name: 'Content' });
  await expect.poll(() => editor.locator('.held-media img').count()).toBe(2);

  const dialog = page.getByRole('dialog', { name: 'Choose an image or a video' });
  /** The block holding `words` given the library's item named `search` from its Replace (named for its media now). */
  async function replace(words: string, now: 'image' | 'video', search: string, upload?: () => Promise<void>) {
    await editor.getByText(words).click();
    await page.getByRole('button', { name: `Replace ${now}…` }).click();
    await upload?.();
    await pick(search);
  }
  const shownVideo = (block: string) => editor.locator(`[data-block-name="${block}"] .held-media video`);

  // The cover: its Replace offers images and videos; a video uploaded there is chosen.
  await replace('On the cover', 'image', 'waves-switch', async () => {
    expect(await dialog.getByLabel('Upload files').getAttribute('accept')).toBe('image/*,video/*');
    await dialog.getByLabel('Upload files').setInputFiles({ name: 'waves-switch.ogv', mimeType: 'video/ogg', buffer: OGG_VIDEO });
  });
  await expect.poll(() => shownVideo('cover').count(), { timeout: 10_000 }).toBe(1);
  // Media & text: the same video, then the image again.
  await replace('Beside the media', 'image', 'waves-switch');
  await expect.poll(() => shownVideo('media-text').count(), { timeout: 10_000 }).toBe(1);
  await app.snap('media-switched-to-video');
  await replace('Beside the media', 'video', 'harbour-switch');
  await expect.poll(() => editor.locator('[data-block-name="media-text"] .held-media img').count(), { timeout: 10_000 }).toBe(1);

  const [video] = await app.api.get<MediaItem[]>('cms/v2/media', { search: 'waves-switch' });
  const saved = await app.savedValidBlocks(id);
  expect(strictlyInvalid(saved)).toEqual([]);
  // The cover over the writer's overlay, now light over the video's white; media & text's image back, at its own size (it has no large one), linked nowhere (the block editor's default).
  expect(saved).toBe(wp.serialize([
    cover({ url: video.source_url, id: video.id, backgroundType: 'video', isDark: false, sizeSlug: 'full' }),
    mediaText({ mediaId: image.id, mediaUrl: image.source_url, mediaType: 'image', mediaLink: image.link, mediaAlt: image.alt_text, linkDestination: 'none' }),
  ]));
});

it("replaces the image of a cover showing the post's featured image by an upload, and gives a cover holding no block the block editor's title to type in", async () => {
  const wp = blockEditor() as unknown as Wp;
  const harbour = await upload('harbour-title.png', PNG);
  const written = () => [wp.createBlock('core/heading', { content: 'The harbour', level: 2 }), wp.createBlock('core/paragraph', { content: 'Boats at rest.' })];
  const featured = { useFeaturedImage: true, dimRatio: 50, customOverlayColor: '#3a4b5c', isUserOverlayColor: false };
  // A black veil of the writer's over the image: dark whatever the image.
  const veiled = { url: harbour.source_url, id: harbour.id, dimRatio: 80, customOverlayColor: '#000000', isUserOverlayColor: true };
  const { id } = await app.openPost({ title: 'Featured and empty covers', content: wp.serialize([wp.createBlock('core/cover', featured, written()), wp.createBlock('core/cover', veiled, [])]) });
  const { page } = app;
  const editor = page.getByRole('textbox', { name: 'Content' });
  const covers = editor.locator('[data-block-name="cover"]');
  const dialog = page.getByRole('dialog', { name: 'Choose an image or a video' });

  // The featured image's cover: an image uploaded from its "Add media" (its own url none, as the block editor names it then) takes the featured image's place.
  await editor.getByText('Boats at rest.').click();
  await page.getByRole('button', { name: 'Add media…' }).click();
  await dialog.getByLabel('Upload files').setInputFiles({ name: 'dawn-featured.png', mimeType: 'image/png', buffer: PNG });
  await pick('dawn-featured');
  await expect.poll(() => covers.first().locator('.held-media img').count(), { timeout: 10_000 }).toBe(1);
  // The empty cover, selected by a click on it (it has no text for the caret): Replace, then the writer types straight into the title it is given.
  await covers.nth(1).click();
  await page.getByRole('button', { name: 'Replace image…' }).click();
  await pick('harbour-title');
  // Its title shows the block editor's placeholder, drawn by the stylesheet: no word of the document, nothing a screen reader reads as text.
  const shownTitle = covers.nth(1).locator('p');
  await expect.poll(() => shownTitle.evaluate((element) => getComputedStyle(element, '::before').content)).toBe('"Write title…" / ""');
  expect(await shownTitle.textContent()).toBe('');
  expect(await accessibleNames()).not.toContain('Write title…');
  await app.snap('cover-title-placeholder');
  await page.keyboard.type('Harbour at dawn');
  await expect.poll(() => shownTitle.evaluate((element) => getComputedStyle(element, '::before').content)).toBe('none');
  await expect.poll(() => covers.nth(1).locator('p').textContent()).toBe('Harbour at dawn');
  await app.snap('cover-featured-and-empty-replaced');

  const [dawn] = await app.api.get<MediaItem[]>('cms/v2/media', { search: 'dawn-featured' });
  const saved = await app.savedValidBlocks(id);
  expect(strictlyInvalid(saved)).toEqual([]);
  // As the block editor's onSelectMedia sets them: the featured image no more, the overlay the red image's average colour (dark);
  // the writer's veil kept; the empty cover given its title (getInnerBlocksTemplate), here typed in.
  const title = wp.createBlock('core/paragraph', { style: { typography: { textAlign: 'center' } }, placeholder: 'Write title…', fontSize: 'large', content: 'Harbour at dawn' });
  expect(saved).toBe(wp.serialize([
    wp.createBlock('core/cover', { url: dawn.source_url, id: dawn.id, dimRatio: 50, customOverlayColor: '#ff0000', isUserOverlayColor: false, sizeSlug: 'full' }, written()),
    wp.createBlock('core/cover', { ...veiled, sizeSlug: 'full' }, [title]),
  ]));
});

it("replaces the media of media & text holding no block with its media on the right, and gives a video block the picked video's caption", async () => {
  const wp = blockEditor() as unknown as Wp;
  const image = await upload('pier-right.png', PNG);
  const tide = await upload('tide-captioned.ogv', OGG_VIDEO);
  const caption = 'The tide at <em>dusk</em>';
  await app.api.post(`cms/v2/media/${tide.id}`, { caption });
  const emptyRight = { mediaId: image.id, mediaUrl: image.source_url, mediaType: 'image', mediaPosition: 'right' };
  const { id } = await app.openPost({ title: 'Right and captioned', content: wp.serialize([
    wp.createBlock('core/paragraph', { content: 'Before the blocks.' }),
    wp.createBlock('core/media-text', emptyRight, []),
    wp.createBlock('core/video', { src: image.source_url.replace(/\.png$/, '.ogv'), caption: 'The old caption' }),
  ]) });
  const { page } = app;
  const editor = page.getByRole('textbox', { name: 'Content' });
  const mediaText = editor.locator('[data-block-name="media-text"]');

  // Media & text holding no block, its image on the right: shown as the block (not read-only), its text column showing its template's placeholder (drawn, not written: the untouched save is as read), selected by a click, its Replace takes a video.
  await expect.poll(() => mediaText.locator('.held-media img').count()).toBe(1);
  expect(await mediaText.evaluate((element) => getComputedStyle(element, '::after').content)).toContain('Content…');
  await app.snap('media-text-empty-placeholder');
  await mediaText.click();
  await page.getByRole('button', { name: 'Replace image…' }).click();
  await pick('tide-captioned');
  await expect.poll(() => mediaText.locator('.held-media video').count(), { timeout: 10_000 }).toBe(1);
  // The video block: its Replace takes the picked video's caption in place of its own.
  await editor.getByText('The old caption').click();
  await page.getByRole('button', { name: 'Replace video…' }).click();
  await pick('tide-captioned');
  await expect.poll(() => editor.locator('.rich-block-video em').textContent(), { timeout: 10_000 }).toBe('dusk');
  await app.snap('media-text-right-and-video-caption-replaced');

  const saved = await app.savedValidBlocks(id);
  expect(strictlyInvalid(saved)).toEqual([]);
  expect(saved).toBe(wp.serialize([
    wp.createBlock('core/paragraph', { content: 'Before the blocks.' }),
    // The click that selected it gave its text column the block's template (its empty paragraph), as the block editor gives one shown.
    wp.createBlock('core/media-text', { ...emptyRight, mediaId: tide.id, mediaUrl: tide.source_url, mediaType: 'video', mediaLink: tide.link }, [wp.createBlock('core/paragraph', { placeholder: 'Content…' })]),
    wp.createBlock('core/video', { src: tide.source_url, id: tide.id, caption }),
  ]));
});
