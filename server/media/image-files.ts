// Makes an uploaded or edited image's files: the served copy (EXIF orientation applied,
// scaled down past the big-image threshold, converted when browsers cannot show the
// format) and its sub-sizes, and for an edit the edited image's own file, all at once
// (image-outputs.ts decodes as little as they allow).
import path from 'node:path';
import { BIG_IMAGE_THRESHOLD, IMAGE_SIZES, fitWithin, sizeDimensions } from './sizes.ts';
import { CONVERTED_FORMATS } from './media-types.ts';
import { imageSource } from './image-source.ts';
import { siblingPath } from './upload-dir.ts';
import type { MediaStorage } from './storage.ts';
import { readImageMeta, type ImageMeta } from './image-meta.ts';
import type { DecodedImage, SizeInfo } from './image-codec.ts';
import { makeOutputs, type Output, type PixelSource } from './image-outputs.ts';
import type { Size } from '../../shared/edit-geometry.ts';

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

export const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'image/avif': 'avif', 'image/heic': 'heic', 'image/heif': 'heif', 'image/tiff': 'tif' };

export interface ImageFileOptions {
  generateSubSizes: boolean;
  convertFormat: boolean;
  /** Existing details: only what is missing is made (post-process). */
  existing?: ImageDetails;
}

/** The served file's type: browsers cannot show HEIC or TIFF, so they become JPEG unless told not to. */
export function servedMime(originalMime: string, convertFormat: boolean): string {
  return convertFormat && CONVERTED_FORMATS.has(originalMime) ? 'image/jpeg' : originalMime;
}

/**
 * The original: a stored file's bytes, or the pixels of an edit, whose file (at the
 * original's path, in `mime`) is made with the others.
 */
export type ImageInput = { bytes: Buffer; mime: string } | { decoded: DecodedImage; mime: string };

interface SourceFacts {
  from: PixelSource;
  /** The size with the orientation applied. */
  upright: Size;
  rotated: boolean;
  imageMeta: ImageMeta;
}

async function sourceFacts(input: ImageInput): Promise<SourceFacts> {
  if ('decoded' in input) {
    // Pixels as an edit makes them: upright, and without the camera's metadata.
    const { width, height } = input.decoded.info;
    return { from: { decoded: input.decoded }, upright: { width, height }, rotated: false, imageMeta: readImageMeta(undefined, undefined) };
  }
  const source = await imageSource(input.bytes, input.mime);
  const { metadata } = source;
  const swap = (metadata.orientation ?? 1) >= 5;
  return {
    from: { file: source },
    upright: swap ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height },
    rotated: (metadata.orientation ?? 1) > 1,
    imageMeta: readImageMeta(metadata.exif, metadata.orientation),
  };
}

/**
 * `original`: the original's path, or the promise of it while a new item's name is claimed:
 * the image is read, decoded and encoded meanwhile, and only the files' writes wait for it.
 */
