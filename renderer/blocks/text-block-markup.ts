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

/** The parts of `style` the supports carry (those set, truthy), set in their order onto `onto`, as the block editor's setImmutably sets them. */
export const migrated = (style: Record<string, unknown>, carried: readonly string[], onto: Record<string, unknown> = {}) =>
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

/** The presets the block editor's colour and font size supports carry into the block a transform makes (their migration paths' attributes), wherever it has them. */
export const PRESETS = ['backgroundColor', 'textColor', 'gradient', 'fontSize'] as const;
/** The attributes of a block of text by which its colours, font size and class are set (presets and a class: no inline style). */
export const LOOK = [...PRESETS, 'className'] as const;
/** The block's name in the list view, which the block editor carries from one block into the one a transform makes of it (not into several, nor from several). */
export const METADATA = 'metadata';
/** What the block editor's supports carry from one block into the one block a transform makes of it (its class and name), beside the presets the block made has. */
export const ONE_TO_ONE = ['className', METADATA] as const;
/** What a transform handing on every attribute as it is carries besides the look and style: the font family, the lock, a palette's border colour, the name. */
export const HANDED_ON = ['fontFamily', 'lock', 'borderColor', METADATA] as const;

/** The rich text of a block held in one element (`<p>`, `<h2>`, `<li>`, `<pre>`, a code block's `<pre><code>`), or null when its HTML is not that. */
export function textOf(block: ParsedBlock): string | null {
  const html = block.innerHTML.trim();
  const code = /^<pre[^>]*><code>([\s\S]*)<\/code><\/pre>$/.exec(html);
  if (code) return code[1];
  return /^<(p|h[1-6]|li|pre)(?:\s[^>]*)?>([\s\S]*)<\/\1>$/.exec(html)?.[2] ?? null;
}

/** The text alignment and the inline style a transform carries of a block (PlainText's). */
type CarriedStyle = Pick<PlainText, 'textAlign' | 'inline'>;

/**
 * What a transform carries of a block's `style` (none: nothing): its text alignment, told apart for the
 * transform to keep or leave, and, where `carried` names the style, the rest of it as an inline style (else
 * left behind, as every attribute a transform does not carry).
 */
export function carriedStyle(block: ParsedBlock, carried: readonly string[]): CarriedStyle {
  const { style } = attributesOf(block);
  if (style === undefined) return {};
  const textAlign = /^\{"typography":\{"textAlign":"(left|center|right)"\}\}$/.exec(JSON.stringify(style))?.[1];
  if (textAlign) return { textAlign };
  const styled = record(style);
  const aligned = styled && valueAt(styled, ['typography', 'textAlign']);
  const alignment = typeof aligned === 'string' ? { textAlign: aligned } : {};
  const inline = carried.includes('style') && styled ? inlineStyleOf(block, styled, carried) : undefined;
  return { ...alignment, ...(inline ? { inline } : {}) };
}

/**
 * The words of a block of text with those of its attributes `carried` sets (the others left behind, as the
 * block editor's transforms leave every attribute they do not hand on and its supports do not carry) and
 * the text alignment and style it carries; null for one not held in one element.
 */
export function plainText(block: ParsedBlock, carried: readonly string[]): PlainText | null {
  const text = textOf(block);
  return text === null ? null : { text, ...carriedStyle(block, carried), ...carriedLook(block, carried) };
}

/** The attributes of `carried` a block sets but its style (PlainText's look), in their order as read; none: nothing. */
export function carriedLook(block: ParsedBlock, carried: readonly string[]): Pick<PlainText, 'look'> {
  const look = Object.fromEntries(Object.entries(attributesOf(block)).filter(([name]) => name !== 'style' && carried.includes(name)));
  return Object.keys(look).length > 0 ? { look } : {};
}

/** The classes the block editor gives an element for a look's class, preset colours, font family and size and border colour, in its order. */
export function lookClasses(look: Record<string, unknown> = {}, inline?: InlineStyle): string[] {
  const { className, textColor, backgroundColor, gradient, fontSize, fontFamily, borderColor } = look;
  const set = (...path: string[]) => Boolean(inline && valueAt(inline.style, path));
  const preset = (value: unknown, kind: string) => (typeof value === 'string' ? [`has-${value}-${kind}`] : []);
  return [
    ...(typeof className === 'string' ? [className] : []),
    ...(borderColor !== undefined || set('border', 'color') ? ['has-border-color'] : []),
    ...preset(borderColor, 'border-color'),
    ...preset(textColor, 'color'),
    ...preset(gradient, 'gradient-background'),
    ...preset(backgroundColor, 'background-color'),
    ...(textColor !== undefined || set('color', 'text') ? ['has-text-color'] : []),
    ...(backgroundColor !== undefined || gradient !== undefined || set('color', 'background') || set('color', 'gradient') ? ['has-background'] : []),
    // A link's colour of any kind (the colour support's `elements.link.color`).
    ...(set(ELEMENTS, 'link', 'color') ? ['has-link-color'] : []),
    ...preset(fontFamily, 'font-family'),
    ...preset(fontSize, 'font-size'),
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

/** The attributes of a block of text made with a look, a text alignment and an inline style, in the order its block type declares them (the name last, after the style). */
export function madeAttributes({ textAlign, look = {}, inline }: Omit<PlainText, 'text'>): Record<string, unknown> {
  const { [METADATA]: metadata, ...others } = look;
  return { ...others, ...alignStyle(textAlign, inline), ...(metadata === undefined ? {} : { [METADATA]: metadata }) };
}

/** A transform of a block of text, its `carried` attributes its look (the others left behind), into what `make` makes of its words. */
export const fromText = (make: (text: PlainText) => string | null, carried: readonly string[] = []) => (block: ParsedBlock) => {
  const text = plainText(block, carried);
  return text && make(text);
};
