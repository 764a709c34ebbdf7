// A generated 12-megapixel photo-like JPEG for the media and host benchmarks.
import sharp from 'sharp';

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;

/** A photo-like test image: smooth gradients with sensor-like noise, so JPEG has real work. */
export async function photo(): Promise<Buffer> {
  const gradient = Buffer.alloc(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      const offset = (y * PHOTO_WIDTH + x) * 3;
      gradient[offset] = (x * 255) / PHOTO_WIDTH;
      gradient[offset + 1] = (y * 255) / PHOTO_HEIGHT;
      gradient[offset + 2] = 128 + 100 * Math.sin((x + y) / 150);
    }
  }
  const noise = await sharp({ create: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 12 } } }).raw().toBuffer();
  return sharp(gradient, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } })
    .composite([{ input: noise, raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
