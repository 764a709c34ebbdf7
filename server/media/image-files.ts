// Makes an uploaded or edited image's files: the served copy (EXIF orientation applied,
// scaled down past the big-image threshold, converted when browsers cannot show the
// format) and its sub-sizes. The image is decoded once; every output is resized from it.
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { BIG_IMAGE_THRESHOLD, IMAGE_SIZES, fitWithin, sizeDimensions } from './sizes.ts';
import { CONVERTED_FORMATS } from './media-types.ts';
import { imageSource, type ImageSource } from './image-source.ts';
import { siblingPath } from './upload-dir.ts';
import type { MediaStorage } from './storage.ts';
import { readImageMeta, type ImageMeta } from './image-meta.ts';

// Each image is processed once; libvips' operation cache would only hold memory.
sharp.cache(false);

export interface SizeInfo {
  file: string;
  width: number;
  height: number;
  mime_type: string;
  filesize: number;
}

export interface ImageDetails {
  width: number;
  height: number;
  /** Relative path of the served file under uploads. */
  file: string;
  filesize: number;
  sizes: Record<string, SizeInfo>;
  image_meta: ImageMeta;
  /** Basename of the untouched original when a different file is served. */
  original_image?: string;
  /** For an edited image: the item it was made from and that item's original file. */
  parent_image?: { attachment_id: number; file: string };
}

export interface ProcessedImage {
  details: ImageDetails;
  mime: string;
  /** Sizes that should exist but could not be made; post-process finishes them. */
  missing: string[];
}

export interface DecodedImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

export const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'image/avif': 'avif', 'image/heic': 'heic', 'image/heif': 'heif', 'image/tiff': 'tif' };

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

export async function decode(source: ImageSource): Promise<DecodedImage> {
  const { data, info } = await sharp(source.input, source.options).autoOrient().raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

export function fromDecoded(image: DecodedImage): Sharp {
  return sharp(image.data, { raw: image.info });
}

/** Encodes and stores one file; returns what its size entry says, and its bytes. */
export async function writeOutput(storage: MediaStorage, relative: string, pipeline: Sharp, mime: string): Promise<{ size: SizeInfo; bytes: Buffer }> {
  const encoded = encode(pipeline, mime);
  const { data, info } = await encoded.pipeline.toBuffer({ resolveWithObject: true });
  await storage.write(relative, data);
  return { size: { file: path.posix.basename(relative), width: info.width, height: info.height, mime_type: encoded.mime, filesize: data.length }, bytes: data };
}

export interface ImageFileOptions {
  generateSubSizes: boolean;
  convertFormat: boolean;
  /** Already decoded pixels of the original (the edit route has them). */
  decoded?: DecodedImage;
  /** Existing details: only what is missing is made (post-process). */
  existing?: ImageDetails;
}

/** The served file's type: browsers cannot show HEIC or TIFF, so they become JPEG unless told not to. */
export function servedMime(originalMime: string, convertFormat: boolean): string {
  return convertFormat && CONVERTED_FORMATS.has(originalMime) ? 'image/jpeg' : originalMime;
}

/** `originalBytes`: the bytes of the file at `originalRel`, which the caller has at hand. */
export async function makeImageFiles(storage: MediaStorage, originalRel: string, originalBytes: Buffer, originalMime: string, options: ImageFileOptions): Promise<ProcessedImage> {
  const source = await imageSource(originalBytes, originalMime);
  const metadata = await sharp(source.input, source.options).metadata();
  const imageMeta = readImageMeta(metadata.exif, metadata.orientation);
  const mime = servedMime(originalMime, options.convertFormat);
  const ext = EXTENSIONS[mime] ?? 'jpg';
  const rotated = (metadata.orientation ?? 1) > 1;
  const swap = (metadata.orientation ?? 1) >= 5;
  const width = swap ? metadata.height : metadata.width;
  const height = swap ? metadata.width : metadata.height;
  // As the reference implementation, PNG images are never scaled down (a scaled PNG is rarely smaller).
  const big = mime !== 'image/png' && (width > BIG_IMAGE_THRESHOLD || height > BIG_IMAGE_THRESHOLD);
  const needsCopy = big || rotated || mime !== originalMime;
  const servedRel = needsCopy ? siblingPath(originalRel, big ? '-scaled' : rotated ? '-rotated' : '', ext) : originalRel;
  const served = big ? fitWithin(width, height, BIG_IMAGE_THRESHOLD, BIG_IMAGE_THRESHOLD) : { width, height };

  const existing = options.existing;
  const sizes: Record<string, SizeInfo> = { ...(existing?.sizes ?? {}) };
  const missing: string[] = [];
  const wanted = options.generateSubSizes
    ? // Sizes are made from the (upright) original, not from its scaled copy.
      IMAGE_SIZES.map((size) => ({ size, dims: sizeDimensions(width, height, size) })).filter((entry) => entry.dims !== null)
    : [];
  const dir = path.posix.dirname(originalRel);
  const present = async (relative: string) => (await storage.size(relative)) !== null;
  const todo = (await Promise.all(wanted.map(async (entry) => (sizes[entry.size.name] && (await present(`${dir}/${sizes[entry.size.name].file}`)) ? null : entry))))
    .filter((entry) => entry !== null);
  const servedMissing = needsCopy && !(await present(servedRel));

  if (todo.length > 0 || servedMissing) {
    let decoded: DecodedImage | undefined = options.decoded;
    try {
      decoded ??= await decode(source);
    } catch {
      missing.push(...todo.map(({ size }) => size.name));
    }
    if (decoded) {
      const source = decoded;
      const jobs: Promise<void>[] = [];
      if (servedMissing) {
        jobs.push(writeOutput(storage, servedRel, fromDecoded(source).resize(served.width, served.height), mime).then(() => undefined));
      }
      for (const { size, dims } of todo) {
        const relative = siblingPath(originalRel, `-${dims!.width}x${dims!.height}`, ext);
        const pipeline = fromDecoded(source).resize(dims!.width, dims!.height, { fit: size.crop ? 'cover' : 'fill', position: 'centre' });
        jobs.push(
          writeOutput(storage, relative, pipeline, mime).then(
            (written) => void (sizes[size.name] = written.size),
            () => void missing.push(size.name),
          ),
        );
      }
      await Promise.all(jobs);
    }
  }
  const ordered = Object.fromEntries(IMAGE_SIZES.filter((size) => sizes[size.name]).map((size) => [size.name, sizes[size.name]]));
  const servedSize = needsCopy ? await storage.size(servedRel) : null;
  const file = servedSize === null ? originalRel : servedRel;
  const meta = existing?.image_meta ?? imageMeta;
  return {
    mime: file === originalRel ? originalMime : mime,
    missing,
    details: {
      width: file === originalRel ? width : served.width,
      height: file === originalRel ? height : served.height,
      file,
      filesize: servedSize ?? originalBytes.length,
      sizes: ordered,
      // A served copy with the orientation applied is upright: nothing is left to rotate.
      image_meta: rotated && file !== originalRel ? { ...meta, orientation: '1' } : meta,
      ...(file !== originalRel ? { original_image: path.posix.basename(originalRel) } : {}),
    },
  };
}
