// A style in an older cover's comment, which its save never wrote (a text or background colour, a
// preset's reference, the words' typography, the spacing): the block editor's migration keeps it,
// and the current save writes it on the wrapper as the cover's block supports do (older-cover-wrapper.ts,
// older-cover-title.ts): the style engine's declarations in its order, `has-text-color` and
// `has-background` after the other classes. A style holding anything else (a gradient, a border, a
// link colour, a value that is not plain) leaves the cover as written.
import { classList, coverHtmlOf, currentCoverParts } from './cover-save.ts';

/** What a style writes on the cover's wrapper: its classes and its declarations, in order. */
export interface WrapperStyle { classes: string[]; declarations: Record<string, string> }

/** A side of a box the style engine writes, in its order. */
const SIDES = ['top', 'right', 'bottom', 'left'];
/** The style's parts the cover's supports write, in the style engine's order, each with its CSS property (a box's sides after it). */
const WRITTEN: readonly (readonly [group: string, name: string, property: string, box?: true])[] = [
  ['color', 'text', 'color'], ['color', 'background', 'background-color'],
  ['spacing', 'margin', 'margin', true], ['spacing', 'padding', 'padding', true],
  ['typography', 'fontSize', 'font-size'], ['typography', 'fontStyle', 'font-style'], ['typography', 'fontWeight', 'font-weight'],
  ['typography', 'fontFamily', 'font-family'], ['typography', 'letterSpacing', 'letter-spacing'], ['typography', 'lineHeight', 'line-height'],
  ['typography', 'textDecoration', 'text-decoration'], ['typography', 'textTransform', 'text-transform'],
];
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

/** A part's declarations: a box as one property or as its sides. */
function declarationsOf(value: unknown, property: string, box: boolean): [string, string][] | null {
  const sides = box ? record(value) : null;
  if (!sides) {
    const css = cssValue(value);
    return css === null ? null : [[property, css]];
  }
  if (Object.keys(sides).some((side) => !SIDES.includes(side))) return null;
  const written = SIDES.filter((side) => side in sides).map((side): [string, string | null] => [`${property}-${side}`, cssValue(sides[side])]);
  return written.every((pair): pair is [string, string] => pair[1] !== null) ? written : null;
}

/** What a style writes on the cover's wrapper; undefined without a style; null for one holding what is not written here. */
export function wrapperStyleOf(style: unknown): WrapperStyle | undefined | null {
  if (style === undefined) return undefined;
  const groups = record(style);
  const known = groups && Object.entries(groups).every(([group, parts]) => record(parts) && Object.keys(record(parts) ?? {}).every((name) => WRITTEN.some(([g, n]) => g === group && n === name)));
  if (!groups || !known) return null;
  const declarations: [string, string][] = [];
  for (const [group, name, property, box] of WRITTEN) {
    const value = record(groups[group])?.[name];
    if (value === undefined) continue;
    const written = declarationsOf(value, property, box === true);
    if (written === null) return null;
    declarations.push(...written);
  }
  const colour = record(groups.color) ?? {};
  const classes = [colour.text !== undefined && 'has-text-color', colour.background !== undefined && 'has-background'].filter((name): name is string => typeof name === 'string');
  return { classes, declarations: Object.fromEntries(declarations) };
}

/** The current save's HTML of a migrated cover, what its style writes (if any) on its wrapper: its classes after the others, its declarations first; null where the current save is not written here. */
export function currentCoverWithStyle(held: Record<string, unknown>, style: WrapperStyle | undefined): [string, string] | null {
  const parts = currentCoverParts(held);
  return parts && coverHtmlOf(style === undefined ? parts : { ...parts, classes: classList(parts.classes, ...style.classes), style: { ...style.declarations, ...parts.style } });
}
