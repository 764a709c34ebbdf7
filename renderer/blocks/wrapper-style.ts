// A block's style as the style engine writes it on the block's wrapper, as the supports of a cover or a
// quote do in their saves: the style engine's declarations in its order, each value as the style engine
// and the serializer write it, `has-border-color`, `has-text-color`, `has-background` and `has-link-color`
// for the block's classes. No gap between blocks (the layout's, the site's styles), no aspect ratio and no
// background (the saves leave both out), and a gradient only where asked (the current cover's overlay
// shows it, the saves of 5.8 to 6.0 wrote it; a quote writing one is not read: quote-block.ts). What the style engine does not know (an element's style, a state such as
// `:hover`, a duotone, any other name) writes nothing: the site's styles draw those. A custom CSS makes
// the block editor read the block invalid (its save adds `has-custom-css`): null.
import { asSerializedAttribute } from './inline-html.ts';

/** What a style writes on a block's wrapper: its classes and its declarations, in order. */
export interface WrapperStyle { classes: string[]; declarations: Record<string, string> }

/** A wrapper style's declarations as its element's `style` attribute holds them ('' for none). */
export const wrapperCss = (written: WrapperStyle | undefined) => Object.entries(written?.declarations ?? {}).map(([property, value]) => `${property}:${value}`).join(';');

/** The sides of a box the style engine writes, in its order, and a border's corners. */
const SIDES = ['top', 'right', 'bottom', 'left'];
const CORNERS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight'];
/** What a border of one side writes, in the style engine's order (`border-top-color` …). */
const EDGE = ['color', 'style', 'width'];
/** A part's property for one side or corner (`padding-top`, `border-top-left-radius`). */
const sideProperty = (property: string, side: string) => (property === 'border-radius' ? `border-${side.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-radius` : `${property}-${side}`);
/**
 * The style's parts, in the style engine's order, each with the CSS property a block's save writes
 * (a box's sides or a border's corners after it), or null for a part it writes nothing of: a
 * gradient where not asked for (wrapperStyleOf), an aspect ratio (the save leaves it out), a gap between blocks
 * (the layout's). A cover's minimum height its own height replaces (cover-style.ts).
 */
const GRADIENT = 'background';
const WRITTEN: readonly (readonly [group: string, name: string, property: string | null, sides?: readonly string[]])[] = [
  ['border', 'color', 'border-color'], ['border', 'style', 'border-style'], ['border', 'width', 'border-width'], ['border', 'radius', 'border-radius', CORNERS],
  ...SIDES.map((side) => ['border', side, `border-${side}`, EDGE] as const),
  ['color', 'text', 'color'], ['color', 'gradient', GRADIENT], ['color', 'background', 'background-color'],
  ['dimensions', 'height', 'height'], ['dimensions', 'minHeight', 'min-height'], ['dimensions', 'minWidth', 'min-width'], ['dimensions', 'aspectRatio', null], ['dimensions', 'width', 'width'], ['dimensions', 'objectFit', 'object-fit'],
  ['outline', 'color', 'outline-color'], ['outline', 'style', 'outline-style'], ['outline', 'offset', 'outline-offset'], ['outline', 'width', 'outline-width'],
  ['spacing', 'margin', 'margin', SIDES], ['spacing', 'padding', 'padding', SIDES], ['spacing', 'blockGap', null],
  ['typography', 'fontFamily', 'font-family'], ['typography', 'fontSize', 'font-size'], ['typography', 'fontStyle', 'font-style'], ['typography', 'fontWeight', 'font-weight'],
  ['typography', 'letterSpacing', 'letter-spacing'], ['typography', 'lineHeight', 'line-height'], ['typography', 'textColumns', 'column-count'], ['typography', 'textDecoration', 'text-decoration'],
  ['typography', 'textIndent', 'text-indent'], ['typography', 'textShadow', 'text-shadow'], ['typography', 'textTransform', 'text-transform'], ['typography', 'writingMode', 'writing-mode'],
];
/** The properties whose number the serializer writes without a unit (@wordpress/element's list, those a style can set). */
const UNITLESS = ['font-weight', 'line-height', 'column-count'];

