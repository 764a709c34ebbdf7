// Uploading to the media library over HTTP: raw and multipart bodies, sideloads by URL,
// every refusal (nothing kept on disk or in the database), sub-sizes with their pixel
// sizes, big images, EXIF orientation, format conversion and camera metadata.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES, startTestSite, type TestSite } from '../helpers/test-site.ts';
import {
  corners, dimensions, markedImage, multipartBody, readPixels, solidImage, uploadMultipart, uploadRaw,
} from '../helpers/images.ts';
import { storedBytes, storedFiles, storedPath, storedSize } from '../helpers/media-backends.ts';
import { siteOnEachBackend } from '../helpers/site-on-each-backend.ts';

const SUB_SIZES = ['thumbnail', 'medium', 'medium_large', 'large', '1536x1536', '2048x2048'];

async function counts(site: TestSite) {
  const store = site.running.site.context.store;
  return {
    attachments: store.get<{ n: number }>("SELECT COUNT(*) AS n FROM posts WHERE type = 'attachment'")!.n,
    media: store.get<{ n: number }>('SELECT COUNT(*) AS n FROM media')!.n,
    files: await storedFiles(site),
  };
}

/** The path of a file beside the one an uploads URL names (its original, its sizes). */
const besideOf = (site: TestSite, url: string, name: string) => `${path.posix.dirname(storedPath(site, url))}/${name}`;

/** The names of the files in the folder of the one an uploads URL names. */
async function namesBeside(site: TestSite, url: string): Promise<string[]> {
  const dir = `${path.posix.dirname(storedPath(site, url))}/`;
  return (await storedFiles(site)).filter((file) => file.startsWith(dir)).map((file) => file.slice(dir.length));
}

/** A chunked upload (no Content-Length): the limit can only be enforced while the bytes arrive. */
function streamUpload(site: TestSite, totalBytes: number, chunkBytes = 16 * 1024): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL('cms/v2/media', site.apiRoot), {
      method: 'POST',
      headers: {
        authorization: site.authHeader('administrator'),
        'content-type': 'image/jpeg',
        'content-disposition': 'attachment; filename="stream.jpg"',
        'transfer-encoding': 'chunked',
      },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    request.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < totalBytes) {
        const size = Math.min(chunkBytes, totalBytes - sent);
        sent += size;
        if (!request.write(Buffer.alloc(size, 0xab))) {
          request.once('drain', pump);
          return;
        }
      }
      request.end();
    };
    pump();
  });
}

