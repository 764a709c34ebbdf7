// Files of uploads as a writer names and loses them: UTF-8 names kept in every way a client
// sends them, a damaged image refused with a message that says so, and files an upload left
// behind when the process stopped before answering removed when the site opens again.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, testDatabase, type TestSite } from '../helpers/test-site.ts';
import { expectError } from '../helpers/expect-api.ts';
import { listFiles, multipartBody, solidImage, uploadMultipart } from '../helpers/images.ts';
import { serveSite } from '../../server/http.ts';
import { appPasswordCreateCommand, createUserCommand } from '../../server/auth/account-commands.ts';

const NAMES = ['Café crème', 'Ünïcödé Straße', '日本語の写真', 'Фотография', 'صورة العائلة', 'party 😀 time'];

/**
 * A raw upload whose Content-Disposition is sent in the bytes of `encoding`: UTF-8 (as curl and
 * browsers send it) unless told. fetch sends each character of a header value as one byte;
 * Node's http client does not (with its headers flushed first, it sends them as UTF-8).
 */
function rawUpload(site: TestSite, bytes: Buffer, disposition: string, encoding: BufferEncoding = 'utf8') {
  return site.api('cms/v2/media', {
    method: 'POST', as: 'author', body: bytes,
    headers: { 'content-type': 'image/png', 'content-disposition': Buffer.from(disposition, encoding).toString('latin1') },
  });
}

let site: TestSite;
let png: Buffer;
beforeAll(async () => {
  site = await startTestSite('a');
  png = await solidImage(24, 24, 'png');
});
afterAll(async () => {
  await site.close();
});

describe('UTF-8 file names', () => {
  for (const name of NAMES) {
    it(`keep "${name}" as the title, from a multipart or a raw upload, plain or RFC 5987`, async () => {
      const { body, contentType } = multipartBody({}, [{ fileName: `${name}.png`, contentType: 'image/png', bytes: png }]);
      const answers = [
        await site.api('cms/v2/media', { method: 'POST', as: 'author', body, headers: { 'content-type': contentType } }),
        await rawUpload(site, png, `attachment; filename="${name}.png"`),
        await rawUpload(site, png, `attachment; filename*=UTF-8''${encodeURIComponent(`${name}.png`)}`),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(201);
        expect(answer.body.title.raw).toBe(name);
        expect(answer.body.source_url).toMatch(/\.png$/);
      }
    });
  }

  it('keep a Latin-1 name sent in Latin-1 bytes as it was meant', async () => {
    const answer = await rawUpload(site, png, 'attachment; filename="r\u00e9sum\u00e9.png"', 'latin1');
    expect(answer.status).toBe(201);
    expect(answer.body.title.raw).toBe('résumé');
  });
});

describe('a damaged image', () => {
  const cases: [string, string, () => Promise<Buffer>][] = [
    ['bytes that are no image at all, named .jpg', 'holiday.jpg', async () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251))],
    ['a JPEG cut off inside its header', 'cut.jpg', async () => (await solidImage(64, 64, 'jpeg')).subarray(0, 40)],
    ['a PNG cut off inside its header', 'cut.png', async () => (await solidImage(64, 64, 'png')).subarray(0, 20)],
    ['a WebP cut off inside its header', 'cut.webp', async () => (await solidImage(64, 64, 'webp')).subarray(0, 16)],
  ];
  for (const [what, fileName, make] of cases) {
    it(`is refused, saying it could not be read, for ${what}; nothing is stored`, async () => {
      const before = listFiles(path.join(site.dataDir, 'uploads'));
      const bytes = await make();
      for (const answer of [await rawUpload(site, bytes, `attachment; filename="${fileName}"`), await uploadMultipart(site, bytes, fileName)]) {
        expectError(answer as never, 400, 'rest_upload_sideload_error');
        expect(answer.body.message).toContain('could not be read');
        expect(answer.body.message).not.toContain('not allowed');
      }
      expect(listFiles(path.join(site.dataDir, 'uploads'))).toEqual(before);
    });
  }

  it('still answers a file that is not an image, under its own name, as a type the library does not take', async () => {
    const answer = await rawUpload(site, Buffer.from('MZ\u0090\u0000 not an image'), 'attachment; filename="setup.exe"');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('not allowed to upload this file type');
  });
});

describe('files an upload left behind', () => {
  it('are removed when the site opens again once older than any upload in flight; the library’s files, files put there by hand and another instance’s upload in flight stay', async () => {
    const dataDir = fs.mkdtempSync(path.join(path.dirname(site.dataDir), 'orphans-'));
    const uploads = path.join(dataDir, 'uploads');
    const database = testDatabase();
    let running = await serveSite({ dataDir, database: database.url, deployment: 'a', host: '127.0.0.1', port: 0 });
    const store = running.site.context.store;
    createUserCommand(store, { login: 'writer', role: 'author', password: 'writer-account-password' });
    const authorization = `Basic ${Buffer.from(`writer:${appPasswordCreateCommand(store, { login: 'writer', name: 'tests' }).password}`).toString('base64')}`;
    const upload = async () => {
      const response = await fetch(`${running.url}/cms-json/cms/v2/media`, {
        method: 'POST', headers: { authorization, 'content-type': 'image/png', 'content-disposition': 'attachment; filename="kept.png"' }, body: new Uint8Array(await solidImage(400, 300, 'png')),
      });
      expect(response.status).toBe(201);
      return response.json() as Promise<{ source_url: string; media_details: { file: string } }>;
    };
    const kept = await upload();
    const month = path.posix.dirname(kept.media_details.file);
    const libraryFiles = listFiles(uploads);
    expect(libraryFiles.length).toBeGreaterThan(1); // the original and its sizes
    await running.close();

    // What a process stopped mid-upload leaves: a reserved (empty) name, an original whose row
    // was never written, sizes of it, and an edited copy whose item was never made.
    const left = [`${month}/holiday.jpg`, `${month}/photo.png`, `${month}/photo-150x150.png`, `${month}/kept-edited.png`];
    fs.writeFileSync(path.join(uploads, left[0]), '');
    for (const file of left.slice(1)) fs.writeFileSync(path.join(uploads, file), png);
    // Left there two hours ago: older than any upload in flight.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of left) fs.utimesSync(path.join(uploads, file), twoHoursAgo, twoHoursAgo);
    // An upload another instance on the same folder is making right now: its file has no row yet.
    const inFlight = `${month}/being-uploaded.png`;
    fs.writeFileSync(path.join(uploads, inFlight), png);
    const byHand = ['notes.txt', 'custom/logo.png'];
    for (const file of byHand) {
      fs.mkdirSync(path.dirname(path.join(uploads, file)), { recursive: true });
      fs.writeFileSync(path.join(uploads, file), 'mine');
    }

    running = await serveSite({ dataDir, database: database.url, deployment: 'a', host: '127.0.0.1', port: 0 });
    try {
      expect(listFiles(uploads)).toEqual([...libraryFiles, ...byHand, inFlight].sort());
      expect((await fetch(kept.source_url.replace(/^http:\/\/[^/]+/, running.url))).status).toBe(200);
      // The names are free again for the writer's next upload.
      const again = await fetch(`${running.url}/cms-json/cms/v2/media`, {
        method: 'POST', headers: { authorization, 'content-type': 'image/png', 'content-disposition': 'attachment; filename="photo.png"' }, body: new Uint8Array(png),
      });
      expect(((await again.json()) as { media_details: { file: string } }).media_details.file).toBe(`${month}/photo.png`);
    } finally {
      await running.close();
      database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
