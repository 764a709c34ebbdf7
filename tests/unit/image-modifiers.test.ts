// The image editor's state becomes the edit route's modifiers in the order the site
// applies them: flip, rotate, crop (as percentages of the flipped and rotated image).
import { describe, expect, it } from 'vitest';
import { modifiersFor, rotatedSize, NO_EDIT } from '../../renderer/media/edit-modifiers.ts';

describe('image edit modifiers', () => {
  it('sends nothing when nothing changed', () => {
    expect(modifiersFor(NO_EDIT)).toEqual([]);
    expect(modifiersFor({ ...NO_EDIT, crop: { x: 0, y: 0, width: 100, height: 100 } })).toEqual([]);
  });

  it('orders flip, then rotation, then crop', () => {
    expect(modifiersFor({ flipHorizontal: true, flipVertical: false, rotation: 90, crop: { x: 10, y: 20, width: 50, height: 40 } })).toEqual([
      { type: 'flip', args: { flip: { horizontal: true, vertical: false } } },
      { type: 'rotate', args: { angle: 90 } },
      { type: 'crop', args: { left: 10, top: 20, width: 50, height: 40 } },
    ]);
  });

  it('normalises angles and keeps crops inside the image', () => {
    expect(modifiersFor({ ...NO_EDIT, rotation: -90 })).toEqual([{ type: 'rotate', args: { angle: 270 } }]);
    expect(modifiersFor({ ...NO_EDIT, rotation: 360 })).toEqual([]);
    const [crop] = modifiersFor({ ...NO_EDIT, crop: { x: 60.00004, y: -0.1, width: 40.2, height: 30 } });
    expect(crop).toEqual({ type: 'crop', args: { left: 60, top: 0, width: 40, height: 30 } });
  });

  it('knows the size of a turned image: the bounding box', () => {
    expect(rotatedSize(800, 400, 90)).toEqual({ width: 400, height: 800 });
    expect(rotatedSize(100, 100, 45)).toEqual({ width: 141, height: 141 });
  });
});
