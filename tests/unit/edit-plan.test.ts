// The edit planner folds flips, quarter turns and crops into one pass (mirror → turn →
// extract). Checked against a reference that applies each modifier in turn to a grid of
// numbered pixels, for every short sequence of a set of modifiers.
import { describe, expect, it } from 'vitest';
import { isIdentity, planPass, regionInSource, segments, type Modifier, type Pass } from '../../server/media/edit-plan.ts';
import { clockwiseAngle } from '../../shared/edit-geometry.ts';

/** A grid of pixel ids, row by row. */
interface Grid {
  width: number;
  height: number;
  cells: number[];
}

function grid(width: number, height: number): Grid {
  return { width, height, cells: Array.from({ length: width * height }, (_, index) => index) };
}

const at = (g: Grid, x: number, y: number) => g.cells[y * g.width + x];

function build(width: number, height: number, pick: (x: number, y: number) => number): Grid {
  const cells: number[] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) cells.push(pick(x, y));
  return { width, height, cells };
}

const mirror = (g: Grid) => build(g.width, g.height, (x, y) => at(g, g.width - 1 - x, y));
const mirrorVertical = (g: Grid) => build(g.width, g.height, (x, y) => at(g, x, g.height - 1 - y));
/** A quarter turn clockwise: the left column becomes the top row. */
const turn = (g: Grid) => build(g.height, g.width, (x, y) => at(g, y, g.height - 1 - x));
const extract = (g: Grid, left: number, top: number, width: number, height: number) => build(width, height, (x, y) => at(g, left + x, top + y));

/** The reference: each modifier applied in order, crops as percentages of the current image. */
function reference(start: Grid, modifiers: readonly Modifier[]): Grid {
  let g = start;
  for (const modifier of modifiers) {
    if (modifier.type === 'flip') {
      if (modifier.horizontal) g = mirror(g);
      if (modifier.vertical) g = mirrorVertical(g);
    } else if (modifier.type === 'rotate') {
      for (let quarter = 0; quarter < clockwiseAngle(modifier.angle) / 90; quarter++) g = turn(g);
    } else if (modifier.type === 'crop') {
      const x = Math.min(g.width - 1, Math.round((g.width * modifier.left) / 100));
      const y = Math.min(g.height - 1, Math.round((g.height * modifier.top) / 100));
      const width = Math.max(1, Math.min(g.width - x, Math.round((g.width * modifier.width) / 100)));
      const height = Math.max(1, Math.min(g.height - y, Math.round((g.height * modifier.height) / 100)));
      g = extract(g, x, y, width, height);
    }
  }
  return g;
}

/** The plan as the image pipeline runs it: mirror, then turn clockwise, then extract. */
function runPass(start: Grid, pass: Pass): Grid {
  let g = pass.flop ? mirror(start) : start;
  expect(pass.angle % 90).toBe(0);
  for (let quarter = 0; quarter < pass.angle / 90; quarter++) g = turn(g);
  if (pass.region) {
    const { x, y, width, height } = pass.region;
    expect(x).toBeGreaterThanOrEqual(0);
    expect(y).toBeGreaterThanOrEqual(0);
    expect(x + width).toBeLessThanOrEqual(g.width);
    expect(y + height).toBeLessThanOrEqual(g.height);
    g = extract(g, x, y, width, height);
  }
  return g;
}

const flip = (horizontal: boolean, vertical: boolean): Modifier => ({ type: 'flip', horizontal, vertical });
const rotate = (angle: number): Modifier => ({ type: 'rotate', angle });
const crop = (left: number, top: number, width: number, height: number): Modifier => ({ type: 'crop', left, top, width, height });

const VOCABULARY: Modifier[] = [
  flip(true, false), flip(false, true), flip(true, true), flip(false, false),
  rotate(90), rotate(180), rotate(270), rotate(-90), rotate(360), rotate(450),
  crop(0, 0, 50, 50), crop(25, 10, 50, 80), crop(60, 40, 40, 60), crop(0, 0, 100, 100), crop(33.3, 66.6, 33.3, 33.4),
];

function* sequences(maxLength: number): Generator<Modifier[]> {
  if (maxLength === 0) return;
  for (const modifier of VOCABULARY) {
    yield [modifier];
    for (const rest of sequences(maxLength - 1)) yield [modifier, ...rest];
  }
}

describe('clockwiseAngle', () => {
  it('brings any angle into [0, 360)', () => {
    expect([0, 90, 360, 450, -90, -450, 720, 45, -45].map(clockwiseAngle)).toEqual([0, 90, 0, 90, 270, 270, 0, 45, 315]);
  });
});

