// An image's files: every file its sizes name is made and written once, whatever its shape
// (a portrait's large and medium_large sizes are often one file), from an uploaded file or an
// edit's pixels, and its name known before or only after the files are encoded.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { makeImageFiles, type ImageInput } from '../../server/media/image-files.ts';
import { toDecoded } from '../../server/media/image-codec.ts';
import type { MediaStorage } from '../../server/media/storage.ts';

/** Keeps how many times each path was written. */
function countingStorage(): { storage: MediaStorage; writes: Map<string, number> } {
  const writes = new Map<string, number>();
  const storage = { write: async (relative: string) => void writes.set(relative, (writes.get(relative) ?? 0) + 1), size: async () => null } as unknown as MediaStorage;
  return { storage, writes };
}

/** Portraits, landscapes and squares around each size's bounds. */
const SHAPES = [[1500, 2000], [2000, 1500], [1200, 1200], [768, 1100], [1100, 768], [3000, 4000], [300, 160]] as const;

const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#6a8' } }).jpeg().toBuffer();

const SOURCES: Record<string, (file: Buffer) => Promise<ImageInput>> = {
  'an uploaded file': async (file) => ({ bytes: file, mime: 'image/jpeg' }),
  "an edit's pixels": async (file) => ({ decoded: await toDecoded(sharp(file)), mime: 'image/jpeg' }),
};

const NAMES: Record<string, () => string | Promise<string>> = {
  'known at once': () => '2026/11/shape.jpg',
  'known after the encodes': () => new Promise((resolve) => setImmediate(() => resolve('2026/11/shape.jpg'))),
};

describe.each(Object.keys(SOURCES))('the files made from %s', (source) => {
  it.each(SHAPES.flatMap(([width, height]) => Object.keys(NAMES).map((name) => [width, height, name] as const)))('of %i × %i, the name %s: each written once, each size’s file among them', async (width, height, name) => {
    const { storage, writes } = countingStorage();
    const made = await makeImageFiles(storage, NAMES[name](), await SOURCES[source](await image(width, height)), { generateSubSizes: true, convertFormat: true });
    expect([...writes.values()].every((count) => count === 1), JSON.stringify([...writes])).toBe(true);
    for (const size of Object.values(made.details.sizes)) expect(writes.has(`2026/11/${size.file}`)).toBe(true);
    expect(made.missing).toEqual([]);
  });
});
