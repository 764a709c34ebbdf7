// Test images made with sharp, and reading their pixels back: a white canvas with coloured
// corner marks shows where a flip, rotation or crop put each corner.
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { ApiOptions, TestRole, TestSite } from './test-site.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'tiff' | 'gif' | 'avif';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const RED: Rgb = { r: 255, g: 0, b: 0 };
export const BLUE: Rgb = { r: 0, g: 0, b: 255 };
export const GREEN: Rgb = { r: 0, g: 255, b: 0 };
export const WHITE: Rgb = { r: 255, g: 255, b: 255 };

function encodeAs(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg': return pipeline.jpeg({ quality: 95 });
    case 'png': return pipeline.png();
    case 'webp': return pipeline.webp({ quality: 95 });
    case 'tiff': return pipeline.tiff();
    case 'gif': return pipeline.gif();
    case 'avif': return pipeline.avif({ quality: 80, effort: 0 });
  }
}

/**
 * The images already made in this worker (its files share it: vitest.config.ts), by what they
 * were made from. The same arguments make the same bytes, and many tests (each backend's,
 * each project's) ask for the same ones: sharp's encoding of a large one costs a test
 * ~30–100 ms of CPU. Each caller gets its own copy, so it may change its bytes.
 */
const made = new Map<string, Promise<Buffer>>();

function madeOnce(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let image = made.get(key);
  if (image === undefined) made.set(key, (image = make()));
  return image.then((bytes) => Buffer.from(bytes));
}

/** A single-colour image. */
export function solidImage(width: number, height: number, format: ImageFormat = 'jpeg', color: Rgb = { r: 200, g: 120, b: 40 }): Promise<Buffer> {
  return madeOnce(JSON.stringify(['solid', width, height, format, color]), () => encodeAs(sharp({ create: { width, height, channels: 3, background: color } }), format).toBuffer());
}

export interface MarkedOptions {
  format?: ImageFormat;
  /** Size of the square marks, in pixels; default a quarter of the smaller side. */
  mark?: number;
  /** Written into the file's EXIF (IFD0: Model, Artist…; IFD2: FNumber, ISOSpeedRatings…). */
  exif?: { IFD0?: Record<string, string>; IFD2?: Record<string, string> };
  /** EXIF orientation tag (1–8) written into the file. */
  orientation?: number;
}

/**
 * A white image with a red mark in the top-left corner and a blue mark in the top-right
 * corner (as stored, before any EXIF orientation is applied).
 */
export function markedImage(width: number, height: number, options: MarkedOptions = {}): Promise<Buffer> {
  return madeOnce(JSON.stringify(['marked', width, height, options]), () => makeMarkedImage(width, height, options));
}

async function makeMarkedImage(width: number, height: number, options: MarkedOptions): Promise<Buffer> {
  const mark = options.mark ?? Math.max(1, Math.floor(Math.min(width, height) / 4));
  const square = (color: Rgb) => sharp({ create: { width: mark, height: mark, channels: 3, background: color } }).png().toBuffer();
  let pipeline = sharp({ create: { width, height, channels: 3, background: WHITE } }).composite([
    { input: await square(RED), left: 0, top: 0 },
    { input: await square(BLUE), left: width - mark, top: 0 },
  ]);
  // Composite must run before metadata is written: flatten it into a fresh pipeline.
  pipeline = sharp(await pipeline.png().toBuffer());
  if (options.orientation) pipeline = pipeline.withMetadata({ orientation: options.orientation });
  if (options.exif) pipeline = pipeline.withExifMerge(options.exif);
  return encodeAs(pipeline, options.format ?? 'png').toBuffer();
}

export interface Pixels {
  width: number;
  height: number;
  channels: number;
  data: Buffer;
  format: string;
}

/** Decoded pixels as stored (no EXIF orientation applied), always with an alpha channel. */
export async function readPixels(input: Buffer | string): Promise<Pixels> {
  const format = (await sharp(input).metadata()).format ?? '';
  const { data, info } = await sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data, format };
}

