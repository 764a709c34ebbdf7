// The kernel of every resample the site makes (the served copy, the sizes, the bases they share):
// Lanczos with two lobes (image-outputs.ts says why). A size made straight from its source is
// the reference pipeline's file, byte for byte, whether the source is an uploaded file or an
// edit's pixels.
import { describe, expect, it } from 'vitest';
import sharp, { type Sharp } from 'sharp';
import { makeImageFiles, type ImageInput } from '../../server/media/image-files.ts';
import { toDecoded } from '../../server/media/image-codec.ts';
import type { MediaStorage } from '../../server/media/storage.ts';

const WIDTH = 1200;
const HEIGHT = 900;

/** Hard edges, where kernels differ most: bars of several widths and rings. */
function scene(): Promise<Buffer> {
  const bars = Array.from({ length: 40 }, (_, index) => `<rect x="${index * 30}" y="0" width="${1 + (index % 6)}" height="${HEIGHT / 2}" fill="#${(0x1f3d5b + index * 0x0a1427).toString(16).slice(-6)}"/>`);
  const rings = Array.from({ length: 12 }, (_, index) => `<circle cx="${100 + index * 90}" cy="${HEIGHT * 0.7}" r="${10 + index * 7}" fill="none" stroke="#202020" stroke-width="${1 + (index % 4)}"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#d8d0c0"/>${bars.join('')}${rings.join('')}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
}

/** Keeps what the site stores, by path. */
function memoryStorage(): { storage: MediaStorage; files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  const storage = { write: async (relative: string, bytes: Buffer) => void files.set(relative, bytes), size: async () => null } as unknown as MediaStorage;
  return { storage, files };
}

/** Each source the site makes files from, and that source as sharp reads it. */
const SOURCES: Record<string, (file: Buffer) => Promise<{ input: ImageInput; reference: () => Sharp }>> = {
  'an uploaded file': async (file) => ({ input: { bytes: file, mime: 'image/jpeg' }, reference: () => sharp(file) }),
  "an edit's pixels": async (file) => {
    const decoded = await toDecoded(sharp(file));
    return { input: { decoded, mime: 'image/jpeg' }, reference: () => sharp(decoded.data, { raw: decoded.info }) };
  },
};

describe.each(Object.keys(SOURCES))('the sizes made from %s', (source) => {
  it('are resampled with Lanczos 2: the large size is the reference pipeline’s file', async () => {
    const { input, reference } = await SOURCES[source](await scene());
    const { storage, files } = memoryStorage();
    const made = await makeImageFiles(storage, '2026/11/scene.jpg', input, { generateSubSizes: true, convertFormat: true });
    expect(made.details.sizes.large).toMatchObject({ width: 1024, height: 768 });
    const expected = await reference().resize(1024, 768, { fit: 'fill', kernel: 'lanczos2' }).jpeg({ quality: 82 }).toBuffer();
    expect(files.get(`2026/11/${made.details.sizes.large.file}`)!.equals(expected)).toBe(true);
  });
});
