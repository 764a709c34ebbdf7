// The image editor's state and geometry, and the media edit route's modifiers made from it:
// flips first, then the rotation, then the crop as percentages of the image as it stands
// after them (its rotated bounding box), which is the order the site applies them in.
import type { ImageModifier } from '../../shared/site-types.ts';

export interface Size {
  width: number;
  height: number;
}

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
}

export const NO_EDIT: EditState = { flipHorizontal: false, flipVertical: false, rotation: 0, crop: null };

/** Part of each side a fresh fixed-aspect crop covers, so its handles are easy to grab. */
const FRESH_CROP_SHARE = 0.9;

/** Any angle as the site takes it: 0 to 360 (exclusive). */
function clockwiseAngle(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}

/** Any angle as the slider shows it: −180 (exclusive) to 180. */
export function signedAngle(degrees: number): number {
  const angle = clockwiseAngle(degrees);
  return angle > 180 ? angle - 360 : angle;
}

/** The size of a `width` × `height` image turned by `degrees`: its bounding box. */
export function boundingBox(size: Size, degrees: number): Size {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { width: size.width * cos + size.height * sin, height: size.width * sin + size.height * cos };
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

export function modifiersFor(state: EditState): ImageModifier[] {
  const modifiers: ImageModifier[] = [];
  if (state.flipHorizontal || state.flipVertical) {
    modifiers.push({ type: 'flip', args: { flip: { horizontal: state.flipHorizontal, vertical: state.flipVertical } } });
  }
  const angle = clockwiseAngle(state.rotation);
  if (angle !== 0) modifiers.push({ type: 'rotate', args: { angle } });
  if (state.crop && !cropsNothing(state.crop)) {
    // The site refuses crops that reach past the image; rounding must not push them there.
    const left = Math.min(99.999, Math.max(0, round(state.crop.x)));
    const top = Math.min(99.999, Math.max(0, round(state.crop.y)));
    const width = Math.min(round(100 - left), round(state.crop.width));
    const height = Math.min(round(100 - top), round(state.crop.height));
    modifiers.push({ type: 'crop', args: { left, top, width, height } });
  }
  return modifiers;
}
