// What one image edit may cost, known from the source's header and the modifiers before
// anything decodes: every image it makes is within the pixel limit, and all the pixels it
// makes together within a work budget, so that no request can keep a worker for long.
import { sharp } from './sharp-on-demand.ts';
import { RestError } from '../rest/errors.ts';
import { planSteps, type Modifier } from './edit-plan.ts';
import type { Size } from '../../shared/edit-geometry.ts';
import { checkPixels, HEADER_ONLY, MAX_IMAGE_PIXELS, readDimensions } from './image-limits.ts';

/** Modifiers one edit may have: more than the image editor ever sends (WordPress's sends a handful). */
export const MAX_MODIFIERS = 10;

/** The longest side a scale may give (what PNG and GIF hold; JPEG, WebP and AVIF hold less: MAX_SIDE_OF_FORMAT). */
export const MAX_SCALE_SIDE = 65_535;

/**
 * Pixels one edit may make in all, the decoded source included: four images at the limit.
 * A photo's crop, turn and scale cost well under it; chained scales to the limit do not.
 */
export const EDIT_WORK_PIXELS = 4 * MAX_IMAGE_PIXELS;

/** The longest side each format the edited image may be saved in can hold (libjpeg, libwebp, libheif's AVIF); PNG and GIF hold MAX_SCALE_SIDE. */
export const MAX_SIDE_OF_FORMAT: Readonly<Record<string, number>> = { 'image/jpeg': 65_500, 'image/webp': 16_383, 'image/avif': 16_384 };

function tooLongForFormat({ width, height }: Size, mime: string, max: number): RestError {
  const message = `The edited image would be ${width} × ${height} pixels; ${mime.replace('image/', '').toUpperCase()} holds at most ${max} pixels a side. Scale it smaller.`;
  return new RestError('rest_image_too_large', message, 400, { width, height, max_side: max });
}

/** The source as the edit sees it: EXIF orientation applied, where libvips reads the header. */
async function orientedSize(bytes: Buffer): Promise<Size | null> {
  const metadata = await sharp(bytes, HEADER_ONLY).metadata().catch(() => null);
  const size = metadata?.width && metadata.height ? { width: metadata.width, height: metadata.height } : await readDimensions(bytes);
  if (!size) return null;
  return (metadata?.orientation ?? 1) >= 5 ? { width: size.height, height: size.width } : size;
}

function tooCostly(pixels: number): RestError {
  const message = `This edit would make ${Math.round(pixels / 1_000_000)} megapixels of images, more than the ${EDIT_WORK_PIXELS / 1_000_000} one edit may. Use fewer or smaller steps.`;
  return new RestError('rest_image_edit_too_costly', message, 400, { pixels, max_pixels: EDIT_WORK_PIXELS });
}

/**
 * Throws a 400 when the source, any image the edit makes, or their sum is over its limit, or
 * when the result is too long a side for `outputMime`; unknown sizes are left to the decoder's own check.
 */
export async function checkEditBudget(sourceBytes: Buffer, modifiers: readonly Modifier[], outputMime: string): Promise<void> {
  const source = await orientedSize(sourceBytes);
  if (!source) return;
  checkPixels(source, false);
  let pixels = source.width * source.height;
  let result = source;
  for (const step of planSteps(source.width, source.height, modifiers)) {
    checkPixels(step.size, false);
    pixels += step.size.width * step.size.height;
    result = step.size;
  }
  if (pixels > EDIT_WORK_PIXELS) throw tooCostly(pixels);
  const maxSide = MAX_SIDE_OF_FORMAT[outputMime] ?? MAX_SCALE_SIDE;
  if (Math.max(result.width, result.height) > maxSide) throw tooLongForFormat(result, outputMime, maxSide);
}
