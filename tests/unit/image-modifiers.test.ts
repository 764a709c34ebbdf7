// The image editor's state becomes the edit route's modifiers in the order the site
// applies them: flip, rotate, crop (as percentages of the flipped and rotated image).
// The geometry (bounding box, preview placement, fresh crops) is what the crop is drawn on.
import { describe, expect, it } from 'vitest';
import {
  NO_EDIT,
  centredCrop,
  cropFromPixels,
  cropInPixels,
  modifiersFor,
  pixelCropProblem,
  scaledSize,
  placementInBox,
  previewTransform,
  signedAngle,
  turnedRegion,
  withRotation,
} from '../../renderer/media/edit-modifiers.ts';
import { boundingBox, turnedSize } from '../../shared/edit-geometry.ts';

/** The image the editor edits in these tests: 400×200. */
const SIZE = { width: 400, height: 200 };

describe('image edit modifiers', () => {
  it('sends nothing when nothing changed, or the crop keeps everything or nothing', () => {
    expect(modifiersFor(NO_EDIT, SIZE)).toEqual([]);
    expect(modifiersFor({ ...NO_EDIT, crop: { x: 0, y: 0, width: 100, height: 100 } }, SIZE)).toEqual([]);
    // A click on the image without a drag makes an empty selection.
    expect(modifiersFor({ ...NO_EDIT, crop: { x: 30, y: 30, width: 0, height: 0 } }, SIZE)).toEqual([]);
  });

  it('orders flip, then rotation, then crop', () => {
    expect(modifiersFor({ flipHorizontal: true, flipVertical: false, rotation: 90, crop: { x: 10, y: 20, width: 50, height: 40 }, scale: null }, SIZE)).toEqual([
      { type: 'flip', args: { flip: { horizontal: true, vertical: false } } },
      { type: 'rotate', args: { angle: 90 } },
      { type: 'crop', args: { left: 10, top: 20, width: 50, height: 40 } },
    ]);
  });

  it('sends a vertical flip alone, and any angle clockwise from 0 to 360', () => {
    expect(modifiersFor({ ...NO_EDIT, flipVertical: true }, SIZE)).toEqual([{ type: 'flip', args: { flip: { horizontal: false, vertical: true } } }]);
    expect(modifiersFor({ ...NO_EDIT, rotation: -90 }, SIZE)).toEqual([{ type: 'rotate', args: { angle: 270 } }]);
    expect(modifiersFor({ ...NO_EDIT, rotation: -12.5 }, SIZE)).toEqual([{ type: 'rotate', args: { angle: 347.5 } }]);
    expect(modifiersFor({ ...NO_EDIT, rotation: 360 }, SIZE)).toEqual([]);
  });

  it('keeps crops inside the image, as the site requires', () => {
    const [crop] = modifiersFor({ ...NO_EDIT, crop: { x: 60.00004, y: -0.1, width: 40.2, height: 30 } }, SIZE);
    expect(crop).toEqual({ type: 'crop', args: { left: 60, top: 0, width: 40, height: 30 } });
    const [edge] = modifiersFor({ ...NO_EDIT, crop: { x: 33.33333, y: 66.66667, width: 66.66667, height: 33.33333 } }, SIZE);
    expect(edge).toEqual({ type: 'crop', args: { left: 33.333, top: 66.667, width: 66.667, height: 33.333 } });
    if (edge.type !== 'crop') throw new Error('expected a crop');
    expect(edge.args.left + edge.args.width).toBeLessThanOrEqual(100);
    expect(edge.args.top + edge.args.height).toBeLessThanOrEqual(100);
  });
});

describe('numeric crop and scale', () => {
  it('reads a crop in the pixels the site will cut, and turns typed pixels into the same crop', () => {
    const turned = turnedSize(SIZE, 90);
    expect(turned).toEqual({ width: 200, height: 400 });
    expect(turnedSize(SIZE, 45)).toEqual({ width: 425, height: 425 });
    const typed = { x: 13, y: 7, width: 101, height: 333 };
    expect(cropInPixels(cropFromPixels(typed, turned), turned)).toEqual(typed);
    expect(cropInPixels(null, turned)).toEqual({ x: 0, y: 0, width: 200, height: 400 });
    // A 1×1 image: its one pixel, whatever the crop.
    expect(cropInPixels({ x: 40, y: 40, width: 20, height: 20 }, { width: 1, height: 1 })).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });

  it('refuses crops outside the image, of no size, or in parts of pixels, saying why', () => {
    expect(pixelCropProblem({ x: 0, y: 0, width: 400, height: 200 }, SIZE)).toBeNull();
    expect(pixelCropProblem({ x: -1, y: 0, width: 10, height: 10 }, SIZE)).toMatch(/0 or more/);
    expect(pixelCropProblem({ x: 0, y: 0, width: 0, height: 10 }, SIZE)).toMatch(/at least 1 pixel/);
    expect(pixelCropProblem({ x: 300, y: 0, width: 101, height: 10 }, SIZE)).toMatch(/right edge: X \+ width is at most 400/);
    expect(pixelCropProblem({ x: 0, y: 150, width: 10, height: 51 }, SIZE)).toMatch(/bottom edge/);
    expect(pixelCropProblem({ x: 0.5, y: 0, width: 10, height: 10 }, SIZE)).toMatch(/whole numbers/);
    expect(pixelCropProblem({ x: Number.NaN, y: 0, width: 10, height: 10 }, SIZE)).toMatch(/whole numbers/);
  });

  it('scales the cropped image last, keeping its shape, and sends no scale that keeps the size', () => {
    const state = { ...NO_EDIT, rotation: 90, crop: cropFromPixels({ x: 0, y: 0, width: 200, height: 100 }, { width: 200, height: 400 }), scale: 0.25 };
    expect(scaledSize(state, SIZE)).toEqual({ width: 50, height: 25 });
    expect(modifiersFor(state, SIZE).map((modifier) => modifier.type)).toEqual(['rotate', 'crop', 'scale']);
    expect(modifiersFor(state, SIZE).at(-1)).toEqual({ type: 'scale', args: { width: 50, height: 25 } });
    expect(modifiersFor({ ...NO_EDIT, scale: 1 }, SIZE)).toEqual([]);
    // Never below one pixel.
    expect(scaledSize({ ...NO_EDIT, scale: 0.001 }, SIZE)).toEqual({ width: 1, height: 1 });
  });
});

