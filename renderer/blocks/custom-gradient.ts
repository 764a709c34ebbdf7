// A custom gradient as the block editor's gradient picker (@wordpress/components
// CustomGradientPicker) reads and writes it: linear (at an angle) or radial, two or more colour
// stops at positions in per cent. It reads the CSS value the way its picker does (no value, or one
// it cannot read, is its default gradient; a direction is its angle; stops without positions are
// spread evenly) and writes it the way its serialiser does: no spaces after commas, the stops
// ordered by position, a radial gradient without an angle. Changing a stop writes every stop as
// `rgb()` (or `rgba()` when see-through), as its picker does; changing the type or the angle keeps
// the stops as they were written.

export type GradientType = 'linear-gradient' | 'radial-gradient';

export interface GradientStop {
  /** The stop's colour as the picker writes it back (`rgb(6,147,227)`, `#fff` …). */
  colour: string;
  /** Its position, in per cent. */
  position: number;
}

export interface CustomGradient {
  type: GradientType;
  /** A linear gradient's angle in degrees; null when its value names none. */
  angle: number | null;
  stops: GradientStop[];
}

/** The gradient the block editor's picker starts from. */
export const DEFAULT_CUSTOM_GRADIENT = 'linear-gradient(135deg, rgba(6, 147, 227, 1) 0%, rgb(155, 81, 224) 100%)';

/** The angle the picker shows for a linear gradient without one. */
export const DEFAULT_ANGLE = 180;

/** The angle the picker gives a gradient turned linear before it had one. */
export const FIRST_LINEAR_ANGLE = 90;

/** Whether a background choice is a custom gradient's CSS value rather than a preset's slug. */
export const isCustomGradient = (value: string) => /^(?:linear|radial)-gradient\(.*\)$/is.test(value);

/** The directions the picker turns into angles. */
const DIRECTIONS: Readonly<Record<string, number>> = {
  top: 0, 'top right': 45, 'right top': 45, right: 90, 'right bottom': 135, 'bottom right': 135,
  bottom: 180, 'bottom left': 225, 'left bottom': 225, left: 270, 'top left': 315, 'left top': 315,
};

/** The parts of a comma-separated list, commas inside brackets left whole. */
function topLevelParts(list: string): string[] {
  const parts = [''];
  let depth = 0;
  for (const character of list) {
    if (character === '(') depth += 1;
    if (character === ')') depth -= 1;
    if (character === ',' && depth === 0) parts.push('');
    else parts[parts.length - 1] += character;
  }
  return parts.map((part) => part.trim());
}

