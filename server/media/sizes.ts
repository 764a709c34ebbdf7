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

/**
 * Scales (w, h) to fit inside (maxW, maxH); 0 means unbounded. Never upscales. As the
 * reference implementation, a constrained side that rounds to one pixel short of its bound
 * is rounded up to it.
 */
export function fitWithin(width: number, height: number, maxW: number, maxH: number): { width: number; height: number } {
  if (!maxW && !maxH) return { width, height };
  const didWidth = maxW > 0 && width > maxW;
  const didHeight = maxH > 0 && height > maxH;
  const widthRatio = didWidth ? maxW / width : 1;
  const heightRatio = didHeight ? maxH / height : 1;
  const larger = Math.max(widthRatio, heightRatio);
  const overflows = Math.round(width * larger) > maxW || Math.round(height * larger) > maxH;
  const ratio = overflows ? Math.min(widthRatio, heightRatio) : larger;
  let fittedWidth = Math.max(1, Math.round(width * ratio));
  let fittedHeight = Math.max(1, Math.round(height * ratio));
  if (didWidth && fittedWidth === maxW - 1) fittedWidth = maxW;
  if (didHeight && fittedHeight === maxH - 1) fittedHeight = maxH;
  return { width: fittedWidth, height: fittedHeight };
}

/**
 * The output size of `size` for an image, or null when the image is smaller than the box
 * (never upscaled) or the result would be within a pixel of the image itself.
 */
export function sizeDimensions(width: number, height: number, size: SizeSpec): { width: number; height: number } | null {
  const tooSmall = size.height === 0 ? width < size.width : size.width === 0 ? height < size.height : width < size.width && height < size.height;
  if (tooSmall) return null;
  let target: { width: number; height: number };
  if (size.crop) {
    const cropWidth = Math.min(size.width, width);
    const cropHeight = Math.min(size.height, height);
    target = {
      width: cropWidth || Math.round(cropHeight * (width / height)),
      height: cropHeight || Math.round(cropWidth / (width / height)),
    };
  } else {
    target = fitWithin(width, height, size.width, size.height);
  }
  if (Math.abs(target.width - width) <= 1 && Math.abs(target.height - height) <= 1) return null;
  return target;
}
