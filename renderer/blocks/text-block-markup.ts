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
 * An inline style a block of text sets (a custom colour, background, font size, spacing …), which the
 * block editor's transforms hand on as it is (`style`, its text alignment too): its element's `style`
 * as the block's save wrote it, which the block made writes the same.
 */
export interface InlineStyle { style: Record<string, unknown>; css: string }

/**
 * The inline styles the block editor's transforms carry: colour and typography always (its supports'
 * transforms, which write a link colour first), a link colour where the block made has one (a
 * transform's `carried` names `elements`), spacing and a border only where the transform hands on every
 * attribute as it is (into code, verse or a button: `carried` names spacing); their declarations in the
 * element's `style` (a link colour writes none there: the site's styles colour the links).
 */
const CARRIED_STYLES = ['elements', 'color', 'typography'];
export const ELEMENTS = 'elements';
const SPACING = 'spacing';
const HANDED_ON_WHOLE = [SPACING, 'border'];
const HANDED_ON_WHOLE_CSS = /^(padding|margin|border)(-|$)/;
/** The one element's style carried: a link's text colour. */
const LINK_COLOUR = /^\{"link":\{"color":\{"text":"[^"]*"\}\}\}$/;

/**
 * The inline style a transform carries of a block of text's `style` and its element's `style` as
 * written (its opening tag's), its spacing and border left behind unless `carried` names spacing;
 * undefined when none is left, null for a style setting what is not carried here (an element's style
 * beyond a link's colour, a shadow …: not made here yet).
 */
function inlineStyleOf(block: ParsedBlock, style: Record<string, unknown>, carried: readonly string[]): InlineStyle | null | undefined {
  if (Object.keys(style).some((name) => !CARRIED_STYLES.includes(name) && !HANDED_ON_WHOLE.includes(name))) return null;
  if (style.elements !== undefined && !LINK_COLOUR.test(JSON.stringify(style.elements))) return null;
  const whole = carried.includes(SPACING);
  const opening = /^<[a-z][a-z0-9]*(\s[^>]*)?>/.exec(block.innerHTML.trim())?.[1] ?? '';
  const written = /\sstyle="([^"]*)"/.exec(opening)?.[1] ?? '';
  const css = written.split(';').filter((declaration) => declaration && (whole || !HANDED_ON_WHOLE_CSS.test(declaration.split(':')[0].trim()))).join(';');
  const carries = (name: string) => (name === ELEMENTS ? carried.includes(ELEMENTS) : CARRIED_STYLES.includes(name) || (whole && HANDED_ON_WHOLE.includes(name)));
  const names = whole ? Object.keys(style) : CARRIED_STYLES.filter((name) => name in style);
  const kept = Object.fromEntries(names.filter(carries).map((name) => [name, style[name]]));
  if (Object.keys(kept).length === 0) return undefined;
  return css || Object.keys(kept).join() === 'elements' ? { style: kept, css } : null;
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

/**
 * The words of a block of text setting nothing but `dropped` and `carried` attributes and a text
 * alignment, with those of `carried` it sets; null for one setting more (an inline style, or what a
 * transform carries that is not made here yet) or not held in one element.
 */
export function plainText(block: ParsedBlock, dropped: readonly string[], carried: readonly string[]): PlainText | null {
  const { style, ...rest } = attributesOf(block);
  const text = textOf(block);
  if (text === null || Object.keys(rest).some((name) => !dropped.includes(name) && !carried.includes(name))) return null;
  const look = Object.fromEntries(Object.entries(rest).filter(([name]) => carried.includes(name)));
  const carries = Object.keys(look).length > 0 ? { look } : {};
  if (style === undefined) return { text, ...carries };
  const textAlign = /^\{"typography":\{"textAlign":"(left|center|right)"\}\}$/.exec(JSON.stringify(style))?.[1];
  if (textAlign) return { text, textAlign, ...carries };
  // Another inline style, carried where the transform hands it on (its spacing left behind).
  const inline = carried.includes('style') && typeof style === 'object' && style !== null ? inlineStyleOf(block, style as Record<string, unknown>, carried) : null;
  if (inline === null) return null;
  const aligned = (style as { typography?: { textAlign?: unknown } }).typography?.textAlign;
  return { text, ...(typeof aligned === 'string' ? { textAlign: aligned } : {}), ...carries, ...(inline ? { inline } : {}) };
}

/** The classes the block editor gives an element for a look's class, preset colours and font size, in its order. */
export function lookClasses(look: Record<string, unknown> = {}, inline?: InlineStyle): string[] {
  const { className, textColor, backgroundColor, fontSize } = look;
  const colour = (inline?.style.color ?? {}) as { text?: unknown; background?: unknown; gradient?: unknown };
  const { border, elements } = (inline?.style ?? {}) as { border?: { color?: unknown }; elements?: unknown };
  return [
    ...(typeof className === 'string' ? [className] : []),
    ...(border?.color !== undefined ? ['has-border-color'] : []),
    ...(typeof textColor === 'string' ? [`has-${textColor}-color`] : []),
    ...(typeof backgroundColor === 'string' ? [`has-${backgroundColor}-background-color`] : []),
    ...(textColor !== undefined || colour.text !== undefined ? ['has-text-color'] : []),
    ...(backgroundColor !== undefined || colour.background !== undefined || colour.gradient !== undefined ? ['has-background'] : []),
    ...(elements !== undefined ? ['has-link-color'] : []),
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

/** The attributes of a block of text made with a text alignment (none: none) or the inline style carried whole, written after those of its look, as the block editor orders them. */
export const alignStyle = (textAlign?: string, inline?: InlineStyle) => (inline ? { style: inline.style } : textAlign ? { style: { typography: { textAlign } } } : {});

/** A transform of a block of text setting nothing but `dropped` attributes (left out) and `carried` ones (its look) into what `make` makes of its words. */
export const fromText = (make: (text: PlainText) => string | null, dropped: readonly string[] = [], carried: readonly string[] = []) => (block: ParsedBlock) => {
  const text = plainText(block, dropped, carried);
  return text && make(text);
};