export function pixelAt(pixels: Pixels, x: number, y: number): { r: number; g: number; b: number; a: number } {
  const offset = (y * pixels.width + x) * pixels.channels;
  const [r, g, b, a] = pixels.data.subarray(offset, offset + 4);
  return { r, g, b, a };
}

/** A rough colour name, tolerant of JPEG noise: red, blue, green, white, black, transparent or other. */
export function colorName(pixel: { r: number; g: number; b: number; a: number }): string {
  if (pixel.a < 40) return 'transparent';
  const { r, g, b } = pixel;
  const near = (value: number, target: number) => Math.abs(value - target) < 60;
  if (near(r, 255) && near(g, 0) && near(b, 0)) return 'red';
  if (near(r, 0) && near(g, 0) && near(b, 255)) return 'blue';
  if (near(r, 0) && near(g, 255) && near(b, 0)) return 'green';
  if (near(r, 255) && near(g, 255) && near(b, 255)) return 'white';
  if (near(r, 0) && near(g, 0) && near(b, 0)) return 'black';
  return 'other';
}

/** Colour names of the four corners, sampled a few pixels in from each edge. */
export function corners(pixels: Pixels, inset = 2): { topLeft: string; topRight: string; bottomLeft: string; bottomRight: string } {
  const right = pixels.width - 1 - inset;
  const bottom = pixels.height - 1 - inset;
  return {
    topLeft: colorName(pixelAt(pixels, inset, inset)),
    topRight: colorName(pixelAt(pixels, right, inset)),
    bottomLeft: colorName(pixelAt(pixels, inset, bottom)),
    bottomRight: colorName(pixelAt(pixels, right, bottom)),
  };
}

/** Width and height of an image file or buffer, as stored. */
export async function dimensions(input: Buffer | string): Promise<{ width: number; height: number }> {
  const metadata = await sharp(input).metadata();
  return { width: metadata.width, height: metadata.height };
}

export interface MultipartFile {
  name?: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body with text fields and files, built by hand. */
export function multipartBody(fields: Record<string, string>, files: MultipartFile[]): { body: Buffer; contentType: string } {
  const boundary = `----inkwell-test-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every file under a folder, as paths relative to it (sorted); empty when it does not exist. */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Uploads bytes as a raw body with Content-Type and Content-Disposition. */
export function uploadRaw(site: TestSite, bytes: Buffer, fileName: string, options: { as?: TestRole | null; contentType?: string; query?: ApiOptions['query'] } = {}) {
  return site.api('/cms/v2/media', {
    method: 'POST',
    as: options.as === undefined ? 'administrator' : options.as,
    body: bytes,
    query: options.query,
    headers: { 'content-type': options.contentType ?? 'application/octet-stream', 'content-disposition': `attachment; filename="${fileName}"` },
  });
}

/** Uploads a file as multipart/form-data (field `file`) with other fields beside it. */
export function uploadMultipart(site: TestSite, bytes: Buffer, fileName: string, fields: Record<string, string> = {}, options: { as?: TestRole | null; contentType?: string } = {}) {
  const { body, contentType } = multipartBody(fields, [{ fileName, contentType: options.contentType ?? 'application/octet-stream', bytes }]);
  return site.api('/cms/v2/media', {
    method: 'POST', as: options.as === undefined ? 'administrator' : options.as, body, headers: { 'content-type': contentType },
  });
}

/** The path on disk of a file served at `source_url`. */
export function fileOfUrl(site: TestSite, sourceUrl: string): string {
  const prefix = `${site.url}/uploads/`;
  if (!sourceUrl.startsWith(prefix)) throw new Error(`Not an uploads URL: ${sourceUrl}`);
  return path.join(site.dataDir, 'uploads', ...sourceUrl.slice(prefix.length).split('/').map(decodeURIComponent));
}
