// The standard image sizes and their geometry, with the reference implementation's rules:
// fit within the box keeping the aspect ratio, cropped sizes fill it, never upscale, no
// size that would be (within a pixel) the image itself.
import { describe, expect, it } from 'vitest';
import { BIG_IMAGE_THRESHOLD, IMAGE_SIZES, fitWithin, sizeDimensions, type SizeSpec } from '../../server/media/sizes.ts';

const size = (name: string): SizeSpec => IMAGE_SIZES.find((spec) => spec.name === name)!;
const all = (width: number, height: number) =>
  Object.fromEntries(IMAGE_SIZES.map((spec) => [spec.name, sizeDimensions(width, height, spec)]));

describe('the standard sizes', () => {
  it('are the six registered sizes, in order, with their boxes and crop flags', () => {
    expect(IMAGE_SIZES.map((spec) => [spec.name, spec.width, spec.height, spec.crop])).toEqual([
      ['thumbnail', 150, 150, true],
      ['medium', 300, 300, false],
      ['medium_large', 768, 0, false],
      ['large', 1024, 1024, false],
      ['1536x1536', 1536, 1536, false],
      ['2048x2048', 2048, 2048, false],
    ]);
    expect(BIG_IMAGE_THRESHOLD).toBe(2560);
  });
});

describe('fitWithin', () => {
  it('scales down by the tighter side and keeps the aspect ratio', () => {
    expect(fitWithin(3000, 2000, 300, 300)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(2000, 3000, 300, 300)).toEqual({ width: 200, height: 300 });
    expect(fitWithin(3000, 2000, 1024, 1024)).toEqual({ width: 1024, height: 683 });
    expect(fitWithin(4000, 3000, 2560, 2560)).toEqual({ width: 2560, height: 1920 });
  });

  it('treats 0 as no bound on that side', () => {
    expect(fitWithin(3000, 2000, 768, 0)).toEqual({ width: 768, height: 512 });
    expect(fitWithin(3000, 2000, 0, 500)).toEqual({ width: 750, height: 500 });
    expect(fitWithin(3000, 2000, 0, 0)).toEqual({ width: 3000, height: 2000 });
  });

  it('never upscales', () => {
    expect(fitWithin(200, 100, 300, 300)).toEqual({ width: 200, height: 100 });
    expect(fitWithin(200, 100, 768, 0)).toEqual({ width: 200, height: 100 });
  });

  it('never goes below one pixel', () => {
    expect(fitWithin(10000, 1, 300, 300)).toEqual({ width: 300, height: 1 });
    expect(fitWithin(1, 10000, 300, 300)).toEqual({ width: 1, height: 300 });
  });

  it('rounds a constrained side that comes out one pixel short up to the bound', () => {
    // 1002×1001 into 1000×1000: the width ratio gives 1000×999; the height was constrained too.
    expect(fitWithin(1002, 1001, 1000, 1000)).toEqual({ width: 1000, height: 1000 });
    // Not when that side was within the bound to begin with.
    expect(fitWithin(1001, 1000, 1000, 1000)).toEqual({ width: 1000, height: 999 });
  });
});

describe('sizeDimensions', () => {
  it('gives every size of a large landscape photo', () => {
    expect(all(3000, 2000)).toEqual({
      thumbnail: { width: 150, height: 150 },
      medium: { width: 300, height: 200 },
      medium_large: { width: 768, height: 512 },
      large: { width: 1024, height: 683 },
      '1536x1536': { width: 1536, height: 1024 },
      '2048x2048': { width: 2048, height: 1365 },
    });
  });

  it('gives every size of a portrait photo', () => {
    expect(all(1200, 1600)).toEqual({
      thumbnail: { width: 150, height: 150 },
      medium: { width: 225, height: 300 },
      medium_large: { width: 768, height: 1024 },
      large: { width: 768, height: 1024 },
      '1536x1536': { width: 1152, height: 1536 },
      '2048x2048': null,
    });
  });

  it('makes no size the image is too small for (never upscales)', () => {
    expect(all(100, 80)).toEqual({
      thumbnail: null, medium: null, medium_large: null, large: null, '1536x1536': null, '2048x2048': null,
    });
    expect(all(640, 480)).toEqual({
      thumbnail: { width: 150, height: 150 },
      medium: { width: 300, height: 225 },
      medium_large: null,
      large: null,
      '1536x1536': null,
      '2048x2048': null,
    });
  });

  it('crops the thumbnail to the box, or to the image side that is smaller than it', () => {
    expect(sizeDimensions(400, 300, size('thumbnail'))).toEqual({ width: 150, height: 150 });
    expect(sizeDimensions(100, 400, size('thumbnail'))).toEqual({ width: 100, height: 150 });
    expect(sizeDimensions(400, 100, size('thumbnail'))).toEqual({ width: 150, height: 100 });
    expect(sizeDimensions(150, 150, size('thumbnail'))).toBeNull();
    expect(sizeDimensions(150, 100, size('thumbnail'))).toBeNull();
  });

  it('makes no size within a pixel of the image itself', () => {
    expect(sizeDimensions(151, 151, size('thumbnail'))).toBeNull();
    expect(sizeDimensions(301, 200, size('medium'))).toBeNull();
    expect(sizeDimensions(769, 400, size('medium_large'))).toBeNull();
    expect(sizeDimensions(302, 200, size('medium'))).toEqual({ width: 300, height: 199 });
  });

  it('bounds medium_large by width only', () => {
    expect(sizeDimensions(1000, 5000, size('medium_large'))).toEqual({ width: 768, height: 3840 });
    expect(sizeDimensions(700, 5000, size('medium_large'))).toBeNull();
    // A tall image still gets the sizes bounded on both sides.
    expect(sizeDimensions(700, 5000, size('large'))).toEqual({ width: 143, height: 1024 });
  });
});
