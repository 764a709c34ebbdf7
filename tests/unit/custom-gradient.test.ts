// A custom gradient read and written as the block editor's own gradient picker reads and writes
// it (issue 29): every step a writer takes in the picker (an angle, the type, a stop's colour or
// position, a stop added or removed), from every kind of value a document may hold, gives the CSS
// value @wordpress/components' CustomGradientPicker gives for the same step (its own parser and
// serialiser are the judge here).
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FIRST_LINEAR_ANGLE, addedStop, fieldColour, gradientCss, isCustomGradient, readGradient, withStops, withType,
} from '../../renderer/blocks/custom-gradient.ts';

interface Ast { type: string; orientation?: { type: string; value: string }; colorStops: { type: string; value: string | string[]; length?: { value: string } }[] }
interface PickerUtils {
  getGradientAstWithDefault(value: string | undefined): { gradientAST: Ast };
  getGradientAstWithControlPoints(ast: Ast, points: { position: number; color: string }[]): Ast;
  getStopCssColor(stop: Ast['colorStops'][number]): string;
}
interface PickerSerialiser { serializeGradient(ast: Ast): string }

// The picker's modules are not among the package's exports: they are read from its build by path.
const require = createRequire(import.meta.url);
const pickerFolder = path.join(path.dirname(require.resolve('@wordpress/components')), 'custom-gradient-picker');
const utils = require(path.join(pickerFolder, 'utils.cjs')) as PickerUtils;
const { serializeGradient } = require(path.join(pickerFolder, 'serializer.cjs')) as PickerSerialiser;

/** The block editor's picker on `value`: its gradient, and its control points (colour and whole position of each stop). */
function picker(value: string) {
  const { gradientAST } = utils.getGradientAstWithDefault(value || undefined);
  const points = gradientAST.colorStops.map((stop) => ({ color: utils.getStopCssColor(stop), position: parseInt(stop.length?.value ?? '0', 10) }));
  return { ast: gradientAST, points };
}
const theirStops = (value: string, points: { position: number; color: string }[]) => serializeGradient(utils.getGradientAstWithControlPoints(picker(value).ast, points));

/** Values a document may hold: none, the picker's default, hex and rgb stops, see-through ones, a direction, no angle, stops without positions, one it cannot read. */
const VALUES = [
  '',
  'linear-gradient(135deg, rgba(6, 147, 227, 1) 0%, rgb(155, 81, 224) 100%)',
  'linear-gradient(90deg,#fff 10%,#000000 90%)',
  'radial-gradient(rgb(1,2,3) 0%,rgba(4,5,6,0.5) 50%,#abcdef 100%)',
  'linear-gradient(to bottom left, rgb(1, 2, 3) 0%, rgb(7,8,9) 100%)',
  'linear-gradient(rgb(1,2,3) 20%,rgb(7,8,9) 80%)',
  'linear-gradient(45deg,#111111,#222222,#333333,#444444)',
  'linear-gradient(200deg,rgb(250,0,0) 0%,rgb(0,0,250) 60%,rgb(0,250,0) 30%)',
  'not a gradient',
];

const ours = (value: string) => readGradient(isCustomGradient(value) ? value : '');

describe('a custom gradient, step by step as in the block editor\'s picker', () => {
  // The block editor's picker warns on the console of a value it cannot read.
  const quiet = vi.spyOn(console, 'warn');
  beforeAll(() => quiet.mockImplementation(() => undefined));
  afterAll(() => quiet.mockRestore());
  for (const value of VALUES) {
    it(`from ${JSON.stringify(value)}: each step written as the block editor's picker writes it`, () => {
      const gradient = ours(value);
      const { ast, points } = picker(value);
      // The stops it shows, whole per cent.
      expect(gradient.stops.map(({ colour, position }) => ({ color: colour, position: Math.trunc(position) }))).toEqual(points);
      // An angle.
      expect(gradientCss({ ...gradient, type: 'linear-gradient', angle: 45 })).toBe(serializeGradient({ ...ast, type: 'linear-gradient', orientation: { type: 'angular', value: '45' } }));
      // Radial, then linear again (the first time at 90°).
      const { orientation: _angle, ...radial } = ast;
      expect(gradientCss(withType(gradient, 'radial-gradient', FIRST_LINEAR_ANGLE))).toBe(serializeGradient({ ...radial, type: 'radial-gradient' }));
      expect(gradientCss(withType(withType(gradient, 'radial-gradient', 0), 'linear-gradient', FIRST_LINEAR_ANGLE))).toBe(serializeGradient({ ...radial, type: 'linear-gradient', orientation: { type: 'angular', value: '90' } }));
      // A stop's colour from the colour field, and its position.
      const coloured = gradient.stops.map((stop, index) => (index === 0 ? { ...stop, colour: '#123456' } : stop));
      expect(gradientCss(withStops(gradient, coloured))).toBe(theirStops(value, points.map((point, index) => (index === 0 ? { ...point, color: '#123456' } : point))));
      const moved = gradient.stops.map((stop, index) => (index === 1 ? { ...stop, position: 35 } : stop));
      expect(gradientCss(withStops(gradient, moved))).toBe(theirStops(value, points.map((point, index) => (index === 1 ? { ...point, position: 35 } : point))));
      // A stop added, and (with three or more) the first removed.
      const added = addedStop(gradient.stops);
      expect(gradientCss(withStops(gradient, [...gradient.stops, added]))).toBe(theirStops(value, [...points, { color: added.colour, position: added.position }]));
      if (gradient.stops.length > 2) expect(gradientCss(withStops(gradient, gradient.stops.slice(1)))).toBe(theirStops(value, points.slice(1)));
    });
  }

  it('a stop is added between the two stops furthest apart, and the colour field shows each stop\'s colour', () => {
    expect(addedStop([{ colour: '#000', position: 0 }, { colour: '#111', position: 20 }, { colour: '#222', position: 100 }])).toEqual({ colour: '#111', position: 60 });
    expect(fieldColour('rgba(6,147,227,1)')).toBe('#0693e3');
    expect(fieldColour('#abc')).toBe('#aabbcc');
  });
});
