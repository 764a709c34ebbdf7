// A cover's image replaced by a video, and media & text's image by a video and back, from the
// block's Replace as a writer does it in the block editor (issue 29): the media library offers
// images and videos, its upload takes either, the cover shows its video, and what is saved is
// what the block editor saves for the attributes its Replace sets (validateBlock on every block).
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
  const items = dialog.getByRole('list', { name: 'Media items' }).getByRole('button');
  /** The block holding `words` given the library's item named `search` from its Replace (named for its media now). */
  async function replace(words: string, now: 'image' | 'video', search: string, upload?: () => Promise<void>) {
    await editor.getByText(words).click();
    await page.getByRole('button', { name: `Replace ${now}…` }).click();
    await upload?.();
    await dialog.getByLabel('Search media').fill(search);
    // The list holds the other item until the search (and an upload) is answered: wait for this one alone.
    await expect.poll(() => items.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))).toEqual([search]);
    await items.first().click();
    await dialog.waitFor({ state: 'detached' });
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
