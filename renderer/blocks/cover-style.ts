// A style in an older cover's comment, which its save never wrote (a text or background colour, a
// preset's reference, a border or a border of one side, the words' typography, the spacing, a link
// colour, a shadow): the block editor's
// migration keeps it, and the current save writes it on the wrapper as the cover's block supports do
// (older-cover-wrapper.ts, older-cover-title.ts): the style engine's declarations in its order,
// `has-border-color`, `has-text-color`, `has-background` and `has-link-color` after the other classes.
// A style holding anything else (a background image, a value that is not plain) leaves the cover as
// written.
import { classList, coverHtmlOf, currentCoverParts } from './cover-save.ts';

/** What a style writes on the cover's wrapper: its classes and its declarations, in order. */
export interface WrapperStyle { classes: string[]; declarations: Record<string, string> }

/** The sides of a box the style engine writes, in its order, and a border's corners. */
const SIDES = ['top', 'right', 'bottom', 'left'];
const CORNERS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight'];
/** What a border of one side writes, in the style engine's order (`border-top-color` …). */
const EDGE = ['color', 'style', 'width'];
/** A part's property for one side or corner (`padding-top`, `border-top-left-radius`). */
const sideProperty = (property: string, side: string) => (property === 'border-radius' ? `border-${side.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-radius` : `${property}-${side}`);
/**
 * The style's parts the cover's supports write, in the style engine's order, each with its CSS
 * property (a box's sides or a border's corners after it). A gradient the cover's support does not
 * write on the wrapper (its overlay shows it): it writes nothing.
 */
const WRITTEN: readonly (readonly [group: string, name: string, property: string | null, sides?: readonly string[]])[] = [
  ['border', 'color', 'border-color'], ['border', 'style', 'border-style'], ['border', 'width', 'border-width'], ['border', 'radius', 'border-radius', CORNERS],
  ...SIDES.map((side) => ['border', side, `border-${side}`, EDGE] as const),
  ['color', 'text', 'color'], ['color', 'gradient', null], ['color', 'background', 'background-color'],
  ['spacing', 'margin', 'margin', SIDES], ['spacing', 'padding', 'padding', SIDES],
  ['typography', 'fontSize', 'font-size'], ['typography', 'fontStyle', 'font-style'], ['typography', 'fontWeight', 'font-weight'],
  ['typography', 'fontFamily', 'font-family'], ['typography', 'letterSpacing', 'letter-spacing'], ['typography', 'lineHeight', 'line-height'],
  ['typography', 'textDecoration', 'text-decoration'], ['typography', 'textTransform', 'text-transform'],
];
/** A link colour: the site's styles colour the cover's links from it; the wrapper takes its class alone. */
const LINK_COLOUR = /^\{"link":\{"color":\{"text":"[^"]*"\}\}\}$/;
/** A preset's reference (`var:preset|color|vivid-red`), its words ones the style engine's kebab-casing leaves as they are. */
const PRESET = /^var:preset\|([a-z]+(?:-[a-z]+)*)\|((?:[a-z]+|\d+)(?:-(?:[a-z]+|\d+))*)$/;
/** A value the save writes as it is: nothing the serializer would escape, nothing that ends or opens a declaration. */
const PLAIN = /^[^&"<>;:{}\\]+$/;

const record = (value: unknown): Record<string, unknown> | null => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** A style value as the style engine writes it (a preset's reference as its custom property), or null where not written here. */
function cssValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const preset = PRESET.exec(value);
  return preset ? `var(--wp--preset--${preset[1]}--${preset[2]})` : value.startsWith('var:') || !PLAIN.test(value) ? null : value;
}

/** A part's declarations: one property, or a box's sides (a border's corners) as theirs. */
function declarationsOf(value: unknown, property: string, sides: readonly string[] | undefined): [string, string][] | null {
  const box = sides ? record(value) : null;
  if (!box || !sides) {
    const css = cssValue(value);
    return css === null ? null : [[property, css]];
  }
  if (Object.keys(box).some((side) => !sides.includes(side))) return null;
  const written = sides.filter((side) => side in box).map((side): [string, string | null] => [sideProperty(property, side), cssValue(box[side])]);
  return written.every((pair): pair is [string, string] => pair[1] !== null) ? written : null;
}

/** What a style writes on the cover's wrapper; undefined without a style; null for one holding what is not written here. */
export function wrapperStyleOf(style: unknown): WrapperStyle | undefined | null {
  if (style === undefined) return undefined;
  const { elements, shadow, ...groups } = record(style) ?? {};
  const known = record(style) && Object.entries(groups).every(([group, parts]) => record(parts) && Object.keys(record(parts) ?? {}).every((name) => WRITTEN.some(([g, n]) => g === group && n === name)));
  if (!known || (elements !== undefined && !LINK_COLOUR.test(JSON.stringify(elements)))) return null;
  const declarations: [string, string][] = [];
  for (const [group, name, property, sides] of WRITTEN) {
    const value = record(groups[group])?.[name];
    if (value === undefined) continue;
    const written = property === null ? (typeof value === 'string' ? [] : null) : declarationsOf(value, property, sides);
    if (written === null) return null;
    declarations.push(...written);
  }
  // The shadow, a value of the style itself, the style engine writes after the typography.
  const shadowWritten = shadow === undefined ? [] : declarationsOf(shadow, 'box-shadow', undefined);
  if (shadowWritten === null) return null;
  declarations.push(...shadowWritten);
  const [colour, border] = [record(groups.color) ?? {}, record(groups.border) ?? {}];
  const classes = [border.color !== undefined && 'has-border-color', colour.text !== undefined && 'has-text-color', colour.background !== undefined && 'has-background', elements !== undefined && 'has-link-color'].filter((name): name is string => typeof name === 'string');
  return { classes, declarations: Object.fromEntries(declarations) };
}

/** The current save's HTML of a migrated cover, what its style writes (if any) on its wrapper: its classes after the others, its declarations first; null where the current save is not written here. */
export function currentCoverWithStyle(held: Record<string, unknown>, style: WrapperStyle | undefined): [string, string] | null {
  const parts = currentCoverParts(held);
  return parts && coverHtmlOf(style === undefined ? parts : { ...parts, classes: classList(parts.classes, ...style.classes), style: { ...style.declarations, ...parts.style } });
}