siteOnEachBackend('media upload (%s)', (on) => {
  beforeAll(() => {
    // On PostgreSQL the data directory has no database file: a private file stands in for it beside the uploads.
    if (ON_POSTGRES) fs.writeFileSync(path.join(on.site.dataDir, 'site.db'), 'SQLite format 3\0 (a private file beside the uploads)');
  });

  describe('a raw body with Content-Type and Content-Disposition', () => {
    it('stores the file and answers 201 with the item, its Location and the file served', async () => {
      const bytes = await solidImage(64, 48, 'jpeg');
      const response = await uploadRaw(on.site, bytes, 'Holiday Photo.jpg', { contentType: 'image/jpeg' });
      expect(response.status).toBe(201);
      const item = response.body;
      expect(response.headers.get('location')).toBe(`${on.site.apiRoot}cms/v2/media/${item.id}`);
      expect(response.headers.get('x-wp-upload-attachment-id')).toBe(String(item.id));
      expect(item).toMatchObject({
        type: 'attachment', status: 'inherit', media_type: 'image', mime_type: 'image/jpeg',
        title: { raw: 'Holiday Photo' }, slug: 'holiday-photo', author: on.site.users.administrator.id, post: null,
      });
      expect(item.media_details).toMatchObject({ width: 64, height: 48 });
      expect(item.source_url).toMatch(new RegExp(`^${on.site.url}/uploads/\\d{4}/\\d{2}/holiday-photo\\.jpg$`));
      expect((await storedBytes(on.site, item.source_url)).equals(bytes)).toBe(true);
      const served = await fetch(item.source_url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    });

    it('reads the file name from filename*= too', async () => {
      const response = await on.site.api('/cms/v2/media', {
        method: 'POST', as: 'administrator', body: await solidImage(20, 20, 'png'),
        headers: { 'content-type': 'image/png', 'content-disposition': "attachment; filename*=UTF-8''caf%C3%A9%20menu.png" },
      });
      expect(response.status).toBe(201);
      expect(response.body.title.raw).toBe('café menu');
      expect(response.body.mime_type).toBe('image/png');
    });

    it('keeps non-Latin file names, raw UTF-8 or filename*=, and sanitises them as sanitize_file_name does', async () => {
      /** A header value as its UTF-8 bytes, which is how clients send a raw name (fetch takes header values as Latin-1). */
      const raw = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
      const star = (name: string) => `UTF-8''${encodeURIComponent(name)}`;
      const cases: { disposition: string; title: string; file: string }[] = [];
      for (const [name, title, file] of [
        ['日本語 写真.png', '日本語 写真', '日本語-写真'],
        ['Привет, мир!.png', 'Привет, мир!', 'привет-мир'],
        ['Ελλάδα 🎉.png', 'Ελλάδα 🎉', 'ελλάδα-🎉'],
        ['Crème brûlée (2).png', 'Crème brûlée (2)', 'creme-brulee-2'],
        ['a<b>c?.png', 'a<b>c?', 'abc'],
        ['shell.php.png', 'shell.php', 'shell.php_'],
        ['photo.jpg.png', 'photo.jpg', 'photo.jpg'],
        ['--..dots...and  spaces..png', '--..dots...and  spaces.', 'dots.and-spaces'],
      ]) {
        cases.push({ disposition: `attachment; filename="${raw(name)}"`, title, file });
        cases.push({ disposition: `attachment; filename*=${star(name)}`, title, file });
        cases.push({ disposition: `attachment; filename="fallback.png"; filename*=${star(name).replace("UTF-8''", "utf-8'en'")}`, title, file });
      }
      cases.push({ disposition: "attachment; filename*=ISO-8859-1''caf%E9.png", title: 'café', file: 'cafe' });
      for (const { disposition, title, file } of cases) {
        const response = await on.site.api('/cms/v2/media', {
          method: 'POST', as: 'administrator', body: await solidImage(20, 20, 'png'), headers: { 'content-type': 'image/png', 'content-disposition': disposition },
        });
        expect(response.status, disposition).toBe(201);
        expect(response.body.title.raw, disposition).toBe(title);
        const stored = decodeURIComponent(new URL(response.body.source_url).pathname.split('/').pop()!);
        expect(stored, disposition).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(-\\d+)?\\.png$`));
        expect((await fetch(response.body.source_url)).status, disposition).toBe(200);
      }
    });

    it('keeps a file name with a broken escape as written', async () => {
      const response = await on.site.api('/cms/v2/media', {
        method: 'POST', as: 'administrator', body: await solidImage(20, 20, 'png'),
        headers: { 'content-type': 'image/png', 'content-disposition': "attachment; filename*=UTF-8''broken%E0%A4%A.png" },
      });
      expect(response.status).toBe(201);
      expect(response.body.source_url).toMatch(/\/[a-z0-9-]+\.png$/);
    });

    it('takes other fields from the query string', async () => {
      const response = await uploadRaw(on.site, await solidImage(20, 20, 'jpeg'), 'q.jpg', {
        query: { title: 'From the query', alt_text: 'Alt from query', caption: 'Caption from query' },
      });
      expect(response.status).toBe(201);
      expect(response.body.title.raw).toBe('From the query');
      expect(response.body.alt_text).toBe('Alt from query');
      expect(response.body.caption.raw).toBe('Caption from query');
    });

    it('decides the type from the bytes, not the name or the claimed Content-Type', async () => {
      const bytes = await solidImage(30, 30, 'jpeg');
      const response = await uploadRaw(on.site, bytes, 'evil.php', { contentType: 'image/png' });
      expect(response.status).toBe(201);
      expect(response.body.mime_type).toBe('image/jpeg');
      expect(response.body.source_url).toMatch(/\/evil\.jpg$/);
    });

    it('never overwrites a file: the same name twice gets a new name', async () => {
      const first = await uploadRaw(on.site, await solidImage(20, 20, 'png', { r: 255, g: 0, b: 0 }), 'twice.png');
      const second = await uploadRaw(on.site, await solidImage(20, 20, 'png', { r: 0, g: 0, b: 255 }), 'twice.png');
      expect(first.body.source_url).toMatch(/\/twice\.png$/);
      expect(second.body.source_url).toMatch(/\/twice-2\.png$/);
      expect(corners(await readPixels(await storedBytes(on.site, first.body.source_url))).topLeft).toBe('red');
      expect(corners(await readPixels(await storedBytes(on.site, second.body.source_url))).topLeft).toBe('blue');
    });

    it('keeps files in the month folder whatever path the name carries', async () => {
      const dbHead = () => fs.readFileSync(path.join(on.site.dataDir, 'site.db')).subarray(0, 15).toString('latin1');
      expect(dbHead()).toBe('SQLite format 3');
      for (const name of ['../../site.db.png', '..\\..\\site.png', '/etc/passwd.png', '.htaccess.png']) {
        const response = await uploadRaw(on.site, await solidImage(10, 10, 'png'), name);
        expect(response.status, name).toBe(201);
        expect(storedPath(on.site, response.body.source_url), name).toMatch(/^\d{4}\/\d{2}\/[a-z0-9][a-z0-9._-]*\.png$/);
      }
      expect(dbHead()).toBe('SQLite format 3');
    });

    it('gives each of several simultaneous uploads of one name its own file', async () => {
      const colours = [{ r: 255, g: 0, b: 0 }, { r: 0, g: 255, b: 0 }, { r: 0, g: 0, b: 255 }, { r: 255, g: 255, b: 255 }];
      const images = await Promise.all(colours.map((colour) => solidImage(64, 64, 'png', colour)));
      const responses = await Promise.all(images.map((bytes) => uploadRaw(on.site, bytes, 'same-name.png')));
      const urls = responses.map((response) => response.body.source_url);
      expect(new Set(urls).size).toBe(colours.length);
      for (const [index, response] of responses.entries()) {
        expect(response.status).toBe(201);
        expect((await storedBytes(on.site, response.body.source_url)).equals(images[index])).toBe(true);
      }
    });

    it('stores GIF and AVIF as themselves, with sizes in their format', async () => {
      for (const [format, mime] of [['gif', 'image/gif'], ['avif', 'image/avif']] as const) {
        const response = await uploadRaw(on.site, await solidImage(320, 200, format), `still.${format}`);
        expect(response.status, format).toBe(201);
        expect(response.body.mime_type).toBe(mime);
        // One base name per item, whatever the format: the AVIF does not share the GIF's.
        expect(response.body.source_url).toMatch(format === 'gif' ? /\/still\.gif$/ : /\/still-2\.avif$/);
        const thumbnail = response.body.media_details.sizes.thumbnail;
        expect(thumbnail).toMatchObject({ width: 150, height: 150, mime_type: mime });
        expect(await dimensions(await storedBytes(on.site, thumbnail.source_url))).toEqual({ width: 150, height: 150 });
      }
    });
  });

  describe('a multipart/form-data body', () => {
    it('stores the `file` field and applies the fields beside it', async () => {
      const parent = await on.site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Parent', status: 'publish' } });
      const bytes = await solidImage(80, 60, 'png');
      const response = await uploadMultipart(on.site, bytes, 'diagram.png', {
        title: 'A diagram', alt_text: 'Boxes and arrows', caption: 'The caption', description: 'The description', post: String(parent.body.id),
      }, { contentType: 'image/png' });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        title: { raw: 'A diagram' }, alt_text: 'Boxes and arrows', caption: { raw: 'The caption' }, description: { raw: 'The description' },
        post: parent.body.id, mime_type: 'image/png', media_details: { width: 80, height: 60 },
      });
      expect(response.body.caption.rendered).toContain('The caption');
      expect(response.body.source_url).toMatch(/\/diagram\.png$/);
      expect((await storedBytes(on.site, response.body.source_url)).equals(bytes)).toBe(true);
    });

    it('stores WebP as WebP, with WebP sub-sizes', async () => {
      const response = await uploadMultipart(on.site, await solidImage(400, 300, 'webp'), 'photo.webp');
      expect(response.status).toBe(201);
      expect(response.body.mime_type).toBe('image/webp');
      const { sizes } = response.body.media_details;
      expect(Object.keys(sizes).sort()).toEqual(['full', 'medium', 'thumbnail']);
      for (const name of ['thumbnail', 'medium']) {
        expect(sizes[name].mime_type).toBe('image/webp');
        expect(sizes[name].file).toMatch(/\.webp$/);
        expect((await readPixels(await storedBytes(on.site, sizes[name].source_url))).format).toBe('webp');
      }
    });

    it('refuses a multipart body without a `file` field', async () => {
      const before = (await counts(on.site));
      const { body, contentType } = multipartBody({ title: 'No file' }, []);
      const response = await on.site.api('/cms/v2/media', { method: 'POST', as: 'administrator', body, headers: { 'content-type': contentType } });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('rest_upload_no_data');
      expect((await counts(on.site))).toEqual(before);
    });
  });

  describe('refusals', () => {
    it('answers 401 without credentials and 403 to roles without the upload right, storing nothing', async () => {
      const before = (await counts(on.site));
      const bytes = await solidImage(20, 20, 'jpeg');
      const anonymous = await uploadRaw(on.site, bytes, 'anon.jpg', { as: null });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_cannot_create');
      for (const role of ['contributor', 'subscriber'] as const) {
        const raw = await uploadRaw(on.site, bytes, `${role}.jpg`, { as: role });
        expect(raw.status).toBe(403);
        expect(raw.body.code).toBe('rest_cannot_create');
        const multipart = await uploadMultipart(on.site, bytes, `${role}.jpg`, {}, { as: role });
        expect(multipart.status).toBe(403);
      }
      expect((await counts(on.site))).toEqual(before);
      const author = await uploadRaw(on.site, bytes, 'author.jpg', { as: 'author' });
      expect(author.status).toBe(201);
      expect(author.body.author).toBe(on.site.users.author.id);
    });

    const refused: [string, string, () => Promise<Buffer> | Buffer][] = [
      ['an ELF executable', 'tool', () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)])],
      ['a Windows executable', 'setup.exe', () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), Buffer.alloc(64)])],
      ['a shell script', 'install.sh', () => Buffer.from('#!/bin/sh\nrm -rf /\n')],
      ['a PHP script', 'shell.php', () => Buffer.from('<?php system($_GET["c"]); ?>\n')],
      ['a PHP script named as text', 'notes.txt', () => Buffer.from('<?php echo 1; ?><script>alert(1)</script>\n')],
      ['an SVG image', 'logo.svg', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
      ['an SVG named as an image', 'logo.png', () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>')],
      ['an HTML page', 'page.html', () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
      ['HTML named as text', 'page.txt', () => Buffer.from('<html><body><script>alert(1)</script></body></html>')],
    ];
    for (const [what, fileName, make] of refused) {
      it(`refuses ${what} (${fileName}) with nothing stored on disk or in the database`, async () => {
        const before = (await counts(on.site));
        const bytes = await make();
        const raw = await uploadRaw(on.site, bytes, fileName);
        expect(raw.status).toBe(400);
        expect(raw.body.code).toBe('rest_upload_sideload_error');
        const multipart = await uploadMultipart(on.site, bytes, fileName);
        expect(multipart.status).toBe(400);
        expect((await counts(on.site))).toEqual(before);
      });
    }

    it('accepts plain text as text', async () => {
      const response = await uploadRaw(on.site, Buffer.from('Just some notes.\nSecond line.\n'), 'notes.txt', { contentType: 'text/plain' });
      expect(response.status).toBe(201);
      expect(response.body.mime_type).toBe('text/plain');
      expect(response.body.media_type).toBe('file');
      expect(response.body.source_url).toMatch(/\/notes\.txt$/);
    });

    it('refuses a raw body without Content-Disposition', async () => {
      const before = (await counts(on.site));
      const response = await on.site.api('/cms/v2/media', {
        method: 'POST', as: 'administrator', body: await solidImage(20, 20, 'jpeg'), headers: { 'content-type': 'image/jpeg' },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('rest_upload_no_content_disposition');
      const noName = await on.site.api('/cms/v2/media', {
        method: 'POST', as: 'administrator', body: await solidImage(20, 20, 'jpeg'), headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment' },
      });
      expect(noName.status).toBe(400);
      expect(noName.body.code).toBe('rest_upload_no_content_disposition');
      expect((await counts(on.site))).toEqual(before);
    });

    it('refuses a request with no data', async () => {
      const before = (await counts(on.site));
      const empty = await on.site.api('/cms/v2/media', {
        method: 'POST', as: 'administrator', body: '', headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="empty.jpg"' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.code).toBe('rest_upload_no_data');
      const fieldsOnly = await on.site.api('/cms/v2/media', { method: 'POST', as: 'administrator', body: { title: 'Nothing' } });
      expect(fieldsOnly.status).toBe(400);
      expect(fieldsOnly.body.code).toBe('rest_upload_no_data');
      const emptyFile = await uploadMultipart(on.site, Buffer.alloc(0), 'empty.jpg');
      expect(emptyFile.status).toBe(400);
      expect((await counts(on.site))).toEqual(before);
    });

    it('refuses to attach the upload to a post the user may not edit', async () => {
      const before = (await counts(on.site));
      const others = await on.site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Not yours', status: 'publish' } });
      const response = await uploadMultipart(on.site, await solidImage(20, 20, 'jpeg'), 'attach.jpg', { post: String(others.body.id) }, { as: 'author' });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('rest_cannot_edit');
      expect((await counts(on.site))).toEqual(before);
    });
  });

  describe('sub-sizes', () => {
    it('makes every size that fits, with the listed pixel sizes, files and URLs', async () => {
      const response = await uploadRaw(on.site, await solidImage(1600, 1200, 'jpeg'), 'landscape.jpg');
      expect(response.status).toBe(201);
      const details = response.body.media_details;
      expect(details).toMatchObject({ width: 1600, height: 1200, file: expect.stringMatching(/\/landscape\.jpg$/) });
      expect(details.original_image).toBeUndefined();
      const expected: Record<string, [number, number]> = {
        thumbnail: [150, 150], medium: [300, 225], medium_large: [768, 576], large: [1024, 768], '1536x1536': [1536, 1152], full: [1600, 1200],
      };
      expect(Object.keys(details.sizes).sort()).toEqual(Object.keys(expected).sort());
      for (const [name, [width, height]] of Object.entries(expected)) {
        const size = details.sizes[name];
        expect(size, name).toMatchObject({ width, height, mime_type: 'image/jpeg' });
        if (name !== 'full') expect(size.file).toBe(`landscape-${width}x${height}.jpg`);
        expect(size.source_url).toBe(`${path.posix.dirname(response.body.source_url)}/${size.file}`);
        expect(await dimensions(await storedBytes(on.site, size.source_url)), name).toEqual({ width, height });
        expect(await storedSize(on.site, size.source_url)).toBe(size.filesize);
        const served = await fetch(size.source_url);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/jpeg');
      }
      expect(response.body.missing_image_sizes).toEqual([]);
    });

    it('crops the thumbnail from the centre and fits the others, for portrait images too', async () => {
      // Left and right thirds red, middle white: the centred square crop shows only white.
      const width = 600;
      const height = 900;
      const third = await solidImage(200, 900, 'png', { r: 255, g: 0, b: 0 });
      const striped = await (await import('sharp')).default({ create: { width, height, channels: 3, background: { r: 255, g: 255, b: 255 } } })
        .composite([{ input: third, left: 0, top: 0 }, { input: third, left: 400, top: 0 }]).png().toBuffer();
      const response = await uploadRaw(on.site, striped, 'portrait.png');
      const sizes = response.body.media_details.sizes;
      expect(sizes.thumbnail).toMatchObject({ width: 150, height: 150 });
      expect(sizes.medium).toMatchObject({ width: 200, height: 300 });
      expect(sizes.medium_large).toBeUndefined();
      expect(sizes.large).toBeUndefined();
      const thumbnail = await readPixels(await storedBytes(on.site, sizes.thumbnail.source_url));
      expect(corners(thumbnail)).toEqual({ topLeft: 'red', topRight: 'red', bottomLeft: 'red', bottomRight: 'red' });
      // The crop is 600×600 from the middle: red 0–200 and 400–600, so the thumbnail's centre is white.
      const medium = await readPixels(await storedBytes(on.site, sizes.medium.source_url));
      expect(corners(medium)).toEqual({ topLeft: 'red', topRight: 'red', bottomLeft: 'red', bottomRight: 'red' });
      const centre = medium.data.subarray(((150 * medium.width) + 100) * 4, ((150 * medium.width) + 100) * 4 + 3);
      expect([...centre].every((value) => value > 200)).toBe(true);
    });

    it('never upscales: a small image gets only the sizes smaller than itself', async () => {
      const small = await uploadRaw(on.site, await solidImage(200, 120, 'png'), 'small.png');
      expect(Object.keys(small.body.media_details.sizes).sort()).toEqual(['full', 'thumbnail']);
      expect(small.body.media_details.sizes.thumbnail).toMatchObject({ width: 150, height: 120 });
      const tiny = await uploadRaw(on.site, await solidImage(100, 80, 'png'), 'tiny.png');
      expect(Object.keys(tiny.body.media_details.sizes)).toEqual(['full']);
      expect((await namesBeside(on.site, tiny.body.source_url)).filter((name) => name.startsWith('tiny'))).toEqual(['tiny.png']);
    });

    it('serves a -scaled copy of an image over 2560 pixels and keeps the original', async () => {
      const original = await solidImage(3000, 2000, 'jpeg');
      const response = await uploadRaw(on.site, original, 'panorama.jpg');
      expect(response.status).toBe(201);
      const details = response.body.media_details;
      expect(details).toMatchObject({ width: 2560, height: 1707, original_image: 'panorama.jpg' });
      expect(details.file).toMatch(/\/panorama-scaled\.jpg$/);
      expect(response.body.source_url).toMatch(/\/panorama-scaled\.jpg$/);
      expect(await dimensions(await storedBytes(on.site, response.body.source_url))).toEqual({ width: 2560, height: 1707 });
      const originalFile = besideOf(on.site, response.body.source_url, 'panorama.jpg');
      expect((await storedBytes(on.site, originalFile)).equals(original)).toBe(true);
      // Sizes are made from the original, named after it.
      const expected: Record<string, [number, number]> = {
        thumbnail: [150, 150], medium: [300, 200], medium_large: [768, 512], large: [1024, 683], '1536x1536': [1536, 1024], '2048x2048': [2048, 1365],
      };
      for (const [name, [width, height]] of Object.entries(expected)) {
        expect(details.sizes[name], name).toMatchObject({ width, height, file: `panorama-${width}x${height}.jpg` });
        expect(await dimensions(await storedBytes(on.site, details.sizes[name].source_url)), name).toEqual({ width, height });
      }
      expect(details.sizes.full).toMatchObject({ width: 2560, height: 1707, file: 'panorama-scaled.jpg' });
    });

    it('does not scale big PNG images (as the reference implementation)', async () => {
      const response = await uploadRaw(on.site, await solidImage(2600, 100, 'png'), 'strip.png');
      expect(response.body.media_details).toMatchObject({ width: 2600, height: 100 });
      expect(response.body.media_details.original_image).toBeUndefined();
      expect(response.body.source_url).toMatch(/\/strip\.png$/);
      expect(response.body.media_details.sizes['2048x2048']).toMatchObject({ width: 2048, height: 79 });
    });

    it('makes no sub-sizes with generate_sub_sizes=false, and post-process makes them later', async () => {
      const raw = await uploadRaw(on.site, await solidImage(800, 600, 'jpeg'), 'later.jpg', { query: { generate_sub_sizes: 'false' } });
      expect(raw.status).toBe(201);
      const multipart = await uploadMultipart(on.site, await solidImage(800, 600, 'jpeg'), 'later-too.jpg', { generate_sub_sizes: 'false' });
      expect(multipart.status).toBe(201);
      for (const item of [raw.body, multipart.body]) {
        expect(Object.keys(item.media_details.sizes).filter((name) => SUB_SIZES.includes(name))).toEqual([]);
        const base = path.basename(item.source_url, '.jpg');
        const sizeFile = new RegExp(`^${base}-\\d+x\\d+\\.jpg$`);
        expect((await namesBeside(on.site, item.source_url)).filter((name) => sizeFile.test(name))).toEqual([]);
      }
      const processed = await on.site.api(`/cms/v2/media/${raw.body.id}/post-process`, { method: 'POST', as: 'administrator', body: { action: 'create-image-subsizes' } });
      expect(processed.status).toBe(200);
      expect(processed.body.media_details.sizes.medium).toMatchObject({ width: 300, height: 225 });
      expect(await dimensions(await storedBytes(on.site, processed.body.media_details.sizes.medium_large.source_url))).toEqual({ width: 768, height: 576 });
    });
  });

  describe('EXIF orientation', () => {
    // Where the stored top-left (red) and top-right (blue) marks are seen once the tag is applied.
    const cases: [number, { topLeft: string; topRight: string; bottomLeft: string; bottomRight: string }, boolean][] = [
      [2, { topLeft: 'blue', topRight: 'red', bottomLeft: 'white', bottomRight: 'white' }, false],
      [3, { topLeft: 'white', topRight: 'white', bottomLeft: 'blue', bottomRight: 'red' }, false],
      [4, { topLeft: 'white', topRight: 'white', bottomLeft: 'red', bottomRight: 'blue' }, false],
      [5, { topLeft: 'red', topRight: 'white', bottomLeft: 'blue', bottomRight: 'white' }, true],
      [6, { topLeft: 'white', topRight: 'red', bottomLeft: 'white', bottomRight: 'blue' }, true],
      [7, { topLeft: 'white', topRight: 'blue', bottomLeft: 'white', bottomRight: 'red' }, true],
      [8, { topLeft: 'blue', topRight: 'white', bottomLeft: 'red', bottomRight: 'white' }, true],
    ];
    for (const [orientation, expected, swapped] of cases) {
      it(`applies orientation ${orientation} in a -rotated copy${swapped ? ' with swapped dimensions' : ''}`, async () => {
        const bytes = await markedImage(400, 200, { format: 'jpeg', orientation, mark: 60 });
        const response = await uploadRaw(on.site, bytes, `oriented-${orientation}.jpg`);
        expect(response.status).toBe(201);
        const details = response.body.media_details;
        const [width, height] = swapped ? [200, 400] : [400, 200];
        expect(details).toMatchObject({ width, height, original_image: `oriented-${orientation}.jpg` });
        expect(response.body.source_url).toMatch(new RegExp(`/oriented-${orientation}-rotated\\.jpg$`));
        const served = await readPixels(await storedBytes(on.site, response.body.source_url));
        expect({ width: served.width, height: served.height }).toEqual({ width, height });
        expect(corners(served, 10)).toEqual(expected);
        // The served copy is upright: it carries no orientation to apply again.
        expect(details.image_meta.orientation).toBe('1');
        // The original is kept as uploaded.
        const original = besideOf(on.site, response.body.source_url, `oriented-${orientation}.jpg`);
        expect((await storedBytes(on.site, original)).equals(bytes)).toBe(true);
        // Sub-sizes are upright too.
        const medium = await readPixels(await storedBytes(on.site, details.sizes.medium.source_url));
        expect({ width: medium.width, height: medium.height }).toEqual(swapped ? { width: 150, height: 300 } : { width: 300, height: 150 });
        expect(corners(medium, 5)).toEqual(expected);
      });
    }

    // 1200 × 600: the medium size (300 × 150) is a quarter of it, so a JPEG's small sizes come
    // from a second decode the decoder shrinks, the larger ones from the first: both upright.
    for (const [orientation, expected, swapped] of [[1, { topLeft: 'red', topRight: 'blue', bottomLeft: 'white', bottomRight: 'white' }, false] as const, ...cases]) {
      it(`makes every size upright, at its listed size and file size, from either decode (orientation ${orientation})`, async () => {
        const response = await uploadRaw(on.site, await markedImage(1200, 600, { format: 'jpeg', orientation, mark: 240 }), `sized-${orientation}.jpg`);
        expect(response.status).toBe(201);
        const sizes = Object.entries(response.body.media_details.sizes as Record<string, { source_url: string; width: number; height: number; filesize: number }>);
        // Upright 600 wide, the image is narrower than the medium_large size's 768.
        expect(sizes.map(([name]) => name).sort()).toEqual(swapped ? ['full', 'large', 'medium', 'thumbnail'] : ['full', 'large', 'medium', 'medium_large', 'thumbnail']);
        for (const [name, size] of sizes) {
          const pixels = await readPixels(await storedBytes(on.site, size.source_url));
          expect({ width: pixels.width, height: pixels.height }, name).toEqual({ width: size.width, height: size.height });
          expect(await storedSize(on.site, size.source_url), name).toBe(size.filesize);
          const scaled = name !== 'thumbnail'; // a thumbnail is cut from the centre: no corner marks
          if (scaled) expect({ name, ...corners(pixels, 3) }).toEqual({ name, ...expected });
          if (scaled) expect(pixels.width > pixels.height, name).toBe(!swapped);
        }
      });
    }

    it('serves a -scaled copy, rotated, when a rotated image is also big', async () => {
      const response = await uploadRaw(on.site, await markedImage(3000, 1000, { format: 'jpeg', orientation: 6, mark: 300 }), 'tall.jpg');
      const details = response.body.media_details;
      expect(details).toMatchObject({ width: 853, height: 2560, original_image: 'tall.jpg' });
      expect(response.body.source_url).toMatch(/\/tall-scaled\.jpg$/);
      const served = await readPixels(await storedBytes(on.site, response.body.source_url));
      expect({ width: served.width, height: served.height }).toEqual({ width: 853, height: 2560 });
      expect(corners(served, 20).topRight).toBe('red');
    });
  });

  describe('format conversion', () => {
    it('serves a TIFF as JPEG by default, keeping the TIFF as the original', async () => {
      const tiff = await solidImage(400, 300, 'tiff');
      const response = await uploadRaw(on.site, tiff, 'scan.tif');
      expect(response.status).toBe(201);
      expect(response.body.mime_type).toBe('image/jpeg');
      expect(response.body.source_url).toMatch(/\/scan\.jpg$/);
      expect(response.body.media_details).toMatchObject({ width: 400, height: 300, original_image: 'scan.tif' });
      expect((await readPixels(await storedBytes(on.site, response.body.source_url))).format).toBe('jpeg');
      expect(response.body.media_details.sizes.medium).toMatchObject({ mime_type: 'image/jpeg', file: 'scan-300x225.jpg' });
      const original = besideOf(on.site, response.body.source_url, 'scan.tif');
      expect((await storedBytes(on.site, original)).equals(tiff)).toBe(true);
    });

    it('keeps the TIFF with convert_format=false', async () => {
      const response = await uploadRaw(on.site, await solidImage(400, 300, 'tiff'), 'kept.tif', { query: { convert_format: 'false' } });
      expect(response.status).toBe(201);
      expect(response.body.mime_type).toBe('image/tiff');
      expect(response.body.source_url).toMatch(/\/kept\.tif$/);
      expect(response.body.media_details.original_image).toBeUndefined();
      expect(response.body.media_details.sizes.medium).toMatchObject({ mime_type: 'image/tiff', file: 'kept-300x225.tif' });
      expect((await readPixels(await storedBytes(on.site, response.body.media_details.sizes.medium.source_url))).format).toBe('tiff');
    });

    it('never lets a converted copy take the file of another item', async () => {
      const jpeg = await uploadRaw(on.site, await solidImage(40, 40, 'jpeg', { r: 255, g: 0, b: 0 }), 'clash.jpg');
      const jpegBytes = (await storedBytes(on.site, jpeg.body.source_url));
      const tiff = await uploadRaw(on.site, await solidImage(40, 40, 'tiff', { r: 0, g: 0, b: 255 }), 'clash.tif');
      expect(tiff.status).toBe(201);
      expect(tiff.body.source_url).not.toBe(jpeg.body.source_url);
      expect((await storedBytes(on.site, jpeg.body.source_url)).equals(jpegBytes)).toBe(true);
      expect(corners(await readPixels(await storedBytes(on.site, tiff.body.source_url))).topLeft).toBe('blue');
      // Deleting one removes only its own files.
      await on.site.api(`/cms/v2/media/${tiff.body.id}`, { method: 'DELETE', as: 'administrator', query: { force: true } });
      expect(((await storedSize(on.site, jpeg.body.source_url)) !== null)).toBe(true);
    });

    it('never lets sub-sizes overwrite an earlier upload named like a size', async () => {
      const lookalike = await uploadRaw(on.site, await solidImage(100, 100, 'jpeg', { r: 0, g: 255, b: 0 }), 'sunrise-150x150.jpg');
      const lookalikeBytes = (await storedBytes(on.site, lookalike.body.source_url));
      const photo = await uploadRaw(on.site, await solidImage(600, 400, 'jpeg', { r: 255, g: 0, b: 0 }), 'sunrise.jpg');
      expect(photo.status).toBe(201);
      expect((await storedBytes(on.site, lookalike.body.source_url)).equals(lookalikeBytes)).toBe(true);
      expect(photo.body.media_details.sizes.thumbnail.source_url).not.toBe(lookalike.body.source_url);
    });
  });

  describe('camera metadata', () => {
    it('reads EXIF into image_meta', async () => {
      const bytes = await markedImage(300, 200, {
        format: 'jpeg',
        exif: {
          IFD0: { Make: 'Inkwell', Model: 'Inkwell X100', Artist: 'Ada Lovelace', Copyright: 'Copyright Ada', ImageDescription: 'Harbour at dawn' },
          IFD2: { FNumber: '28/10', ISOSpeedRatings: '400', ExposureTime: '1/250', FocalLength: '50/1', DateTimeOriginal: '2021:05:06 07:08:09' },
        },
      });
      const response = await uploadRaw(on.site, bytes, 'camera.jpg');
      expect(response.status).toBe(201);
      expect(response.body.media_details.image_meta).toMatchObject({
        camera: 'Inkwell X100',
        aperture: '2.8',
        iso: '400',
        shutter_speed: '0.004',
        focal_length: '50',
        credit: 'Ada Lovelace',
        copyright: 'Copyright Ada',
        created_timestamp: String(Date.UTC(2021, 4, 6, 7, 8, 9) / 1000),
        orientation: '1',
        keywords: [],
        // A short description is the title; a long one would be the caption.
        title: 'Harbour at dawn',
        caption: '',
      });
    });

    it('takes a long EXIF description as the caption', async () => {
      const long = 'A long description of the harbour at dawn, with boats, gulls and the lighthouse far away.';
      const bytes = await markedImage(60, 40, { format: 'jpeg', exif: { IFD0: { ImageDescription: long } } });
      const response = await uploadRaw(on.site, bytes, 'described.jpg');
      expect(response.body.media_details.image_meta).toMatchObject({ title: '', caption: long });
    });

    it('gives empty image_meta values for an image without EXIF', async () => {
      const response = await uploadRaw(on.site, await solidImage(50, 50, 'png'), 'plain.png');
      expect(response.body.media_details.image_meta).toEqual({
        aperture: '0', credit: '', camera: '', caption: '', created_timestamp: '0', copyright: '',
        focal_length: '0', iso: '0', shutter_speed: '0', title: '', orientation: '0', keywords: [],
      });
    });
  });
});

describe('media upload size limit', () => {
  const LIMIT = 64 * 1024;
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite('a', { maxUploadBytes: LIMIT });
  });
  afterAll(async () => {
    await site.close();
  });

  it('accepts an upload under the limit', async () => {
    const response = await uploadRaw(site, await solidImage(50, 50, 'jpeg'), 'fits.jpg');
    expect(response.status).toBe(201);
  });

  it('answers 413 to a declared length over the limit, storing nothing', async () => {
    const before = (await counts(site));
    const response = await uploadRaw(site, Buffer.alloc(LIMIT + 1, 1), 'big.jpg');
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('rest_request_too_large');
    const multipart = await uploadMultipart(site, Buffer.alloc(LIMIT + 1, 1), 'big.jpg');
    expect(multipart.status).toBe(413);
    expect((await counts(site))).toEqual(before);
  });

  it('answers 413 while streaming a body with no declared length, storing nothing', async () => {
    const before = (await counts(site));
    const response = await streamUpload(site, LIMIT * 4);
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('rest_request_too_large');
    expect((await counts(site))).toEqual(before);
    // The site still answers afterwards.
    expect((await uploadRaw(site, await solidImage(20, 20, 'jpeg'), 'after.jpg')).status).toBe(201);
  });

  it('reads a streamed body under the limit whole', async () => {
    const streamedSmall = await streamUpload(site, 1024);
    expect(streamedSmall.status).toBe(400);
    expect(streamedSmall.body.code).toBe('rest_upload_sideload_error');
  });
});

describe('media sideload by URL', () => {
  let remote: http.Server;
  let remoteUrl: string;
  let png: Buffer;

  beforeAll(async () => {
    png = await markedImage(320, 240, { format: 'png', mark: 40 });
    remote = http.createServer((req, res) => {
      if (req.url === '/pics/sunset.png' || req.url === '/pics/sunrise.png' || req.url?.startsWith('/odd/')) {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
        res.end(png);
      } else if (req.url === '/moved') {
        // A picture of its own: the file is named from where the redirect leads, whichever test ran first.
        res.writeHead(302, { location: '/pics/sunrise.png' });
        res.end();
      } else if (req.url === '/page.html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><html><body><script>alert(1)</script></body></html>');
      } else if (req.url === '/disguised.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end('<html><body>not an image</body></html>');
      } else {
        res.writeHead(404);
        res.end('missing');
      }
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => remote.close(() => resolve()));
  });

  siteOnEachBackend('with private network access allowed (%s)', (on) => {
    it('fetches the image into the library with its sizes', async () => {
      const response = await on.site.api('/cms/v2/media', { method: 'POST', as: 'administrator', body: { url: `${remoteUrl}/pics/sunset.png`, alt_text: 'Sunset' } });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ title: { raw: 'sunset' }, alt_text: 'Sunset', mime_type: 'image/png', media_details: { width: 320, height: 240 } });
      expect(response.body.source_url).toMatch(/\/sunset\.png$/);
      expect((await storedBytes(on.site, response.body.source_url)).equals(png)).toBe(true);
      expect(response.body.media_details.sizes.thumbnail).toMatchObject({ width: 150, height: 150 });
      expect(await dimensions(await storedBytes(on.site, response.body.media_details.sizes.medium.source_url))).toEqual({ width: 300, height: 225 });
    });

    it('follows a redirect', async () => {
      const response = await on.site.api('/cms/v2/media', { method: 'POST', as: 'administrator', body: { url: `${remoteUrl}/moved` } });
      expect(response.status).toBe(201);
      expect(response.body.source_url).toMatch(/\/sunrise\.png$/);
    });

    it('names the file from the URL path, whatever its escapes', async () => {
      const cases: [string, RegExp][] = [
        ['/odd/caf%C3%A9%20terrace.png?size=large#top', /\/cafe-terrace\.png$/],
        ['/odd/broken%E0%A4%A.png', /\/[a-z0-9-]+\.png$/],
        ['/odd/', /\/[a-z0-9-]+\.png$/],
        ['/odd/no-extension', /\/no-extension\.png$/],
      ];
      for (const [route, name] of cases) {
        const response = await on.site.api('/cms/v2/media', { method: 'POST', as: 'administrator', body: { url: `${remoteUrl}${route}` } });
        expect(response.status, route).toBe(201);
        expect(response.body.source_url, route).toMatch(name);
      }
    });

    it('refuses HTML and non-images, storing nothing', async () => {
      const before = (await counts(on.site));
      for (const route of ['/page.html', '/disguised.png']) {
        const response = await on.site.api('/cms/v2/media', { method: 'POST', as: 'administrator', body: { url: `${remoteUrl}${route}` } });
        expect(response.status, route).toBe(400);
        expect(response.body.code).toBe('rest_upload_sideload_error');
      }
      expect((await counts(on.site))).toEqual(before);
    });

    it('reports a remote error status', async () => {
      const before = (await counts(on.site));
      const response = await on.site.api('/cms/v2/media', { method: 'POST', as: 'administrator', body: { url: `${remoteUrl}/nothing-here.png` } });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.body.code).toBe('rest_upload_sideload_error');
      expect((await counts(on.site))).toEqual(before);
    });

    it('still needs the upload right', async () => {
      const response = await on.site.api('/cms/v2/media', { method: 'POST', as: 'contributor', body: { url: `${remoteUrl}/pics/sunset.png` } });
      expect(response.status).toBe(403);
    });
  }, { allowPrivateNetwork: true });

  describe('by default', () => {
    let site: TestSite;
    beforeAll(async () => {
      site = await startTestSite('a');
    });
    afterAll(async () => {
      await site.close();
    });

    it('refuses to fetch from loopback and private addresses, storing nothing', async () => {
      const before = (await counts(site));
      for (const url of [`${remoteUrl}/pics/sunset.png`, `http://localhost:${new URL(remoteUrl).port}/pics/sunset.png`, 'http://10.0.0.1/x.png', 'http://[::1]/x.png']) {
        const response = await site.api('/cms/v2/media', { method: 'POST', as: 'administrator', body: { url } });
        expect(response.status, url).toBe(400);
        expect(response.body.code).toBe('rest_upload_sideload_error');
        expect(response.body.data.reason).toBe('blocked');
      }
      expect((await counts(site))).toEqual(before);
    });

    it('refuses URLs that are not http(s)', async () => {
      const response = await site.api('/cms/v2/media', { method: 'POST', as: 'administrator', body: { url: 'file:///etc/passwd' } });
      expect(response.status).toBe(400);
    });
  });
});