describe('planPass', () => {
  it('is the identity for no modifiers and for edits that cancel out', () => {
    expect(isIdentity(planPass(40, 30, []))).toBe(true);
    expect(isIdentity(planPass(40, 30, [flip(true, false), flip(true, false)]))).toBe(true);
    expect(isIdentity(planPass(40, 30, [rotate(90), rotate(270)]))).toBe(true);
    expect(isIdentity(planPass(40, 30, [flip(true, true), rotate(180)]))).toBe(true);
    expect(isIdentity(planPass(40, 30, [crop(0, 0, 100, 100)]))).toBe(true);
  });

  it('plans simple edits as one mirror, turn or region', () => {
    expect(planPass(40, 30, [flip(true, false)])).toEqual({ flop: true, angle: 0, region: null });
    expect(planPass(40, 30, [flip(false, true)])).toEqual({ flop: true, angle: 180, region: null });
    expect(planPass(40, 30, [rotate(90)])).toEqual({ flop: false, angle: 90, region: null });
    expect(planPass(40, 30, [rotate(-90)])).toEqual({ flop: false, angle: 270, region: null });
    expect(planPass(40, 30, [crop(25, 50, 50, 50)])).toEqual({ flop: false, angle: 0, region: { x: 10, y: 15, width: 20, height: 15 } });
  });

  it('takes a crop after a quarter turn in the turned image’s percentages', () => {
    // 40×30 turned is 30×40; the left half of that is 15×40.
    expect(planPass(40, 30, [rotate(90), crop(0, 0, 50, 100)])).toEqual({ flop: false, angle: 90, region: { x: 0, y: 0, width: 15, height: 40 } });
  });

  for (const [width, height] of [[5, 3], [4, 4], [7, 2]] as const) {
    it(`matches applying each modifier in turn, for every sequence of up to three (${width}×${height})`, () => {
      let checked = 0;
      for (const modifiers of sequences(3)) {
        const expected = reference(grid(width, height), modifiers);
        const actual = runPass(grid(width, height), planPass(width, height, modifiers));
        if (actual.width !== expected.width || actual.height !== expected.height || actual.cells.join() !== expected.cells.join()) {
          throw new Error(`Plan differs for ${JSON.stringify(modifiers)}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`);
        }
        checked++;
      }
      expect(checked).toBe(15 + 15 ** 2 + 15 ** 3);
    });
  }

  for (const [width, height] of [[5, 3], [4, 4], [7, 2]] as const) {
    it(`gives the same image cutting the region first, then mirroring and turning, for every sequence of up to three (${width}×${height})`, () => {
      let checked = 0;
      for (const modifiers of sequences(3)) {
        const pass = planPass(width, height, modifiers);
        const region = regionInSource({ width, height }, pass);
        expect(region === null).toBe(pass.region === null);
        const cut = region ? extract(grid(width, height), region.x, region.y, region.width, region.height) : grid(width, height);
        const actual = runPass(cut, { ...pass, region: null });
        const expected = runPass(grid(width, height), pass);
        if (actual.width !== expected.width || actual.height !== expected.height || actual.cells.join() !== expected.cells.join()) {
          throw new Error(`Cutting first differs for ${JSON.stringify(modifiers)}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`);
        }
        checked++;
      }
      expect(checked).toBe(15 + 15 ** 2 + 15 ** 3);
    });
  }

  it('never makes an empty region, even for tiny crops of tiny images', () => {
    const pass = planPass(3, 3, [crop(99, 99, 1, 1)]);
    expect(pass.region).toEqual({ x: 2, y: 2, width: 1, height: 1 });
  });
});

describe('segments', () => {
  it('keeps flips, quarter turns and crops in one segment', () => {
    const modifiers = [flip(true, false), rotate(90), crop(0, 0, 50, 50), rotate(-180)];
    expect(segments(modifiers)).toEqual([{ modifiers }]);
  });

  it('splits after each rotation by another angle, which becomes its own step', () => {
    expect(segments([flip(true, false), rotate(45), crop(10, 10, 80, 80), rotate(-30)])).toEqual([
      { modifiers: [flip(true, false)], freeAngle: 45 },
      { modifiers: [crop(10, 10, 80, 80)], freeAngle: 330 },
      { modifiers: [] },
    ]);
    expect(segments([rotate(45)])).toEqual([{ modifiers: [], freeAngle: 45 }, { modifiers: [] }]);
  });
});
