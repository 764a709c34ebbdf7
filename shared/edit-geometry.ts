// The geometry of an image edit, written once for the editor that plans it (renderer) and
// the site that makes it (server): angles, the box a turned image needs, and a crop given in
// percentages as whole pixels. The editor shows the numbers the site will cut by.

export interface Size {
  width: number;
  height: number;
}

/** A region in whole pixels of an image. */
export interface PixelRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A crop as the media edit route takes it: percentages of the image it cuts. */
export interface PercentCrop {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Any angle as the site takes it: 0 to 360 (exclusive), clockwise. */
export function clockwiseAngle(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}

/** The exact size of a `width` × `height` image turned by `degrees`: its bounding box. */
export function boundingBox(size: Size, degrees: number): Size {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { width: size.width * cos + size.height * sin, height: size.width * sin + size.height * cos };
}

/** The image's size in pixels once turned by `degrees`: quarter turns swap the sides, any other angle's canvas is its box rounded up. */
export function turnedSize(size: Size, degrees: number): Size {
  const angle = clockwiseAngle(degrees);
  if (angle % 90 === 0) return angle % 180 === 90 ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  const box = boundingBox(size, angle);
  return { width: Math.ceil(box.width), height: Math.ceil(box.height) };
}

/** A crop in percentages of an image of `size`, in whole pixels: at least one, inside the image (a start that rounds onto the far edge keeps the last pixel). */
export function cropToPixels(crop: PercentCrop, size: Size): PixelRegion {
  const x = Math.min(size.width - 1, Math.round((crop.left / 100) * size.width));
  const y = Math.min(size.height - 1, Math.round((crop.top / 100) * size.height));
  const width = Math.max(1, Math.min(size.width - x, Math.round((crop.width / 100) * size.width)));
  const height = Math.max(1, Math.min(size.height - y, Math.round((crop.height / 100) * size.height)));
  return { x, y, width, height };
}
