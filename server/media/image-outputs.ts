// Makes an image's files (its served copy, its sizes, an edited image's own file) with as
// little decoding and resampling as they allow. The image is decoded once, at the smallest
// size that covers the files made from it (a base; a base of a file's own size is encoded
// as it is), and every file is resampled from a base. Files a third of the image or less
// share a smaller base, resampled from the first one's pixels (a fraction of a second
// decode's cost) while the larger files encode; when there are only small files, that base
// is the decoded one, which from a JPEG the decoder makes at a half, a quarter or an
// eighth of the size (shrink-on-load). A file is encoded before its path is known: only its
// write waits for it (a new item's name is claimed while its image decodes).
import { sharp } from './sharp-on-demand.ts';
import type { Size } from '../../shared/edit-geometry.ts';
import { fromDecoded, toDecoded, writeOutput, type DecodedImage, type SizeInfo } from './image-codec.ts';
import type { ImageSource } from './image-source.ts';
import type { MediaStorage } from './storage.ts';

export interface Output {
  width: number;
  height: number;
  /** Cut to fill the box (centred), rather than the whole image scaled to it. */
  crop: boolean;
  mime: string;
}

/** What the files are made from: a file as sharp reads it, or pixels already decoded (upright). */
export type PixelSource = { file: ImageSource } | { decoded: DecodedImage };

/**
 * Files this many times smaller than the image share a smaller base. It is also where sharp
 * lets the JPEG decoder shrink (at two, libjpeg's rounding makes it decode whole): see
 * shouldPreShrink in its pipeline.
 */
const SMALL_RATIO = 3;

/**
 * Every resample's kernel: Lanczos with two lobes, not sharp's default three. It costs about
 * 13 ms less CPU an upload of a 12 MP photo (10 of them in the 2560 copy's resample, which ends
 * before any file can be encoded), and is at least as faithful: nearer the image's exact area
 * average (by 1–4 dB PSNR), without the third lobe's overshoot at edges, in files 3–5 % smaller;
 * the two kernels' results differ far less than JPEG at quality 82 alters either (docs/benchmarks.md).
 */
const RESAMPLING = { kernel: 'lanczos2' } as const;

interface Base extends Size {
  outputs: Output[];
}

/** The whole image's size `output` is resampled from: its own, or for a crop the image scaled to cover the box. */
function wholeImageSize(output: Output, upright: Size): Size {
  if (!output.crop) return output;
  const scale = Math.max(output.width / upright.width, output.height / upright.height);
  return { width: Math.min(upright.width, Math.ceil(upright.width * scale)), height: Math.min(upright.height, Math.ceil(upright.height * scale)) };
}

function baseOf(outputs: Output[], upright: Size): Base {
  const sizes = outputs.map((output) => wholeImageSize(output, upright));
  return { width: Math.max(...sizes.map((size) => size.width)), height: Math.max(...sizes.map((size) => size.height)), outputs };
}

/** The larger base first. */
function bases(outputs: readonly Output[], upright: Size): Base[] {
  const small = (output: Output) => {
    const size = wholeImageSize(output, upright);
    return size.width * SMALL_RATIO <= upright.width && size.height * SMALL_RATIO <= upright.height;
  };
  return [outputs.filter((output) => !small(output)), outputs.filter(small)].filter((group) => group.length > 0).map((group) => baseOf(group, upright));
}

const sameSize = (a: Size, b: Size) => a.width === b.width && a.height === b.height;

async function decodeBase(from: PixelSource, upright: Size, base: Size): Promise<DecodedImage> {
  if ('decoded' in from) {
    return sameSize(from.decoded.info, base) ? from.decoded : toDecoded(fromDecoded(from.decoded).resize(base.width, base.height, { fit: 'fill', ...RESAMPLING }));
  }
  const whole = sharp(from.file.input, from.file.options).autoOrient();
  return toDecoded(sameSize(upright, base) ? whole : whole.resize(base.width, base.height, { fit: 'fill', ...RESAMPLING }));
}

function makeOutput(storage: MediaStorage, base: DecodedImage, output: Output, pathOf: Promise<(output: Output) => string>): Promise<SizeInfo> {
  const pixels = sameSize(base.info, output) ? fromDecoded(base) : fromDecoded(base).resize(output.width, output.height, { fit: output.crop ? 'cover' : 'fill', position: 'centre', ...RESAMPLING });
  return writeOutput(storage, pathOf.then((path) => path(output)), pixels, output.mime);
}

/**
 * Makes and stores every output, all at once; `upright` is the image's size with its
 * orientation applied, and `pathOf` (awaited only to write) names each output's file. Says,
 * by output, what its size entry is or why it could not be made.
 */
export async function makeOutputs(storage: MediaStorage, from: PixelSource, upright: Size, outputs: readonly Output[], pathOf: Promise<(output: Output) => string>): Promise<Map<Output, PromiseSettledResult<SizeInfo>>> {
  const results = new Map<Output, PromiseSettledResult<SizeInfo>>();
  const [first, ...smaller] = bases(outputs, upright);
  if (!first) return results;
  const firstImage = decodeBase(from, upright, first);
  const images = [firstImage, ...smaller.map((base) => firstImage.then((image) => decodeBase({ decoded: image }, image.info, base)))];
  await Promise.all(
    [first, ...smaller].map(async (base, index) => {
      const settled = await images[index].then(
        (image) => Promise.allSettled(base.outputs.map((output) => makeOutput(storage, image, output, pathOf))),
        (reason: unknown) => base.outputs.map((): PromiseRejectedResult => ({ status: 'rejected', reason })),
      );
      base.outputs.forEach((output, index) => results.set(output, settled[index]));
    }),
  );
  return results;
}
