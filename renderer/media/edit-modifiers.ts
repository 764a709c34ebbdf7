// The image editor's state and geometry, and the media edit route's modifiers made from it:
// flips first, then the rotation, then the crop as percentages of the image as it stands
// after them (its rotated bounding box), then the scale, which is the order the site applies
// them in. The crop in pixels is rounded as the site rounds it, so the numbers the writer
// reads and types are the pixels the site cuts.
import type { ImageModifier } from '../../shared/site-types.ts';
import { boundingBox, clockwiseAngle, cropToPixels, turnedSize, type Size } from '../../shared/edit-geometry.ts';

/** A region in percentages of the flipped and rotated image. */
export interface PercentRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface EditState {
  flipHorizontal: boolean;
  flipVertical: boolean;
  /** Degrees clockwise, from −180 (exclusive) to 180. */
  rotation: number;
  /** Null keeps the whole image. */
  crop: PercentRegion | null;
  /** The cropped image's share (above 0, at most 1) kept when it is scaled down; null keeps its size. */
  scale: number | null;
}

export const NO_EDIT: EditState = { flipHorizontal: false, flipVertical: false, rotation: 0, crop: null, scale: null };

/** Part of each side a fresh fixed-aspect crop covers, so its handles are easy to grab. */
const FRESH_CROP_SHARE = 0.9;

/** Any angle as the slider shows it: −180 (exclusive) to 180. */
export function signedAngle(degrees: number): number {
  const angle = clockwiseAngle(degrees);
  return angle > 180 ? angle - 360 : angle;
}

/** The largest crop of `aspect` (width / height) within 90% of the image, centred. */
export function centredCrop(aspect: number, image: Size): PercentRegion {
  const width = Math.min(image.width, image.height * aspect) * FRESH_CROP_SHARE;
  const height = width / aspect;
  const region = { width: (width / image.width) * 100, height: (height / image.height) * 100 };
  return { x: (100 - region.width) / 2, y: (100 - region.height) / 2, ...region };
}

/** A crop region turned with its image by whole quarter turns clockwise: it frames the same part. */
export function turnedRegion(region: PercentRegion, quarters: number): PercentRegion {
  let turned = region;
  for (let step = 0; step < ((quarters % 4) + 4) % 4; step += 1) {
    turned = { x: 100 - (turned.y + turned.height), y: turned.x, width: turned.height, height: turned.width };
  }
  return turned;
}

/**
 * The state turned to `degrees`. A quarter turn (or several) keeps the crop on the same part
 * of the image, if its shape still fits (free, or square); any other angle frames another
 * shape of image, so the crop starts afresh: centred for a fixed aspect, none for a free one.
 */
export function withRotation(state: EditState, degrees: number, aspect: number | undefined, natural: Size): EditState {
  const rotation = signedAngle(degrees);
  const quarters = (rotation - state.rotation) / 90;
  if (state.crop && Number.isInteger(quarters) && (aspect === undefined || aspect === 1 || quarters % 2 === 0)) {
    return { ...state, rotation, crop: turnedRegion(state.crop, quarters) };
  }
  return { ...state, rotation, crop: aspect ? centredCrop(aspect, boundingBox(natural, rotation)) : null };
}

/**
 * The CSS transform that previews the edit on the untouched image. CSS applies the rightmost
 * function first, so this flips, then rotates, as the site does.
 */
export function previewTransform(state: EditState): string {
  return `rotate(${state.rotation}deg) scale(${state.flipHorizontal ? -1 : 1}, ${state.flipVertical ? -1 : 1})`;
}

/** Where the untouched image sits, centred, in its rotated bounding box: percentages of the box. */
export function placementInBox(natural: Size, rotation: number): PercentRegion {
  const box = boundingBox(natural, rotation);
  const width = (natural.width / box.width) * 100;
  const height = (natural.height / box.height) * 100;
  return { x: (100 - width) / 2, y: (100 - height) / 2, width, height };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Whether a crop keeps (practically) the whole image, or nothing at all (a click without a drag). */
function cropsNothing(crop: PercentRegion | null): boolean {
  if (!crop || crop.width < 0.001 || crop.height < 0.001) return true;
  return crop.x <= 0.01 && crop.y <= 0.01 && crop.width >= 99.99 && crop.height >= 99.99;
}

/** The crop as the route takes it (percentages), or null when it keeps the whole image. */
function cropArgs(crop: PercentRegion | null): PercentRegion | null {
  if (!crop || cropsNothing(crop)) return null;
  // The site refuses crops that reach past the image; rounding must not push them there.
  const x = Math.min(99.999, Math.max(0, round(crop.x)));
  const y = Math.min(99.999, Math.max(0, round(crop.y)));
  return { x, y, width: Math.min(round(100 - x), round(crop.width)), height: Math.min(round(100 - y), round(crop.height)) };
}

/** The crop in pixels of the turned image (`size`), rounded as the site rounds it; the whole image when there is none. */
export function cropInPixels(crop: PercentRegion | null, size: Size): PercentRegion {
  const args = cropArgs(crop);
  return args ? cropToPixels({ left: args.x, top: args.y, width: args.width, height: args.height }, size) : { x: 0, y: 0, ...size };
}

/** Why a crop in pixels cannot be made in an image of `size`, or null when it can. */
export function pixelCropProblem(region: PercentRegion, size: Size): string | null {
  if (![region.x, region.y, region.width, region.height].every(Number.isInteger)) return 'Use whole numbers of pixels.';
  if (region.x < 0 || region.y < 0) return 'The crop cannot start before the image: X and Y are 0 or more.';
  if (region.width < 1 || region.height < 1) return 'The crop needs a width and a height of at least 1 pixel.';
  if (region.x + region.width > size.width) return `The crop reaches past the image's right edge: X + width is at most ${size.width}.`;
  if (region.y + region.height > size.height) return `The crop reaches past the image's bottom edge: Y + height is at most ${size.height}.`;
  return null;
}

/** A crop in pixels of the turned image as the region the editor holds (percentages). */
export function cropFromPixels(region: PercentRegion, size: Size): PercentRegion {
  return { x: (region.x / size.width) * 100, y: (region.y / size.height) * 100, width: (region.width / size.width) * 100, height: (region.height / size.height) * 100 };
}

/** The size the edited image comes out at: the crop, scaled. */
export function scaledSize(state: EditState, natural: Size): Size {
  const { width, height } = cropInPixels(state.crop, turnedSize(natural, state.rotation));
  const share = state.scale ?? 1;
  return { width: Math.max(1, Math.round(width * share)), height: Math.max(1, Math.round(height * share)) };
}

export function modifiersFor(state: EditState, natural: Size): ImageModifier[] {
  const modifiers: ImageModifier[] = [];
  if (state.flipHorizontal || state.flipVertical) {
    modifiers.push({ type: 'flip', args: { flip: { horizontal: state.flipHorizontal, vertical: state.flipVertical } } });
  }
  const angle = clockwiseAngle(state.rotation);
  if (angle !== 0) modifiers.push({ type: 'rotate', args: { angle } });
  const crop = cropArgs(state.crop);
  if (crop) modifiers.push({ type: 'crop', args: { left: crop.x, top: crop.y, width: crop.width, height: crop.height } });
  const cropped = cropInPixels(state.crop, turnedSize(natural, state.rotation));
  const scaled = scaledSize(state, natural);
  if (scaled.width !== cropped.width || scaled.height !== cropped.height) modifiers.push({ type: 'scale', args: { width: scaled.width, height: scaled.height } });
  return modifiers;
}
