// The media edit route's modifiers from the image editor's state: flips first, then the
// rotation, then the crop as percentages of the image as it stands after them.
import type { ImageModifier } from '../../shared/site-types.ts';

export interface EditState {
  flipHorizontal: boolean;
  flipVertical: boolean;
  /** Degrees clockwise, any angle. */
  rotation: number;
  /** Percentages of the flipped and rotated image; null keeps all of it. */
  crop: { x: number; y: number; width: number; height: number } | null;
}

export const NO_EDIT: EditState = { flipHorizontal: false, flipVertical: false, rotation: 0, crop: null };

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Whether a crop keeps (practically) the whole image. */
export function keepsWhole(crop: EditState['crop']): boolean {
  return !crop || (crop.x <= 0.01 && crop.y <= 0.01 && crop.width >= 99.99 && crop.height >= 99.99);
}

export function modifiersFor(state: EditState): ImageModifier[] {
  const modifiers: ImageModifier[] = [];
  if (state.flipHorizontal || state.flipVertical) {
    modifiers.push({ type: 'flip', args: { flip: { horizontal: state.flipHorizontal, vertical: state.flipVertical } } });
  }
  const angle = ((state.rotation % 360) + 360) % 360;
  if (angle !== 0) modifiers.push({ type: 'rotate', args: { angle } });
  if (state.crop && !keepsWhole(state.crop)) {
    const left = Math.max(0, round(state.crop.x));
    const top = Math.max(0, round(state.crop.y));
    modifiers.push({
      type: 'crop',
      args: { left, top, width: Math.min(100 - left, round(state.crop.width)), height: Math.min(100 - top, round(state.crop.height)) },
    });
  }
  return modifiers;
}

/** The size of a `width` × `height` image turned by `degrees`: its bounding box. */
export function rotatedSize(width: number, height: number, degrees: number): { width: number; height: number } {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { width: Math.round(width * cos + height * sin), height: Math.round(width * sin + height * cos) };
}
