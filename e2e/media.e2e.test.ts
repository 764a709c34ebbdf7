// The media library in the real editor: upload an image, crop + rotate + flip it, and
// check the saved image's dimensions and orientation on the site.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../shared/site-types.ts';
import { openApp, type AppSession } from './harness.ts';

let app: AppSession;
let imageFile: string;

beforeAll(async () => {
  app = await openApp();
  // 800×400, blue, with a red square in the top-left corner to follow through the edit.
  imageFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-image-')), 'red-corner.png');
  await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([{ input: { create: { width: 100, height: 100, channels: 3, background: { r: 255, g: 0, b: 0 } } }, left: 0, top: 0 }])
    .png()
    .toFile(imageFile);
});
afterAll(async () => {
  await app?.close();
});

async function pixel(url: string, x: number, y: number): Promise<number[]> {
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset], data[offset + 1], data[offset + 2]];
}

describe('media', () => {
  it('uploads an image with progress and shows it in the library', async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Media' }).click();
    await page.getByLabel('Upload files').setInputFiles(imageFile);
    await page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded').waitFor();
    await page.getByRole('button', { name: 'red-corner' }).waitFor();
    await app.snap('media-library');
    const { items } = await app.api.list<MediaItem>('cms/v2/media', { context: 'edit' });
    expect(items).toHaveLength(1);
    expect(items[0].media_details.width).toBe(800);
  });

  it('edits details in place', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'red-corner' }).click();
    await page.getByLabel('Alt text').fill('A red corner on blue');
    await page.getByLabel('Caption').click();
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor();
    const { items } = await app.api.list<MediaItem>('cms/v2/media', { context: 'edit' });
    expect(items[0].alt_text).toBe('A red corner on blue');
  });

  it('saves details one after another, and does not overwrite a change made elsewhere', async () => {
    const { page } = app;
    await page.getByLabel('Caption').fill('First caption');
    await page.getByLabel('Description').click();
    await page.getByLabel('Description').fill('A description');
    await page.getByLabel('Caption').click();
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor();
    const [saved] = (await app.api.list<MediaItem>('cms/v2/media', { context: 'edit' })).items;
    expect([saved.caption.raw, saved.description.raw, saved.alt_text]).toEqual(['First caption', 'A description', 'A red corner on blue']);
    // A sync (or another window) renames it while it is open here.
    await app.api.post(`cms/v2/media/${saved.id}`, { title: 'Renamed elsewhere' });
    await page.getByLabel('Alt text').fill('A stale edit');
    await page.getByLabel('Caption').click();
    await page.getByRole('alert').filter({ hasText: 'changed somewhere else' }).waitFor();
    const [after] = (await app.api.list<MediaItem>('cms/v2/media', { context: 'edit' })).items;
    expect([after.title.raw, after.alt_text]).toEqual(['Renamed elsewhere', 'A red corner on blue']);
  });

  it('crops, rotates and flips an image into a new item and keeps the original', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Edit image' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit image' });
    await editor.getByAltText('Preview of the edited image').waitFor();
    await editor.getByRole('button', { name: 'Flip horizontal' }).click();
    await editor.getByRole('button', { name: 'Rotate right' }).click();
    await editor.getByRole('button', { name: '1:1' }).click();
    await app.snap('image-editor');
    await editor.getByRole('button', { name: 'Save edit' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as a new item' }).waitFor();
    await app.snap('image-edited');

    const { items } = await app.api.list<MediaItem>('cms/v2/media', { context: 'edit', orderby: 'id', order: 'asc' });
    expect(items).toHaveLength(2);
    const [original, edited] = items;
    expect(original.media_details.width).toBe(800);
    expect(original.media_details.height).toBe(400);
    // Flipped then turned a quarter: 400×800; a centred 1:1 crop of 90% of the width: 360×360.
    expect(edited.media_details.width).toBe(360);
    expect(edited.media_details.height).toBe(360);
    expect(edited.source_url).toContain('-edited');
    expect(edited.alt_text).toBe('A red corner on blue');
    // The original still has its red corner top-left; the edit is all blue in its centre.
    expect(await pixel(original.source_url, 10, 10)).toEqual([255, 0, 0]);
    const [red, , blue] = await pixel(edited.source_url, 180, 180);
    expect(blue).toBeGreaterThan(200);
    expect(red).toBeLessThan(50);
  });
});