const record = (value: unknown): Record<string, unknown> | null => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** The style the block editor keeps of a comment's: an object, as its attribute's type says; any other value it drops as it reads the block. */
export const keptStyle = (style: unknown): Record<string, unknown> | undefined => record(style) ?? undefined;

/** A word of a reference kebab-cased as the style engine does (change-case's, split before a capital and between letters and digits: `vividRed3` is `vivid-red-3`). */
function kebabWord(word: string): string {
  const split = [/([a-z0-9])([A-Z])/g, /([0-9])([a-z])/g, /([A-Za-z])([0-9])/g, /([A-Z])([A-Z][a-z])/g].reduce((text, pattern) => text.replace(pattern, '$1\0$2'), word);
  return split.replace(/[^A-Z0-9]+/gi, '\0').split('\0').filter(Boolean).map((part) => part.toLowerCase()).join('-');
}

/**
 * A style value as the style engine and the serializer write it, or null where nothing is written (a
 * value that is not truthy): a reference (`var:preset|color|vividRed`) as its custom property, a
 * number in pixels (but for a property without a unit), anything else as text, escaped.
 */
export function cssValue(value: unknown, property: string): string | null {
  if (!value) return null;
  const text = typeof value === 'string' && value.startsWith('var:') ? `var(--wp--${value.slice(4).split('|').map(kebabWord).join('--')})` : typeof value === 'number' && !UNITLESS.includes(property) ? `${value}px` : String(value);
  return asSerializedAttribute(text);
}

/**
 * A part's declarations: one property, or a box's sides (a border's corners) as theirs; a box not an
 * object of sides writes none, but for text, one value of every side (not a border of one side's).
 */
function declarationsOf(value: unknown, property: string, sides: readonly string[] | undefined): [string, string][] {
  if (!sides || (typeof value === 'string' && sides !== EDGE)) {
    const css = cssValue(value, property);
    return css === null ? [] : [[property, css]];
  }
  const box = record(value) ?? {};
  return sides.flatMap((side) => declarationsOf(box[side], sideProperty(property, side), undefined));
}

/** The declarations the style engine writes of a style's parts whose CSS property `kept` keeps, in its order. */
const declarationsKept = (groups: Record<string, unknown>, kept: (property: string) => boolean): [string, string][] =>
  WRITTEN.flatMap(([group, name, property, sides]) => (property === null || !kept(property) ? [] : declarationsOf(record(groups[group])?.[name], property, sides)));

/** The declarations the style engine writes of a style's parts whose CSS property (`padding-top` …) `kept` keeps: what the editor draws of a block's box (renderer/editor/block-box-style-drawn.ts). */
export const styleDeclarationsOf = (style: unknown, kept: (property: string) => boolean): [string, string][] => declarationsKept(keptStyle(style) ?? {}, kept);

/** What a style writes on a block's wrapper (its gradient too, `withGradient`); undefined without a style kept; null for one holding a custom CSS. */
export function wrapperStyleOf(style: unknown, withGradient = false): WrapperStyle | undefined | null {
  const kept = keptStyle(style);
  if (kept === undefined) return undefined;
  // A background the save leaves out, whatever it holds; elements the site's styles draw.
  const { elements, shadow, css, background: _leftOut, ...groups } = kept;
  if (css !== undefined && css !== null && !(typeof css === 'string' && css.trim() === '')) return null;
  const declarations = declarationsKept(groups, (property) => property !== GRADIENT || withGradient);
  // The shadow, a value of the style itself, the style engine writes after the typography.
  declarations.push(...declarationsOf(shadow, 'box-shadow', undefined));
  const [colour, border] = [record(groups.color) ?? {}, record(groups.border) ?? {}];
  // A link's colour of any kind gives the wrapper its class (the colour support's `elements.link.color`).
  const linkColour = record(record(elements)?.link)?.color;
  const classes = [border.color && 'has-border-color', colour.text && 'has-text-color', (colour.background || (withGradient && colour.gradient)) && 'has-background', linkColour && 'has-link-color'].filter((name): name is string => typeof name === 'string');
  return { classes, declarations: Object.fromEntries(declarations) };
}