export async function makeImageFiles(storage: MediaStorage, original: string | Promise<string>, input: ImageInput, options: ImageFileOptions): Promise<ProcessedImage> {
  const named = Promise.resolve(original);
  const { from, upright, rotated, imageMeta } = await sourceFacts(input);
  const { width, height } = upright;
  const mime = servedMime(input.mime, options.convertFormat);
  const ext = EXTENSIONS[mime] ?? 'jpg';
  // As the reference implementation, PNG images are never scaled down (a scaled PNG is rarely smaller).
  const big = mime !== 'image/png' && (width > BIG_IMAGE_THRESHOLD || height > BIG_IMAGE_THRESHOLD);
  const needsCopy = big || rotated || mime !== input.mime;
  const servedSuffix = big ? '-scaled' : rotated ? '-rotated' : '';
  const served = big ? fitWithin(width, height, BIG_IMAGE_THRESHOLD, BIG_IMAGE_THRESHOLD) : { width, height };

  const existing = options.existing;
  const sizes: Record<string, SizeInfo> = { ...(existing?.sizes ?? {}) };
  const missing: string[] = [];
  const wanted = options.generateSubSizes
    ? // Sizes are made from the (upright) original, not from its scaled copy.
      IMAGE_SIZES.map((size) => ({ size, dims: sizeDimensions(width, height, size) })).filter((entry) => entry.dims !== null)
    : [];
  // Only post-process (with `existing`, of a stored file) may find files made already.
  const storedAs = existing ? await named : null;
  const present = async (relative: string) => (await storage.size(relative)) !== null;
  const todo = (await Promise.all(wanted.map(async (entry) => (storedAs && sizes[entry.size.name] && (await present(`${path.posix.dirname(storedAs)}/${sizes[entry.size.name].file}`)) ? null : entry))))
    .filter((entry) => entry !== null);
  const servedMissing = needsCopy && !(storedAs && (await present(siblingPath(storedAs, servedSuffix, ext))));

  const originalOutput: Output | null = 'decoded' in input ? { ...upright, crop: false, mime: input.mime } : null;
  const servedOutput: Output | null = servedMissing ? { ...served, crop: false, mime } : null;
  // Sizes of the same dimensions (a portrait's large and medium_large) are one file, made once.
  const suffixOf = (dims: Size) => `-${dims.width}x${dims.height}`;
  const bySuffix = new Map<string, Output>(todo.map(({ size, dims }) => [suffixOf(dims!), { ...dims!, crop: size.crop, mime }]));
  const sizeOutputs = todo.map(({ size, dims }) => ({ name: size.name, output: bySuffix.get(suffixOf(dims!))! }));
  const suffixes = new Map<Output, string>([
    ...(servedOutput ? [[servedOutput, servedSuffix] as const] : []),
    ...[...bySuffix].map(([suffix, output]) => [output, suffix] as const),
  ]);
  const pathOf = named.then((originalRel) => (output: Output) => (output === originalOutput ? originalRel : siblingPath(originalRel, suffixes.get(output)!, ext)));
  void pathOf.catch(() => {}); // a name that could not be claimed is told by `named`, below, once every output has settled
  const made = await makeOutputs(storage, from, upright, [originalOutput, servedOutput, ...bySuffix.values()].filter((output) => output !== null), pathOf);
  const originalRel = await named;
  const servedRel = needsCopy ? siblingPath(originalRel, servedSuffix, ext) : originalRel;
  const result = (output: Output) => made.get(output)!;

  let originalSize = 'bytes' in input ? input.bytes.length : 0;
  if (originalOutput) {
    const written = result(originalOutput);
    if (written.status === 'rejected') throw written.reason;
    originalSize = written.value.filesize;
  }
  for (const { name, output } of sizeOutputs) {
    const written = result(output);
    if (written.status === 'fulfilled') sizes[name] = { ...written.value };
    else missing.push(name);
  }
  const ordered = Object.fromEntries(IMAGE_SIZES.filter((size) => sizes[size.name]).map((size) => [size.name, sizes[size.name]]));
  const servedWritten = servedOutput ? result(servedOutput) : null;
  const servedSize = servedWritten ? (servedWritten.status === 'fulfilled' ? servedWritten.value.filesize : null) : needsCopy ? await storage.size(servedRel) : null;
  const file = servedSize === null ? originalRel : servedRel;
  const meta = existing?.image_meta ?? imageMeta;
  return {
    mime: file === originalRel ? input.mime : mime,
    missing,
    details: {
      width: file === originalRel ? width : served.width,
      height: file === originalRel ? height : served.height,
      file,
      filesize: servedSize ?? originalSize,
      sizes: ordered,
      // A served copy with the orientation applied is upright: nothing is left to rotate.
      image_meta: rotated && file !== originalRel ? { ...meta, orientation: '1' } : meta,
      ...(file !== originalRel ? { original_image: path.posix.basename(originalRel) } : {}),
    },
  };
}
