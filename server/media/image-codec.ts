// Decoding an image to pixels and encoding pixels to a stored file, in the formats the site
// writes, with the reference implementation's encoder settings.
import path from 'node:path';
import type { Sharp } from 'sharp';
import { sharp } from './sharp-on-demand.ts';
import type { ImageSource } from './image-source.ts';
import type { MediaStorage } from './storage.ts';

export interface SizeInfo {
  file: string;
  width: number;
  height: number;
  mime_type: string;
  filesize: number;
}

export interface DecodedImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** Encodes in `mime`; formats libvips cannot write fall back to JPEG. */
export function encode(pipeline: Sharp, mime: string): { pipeline: Sharp; mime: string } {
  switch (mime) {
    case 'image/png': return { pipeline: pipeline.png(), mime };
    case 'image/webp': return { pipeline: pipeline.webp({ quality: 82 }), mime };
    case 'image/gif': return { pipeline: pipeline.gif(), mime };
    case 'image/avif': return { pipeline: pipeline.avif({ quality: 60, effort: 2 }), mime };
    case 'image/tiff': return { pipeline: pipeline.tiff(), mime };
    default: return { pipeline: pipeline.jpeg({ quality: 82 }), mime: 'image/jpeg' };
  }
}

export async function toDecoded(pipeline: Sharp): Promise<DecodedImage> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** The whole image, upright (EXIF orientation applied). */
export function decode(source: ImageSource): Promise<DecodedImage> {
  return toDecoded(sharp(source.input, source.options).autoOrient());
}

export function fromDecoded(image: DecodedImage): Sharp {
  return sharp(image.data, { raw: image.info });
}

/**
 * Encodes and stores one file, at `relative` once that is known; returns what its size entry
 * says (the encoder tells its size: nothing is read back).
 */
export async function writeOutput(storage: MediaStorage, relative: string | Promise<string>, pipeline: Sharp, mime: string): Promise<SizeInfo> {
  const encoded = encode(pipeline, mime);
  // Both settle before either's failure is told: no encode outlives its request's image work.
  const [made, named] = await Promise.allSettled([encoded.pipeline.toBuffer({ resolveWithObject: true }), relative]);
  if (made.status === 'rejected') throw made.reason;
  if (named.status === 'rejected') throw named.reason;
  const { data, info } = made.value;
  const target = named.value;
  await storage.write(target, data);
  return { file: path.posix.basename(target), width: info.width, height: info.height, mime_type: encoded.mime, filesize: data.length };
}
