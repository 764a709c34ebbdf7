// Formats browsers cannot show: BMP (read in JavaScript, as libvips here has no BMP
// loader) becomes JPEG unless the upload asks to keep it; its sizes and edits work.
import bmp from 'bmp-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { corners, fileOfUrl, readPixels, uploadRaw } from '../helpers/images.ts';

/** A 400×300 BMP, white with a red 40×40 square in the top-left corner (pixels as ABGR). */
function bitmap(): Buffer {
  const width = 400;
  const height = 300;
  const data = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < 40; y++) {
    for (let x = 0; x < 40; x++) {
      const offset = (y * width + x) * 4;
      data[offset + 1] = 0; // blue
      data[offset + 2] = 0; // green
    }
  }
  return bmp.encode({ data, width, height }).data;
}

describe('BMP uploads', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite('a');
  });
  afterAll(() => site.close());

  it('serves a BMP as a JPEG with its sub-sizes, keeping the original', async () => {
    const { status, body } = await uploadRaw(site, bitmap(), 'scan.bmp', { contentType: 'image/bmp' });
    expect(status).toBe(201);
    expect(body.mime_type).toBe('image/jpeg');
    expect(body.source_url).toMatch(/scan\.jpg$/);
    expect(body.media_details).toMatchObject({ width: 400, height: 300, original_image: 'scan.bmp' });
    expect(body.media_details.sizes.thumbnail).toMatchObject({ width: 150, height: 150, mime_type: 'image/jpeg' });
    const served = await readPixels(fileOfUrl(site, body.source_url));
    expect(corners(served, 5).topLeft).toBe('red');
    expect(corners(served, 5).bottomRight).toBe('white');
  });

  it('keeps the BMP when conversion is turned off, with JPEG sizes beside it', async () => {
    const { status, body } = await uploadRaw(site, bitmap(), 'kept.bmp', { contentType: 'image/bmp', query: { convert_format: false } });
    expect(status).toBe(201);
    expect(body.mime_type).toBe('image/bmp');
    expect(body.source_url).toMatch(/kept\.bmp$/);
    expect(body.media_details.sizes.medium.mime_type).toBe('image/jpeg');
  });

  it('edits a BMP: a flip moves the red corner to the top right', async () => {
    const uploaded = (await uploadRaw(site, bitmap(), 'flip.bmp', { contentType: 'image/bmp' })).body;
    const { status, body } = await site.api(`cms/v2/media/${uploaded.id}/edit`, {
      method: 'POST', as: 'administrator',
      body: { src: uploaded.source_url, modifiers: [{ type: 'flip', args: { flip: { horizontal: true, vertical: false } } }] },
    });
    expect(status).toBe(201);
    const pixels = await readPixels(fileOfUrl(site, body.source_url));
    expect(corners(pixels, 5).topRight).toBe('red');
    expect(corners(pixels, 5).topLeft).toBe('white');
  });
});
