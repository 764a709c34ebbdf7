// What sharp reads an uploaded image from, once its header is within the pixel limit.
// libvips here reads most web formats itself; for BMP and for HEIC photos in HEVC (which
// it has no codec for) the pixels are decoded in JavaScript first (bmp-js, heic-decode)
// and handed over raw.
import fs from 'node:fs';
import sharp, { type SharpOptions } from 'sharp';
import bmp from 'bmp-js';
import { checkPixels, HEADER_ONLY, headerDimensions, SHARP_LIMITS } from './image-limits.ts';

export interface ImageSource {
  input: string | Buffer;
  options: SharpOptions;
}

function rgba(width: number, height: number, data: Buffer): ImageSource {
  return { input: data, options: { raw: { width, height, channels: 4 } } };
}

/** bmp-js gives pixels as ABGR; sharp wants RGBA. */
function decodeBmp(bytes: Buffer): ImageSource {
  checkPixels(headerDimensions(bytes), false);
  const image = bmp.decode(bytes);
  const pixels = Buffer.alloc(image.width * image.height * 4);
  for (let offset = 0; offset < pixels.length; offset += 4) {
    pixels[offset] = image.data[offset + 3];
    pixels[offset + 1] = image.data[offset + 2];
    pixels[offset + 2] = image.data[offset + 1];
    pixels[offset + 3] = 255;
  }
  return rgba(image.width, image.height, pixels);
}

async function sharpReadsHeif(file: string): Promise<boolean> {
  try {
    const metadata = await sharp(file, HEADER_ONLY).metadata();
    return metadata.compression !== 'hevc';
  } catch {
    return false;
  }
}

/** Throws `rest_image_too_large` for an image over the pixel limit, before anything decodes. */
export async function imageSource(file: string, mime: string): Promise<ImageSource> {
  if (mime === 'image/bmp') return decodeBmp(await fs.promises.readFile(file));
  if ((mime === 'image/heic' || mime === 'image/heif') && !(await sharpReadsHeif(file))) {
    // Loaded on first use: the decoder (a WebAssembly HEVC codec) costs ~20 MB of memory.
    const { default: decodeHeic } = await import('heic-decode');
    const bytes = await fs.promises.readFile(file);
    checkPixels(headerDimensions(bytes), false);
    const image = await decodeHeic({ buffer: bytes });
    return rgba(image.width, image.height, Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength));
  }
  const { width, height } = await sharp(file, HEADER_ONLY).metadata();
  checkPixels(width && height ? { width, height } : null, false);
  return { input: file, options: { failOn: 'error', ...SHARP_LIMITS } };
}