const STOP = /^(#[0-9a-f]{3,8}|(?:rgba?|hsla?)\([^()]*\)|[a-z]+)(?:\s+(-?\d+(?:\.\d+)?)%)?$/i;

/** A stop's colour as the picker writes it back: a function's values without spaces. */
const writtenColour = (colour: string) => colour.replace(/\s+/g, '');

/** The gradient a CSS value describes, or null when the picker could not read it. */
function parsed(value: string): CustomGradient | null {
  const whole = /^(linear|radial)-gradient\((.*)\)$/is.exec(value.trim());
  if (!whole) return null;
  const parts = topLevelParts(whole[2]);
  const type = `${whole[1].toLowerCase()}-gradient` as GradientType;
  let angle: number | null = null;
  const degrees = /^(-?\d+(?:\.\d+)?)deg$/i.exec(parts[0]);
  const direction = /^to\s+(.+)$/i.exec(parts[0]);
  if (degrees) angle = Number(degrees[1]);
  else if (direction && Object.hasOwn(DIRECTIONS, direction[1].toLowerCase().replace(/\s+/g, ' '))) angle = DIRECTIONS[direction[1].toLowerCase().replace(/\s+/g, ' ')];
  const stopParts = degrees || direction ? parts.slice(1) : parts;
  if (type === 'radial-gradient' && angle !== null) return null;
  const stops = stopParts.map((part) => STOP.exec(part));
  if (stops.length < 2 || stops.some((stop) => stop === null)) return null;
  const matched = stops as RegExpExecArray[];
  // Any stop without a position in per cent: all are spread evenly, as the picker spreads them.
  const spread = matched.some((stop) => stop[2] === undefined);
  return { type, angle, stops: matched.map((stop, index) => ({ colour: writtenColour(stop[1]), position: spread ? (100 / (matched.length - 1)) * index : Number(stop[2]) })) };
}

/** The gradient the picker shows for a block's value: it, or the default when it cannot read it (or there is none). */
export function readGradient(value: string): CustomGradient {
  return parsed(value) ?? (parsed(DEFAULT_CUSTOM_GRADIENT) as CustomGradient);
}

/** The CSS value of a gradient, as the block editor's serialiser writes it. */
export function gradientCss({ type, angle, stops }: CustomGradient): string {
  const ordered = [...stops].sort((first, second) => Math.trunc(first.position) - Math.trunc(second.position));
  const orientation = type === 'linear-gradient' && angle !== null ? [`${angle}deg`] : [];
  return `${type}(${[...orientation, ...ordered.map(({ colour, position }) => `${colour} ${position}%`)].join(',')})`;
}

/** A colour's red, green, blue (0–255) and alpha (0–1), from a hex value or `rgb()`/`rgba()`; null for others. */
export function rgbaOf(colour: string): [number, number, number, number] | null {
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(colour)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((digit) => digit + digit) : hex.match(/../g) ?? [];
    const [red, green, blue, alpha = 'ff'] = digits;
    return [parseInt(red, 16), parseInt(green, 16), parseInt(blue, 16), Math.round((parseInt(alpha, 16) / 255) * 100) / 100];
  }
  const values = /^rgba?\(([^()]*)\)$/i.exec(colour)?.[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  if (!values || values.length < 3 || values.some((number) => Number.isNaN(number))) return null;
  return [values[0], values[1], values[2], values[3] ?? 1];
}

/** A stop's colour as the picker writes a changed stop: `rgb()`, or `rgba()` when see-through; a colour it cannot read is kept as written. */
function rgbWritten(colour: string): string {
  const rgba = rgbaOf(colour);
  if (!rgba) return colour;
  const [red, green, blue, alpha] = rgba.map((value, index) => (index < 3 ? Math.round(value) : Math.round(value * 1000) / 1000));
  return alpha < 1 ? `rgba(${red},${green},${blue},${alpha})` : `rgb(${red},${green},${blue})`;
}

/** The gradient with its stops the `stops` given, each written as the picker writes a changed one. */
export function withStops(gradient: CustomGradient, stops: readonly GradientStop[]): CustomGradient {
  return { ...gradient, stops: stops.map(({ colour, position }) => ({ colour: rgbWritten(colour), position: Math.trunc(position) })) };
}

/** The gradient turned `type`: a linear one at `lastAngle` (the last angle it had linear, 90° at first, as the picker keeps it), a radial one without. */
export function withType(gradient: CustomGradient, type: GradientType, lastAngle: number): CustomGradient {
  return { ...gradient, type, angle: type === 'linear-gradient' ? lastAngle : null };
}

/** A stop's colour for a colour field (`#rrggbb`). */
export function fieldColour(colour: string): string {
  const rgba = rgbaOf(colour);
  if (!rgba) return '#000000';
  return `#${rgba.slice(0, 3).map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/** A new stop between the two stops furthest apart, in the colour of the first of them. */
export function addedStop(stops: readonly GradientStop[]): GradientStop {
  const ordered = [...stops].sort((first, second) => first.position - second.position);
  let widest = 0;
  for (let index = 1; index < ordered.length - 1; index += 1) {
    if (ordered[index + 1].position - ordered[index].position > ordered[widest + 1].position - ordered[widest].position) widest = index;
  }
  return { colour: ordered[widest].colour, position: Math.round((ordered[widest].position + ordered[widest + 1].position) / 2) };
}
