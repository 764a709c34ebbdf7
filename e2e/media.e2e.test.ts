// The media library in the real editor: upload an image, crop + rotate + flip it, and
// check the saved image's dimensions and orientation on the site.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';

const app = appForFile();
let imageFile: string;

beforeAll(async () => {
  // 800×400, blue, with a red square in the top-left corner, and a green mark off every axis of
  // symmetry (x 250-350, y 100-200), to follow through the edit: a reversed rotation or a
  // missing flip puts it elsewhere.
  imageFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-image-')), 'red-corner.png');
  const square = (r: number, g: number, b: number) => ({ create: { width: 100, height: 100, channels: 3 as const, background: { r, g, b } } });
  await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([{ input: square(255, 0, 0), left: 0, top: 0 }, { input: square(0, 255, 0), left: 250, top: 100 }])
    .png()
    .toFile(imageFile);
});

async function pixel(url: string, x: number, y: number): Promise<number[]> {
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset], data[offset + 1], data[offset + 2]];
}

describe('media', () => {
  // One story, one test: each step goes on with the image the one before uploaded or changed.
  it('uploads an image, edits its details in place and one after another without overwriting a change made elsewhere, then crops, rotates, flips and scales it into new items', async () => {
    // uploads an image with progress and shows it in the library
    {
      const { page } = app;
      await page.getByRole('link', { name: 'Media' }).click();
      await page.getByLabel('Upload files').setInputFiles(imageFile);
      await page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded').waitFor();
      await page.getByRole('button', { name: 'red-corner' }).waitFor();
      await app.snap('media-library');
      const { items } = await app.api.list<MediaItem>('cms/v2/media', { context: 'edit' });
      expect(items).toHaveLength(1);
      expect(items[0].media_details.width).toBe(800);
    }

    // edits details in place
    {
      const { page } = app;
      await page.getByRole('button', { name: 'red-corner' }).click();
      await page.getByLabel('Alt text').fill('A red corner on blue');
      await page.getByLabel('Caption').click();
      await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor();
      const { items } = await app.api.list<MediaItem>('cms/v2/media', { context: 'edit' });
      expect(items[0].alt_text).toBe('A red corner on blue');
    }

    // saves details one after another, and does not overwrite a change made elsewhere
    {
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
    }

    // crops, rotates and flips an image into a new item and keeps the original
    {
      const { page } = app;
      await page.getByRole('button', { name: 'Edit image' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit image' });
      await editor.getByAltText('Preview of the edited image').waitFor();
      await editor.getByRole('button', { name: 'Flip horizontal' }).click();
      await editor.getByRole('button', { name: 'Rotate right' }).click();
      await editor.getByRole('button', { name: '1:1' }).click();
      // Undo takes back one step at a time.
      await editor.getByRole('button', { name: 'Flip vertical' }).click();
      await editor.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => editor.getByRole('button', { name: 'Flip vertical' }).getAttribute('aria-pressed')).toBe('false');
      expect(await editor.getByRole('button', { name: 'Flip horizontal' }).getAttribute('aria-pressed')).toBe('true');
      // Escape with edits asks first; keeping them keeps the dialog and the edits.
      await page.keyboard.press('Escape');
      await editor.getByRole('alert').getByText('Discard your edits').waitFor();
      await app.snap('image-editor-escape-asks');
      await editor.getByRole('button', { name: 'Keep editing' }).click();
      await app.snap('image-editor');
      await editor.getByRole('button', { name: 'Save edit' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved as a new item' }).waitFor();
      // The copy keeps the original's title, and the library says which one is the copy.
      await page.getByRole('button', { name: 'Renamed elsewhere (edited copy)' }).waitFor();
      expect(await page.getByRole('button', { name: 'Renamed elsewhere', exact: true }).count()).toBe(1);
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
      // The original still has its red corner top-left.
      expect(await pixel(original.source_url, 10, 10)).toEqual([255, 0, 0]);
      // Flipped, the mark is at x 450-550, y 100-200; turned right (clockwise) in 400×800 it is at
      // x 200-300, y 450-550; the crop starts at (20, 220): x 180-280, y 230-330, right of and below
      // the centre. Turned left instead it would be top-left (x 80-180, y 30-130); without the
      // flip, top-right (x 180-280, y 30-130).
      const isGreen = ([red, green, blue]: number[]) => green > 200 && red < 60 && blue < 60;
      expect(isGreen(await pixel(edited.source_url, 230, 280))).toBe(true);
      expect(isGreen(await pixel(edited.source_url, 130, 80))).toBe(false);
      expect(isGreen(await pixel(edited.source_url, 230, 80))).toBe(false);
      const [red, , blue] = await pixel(edited.source_url, 100, 180);
      expect(blue).toBeGreaterThan(200);
      expect(red).toBeLessThan(50);
    }

    // crops and scales in pixels, in step with the visual crop, refusing what cannot be made
    {
      const { page } = app;
      await page.getByRole('button', { name: 'Renamed elsewhere', exact: true }).click();
      await page.getByRole('button', { name: 'Edit image' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit image' });
      const pixels = editor.getByRole('group', { name: 'Crop and scale in pixels' });
      const field = (name: string) => pixels.getByLabel(name, { exact: true });
      await expect.poll(() => field('Crop width').inputValue()).toBe('800');
      // What cannot be made is said, and the last good crop stands.
      await field('X').fill('ten');
      await pixels.getByRole('alert').getByText('whole numbers').waitFor();
      await field('X').fill('-5');
      await pixels.getByRole('alert').getByText('0 or more').waitFor();
      await field('X').fill('0');
      await field('Crop width').fill('900');
      await pixels.getByRole('alert').getByText('at most 800').waitFor();
      await field('Crop width').fill('0');
      await pixels.getByRole('alert').getByText('at least 1 pixel').waitFor();
      await field('Crop width').fill('200');
      await field('Crop height').fill('100');
      await expect.poll(() => pixels.getByRole('alert').count()).toBe(0);
      // The visual crop follows the numbers: a quarter of the width, a quarter of the height.
      const selection = editor.locator('.ReactCrop__crop-selection');
      await expect.poll(() => selection.evaluate((element) => [element.style.width, element.style.height])).toEqual(['25%', '25%']);
      // Scaling keeps the shape, and only makes it smaller.
      await field('Scale to width').fill('400');
      await pixels.getByRole('alert').getByText('only makes the image smaller').waitFor();
      await field('Scale to width').fill('100');
      await expect.poll(() => field('Scale to height').inputValue()).toBe('50');
      // A turn keeps the crop on the same part; the numbers follow it into the turned image.
      await editor.getByRole('button', { name: 'Rotate right' }).click();
      await expect.poll(() => Promise.all(['X', 'Y', 'Crop width', 'Crop height', 'Scale to width'].map((name) => field(name).inputValue()))).toEqual(['300', '0', '100', '200', '50']);
      await editor.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => field('Crop width').inputValue()).toBe('200');
      await app.snap('image-editor-pixels');
      await editor.getByRole('button', { name: 'Save edit' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved as a new item' }).waitFor();
      const [newest] = (await app.api.list<MediaItem>('cms/v2/media', { context: 'edit', orderby: 'id', order: 'desc' })).items;
      expect([newest.media_details.width, newest.media_details.height]).toEqual([100, 50]);
      // The red corner (100×100 of 800×400), cropped to 200×100 and halved: the left half.
      expect(await pixel(newest.source_url, 10, 10)).toEqual([255, 0, 0]);
      const [red, , blue] = await pixel(newest.source_url, 90, 10);
      expect(blue).toBeGreaterThan(200);
      expect(red).toBeLessThan(50);
    }
  }, 240_000);
});
