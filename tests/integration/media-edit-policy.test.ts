// The media edit policy (shared/media-edit-policy.ts) is the one the site keeps, for every
// image format the library takes: an item served in a format the site reads is edited, the
// copy written in the format the policy names (the editor says so before saving); any other
// is refused as the editor hides its edit. Each item is uploaded with conversion off, so it
// is served in its own format.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { bomb, solidBmp } from '../helpers/image-bombs.ts';
import { fileOfUrl, uploadRaw } from '../helpers/images.ts';
import { editedImageType, editSource, isEditableImage } from '../../shared/media-edit-policy.ts';
import { ACCEPTED_TYPES } from '../../server/media/media-types.ts';

const WIDTH = 64;
const HEIGHT = 48;

/** An icon file holding one PNG image (the format browsers take for favicons). */
async function icon(): Promise<Buffer> {
  const png = await sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } }).png().toBuffer();
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(1, 4); // of one image
  header.writeUInt8(32, 6);
  header.writeUInt8(32, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

/** A phone's HEIC photo (HEVC, 64×32), from the block editor's own test files; `brand` 'mif1' makes it a plain HEIF. */
function heic(brand = 'heic'): Promise<Buffer> {
  const file = path.resolve('node_modules/@wordpress/upload-media/src/test/fixtures/exif-rotated-90cw.heic');
  const bytes = fs.readFileSync(file);
  bytes.write(brand, 8, 'latin1');
  return Promise.resolve(bytes);
}

/** Every image format the library accepts: its file, its name, and the type the site serves it as. */
const FORMATS: { mime: string; file: string; bytes: () => Promise<Buffer> }[] = [
  { mime: 'image/jpeg', file: 'photo.jpg', bytes: () => bomb('jpeg', WIDTH, HEIGHT) },
  { mime: 'image/png', file: 'drawing.png', bytes: () => bomb('png', WIDTH, HEIGHT) },
  { mime: 'image/gif', file: 'anim.gif', bytes: () => bomb('gif', WIDTH, HEIGHT) },
  { mime: 'image/webp', file: 'web.webp', bytes: () => bomb('webp', WIDTH, HEIGHT) },
  { mime: 'image/avif', file: 'new.avif', bytes: () => bomb('avif', WIDTH, HEIGHT) },
  { mime: 'image/heic', file: 'phone.heic', bytes: () => heic() },
  { mime: 'image/heif', file: 'still.heif', bytes: () => heic('mif1') },
  { mime: 'image/tiff', file: 'scan.tif', bytes: () => bomb('tiff', WIDTH, HEIGHT) },
  { mime: 'image/bmp', file: 'paint.bmp', bytes: async () => solidBmp(WIDTH, HEIGHT) },
  { mime: 'image/x-icon', file: 'favicon.ico', bytes: icon },
];

let site: TestSite;

beforeAll(async () => {
  site = await startTestSite('a');
});

afterAll(() => site.close());

describe('an image edit, for every image format the library takes', () => {
  it('is tried on a file of each of them (a new format needs its file here)', () => {
    expect(FORMATS.map((format) => format.mime).sort()).toEqual(ACCEPTED_TYPES.filter((type) => type.startsWith('image/')).sort());
  });

  it.each(FORMATS)('$mime: edited as the policy says, and written in the format it names', async ({ mime, file, bytes }) => {
    const uploaded = await uploadRaw(site, await bytes(), file, { query: { convert_format: false } });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.mime_type).toBe(mime);
    const edit = await site.api(`/cms/v2/media/${uploaded.body.id}/edit`, {
      method: 'POST', as: 'administrator',
      body: { src: editSource(uploaded.body), modifiers: [{ type: 'rotate', args: { angle: 90 } }] },
    });
    if (!isEditableImage(mime)) {
      expect(edit.status).toBe(400);
      expect(edit.body.code).toBe('rest_cannot_edit_file_type');
      return;
    }
    expect(edit.status).toBe(201);
    const written = editedImageType(mime);
    expect(edit.body.mime_type).toBe(written);
    const stored = await sharp(fileOfUrl(site, edit.body.source_url)).metadata();
    expect({ format: stored.format, width: stored.width, height: stored.height }).toEqual({
      format: { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp', 'image/avif': 'heif' }[written],
      // A quarter turn of the image as served.
      width: uploaded.body.media_details.height,
      height: uploaded.body.media_details.width,
    });
  });

  it('takes a src naming the item\'s file at another host, and refuses one naming no file of it', async () => {
    const uploaded = (await uploadRaw(site, await bomb('png', WIDTH, HEIGHT), 'hosted.png')).body;
    const elsewhere = new URL(editSource(uploaded));
    elsewhere.host = 'localhost:1';
    const send = (src: string) => site.api(`/cms/v2/media/${uploaded.id}/edit`, { method: 'POST', as: 'administrator', body: { src, modifiers: [{ type: 'rotate', args: { angle: 90 } }] } });
    expect((await send(elsewhere.href)).status).toBe(201);
    const refused = await send(`${site.url}/uploads/not-this-item.png`);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('rest_unknown_attachment');
  });
});