describe('image edit geometry', () => {
  it('shows angles from −180 to 180', () => {
    expect(signedAngle(270)).toBe(-90);
    expect(signedAngle(-190)).toBe(170);
    expect(signedAngle(180)).toBe(180);
    expect(signedAngle(540)).toBe(180);
    expect(signedAngle(-360)).toBe(0);
  });

  it('knows the size of a turned image: its bounding box', () => {
    const quarter = boundingBox({ width: 800, height: 400 }, 90);
    expect(quarter.width).toBeCloseTo(400);
    expect(quarter.height).toBeCloseTo(800);
    const diagonal = boundingBox({ width: 100, height: 100 }, -45);
    expect(diagonal.width).toBeCloseTo(141.421);
    expect(diagonal.height).toBeCloseTo(141.421);
  });

  it('places the untouched image centred in the box it turns into', () => {
    const placement = placementInBox({ width: 800, height: 400 }, 90);
    expect(placement.width).toBeCloseTo(200);
    expect(placement.height).toBeCloseTo(50);
    expect(placement.x).toBeCloseTo(-50);
    expect(placement.y).toBeCloseTo(25);
    expect(placementInBox({ width: 800, height: 400 }, 0)).toEqual({ x: 0, y: 0, width: 100, height: 100 });
  });

  it('previews flips before the rotation (CSS applies the rightmost function first)', () => {
    expect(previewTransform({ ...NO_EDIT, flipHorizontal: true, rotation: 90 })).toBe('rotate(90deg) scale(-1, 1)');
    expect(previewTransform({ ...NO_EDIT, flipVertical: true, rotation: -30 })).toBe('rotate(-30deg) scale(1, -1)');
  });

  it('starts a fixed-aspect crop centred on 90% of the limiting side', () => {
    // 400×800 (an 800×400 image turned a quarter): a 1:1 crop of 360×360 pixels.
    expect(centredCrop(1, { width: 400, height: 800 })).toEqual({ x: 5, y: 27.5, width: 90, height: 45 });
    const wide = centredCrop(16 / 9, { width: 1000, height: 1000 });
    expect(wide.width).toBeCloseTo(90);
    expect(((wide.width / 100) * 1000) / ((wide.height / 100) * 1000)).toBeCloseTo(16 / 9);
    expect(wide.y + wide.height / 2).toBeCloseTo(50);
  });

  it('keeps the crop on the same part of the image through quarter turns', () => {
    // Top-left corner region: 10% in from the left, 20% down, 30% wide, 40% high.
    const cropped = { ...NO_EDIT, flipHorizontal: true, crop: { x: 10, y: 20, width: 30, height: 40 } };
    // Turned right, the top-left corner goes top-right; turned left, bottom-left.
    expect(withRotation(cropped, 450, undefined, { width: 800, height: 400 })).toEqual({ ...cropped, rotation: 90, crop: { x: 40, y: 10, width: 40, height: 30 } });
    expect(withRotation(cropped, -90, undefined, { width: 800, height: 400 }).crop).toEqual({ x: 20, y: 60, width: 40, height: 30 });
    expect(withRotation(cropped, 180, undefined, { width: 800, height: 400 }).crop).toEqual({ x: 60, y: 40, width: 30, height: 40 });
    // Four quarter turns are where it started.
    expect(turnedRegion(cropped.crop, 4)).toEqual(cropped.crop);
  });

  it('starts the crop afresh when the new angle cannot keep its shape', () => {
    const cropped = { ...NO_EDIT, flipHorizontal: true, crop: { x: 1, y: 2, width: 3, height: 4 } };
    expect(withRotation(cropped, 30, undefined, { width: 800, height: 400 })).toEqual({ ...cropped, rotation: 30, crop: null });
    const close = (value: number) => expect.closeTo(value, 6);
    // A 4:3 crop turned a quarter would be 3:4: a fresh centred 4:3 one instead.
    const fresh = withRotation(cropped, 90, 4 / 3, { width: 800, height: 400 }).crop!;
    expect((fresh.width / 100) * 400 / ((fresh.height / 100) * 800)).toEqual(close(4 / 3));
  });

  it('crops a freely turned image in percentages of its bounding box', () => {
    const turned = withRotation(NO_EDIT, 45, 1, { width: 100, height: 100 });
    expect(modifiersFor(turned, { width: 100, height: 100 })).toEqual([
      { type: 'rotate', args: { angle: 45 } },
      { type: 'crop', args: { left: 5, top: 5, width: 90, height: 90 } },
    ]);
  });
});
