// The words a block of text holds (a paragraph, a heading, a list item, preformatted text, verse, code),
// as the block editor's transforms between blocks of text carry them (block-definition.ts:
// BlockTransform); each block's module makes its own block of them.
import { attributesOf } from './block-definition.ts';
import { escapeAttribute } from './inline-html.ts';
import type { ParsedBlock } from './split-blocks.ts';

/**
 * The words of a block of text (its rich text's HTML), the text alignment a transform carries, and `look`:
 * the attributes of `carried` it sets, in their order as read (the block editor's transforms between
 * blocks of text hand the block's attributes on, `...attributes`, and the block made keeps those it has).
 */
export interface PlainText { text: string; textAlign?: string; look?: Record<string, unknown>; inline?: InlineStyle }

/**
 * An inline style a block of text sets (a custom colour, background, font size, spacing, a shadow, an
 * element's colours …), as a transform carries it: `style` the attribute the block made holds, `css` its
 * element's `style` as the block's save wrote it (the declarations carried), which the block made writes
 * the same; `whole` where the transform hands the style on as it is.
 */
export interface InlineStyle { style: Record<string, unknown>; css: string; whole: boolean }

export const ELEMENTS = 'elements';
const SPACING = 'spacing';
/**
 * What the block editor's supports carry into the block a transform makes (their migration paths, in the
 * order they run: the colour's, a link's text colour where the block made has one, a transform's `carried`
 * naming `elements`; then the font size's), with the declaration each writes.
 */
const MIGRATED: readonly (readonly [path: readonly string[], property: string])[] = [
  [[ELEMENTS, 'link', 'color', 'text'], ''], [['color', 'text'], 'color'], [['color', 'background'], 'background-color'], [['color', 'gradient'], 'background'], [['typography', 'fontSize'], 'font-size'],
];
const record = (value: unknown): Record<string, unknown> | undefined => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);
const valueAt = (style: Record<string, unknown>, path: readonly string[]): unknown => path.reduce<unknown>((value, name) => record(value)?.[name], style);

/** `style` with `value` set at `path`, as the block editor's `setImmutably` sets it: an object missing on the way added last, those there kept in their place. */
function setAt(style: Record<string, unknown>, [name, ...rest]: readonly string[], value: unknown): Record<string, unknown> {
  return { ...style, [name]: rest.length === 0 ? value : setAt(record(style[name]) ?? {}, rest, value) };
}

/** The parts of `style` the supports carry (those set, truthy), set in their order onto `onto`. */
const migrated = (style: Record<string, unknown>, carried: readonly string[], onto: Record<string, unknown> = {}) =>
  MIGRATED.filter(([path]) => path[0] !== ELEMENTS || carried.includes(ELEMENTS)).reduce((made, [path]) => (valueAt(style, path) ? setAt(made, path, valueAt(style, path)) : made), onto);

/**
 * The inline style a transform carries of a block of text's `style` and its element's `style` as written
 * (its opening tag's): the whole of it where the transform hands on every attribute as it is (into code,
 * verse or a button: `carried` names spacing), else what the supports carry (its text alignment apart, the
 * transform's own: alignStyle); undefined when none is left.
 */
function inlineStyleOf(block: ParsedBlock, style: Record<string, unknown>, carried: readonly string[]): InlineStyle | undefined {
  const whole = carried.includes(SPACING);
  const opening = /^<[a-z][a-z0-9]*(\s[^>]*)?>/.exec(block.innerHTML.trim())?.[1] ?? '';
  const written = /\sstyle="([^"]*)"/.exec(opening)?.[1] ?? '';
  const properties = MIGRATED.map(([, property]) => property);
  const css = written.split(';').filter((declaration) => declaration && (whole || properties.includes(declaration.split(':')[0].trim()))).join(';');
  const kept = whole ? style : migrated(style, carried);
  return Object.keys(kept).length === 0 ? undefined : { style: kept, css, whole };
}

/** The `style` attribute of an element a transform makes, none where the style carried writes no declaration there. */
export const inlineStyleAttribute = (inline?: InlineStyle) => (inline?.css ? ` style="${inline.css}"` : '');

/** The attributes of a block of text by which its colours, font size and class are set (presets and a class: no inline style). */
export const LOOK = ['backgroundColor', 'textColor', 'fontSize', 'className'] as const;

/** The rich text of a block held in one element (`<p>`, `<h2>`, `<li>`, `<pre>`, a code block's `<pre><code>`), or null when its HTML is not that. */
export function textOf(block: ParsedBlock): string | null {
  const html = block.innerHTML.trim();
  const code = /^<pre[^>]*><code>([\s\S]*)<\/code><\/pre>$/.exec(html);
  if (code) return code[1];
  return /^<(p|h[1-6]|li|pre)(?:\s[^>]*)?>([\s\S]*)<\/\1>$/.exec(html)?.[2] ?? null;
}

/** The text alignment and the inline style a transform carries of a block (PlainText's). */
export type CarriedStyle = Pick<PlainText, 'textAlign' | 'inline'>;

