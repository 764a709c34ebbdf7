// What sharp reads an uploaded image from, once its header is within the pixel limit.
// libvips here reads most web formats itself; for BMP and for HEIC photos in HEVC (which
// it has no codec for) the pixels are decoded in JavaScript first, on a worker thread,
// and handed over raw.
import type { Metadata, SharpOptions } from 'sharp';
import { sharp } from './sharp-on-demand.ts';
import { checkPixels, HEADER_ONLY, readDimensions, SHARP_LIMITS } from './image-limits.ts';
import { decodeInWorker, type JsFormat, type RgbaImage } from './js-decoders.ts';

export interface ImageSource {
  input: Buffer;
  options: SharpOptions;
  /** What its header says (size, orientation, camera metadata), read once. */
  metadata: Pick<Metadata, 'width' | 'height' | 'orientation' | 'exif'>;
}

/** Pixels decoded in JavaScript: their size is all there is to say (they are upright, without camera metadata). */
function raw(image: RgbaImage): ImageSource {
  const { width, height } = image;
  return { input: image.data, options: { raw: { width, height, channels: 4 } }, metadata: { width, height } };
}

/** The header is checked before the decoder runs: nothing in JavaScript guards its size. */
async function decodedInJs(format: JsFormat, bytes: Buffer): Promise<ImageSource> {
  checkPixels(await readDimensions(bytes), false);
  return raw(await decodeInWorker(format, bytes));
}

async function sharpReadsHeif(bytes: Buffer): Promise<boolean> {
  try {
    const metadata = await sharp(bytes, HEADER_ONLY).metadata();
    return metadata.compression !== 'hevc';
  } catch {
    return false;
  }
}

/** Throws `rest_image_too_large` for an image over the pixel limit, before anything decodes. */
export async function imageSource(bytes: Buffer, mime: string): Promise<ImageSource> {
  if (mime === 'image/bmp') return decodedInJs('bmp', bytes);
  if ((mime === 'image/heic' || mime === 'image/heif') && !(await sharpReadsHeif(bytes))) return decodedInJs('heic', bytes);
  const metadata = await sharp(bytes, HEADER_ONLY).metadata();
  checkPixels(metadata.width && metadata.height ? { width: metadata.width, height: metadata.height } : null, false);
  return { input: bytes, options: { failOn: 'error', ...SHARP_LIMITS }, metadata };
}
