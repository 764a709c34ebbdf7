// Editing images over HTTP: each modifier and their combinations checked on the pixels of
// the new item's file (where the red and blue corner marks went, the size of a crop, the
// corners of a free rotation), the deprecated form, refusals, and the new item itself.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestRole } from '../helpers/test-site.ts';
import { corners, dimensions, markedImage, pixelAt, readPixels, solidImage, uploadMultipart, uploadRaw } from '../helpers/images.ts';
import { storedBytes, storedFiles, storedSize } from '../helpers/media-backends.ts';
import { siteOnEachBackend } from '../helpers/site-on-each-backend.ts';

type Corners = ReturnType<typeof corners>;
const WHITE_CORNERS: Corners = { topLeft: 'white', topRight: 'white', bottomLeft: 'white', bottomRight: 'white' };

siteOnEachBackend('media edit (%s)', (on) => {
  let parentPost: number;
  /** A 400×200 PNG: red mark top-left, blue mark top-right, 50 px each. */
  let png: { id: number; source_url: string; bytes: Buffer };
  let jpeg: { id: number; source_url: string; bytes: Buffer };

  const edit = (id: number, body: Record<string, unknown>, as: TestRole | null = 'administrator') =>
    on.site.api(`/cms/v2/media/${id}/edit`, { method: 'POST', as, body });
  const pixelsOf = async (item: { source_url: string }) => readPixels(await storedBytes(on.site, item.source_url));

  beforeAll(async () => {
    parentPost = (await on.site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Gallery', status: 'publish' } })).body.id;
    const pngBytes = await markedImage(400, 200, { format: 'png', mark: 50 });
    const uploaded = await uploadMultipart(on.site, pngBytes, 'marked.png', {
      title: 'Marked', caption: 'Two marks', description: 'Red and blue', alt_text: 'Red and blue squares', post: String(parentPost),
    });
    expect(uploaded.status).toBe(201);
    png = { id: uploaded.body.id, source_url: uploaded.body.source_url, bytes: pngBytes };
    const jpegBytes = await markedImage(400, 200, { format: 'jpeg', mark: 50, exif: { IFD0: { Model: 'Inkwell X100' }, IFD2: { FNumber: '4/1' } } });
    const jpegUpload = await uploadRaw(on.site, jpegBytes, 'marked-photo.jpg');
    expect(jpegUpload.status).toBe(201);
    jpeg = { id: jpegUpload.body.id, source_url: jpegUpload.body.source_url, bytes: jpegBytes };
  });

  describe('modifiers, checked on pixels', () => {
    const cases: [string, object[], [number, number], Corners][] = [
      ['flip horizontal', [flip(true, false)], [400, 200], { topLeft: 'blue', topRight: 'red', bottomLeft: 'white', bottomRight: 'white' }],
      ['flip vertical', [flip(false, true)], [400, 200], { topLeft: 'white', topRight: 'white', bottomLeft: 'red', bottomRight: 'blue' }],
      ['flip both ways', [flip(true, true)], [400, 200], { topLeft: 'white', topRight: 'white', bottomLeft: 'blue', bottomRight: 'red' }],
      ['rotate 90', [rotate(90)], [200, 400], { topLeft: 'white', topRight: 'red', bottomLeft: 'white', bottomRight: 'blue' }],
      ['rotate 180', [rotate(180)], [400, 200], { topLeft: 'white', topRight: 'white', bottomLeft: 'blue', bottomRight: 'red' }],
      ['rotate 270', [rotate(270)], [200, 400], { topLeft: 'blue', topRight: 'white', bottomLeft: 'red', bottomRight: 'white' }],
      ['rotate -90', [rotate(-90)], [200, 400], { topLeft: 'blue', topRight: 'white', bottomLeft: 'red', bottomRight: 'white' }],
      ['crop the top-right quarter', [crop(50, 0, 50, 50)], [200, 100], { topLeft: 'white', topRight: 'blue', bottomLeft: 'white', bottomRight: 'white' }],
      ['crop the top-left eighth', [crop(0, 0, 25, 50)], [100, 100], { topLeft: 'red', topRight: 'white', bottomLeft: 'white', bottomRight: 'white' }],
      ['flip then rotate 90', [flip(true, false), rotate(90)], [200, 400], { topLeft: 'white', topRight: 'blue', bottomLeft: 'white', bottomRight: 'red' }],
      ['rotate 90 then flip', [rotate(90), flip(true, false)], [200, 400], { topLeft: 'red', topRight: 'white', bottomLeft: 'blue', bottomRight: 'white' }],
      ['rotate 90 then crop (percentages of the turned image)', [rotate(90), crop(50, 0, 50, 25)], [100, 100], { topLeft: 'white', topRight: 'red', bottomLeft: 'white', bottomRight: 'white' }],
      ['crop then rotate 180', [crop(0, 0, 50, 100), rotate(180)], [200, 200], { topLeft: 'white', topRight: 'white', bottomLeft: 'white', bottomRight: 'red' }],
      ['flip, rotate 270 and crop', [flip(true, true), rotate(270), crop(0, 50, 100, 50)], [200, 200], { topLeft: 'white', topRight: 'white', bottomLeft: 'white', bottomRight: 'blue' }],
      ['two crops in a row', [crop(50, 0, 50, 100), crop(50, 0, 50, 50)], [100, 100], { topLeft: 'white', topRight: 'blue', bottomLeft: 'white', bottomRight: 'white' }],
    ];

    for (const [name, modifiers, [width, height], expected] of cases) {
      it(`${name}: ${width}×${height} with the marks where they belong`, async () => {
        const response = await edit(png.id, { src: png.source_url, modifiers });
        expect(response.status).toBe(201);
        expect(response.body.media_details).toMatchObject({ width, height });
        const pixels = await pixelsOf(response.body);
        expect({ width: pixels.width, height: pixels.height }).toEqual({ width, height });
        expect(pixels.format).toBe('png');
        expect(corners(pixels, 3)).toEqual(expected);
      });
    }

    it('rotates by 45 degrees into the bounding box, with transparent corners for PNG', async () => {
      const response = await edit(png.id, { src: png.source_url, modifiers: [rotate(45)] });
      expect(response.status).toBe(201);
      const pixels = await pixelsOf(response.body);
      const side = (400 + 200) * Math.SQRT1_2; // 424.26
      expect(Math.abs(pixels.width - side)).toBeLessThanOrEqual(1);
      expect(Math.abs(pixels.height - side)).toBeLessThanOrEqual(1);
      expect(corners(pixels, 1)).toEqual({ topLeft: 'transparent', topRight: 'transparent', bottomLeft: 'transparent', bottomRight: 'transparent' });
      const centre = pixelAt(pixels, Math.floor(pixels.width / 2), Math.floor(pixels.height / 2));
      expect(centre).toMatchObject({ a: 255 });
      expect(Math.min(centre.r, centre.g, centre.b)).toBeGreaterThan(200);
      // Turned clockwise: the red mark (top-left) moves up towards the top edge.
      const top = pixelAt(pixels, Math.floor(side / 2) - 50, 40);
      expect(top.a).toBe(255);
    });

    it('rotates a JPEG by 45 degrees with white corners', async () => {
      const response = await edit(jpeg.id, { src: jpeg.source_url, modifiers: [rotate(45)] });
      expect(response.status).toBe(201);
      expect(response.body.mime_type).toBe('image/jpeg');
      const pixels = await pixelsOf(response.body);
      expect(pixels.format).toBe('jpeg');
      expect(Math.abs(pixels.width - 424.26)).toBeLessThanOrEqual(1);
      expect(corners(pixels, 2)).toEqual(WHITE_CORNERS);
    });

    it('combines a free rotation with a flip and a crop', async () => {
      // Flip, then turn 45°, then keep the middle: all of it white image (no transparent corners).
      const response = await edit(png.id, { src: png.source_url, modifiers: [flip(true, false), rotate(45), crop(40, 40, 20, 20)] });
      expect(response.status).toBe(201);
      const pixels = await pixelsOf(response.body);
      expect(Math.abs(pixels.width - 424.26 * 0.2)).toBeLessThanOrEqual(1);
      expect(corners(pixels, 0)).toEqual(WHITE_CORNERS);
    });

    it('edits a JPEG as JPEG, with the marks where they belong', async () => {
      const response = await edit(jpeg.id, { src: jpeg.source_url, modifiers: [rotate(90)] });
      expect(response.status).toBe(201);
      expect(response.body.source_url).toMatch(/\/marked-photo-edited(-\d+)?\.jpg$/);
      const pixels = await pixelsOf(response.body);
      expect(pixels.format).toBe('jpeg');
      expect(corners(pixels, 5)).toEqual({ topLeft: 'white', topRight: 'red', bottomLeft: 'white', bottomRight: 'blue' });
    });

    it('edits the upright image of a photo with an EXIF orientation', async () => {
      // Stored 400×200 with orientation 6: seen as 200×400 with red top-right, blue bottom-right.
      const upload = await uploadRaw(on.site, await markedImage(400, 200, { format: 'jpeg', orientation: 6, mark: 50 }), 'sideways.jpg');
      const response = await edit(upload.body.id, { src: upload.body.source_url, modifiers: [flip(true, false)] });
      expect(response.status).toBe(201);
      const pixels = await pixelsOf(response.body);
      expect({ width: pixels.width, height: pixels.height }).toEqual({ width: 200, height: 400 });
      expect(corners(pixels, 5)).toEqual({ topLeft: 'red', topRight: 'white', bottomLeft: 'blue', bottomRight: 'white' });
      expect(response.body.source_url).toMatch(/\/sideways-edited\.jpg$/);
      expect(response.body.media_details.image_meta.orientation).toBe('1');
    });

    it('edits the original of a scaled image, not its scaled copy', async () => {
      const upload = await uploadRaw(on.site, await solidImage(3000, 2000, 'jpeg'), 'huge.jpg');
      expect(upload.body.media_details.width).toBe(2560);
      const response = await edit(upload.body.id, { src: upload.body.source_url, modifiers: [crop(0, 0, 50, 50)] });
      expect(response.status).toBe(201);
      expect(response.body.media_details).toMatchObject({ width: 1500, height: 1000 });
      expect(response.body.source_url).toMatch(/\/huge-edited\.jpg$/);
      expect(await dimensions(await storedBytes(on.site, response.body.source_url))).toEqual({ width: 1500, height: 1000 });
      // The original's own URL names the item too, as does the served URL at another host name for the site.
      const originalUrl = `${path.posix.dirname(upload.body.source_url)}/${upload.body.media_details.original_image}`;
      expect((await edit(upload.body.id, { src: originalUrl, modifiers: [crop(0, 0, 10, 10)] })).status).toBe(201);
      const otherHost = upload.body.source_url.replace('127.0.0.1', 'localhost');
      expect((await edit(upload.body.id, { src: otherHost, modifiers: [crop(0, 0, 10, 10)] })).status).toBe(201);
    });
  });

  describe('the deprecated rotation and x, y, width, height form', () => {
    it('rotates', async () => {
      const response = await edit(png.id, { src: png.source_url, rotation: 90 });
      expect(response.status).toBe(201);
      const pixels = await pixelsOf(response.body);
      expect({ width: pixels.width, height: pixels.height }).toEqual({ width: 200, height: 400 });
      expect(corners(pixels, 3)).toEqual({ topLeft: 'white', topRight: 'red', bottomLeft: 'white', bottomRight: 'blue' });
    });

    it('crops', async () => {
      const response = await edit(png.id, { src: png.source_url, x: 50, y: 0, width: 50, height: 50 });
      expect(response.status).toBe(201);
      const pixels = await pixelsOf(response.body);
      expect({ width: pixels.width, height: pixels.height }).toEqual({ width: 200, height: 100 });
      expect(corners(pixels, 3).topRight).toBe('blue');
    });

    it('rotates, then crops the turned image', async () => {
      const response = await edit(png.id, { src: png.source_url, rotation: 90, x: 50, y: 0, width: 50, height: 25 });
      expect(response.status).toBe(201);
      const pixels = await pixelsOf(response.body);
      expect({ width: pixels.width, height: pixels.height }).toEqual({ width: 100, height: 100 });
      expect(corners(pixels, 3)).toEqual({ topLeft: 'white', topRight: 'red', bottomLeft: 'white', bottomRight: 'white' });
    });

    it('lets modifiers take precedence over the deprecated form', async () => {
      const response = await edit(png.id, { src: png.source_url, rotation: 90, modifiers: [flip(true, false)] });
      expect(response.status).toBe(201);
      const pixels = await pixelsOf(response.body);
      expect({ width: pixels.width, height: pixels.height }).toEqual({ width: 400, height: 200 });
      expect(corners(pixels, 3).topRight).toBe('red');
    });
  });

  describe('the new item', () => {
    it('is created with 201 and a Location, keeping the original untouched', async () => {
      const before = await on.site.api(`/cms/v2/media/${png.id}`, { as: 'administrator', query: { context: 'edit' } });
      const response = await edit(png.id, { src: png.source_url, modifiers: [flip(true, false)] });
      expect(response.status).toBe(201);
      const item = response.body;
      expect(item.id).not.toBe(png.id);
      expect(response.headers.get('location')).toBe(`${on.site.apiRoot}cms/v2/media/${item.id}`);
      expect(item.source_url).toMatch(/\/marked-edited(-\d+)?\.png$/);
      expect(item.mime_type).toBe('image/png');
      // Title, caption, description, alt text and parent come from the original.
      expect(item).toMatchObject({
        title: { raw: 'Marked' }, caption: { raw: 'Two marks' }, description: { raw: 'Red and blue' },
        alt_text: 'Red and blue squares', post: parentPost, status: 'inherit', author: on.site.users.administrator.id,
      });
      // Sub-sizes of its own.
      expect(item.media_details.sizes.thumbnail).toMatchObject({ width: 150, height: 150 });
      expect(item.media_details.sizes.medium).toMatchObject({ width: 300, height: 150 });
      for (const name of ['thumbnail', 'medium']) {
        const file = item.media_details.sizes[name].source_url;
        expect(await storedSize(on.site, file)).toBeGreaterThan(0);
        expect(path.posix.basename(file)).toMatch(/^marked-edited(-\d+)?-\d+x\d+\.png$/);
      }
      // The medium size shows the edit (the thumbnail is the white centre of the image).
      expect(corners(await readPixels(await storedBytes(on.site, item.media_details.sizes.medium.source_url)), 2)).toEqual({
        topLeft: 'blue', topRight: 'red', bottomLeft: 'white', bottomRight: 'white',
      });
      expect(corners(await readPixels(await storedBytes(on.site, item.media_details.sizes.thumbnail.source_url)), 2)).toEqual(WHITE_CORNERS);
      // The original: same item, same file, same bytes.
      const after = await on.site.api(`/cms/v2/media/${png.id}`, { as: 'administrator', query: { context: 'edit' } });
      expect(after.body).toEqual(before.body);
      expect((await storedBytes(on.site, png.source_url)).equals(png.bytes)).toBe(true);
      // Both are listed.
      const listed = await on.site.api('/cms/v2/media', { query: { include: [png.id, item.id] } });
      expect(listed.body.map((entry: { id: number }) => entry.id).sort()).toEqual([png.id, item.id].sort());
    });

    it('carries the camera metadata over, upright', async () => {
      const response = await edit(jpeg.id, { src: jpeg.source_url, modifiers: [flip(false, true)] });
      expect(response.status).toBe(201);
      expect(response.body.media_details.image_meta).toMatchObject({ camera: 'Inkwell X100', aperture: '4' });
      expect(response.body.media_details.parent_image).toEqual({ attachment_id: jpeg.id, file: expect.stringMatching(/\/marked-photo\.jpg$/) });
    });

    it('never stacks -edited: editing an edited image numbers the name instead', async () => {
      const first = await edit(png.id, { src: png.source_url, modifiers: [rotate(180)] });
      const again = await edit(first.body.id, { src: first.body.source_url, modifiers: [rotate(180)] });
      expect(again.status).toBe(201);
      expect(path.basename(again.body.source_url)).toMatch(/^marked-edited-\d+\.png$/);
      // Two half turns: back to the original picture.
      expect(corners(await pixelsOf(again.body), 3)).toEqual({ topLeft: 'red', topRight: 'blue', bottomLeft: 'white', bottomRight: 'white' });
    });

    it('accepts any file of the item as src: a size, or the URL with a query string', async () => {
      const item = (await on.site.api(`/cms/v2/media/${png.id}`)).body;
      const bySize = await edit(png.id, { src: item.media_details.sizes.thumbnail.source_url, modifiers: [rotate(90)] });
      expect(bySize.status).toBe(201);
      // The edit is made from the original, whatever size was named.
      expect(bySize.body.media_details).toMatchObject({ width: 200, height: 400 });
      const withQuery = await edit(png.id, { src: `${png.source_url}?v=2`, modifiers: [rotate(90)] });
      expect(withQuery.status).toBe(201);
    });
  });

  describe('refusals', () => {
    it('refuses a src that is not a file of the item, making nothing', async () => {
      const files = (await storedFiles(on.site));
      for (const src of [jpeg.source_url, `${on.site.url}/uploads/2020/01/elsewhere.png`, 'https://example.com/marked.png']) {
        const response = await edit(png.id, { src, modifiers: [rotate(90)] });
        expect(response.status, src).toBe(404);
        expect(response.body.code).toBe('rest_unknown_attachment');
      }
      expect((await storedFiles(on.site))).toEqual(files);
    });

    it('refuses crops out of range with 400', async () => {
      const files = (await storedFiles(on.site));
      const out = [
        crop(60, 0, 50, 50), crop(0, 60, 50, 50), crop(-5, 0, 50, 50), crop(0, 0, 0, 50), crop(0, 0, 50, -1), crop(100, 0, 10, 10), crop(0, 0, 101, 100),
      ];
      for (const modifier of out) {
        const response = await edit(png.id, { src: png.source_url, modifiers: [modifier] });
        expect(response.status, JSON.stringify(modifier)).toBe(400);
        expect(response.body.code).toBe('rest_invalid_param');
      }
      const deprecated = await edit(png.id, { src: png.source_url, x: 60, y: 0, width: 50, height: 50 });
      expect(deprecated.status).toBe(400);
      expect((await storedFiles(on.site))).toEqual(files);
    });

    it('refuses malformed modifiers and edits that change nothing', async () => {
      const bad: unknown[] = [
        [],
        [{ type: 'blur', args: { radius: 2 } }],
        [{ type: 'rotate', args: {} }],
        [{ type: 'flip', args: { flip: { horizontal: true } } }],
        [{ type: 'crop', args: { left: 0, top: 0, width: 50 } }],
        'rotate',
      ];
      for (const modifiers of bad) {
        const response = await edit(png.id, { src: png.source_url, modifiers });
        expect(response.status, JSON.stringify(modifiers)).toBe(400);
      }
      const nothing = await edit(png.id, { src: png.source_url });
      expect(nothing.status).toBe(400);
      expect(nothing.body.code).toBe('rest_image_not_edited');
      const noSrc = await edit(png.id, { modifiers: [rotate(90)] });
      expect(noSrc.status).toBe(400);
      expect(noSrc.body.code).toBe('rest_missing_callback_param');
    });

    it('needs credentials, the upload right and the right to edit the item', async () => {
      const body = { src: png.source_url, modifiers: [rotate(90)] };
      expect((await edit(png.id, body, null)).status).toBe(401);
      expect((await edit(png.id, body, 'contributor')).status).toBe(403);
      expect((await edit(png.id, body, 'subscriber')).status).toBe(403);
      expect((await edit(png.id, body, 'author')).status).toBe(403);
      const own = await uploadRaw(on.site, await solidImage(40, 40, 'png'), 'authors.png', { as: 'author' });
      const mine = await edit(own.body.id, { src: own.body.source_url, modifiers: [rotate(90)] }, 'author');
      expect(mine.status).toBe(201);
      expect(mine.body.author).toBe(on.site.users.author.id);
    });

    it('refuses items that are not images, and unknown items', async () => {
      const text = await uploadRaw(on.site, Buffer.from('plain words\n'), 'words.txt');
      const response = await edit(text.body.id, { src: text.body.source_url, modifiers: [rotate(90)] });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('rest_cannot_edit_file_type');
      const missing = await edit(999999, { src: png.source_url, modifiers: [rotate(90)] });
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('rest_post_invalid_id');
    });
  });
});

function crop(left: number, top: number, width: number, height: number) {
  return { type: 'crop', args: { left, top, width, height } };
}
function rotate(angle: number) {
  return { type: 'rotate', args: { angle } };
}
function flip(horizontal: boolean, vertical: boolean) {
  return { type: 'flip', args: { flip: { horizontal, vertical } } };
}