/**
 * What a transform carries of a block's `style` (none: nothing): its text alignment, told apart for the
 * transform to keep or leave, and, but where `dropped` names the style, the rest of it as an inline style
 * where `carried` names it (null where it does not: a style the transform cannot carry).
 */
export function carriedStyle(block: ParsedBlock, dropped: readonly string[], carried: readonly string[]): CarriedStyle | null {
  const { style } = attributesOf(block);
  if (style === undefined) return {};
  const textAlign = /^\{"typography":\{"textAlign":"(left|center|right)"\}\}$/.exec(JSON.stringify(style))?.[1];
  if (textAlign) return { textAlign };
  const styled = record(style);
  const aligned = styled && valueAt(styled, ['typography', 'textAlign']);
  const alignment = typeof aligned === 'string' ? { textAlign: aligned } : {};
  // A style the transform leaves behind (its alignment told, for the transform to refuse it if it must).
  if (dropped.includes('style')) return alignment;
  // Another inline style, carried where the transform hands it on (its spacing left behind).
  const inline = carried.includes('style') && styled ? inlineStyleOf(block, styled, carried) : null;
  return inline === null ? null : { ...alignment, ...(inline ? { inline } : {}) };
}

/**
 * The words of a block of text setting nothing but `dropped` and `carried` attributes and a text
 * alignment, with those of `carried` it sets; null for one setting more (an inline style, or what a
 * transform carries that is not made here yet) or not held in one element.
 */
export function plainText(block: ParsedBlock, dropped: readonly string[], carried: readonly string[]): PlainText | null {
  const { style: _style, ...rest } = attributesOf(block);
  const text = textOf(block);
  if (text === null || Object.keys(rest).some((name) => !dropped.includes(name) && !carried.includes(name))) return null;
  const look = Object.fromEntries(Object.entries(rest).filter(([name]) => carried.includes(name)));
  const style = carriedStyle(block, dropped, carried);
  return style && { text, ...style, ...(Object.keys(look).length > 0 ? { look } : {}) };
}

/** The classes the block editor gives an element for a look's class, preset colours and font size, in its order. */
export function lookClasses(look: Record<string, unknown> = {}, inline?: InlineStyle): string[] {
  const { className, textColor, backgroundColor, fontSize } = look;
  const set = (...path: string[]) => Boolean(inline && valueAt(inline.style, path));
  return [
    ...(typeof className === 'string' ? [className] : []),
    ...(set('border', 'color') ? ['has-border-color'] : []),
    ...(typeof textColor === 'string' ? [`has-${textColor}-color`] : []),
    ...(typeof backgroundColor === 'string' ? [`has-${backgroundColor}-background-color`] : []),
    ...(textColor !== undefined || set('color', 'text') ? ['has-text-color'] : []),
    ...(backgroundColor !== undefined || set('color', 'background') || set('color', 'gradient') ? ['has-background'] : []),
    // A link's colour of any kind (the colour support's `elements.link.color`).
    ...(set(ELEMENTS, 'link', 'color') ? ['has-link-color'] : []),
    ...(typeof fontSize === 'string' ? [`has-${fontSize}-font-size`] : []),
  ];
}

/**
 * The opening of a block's element with its class (`block`, its text alignment's, then the look's) and the look's
 * anchor as its id, as the block editor saves a heading's, verse's, a code block's: the id before the class, after it
 * with a text alignment (whose class the block's save writes itself).
 */
export function lookedOpening(tag: string, block: string, look: Record<string, unknown> = {}, textAlign?: string, inline?: InlineStyle): string {
  const id = typeof look.anchor === 'string' ? ` id="${escapeAttribute(look.anchor)}"` : '';
  const classes = ` class="${escapeAttribute([block, ...(textAlign ? [`has-text-align-${textAlign}`] : []), ...lookClasses(look, inline)].join(' '))}"`;
  const css = inlineStyleAttribute(inline);
  return textAlign ? `<${tag}${classes}${id}${css}>` : `<${tag}${id}${classes}${css}>`;
}

/**
 * The style of a block of text made with a text alignment (none: none) and the inline style carried, written
 * after the attributes of its look, as the block editor orders them: the style handed on whole as it is, else
 * the transform's alignment first, then what the supports carry.
 */
export function alignStyle(textAlign?: string, inline?: InlineStyle): { style?: Record<string, unknown> } {
  const aligned = textAlign ? { typography: { textAlign } } : {};
  const style = inline?.whole ? inline.style : inline ? migrated(inline.style, [ELEMENTS], aligned) : aligned;
  return Object.keys(style).length > 0 ? { style } : {};
}

/** A transform of a block of text setting nothing but `dropped` attributes (left out) and `carried` ones (its look) into what `make` makes of its words. */
export const fromText = (make: (text: PlainText) => string | null, dropped: readonly string[] = [], carried: readonly string[] = []) => (block: ParsedBlock) => {
  const text = plainText(block, dropped, carried);
  return text && make(text);
};
