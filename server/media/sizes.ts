// The standard image sizes and the geometry of fitting an image into one, with the
// rules of the reference implementation: never upscale; cropped sizes fill the box.

export interface SizeSpec {
  name: string;
  width: number;
  height: number;
  crop: boolean;
}

export const IMAGE_SIZES: readonly SizeSpec[] = [
  { name: 'thumbnail', width: 150, height: 150, crop: true },
  { name: 'medium', width: 300, height: 300, crop: false },
  { name: 'medium_large', width: 768, height: 0, crop: false },
  { name: 'large', width: 1024, height: 1024, crop: false },
  { name: '1536x1536', width: 1536, height: 1536, crop: false },
  { name: '2048x2048', width: 2048, height: 2048, crop: false },
];

/** Images wider or taller than this get a `-scaled` copy that is served instead. */
export const BIG_IMAGE_THRESHOLD = 2560;

/** Scales (w, h) to fit inside (maxW, maxH); 0 means unbounded. Never upscales. */
export function fitWithin(width: number, height: number, maxW: number, maxH: number): { width: number; height: number } {
  let ratio = 1;
  if (maxW > 0 && width > maxW) ratio = Math.min(ratio, maxW / width);
  if (maxH > 0 && height > maxH) ratio = Math.min(ratio, maxH / height);
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

/** The output size of `size` for an image, or null when the image is too small for it. */
export function sizeDimensions(width: number, height: number, size: SizeSpec): { width: number; height: number } | null {
  if (size.crop) {
    const target = { width: Math.min(size.width, width), height: Math.min(size.height, height) };
    if (target.width === width && target.height === height) return null;
    return target;
  }
  const fitted = fitWithin(width, height, size.width, size.height);
  if (fitted.width >= width && fitted.height >= height) return null;
  return fitted;
}
