// The formats decoded in JavaScript (on a worker): the caller's bytes stay whole, since an
// upload stores them while its sizes are made from them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeInWorker, type JsFormat } from '../../server/media/js-decoders.ts';
import { solidBmp } from '../helpers/image-bombs.ts';

/** A file of each format, with its size: a BMP made here, a phone's HEIC (HEVC) from the block editor's test files. */
const SAMPLES: Record<JsFormat, { bytes: () => Buffer; width: number; height: number }> = {
  bmp: { bytes: () => solidBmp(40, 30), width: 40, height: 30 },
  heic: { bytes: () => fs.readFileSync(path.resolve('node_modules/@wordpress/upload-media/src/test/fixtures/exif-rotated-90cw.heic')), width: 64, height: 32 },
};

describe.each(Object.entries(SAMPLES) as [JsFormat, (typeof SAMPLES)[JsFormat]][])('decoding a %s in JavaScript', (format, sample) => {
  it('gives its pixels and leaves the caller its bytes, whole and unchanged', async () => {
    const bytes = sample.bytes();
    const before = Buffer.from(bytes);
    const image = await decodeInWorker(format, bytes);
    expect({ width: image.width, height: image.height, length: image.data.length }).toEqual({ width: sample.width, height: sample.height, length: sample.width * sample.height * 4 });
    expect(bytes.buffer.byteLength).toBeGreaterThan(0);
    expect(bytes.equals(before)).toBe(true);
  });
});
