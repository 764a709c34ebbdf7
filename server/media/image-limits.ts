// Bounds on image work, so that a decompression bomb (a small file of huge dimensions)
// cannot take the site's memory: decoded pixels are checked from the header before
// anything decodes, and a small queue, fair between accounts, lets only a few images be
// decoded at once.
import { imageSize } from 'image-size';
import { sharp } from './sharp-on-demand.ts';
import { RestError } from '../rest/errors.ts';
import { FairQueue, type Account } from './fair-queue.ts';

/**
 * 50 megapixels: a 48 MP camera's photo fits, one decoded copy stays under 200 MB. sharp's
 * own default (268 MP) let a 248 KB PNG of 16000 × 16000 take 800 MB.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Images decoded at once (each may hold a few hundred MB); the rest wait their turn, and
 * one account's jobs never hold both workers: another account's upload waits for none of them.
 */
export const imageQueue = new FairQueue(2);

/** Runs `job` in the image queue, on `account`'s share of it. */
export function imageWork<T>(account: Account, job: () => Promise<T>): Promise<T> {
  return imageQueue.run(account, job);
}

export interface Dimensions {
  width: number;
  height: number;
}

function imageTooLarge({ width, height }: Dimensions, upload: boolean): RestError {
  const message = `The image is ${width} × ${height} pixels, more than the ${MAX_IMAGE_PIXELS / 1_000_000} megapixels this site can work with. Scale it down and try again.`;
  return upload
    ? new RestError('rest_upload_image_too_large', message, 413, { width, height, max_pixels: MAX_IMAGE_PIXELS })
    : new RestError('rest_image_too_large', message, 400, { width, height, max_pixels: MAX_IMAGE_PIXELS });
}

export function imageUnreadable(fileName: string): RestError {
  return new RestError('rest_upload_sideload_error', `The file ${fileName} could not be read as an image: it is damaged, incomplete, or not an image.`, 400);
}

/** Throws when `dimensions` are over the limit; unknown ones (null) are left to sharp's own check. */
export function checkPixels(dimensions: Dimensions | null, upload: boolean): void {
  if (dimensions && dimensions.width * dimensions.height > MAX_IMAGE_PIXELS) throw imageTooLarge(dimensions, upload);
}

/** The dimensions in an image's header, read without decoding it; null when there is no header to read. */
function headerDimensions(bytes: Uint8Array): Dimensions | null {
  // image-size reads through a DataView that runs to the end of the ArrayBuffer: given a view
  // into a larger one (a small Buffer from Node's pool), a cut-off header would read past the file.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  try {
    const { width, height } = imageSize(own);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/** sharp's own check, from the header, where libvips decodes: the same limit, a second guard. */
export const SHARP_LIMITS = { limitInputPixels: MAX_IMAGE_PIXELS } as const;

/** For reading a header's dimensions: sharp would otherwise refuse, without saying them, what is over its limit. */
export const HEADER_ONLY = { limitInputPixels: false } as const;

/** The dimensions libvips reads from the header, for the few headers image-size does not know. */
async function sharpDimensions(bytes: Uint8Array): Promise<Dimensions | null> {
  try {
    const { width, height } = await sharp(bytes, HEADER_ONLY).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** The dimensions in an image's header, from image-size or else from libvips; null when neither can read one. */
export async function readDimensions(bytes: Uint8Array): Promise<Dimensions | null> {
  return headerDimensions(bytes) ?? (await sharpDimensions(bytes));
}

/** Refuses, before decoding, an uploaded image that is over the limit or has no readable header. */
export async function checkUploadedImage(bytes: Uint8Array, fileName: string): Promise<Dimensions> {
  const dimensions = await readDimensions(bytes);
  if (!dimensions) throw imageUnreadable(fileName);
  checkPixels(dimensions, true);
  return dimensions;
}
