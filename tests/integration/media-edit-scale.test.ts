// Scaling in the media edit route (beyond the reference API, as wp-admin's image editor
// scales): the size in pixels the image as it stands is scaled to, composed with the other
// modifiers in the order given, refused when malformed or over the pixel limit.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { corners, fileOfUrl, listFiles, markedImage, readPixels, uploadRaw } from '../helpers/images.ts';

describe('media edit: scale', () => {
  let site: TestSite;
  /** 400×200: red mark top-left, blue mark top-right, 50 px each. */
  let png: { id: number; source_url: string };

  const edit = (modifiers: unknown) => site.api(`/cms/v2/media/${png.id}/edit`, { method: 'POST', as: 'administrator', body: { src: png.source_url, modifiers } });
  const scale = (width: unknown, height: unknown) => ({ type: 'scale', args: { width, height } });

  beforeAll(async () => {
    site = await startTestSite('a');
    const uploaded = await uploadRaw(site, await markedImage(400, 200, { format: 'png', mark: 50 }), 'marked.png');
    expect(uploaded.status).toBe(201);
    png = { id: uploaded.body.id, source_url: uploaded.body.source_url };
  });
  afterAll(async () => {
    await site.close();
  });

  it('scales the image as it stands to the size given, after a crop and a turn, in the order given', async () => {
    // The left half (200×200, red mark top-left), turned right (red top-right), scaled to 100×100.
    const response = await edit([{ type: 'crop', args: { left: 0, top: 0, width: 50, height: 100 } }, { type: 'rotate', args: { angle: 90 } }, scale(100, 100)]);
    expect(response.status).toBe(201);
    expect([response.body.media_details.width, response.body.media_details.height]).toEqual([100, 100]);
    const pixels = await readPixels(fileOfUrl(site, response.body.source_url));
    expect(corners(pixels).topRight).toBe('red');
    expect(corners(pixels).topLeft).toBe('white');
    // Steps after a scale take the scaled image: the crop's percentages are of 40×20.
    const after = await edit([scale(40, 20), { type: 'crop', args: { left: 50, top: 0, width: 50, height: 100 } }]);
    expect([after.body.media_details.width, after.body.media_details.height]).toEqual([20, 20]);
  });

  it('scales a 1×1 image', async () => {
    const dot = await uploadRaw(site, await markedImage(1, 1, { format: 'png' }), 'dot.png');
    const response = await site.api(`/cms/v2/media/${dot.body.id}/edit`, { method: 'POST', as: 'administrator', body: { src: dot.body.source_url, modifiers: [scale(3, 3)] } });
    expect(response.status).toBe(201);
    expect([response.body.media_details.width, response.body.media_details.height]).toEqual([3, 3]);
  });

  it('refuses a scale to no size, a fraction, a word, or past the pixel limit, making nothing', async () => {
    const files = listFiles(path.join(site.dataDir, 'uploads'));
    for (const bad of [scale(0, 10), scale(10, -1), scale(1.5, 10), scale('ten', 10), scale(10, null), { type: 'scale', args: { width: 10 } }]) {
      const response = await edit([bad]);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
    }
    const huge = await edit([scale(100_000, 100_000)]);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(listFiles(path.join(site.dataDir, 'uploads'))).toEqual(files);
  });
});
