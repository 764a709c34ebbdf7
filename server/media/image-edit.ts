// Applies edit modifiers to an image file's bytes and returns the edited pixels. At most two
// decoded copies exist at once: the input of a pass and its output.
import type { Sharp } from 'sharp';
import { sharp } from './sharp-on-demand.ts';
import { decode, fromDecoded, toDecoded, type DecodedImage } from './image-codec.ts';
import { imageSource } from './image-source.ts';
import { checkPixels } from './image-limits.ts';
import { isIdentity, planPass, regionInSource, segments, type Modifier, type Pass } from './edit-plan.ts';
import { turnedSize, type Size } from '../../shared/edit-geometry.ts';

/** The region is cut first (sharp then mirrors, then turns): only the pixels kept are turned, and the decoder stops below them. */
function applyPass(pipeline: Sharp, size: Size, pass: Pass): Sharp {
  const region = regionInSource(size, pass);
  let result = region ? pipeline.extract({ left: region.x, top: region.y, width: region.width, height: region.height }) : pipeline;
  if (pass.flop) result = result.flop();
  if (pass.angle !== 0) result = result.rotate(pass.angle);
  return result;
}

/**
 * `keepsAlpha`: whether the output format can be transparent (corners of a free rotation).
 * Callers check the edit's budget first (`checkEditBudget`); the checks here are a second guard.
 */
export async function applyModifiers(sourceBytes: Buffer, sourceMime: string, modifiers: readonly Modifier[], keepsAlpha: boolean): Promise<DecodedImage> {
  let image: DecodedImage | null = null;
  const source = await imageSource(sourceBytes, sourceMime);
  const { metadata } = source;
  const swap = (metadata.orientation ?? 1) >= 5;
  let width = swap ? metadata.height : metadata.width;
  let height = swap ? metadata.width : metadata.height;
  const current = () => (image ? fromDecoded(image) : sharp(source.input, source.options).autoOrient());
  for (const segment of segments(modifiers)) {
    const pass = planPass(width, height, segment.modifiers);
    if (!isIdentity(pass)) image = await toDecoded(applyPass(current(), { width, height }, pass));
    if (segment.freeAngle !== undefined) {
      // A free rotation's canvas is larger than the image: it is bounded as a decoded input is.
      checkPixels(turnedSize({ width, height }, segment.freeAngle), false);
      const background = keepsAlpha ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 255, g: 255, b: 255, alpha: 1 };
      const base = keepsAlpha ? current().ensureAlpha() : current();
      image = await toDecoded(base.rotate(segment.freeAngle, { background }));
    }
    if (segment.scale) {
      checkPixels(segment.scale, false);
      image = await toDecoded(current().resize(segment.scale.width, segment.scale.height, { fit: 'fill' }));
    }
    if (image) ({ width, height } = image.info);
  }
  return image ?? decode(source);
}
