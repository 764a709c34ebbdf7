// A button written before buttons took the theme's element style (`wp-element-button` on its
// link, WordPress 6.1): the block editor's deprecations keep its HTML and add that class; an
// alignment attribute becomes the class it already wrote, the retired squared style goes, and a
// font preset written as the div's inline style becomes the link's class. The oldest button was its
// link alone, the block's class on it: the block editor puts it in the div.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { customClassName, inlineFontPreset, rootClasses } from './older-form-parts.ts';

/** The older button: a div of the button's classes around its link (class first, then the link's own attributes in the order the save writes them). */
const OLDER_BUTTON = /^\s*<div class="wp-block-button((?: [\w-]+)*)"(?: style="([^"]*)")?><a class="wp-block-button__link"((?: href="[^"]*")?(?: title="[^"]*")?(?: target="[^"]*")?(?: rel="[^"]*")?)>([\s\S]*)<\/a><\/div>\s*$/;
const ALIGNMENTS = ['left', 'center', 'right'];
/** A style the block editor no longer offers: its migration leaves the class out. */
const RETIRED_CLASSES = ['is-style-squared'];

/** The button in its current form, or null when it is not the older form this migration knows. */
export function currentButton(block: ParsedBlock): string | null {
  const { align, className, style, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const html = OLDER_BUTTON.exec(block.innerHTML);
  if (!html || block.innerBlocks.length > 0 || Object.keys(others).length > 0) return null;
  // A font preset was written on the div as an inline style; it is now a class of the link.
  const font = style === undefined && html[2] === undefined ? null : inlineFontPreset(style, html[2]);
  if ((style !== undefined || html[2] !== undefined) && font === null) return null;
  if ((align !== undefined && !ALIGNMENTS.includes(String(align))) || (className !== undefined && typeof className !== 'string')) return null;
  // The div's classes are the block's own and its alignment's, nothing else.
  const said = [...(className ?? '').split(' ').filter(Boolean), ...(align === undefined ? [] : [`align${String(align)}`])];
  if (rootClasses(block.innerHTML).slice(1).sort().join(' ') !== said.sort().join(' ')) return null;
  const classes = customClassName(block.innerHTML, ['wp-block-button', ...RETIRED_CLASSES]);
  const attributes = { ...(font ? { fontFamily: font } : {}), ...(classes ? { className: classes } : {}) };
  const linkClasses = ['wp-block-button__link', ...(font ? [`has-${font}-font-family`] : []), 'wp-element-button'].join(' ');
  return blockMarkup('button', attributes, `<div class="wp-block-button${classes ? ` ${classes}` : ''}"><a class="${linkClasses}"${html[3]}>${html[4]}</a></div>`);
}

/** A button whose typography (font size, inline type styles) was written on its div, before WordPress 6.2 moved it to the link. */
const TYPOGRAPHY_ON_DIV = /^\s*<div class="wp-block-button((?: [\w-]+)*)"(?: style="([^"]*)")?><(a|button)((?: type="button")?) class="wp-block-button__link wp-element-button"((?: href="[^"]*")?(?: title="[^"]*")?)>([\s\S]*)<\/\3><\/div>\s*$/;
/** The attributes whose markup the move concerns: the rest (a class of the block's own) stays on the div. */
const TYPOGRAPHY_ATTRIBUTES = ['fontSize', 'style', 'tagName', 'className'];

/** The button with its typography moved from its div to its link, or null when it is not that older form. */
export function buttonWithTypographyOnLink(block: ParsedBlock): string | null {
  const html = TYPOGRAPHY_ON_DIV.exec(block.innerHTML);
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  const style = attributes.style as Record<string, unknown> | undefined;
  if (!html || block.innerBlocks.length > 0 || !Object.keys(attributes).every((name) => TYPOGRAPHY_ATTRIBUTES.includes(name))) return null;
  if (style !== undefined && Object.keys(style).some((name) => name !== 'typography')) return null;
  const [, divClasses, divStyle, tag, type, link, text] = html;
  const fontSize = typeof attributes.fontSize === 'string' ? attributes.fontSize : undefined;
  const sizeClasses = fontSize ? [`has-${fontSize}-font-size`, 'has-custom-font-size'] : [];
  const own = divClasses.trim().split(' ').filter((name) => name && !sizeClasses.includes(name));
  // Only the older form: the div carries the typography, and nothing but it and the block's own classes.
  if ((divStyle === undefined && sizeClasses.length === 0) || own.join(' ') !== (attributes.className ?? '') || (tag === 'button') !== (attributes.tagName === 'button')) return null;
  if (sizeClasses.some((name) => !divClasses.includes(` ${name}`))) return null;
  const linkClasses = ['wp-block-button__link', ...sizeClasses, 'wp-element-button'].join(' ');
  return blockMarkup('button', attributes, `<div class="${['wp-block-button', ...own].join(' ')}"><${tag}${type} class="${linkClasses}"${link}${divStyle ? ` style="${divStyle}"` : ''}>${text}</${tag}></div>`);
}

