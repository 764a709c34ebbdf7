// Turns a list of edit modifiers into as few image pipelines as possible. Flips, quarter
// turns and crops compose into one pass (mirror → quarter turn → extract); a rotation by
// any other angle is a pass of its own, since its canvas size is only known once made, and
// so is a scale (to a size in pixels), which the steps after it take as their image.

import { clockwiseAngle, cropToPixels, turnedSize, type Size } from '../../shared/edit-geometry.ts';

export type Modifier =
  | { type: 'flip'; horizontal: boolean; vertical: boolean }
  | { type: 'rotate'; angle: number }
  | { type: 'crop'; left: number; top: number; width: number; height: number }
  | { type: 'scale'; width: number; height: number };

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One pipeline: mirror first (if `flop`), then rotate clockwise by `angle`, then extract `region`. */
export interface Pass {
  flop: boolean;
  angle: number;
  /** In the coordinates of the mirrored and rotated image; null keeps all of it. */
  region: Region | null;
}

interface State {
  flop: boolean;
  angle: number;
  /** Size of the mirrored and rotated image, before extraction. */
  fullWidth: number;
  fullHeight: number;
  region: Region;
}

function freshState(width: number, height: number): State {
  return { flop: false, angle: 0, fullWidth: width, fullHeight: height, region: { x: 0, y: 0, width, height } };
}

function mirror(state: State): void {
  // mirror ∘ rotate(a) = rotate(−a) ∘ mirror, so the pass keeps the shape "mirror, then rotate".
  state.flop = !state.flop;
  state.angle = (360 - state.angle) % 360;
  state.region.x = state.fullWidth - state.region.x - state.region.width;
}

function quarterTurn(state: State): void {
  const { x, y, width, height } = state.region;
  state.angle = (state.angle + 90) % 360;
  state.region = { x: state.fullHeight - (y + height), y: x, width: height, height: width };
  [state.fullWidth, state.fullHeight] = [state.fullHeight, state.fullWidth];
}

function crop(state: State, modifier: Extract<Modifier, { type: 'crop' }>): void {
  const region = state.region;
  const cut = cropToPixels(modifier, region);
  state.region = { ...cut, x: region.x + cut.x, y: region.y + cut.y };
}

function toPass(state: State): Pass {
  const { region, fullWidth, fullHeight } = state;
  const whole = region.x === 0 && region.y === 0 && region.width === fullWidth && region.height === fullHeight;
  return { flop: state.flop, angle: state.angle, region: whole ? null : { ...region } };
}

/**
 * The pass's region in the coordinates of the image before it (of `size`): cutting it
 * first, then mirroring and turning what was cut, gives the pass's image.
 */
export function regionInSource(size: Size, pass: Pass): Region | null {
  if (!pass.region) return null;
  let region = { ...pass.region };
  let turned = turnedSize(size, pass.angle);
  for (let turn = 0; turn < pass.angle / 90; turn++) {
    // Undoes one clockwise quarter turn (quarterTurn above, backwards): the image before it is `turned` on its side.
    region = { x: region.y, y: turned.width - region.x - region.width, width: region.height, height: region.width };
    turned = { width: turned.height, height: turned.width };
  }
  if (pass.flop) region.x = size.width - region.x - region.width;
  return region;
}

export function isIdentity(pass: Pass): boolean {
  return !pass.flop && pass.angle === 0 && pass.region === null;
}

/** The single pass for modifiers that are flips, quarter turns and crops, on a `width` × `height` image. */
export function planPass(width: number, height: number, modifiers: readonly Modifier[]): Pass {
  const state = freshState(width, height);
  for (const modifier of modifiers) {
    if (modifier.type === 'crop') crop(state, modifier);
    else if (modifier.type === 'flip') {
      if (modifier.horizontal) mirror(state);
      if (modifier.vertical) {
        // A vertical flip is a horizontal one followed by a half turn.
        mirror(state);
        quarterTurn(state);
        quarterTurn(state);
      }
    } else if (modifier.type === 'rotate') {
      for (let turn = 0; turn < clockwiseAngle(modifier.angle) / 90; turn++) quarterTurn(state);
    }
    // A scale is never in a pass: segments() makes it a pass of its own.
  }
  return toPass(state);
}

export interface Segment {
  /** Flips, quarter turns and crops: one pass. */
  modifiers: Modifier[];
  /** A rotation by another angle that follows them, as its own pass. */
  freeAngle?: number;
  /** Or a scale to this size in pixels, as its own pass. */
  scale?: { width: number; height: number };
}

/** Splits the modifiers at every rotation that is not a multiple of 90 degrees, and at every scale. */
export function segments(modifiers: readonly Modifier[]): Segment[] {
  const result: Segment[] = [{ modifiers: [] }];
  for (const modifier of modifiers) {
    const current = result[result.length - 1];
    if (modifier.type === 'rotate' && clockwiseAngle(modifier.angle) % 90 !== 0) {
      current.freeAngle = clockwiseAngle(modifier.angle);
      result.push({ modifiers: [] });
    } else if (modifier.type === 'scale') {
      current.scale = { width: modifier.width, height: modifier.height };
      result.push({ modifiers: [] });
    } else current.modifiers.push(modifier);
  }
  return result;
}

/** One image the edit makes, in order: a pass, a free rotation or a scale, and the size it comes out at. */
export type Step =
  | { kind: 'pass'; pass: Pass; size: Size }
  | { kind: 'rotate'; angle: number; size: Size }
  | { kind: 'scale'; size: Size };

function passSize(size: Size, pass: Pass): Size {
  if (pass.region) return { width: pass.region.width, height: pass.region.height };
  return pass.angle % 180 === 90 ? { width: size.height, height: size.width } : { ...size };
}

/**
 * Every image an edit of a `width` × `height` image makes, with its size, known from the
 * header alone: what the edit costs is known before anything is decoded.
 */
export function planSteps(width: number, height: number, modifiers: readonly Modifier[]): Step[] {
  const steps: Step[] = [];
  let size: Size = { width, height };
  for (const segment of segments(modifiers)) {
    const pass = planPass(size.width, size.height, segment.modifiers);
    if (!isIdentity(pass)) {
      size = passSize(size, pass);
      steps.push({ kind: 'pass', pass, size });
    }
    if (segment.freeAngle !== undefined) {
      size = turnedSize(size, segment.freeAngle);
      steps.push({ kind: 'rotate', angle: segment.freeAngle, size });
    }
    if (segment.scale) {
      size = { ...segment.scale };
      steps.push({ kind: 'scale', size });
    }
  }
  return steps;
}