/** A button rounded before radii had units: its link's classes, its own attributes and its style, in the order the save writes them. */
const RADIUS_IN_NUMBERS = /^\s*<div class="wp-block-button((?: [\w-]+)*)"><a class="([\w -]+)"((?: href="[^"]*")?(?: title="[^"]*")?)(?: style="([^"]*)")?((?: target="[^"]*")?(?: rel="[^"]*")?)>([\s\S]*)<\/a><\/div>\s*$/;

/** Whether two lists hold the same items, in any order: the block editor's validator reads classes and style declarations so. */
const sameItems = (found: string[], said: string[]) => found.length === said.length && [...found].sort().join('\n') === [...said].sort().join('\n');
const declarations = (style: string) => style.split(';').map((declaration) => declaration.trim()).filter(Boolean);

/**
 * The button with its radius in pixels (`borderRadius`, or a radius written as a number: 0 squares
 * it, as its `no-border-radius` class said), custom text and background colours at most beside it,
 * or null when it is not that older form. Its save's classes and style declarations may stand in
 * any order, as the block editor's validator reads them; the current save writes them in its own.
 */
export function buttonWithRadiusInPixels(block: ParsedBlock): string | null {
  const { borderRadius, className, style, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const html = RADIUS_IN_NUMBERS.exec(block.innerHTML);
  const { border, color, ...otherStyles } = (style ?? {}) as { border?: Record<string, unknown>; color?: Record<string, unknown> };
  const { text, background, ...otherColours } = color ?? {};
  const radius = borderRadius ?? border?.radius;
  if (!html || block.innerBlocks.length > 0 || Object.keys(others).length > 0 || Object.keys(otherStyles).length > 0 || Object.keys(otherColours).length > 0 || typeof radius !== 'number' || (borderRadius !== undefined && border !== undefined)) return null;
  // A `borderRadius` of 0 is dropped by the migration, unlike a radius of 0 (its class stays): not known here.
  if ((border !== undefined && Object.keys(border).length !== 1) || borderRadius === 0 || [text, background].some((colour) => colour !== undefined && typeof colour !== 'string')) return null;
  const [, divClasses, linkClasses, link, linkStyle = '', target, content] = html;
  if (divClasses.trim() !== (className ?? '')) return null;
  const colourClasses = [...(text ? ['has-text-color'] : []), ...(background ? ['has-background'] : [])];
  const squared = radius === 0 ? ['no-border-radius'] : [];
  const written = [...(radius === 0 ? [] : [`border-radius:${radius}px`]), ...(text ? [`color:${String(text)}`] : []), ...(background ? [`background-color:${String(background)}`] : [])];
  // The HTML says the radius, the colours and the block's classes that the attributes say, nothing else.
  if (!sameItems(linkClasses.split(' ').filter(Boolean), ['wp-block-button__link', ...colourClasses, ...squared]) || !sameItems(declarations(linkStyle), written)) return null;
  const current = { ...(className === undefined ? {} : { className }), style: { border: { radius: radius === 0 ? 0 : `${radius}px` }, ...(color ? { color } : {}) } };
  const currentClasses = ['wp-block-button__link', ...colourClasses, ...squared, 'wp-element-button'].join(' ');
  return blockMarkup('button', current, `<div class="wp-block-button${divClasses}"><a class="${currentClasses}"${link}${written.length > 0 ? ` style="${written.join(';')}"` : ''}${target}>${content}</a></div>`);
}

/** The oldest button: its link alone, the block's class on it (its own attributes in the order the save wrote them). */
const LINK_ALONE = /^\s*<a class="wp-block-button wp-block-button__link"((?: href="[^"]*")?(?: title="[^"]*")?)>([\s\S]*)<\/a>\s*$/;

/** The button that was its link alone, in the div the block editor puts it in; null when it is not that form or says more (colours, a class). */
export function buttonOfLinkAlone(block: ParsedBlock): string | null {
  const html = LINK_ALONE.exec(block.innerHTML);
  if (!html || block.innerBlocks.length > 0 || Object.keys(block.attrs ?? {}).length > 0) return null;
  return blockMarkup('button', {}, `<div class="wp-block-button"><a class="wp-block-button__link wp-element-button"${html[1]}>${html[2]}</a></div>`);
}
