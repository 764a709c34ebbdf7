// A block's text colour, background colour or gradient from the site's presets, and a paragraph's
// or heading's font size, written as the block editor writes them: the preset's slug in
// `textColor` / `backgroundColor` / `gradient` / `fontSize`, its class (has-<slug>-color,
// has-<slug>-background-color, has-<slug>-gradient-background, has-<slug>-font-size) with
// has-text-color / has-background on the element that carries them. A custom value of the same
// role (style.color.*, style.typography.fontSize, and its inline style) gives way to the preset,
// as the block editor's pickers replace one with the other; a background colour and a gradient
// replace each other. A custom colour (a `#rrggbb` value in place of a slug) is written as the
// block editor's custom picker writes it: in style.color.<role>, with its declaration in the
// element's inline style (the style engine's order: color, background, background-color) and
// has-text-color / has-background, the preset of its role giving way. A block's link colour is
// written as the block editor's Link colour writes it: in style.elements.link.color.text (a
// preset as `var:preset|color|<slug>`, a custom colour as itself) with has-link-color on the
// element; the site's stylesheet colours the links from it.
import { AFTER_ALIGN, withAttribute, withClasses } from './block-align.ts';
import { isCustomGradient } from './custom-gradient.ts';

type Attributes = Record<string, unknown>;

export type ColourRole = 'text' | 'background' | 'gradient';

interface RoleWords { attribute: string; marker: string; classOf(slug: string): string; custom: string; declaration: RegExp }

/** Whether a choice is a custom colour rather than a preset's slug. */
export const isCustomColour = (value: string) => /^#[0-9a-f]{3,8}$/i.test(value);

/** The inline declarations of the custom colours in `attributes`, in the style engine's order (text, gradient, background). */
function customDeclarations(attributes: Attributes): string[] {
  const colour = record(record(attributes.style).color);
  const properties: readonly [string, string][] = [['text', 'color'], ['gradient', 'background'], ['background', 'background-color']];
  return properties.flatMap(([key, property]) => (typeof colour[key] === 'string' ? [`${property}:${colour[key]}`] : []));
}

/** The opening tag with its colour declarations those of `attributes`, after any border's, as the style engine orders its groups. */
function withCustomDeclarations(tag: string, attributes: Attributes): string {
  const colours = customDeclarations(attributes);
  const held = /\sstyle="([^"]*)"/.exec(tag)?.[1] ?? '';
  const others = held.split(';').map((item) => item.trim()).filter((item) => item !== '' && !/^(?:color|background|background-color)\s*:/i.test(item));
  const borders = others.filter((item) => /^border/i.test(item)).length;
  return withDeclarations(tag, [...others.slice(0, borders), ...colours, ...others.slice(borders)].join(';'));
}

/** The opening tag with its `style` attribute holding `css` (none for ''): in its place when the element had one, else after its other attributes, as the block editor's save writes it. */
export function withDeclarations(tag: string, css: string): string {
  if (css === '') return tag.replace(/\sstyle="[^"]*"/, '');
  const style = ` style="${css}"`;
  return /\sstyle="[^"]*"/.test(tag) ? tag.replace(/\sstyle="[^"]*"/, style) : tag.replace(/\s*(\/?>)$/, `${style}$1`);
}

const ROLES: Readonly<Record<ColourRole, RoleWords>> = {
  text: { attribute: 'textColor', marker: 'has-text-color', classOf: (slug) => `has-${slug}-color`, custom: 'text', declaration: /(^|;)\s*color\s*:[^;]*;?/i },
  background: { attribute: 'backgroundColor', marker: 'has-background', classOf: (slug) => `has-${slug}-background-color`, custom: 'background', declaration: /(^|;)\s*background-color\s*:[^;]*;?/i },
  gradient: { attribute: 'gradient', marker: 'has-background', classOf: (slug) => `has-${slug}-gradient-background`, custom: 'gradient', declaration: /(^|;)\s*background\s*:[^;]*;?/i },
};

/** Where each role's attribute goes among those present: after the block's own, in the order the colour support declares them. */
const PLACED_BEFORE: Readonly<Record<ColourRole, readonly string[]>> = {
  background: ['textColor', 'gradient', 'align', 'fontSize', 'fontFamily', ...AFTER_ALIGN],
  text: ['gradient', 'align', 'fontSize', 'fontFamily', ...AFTER_ALIGN],
  gradient: ['align', 'fontSize', 'fontFamily', ...AFTER_ALIGN],
};

const record = (value: unknown): Attributes => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Attributes) : {});

/** The palette colour a block's attributes name for `role` ('' for none), and whether a custom one is set instead. */
export function colourOf(attributes: Attributes | null, role: ColourRole): { slug: string; custom: boolean } {
  const slug = attributes?.[ROLES[role].attribute];
  const custom = record(record(attributes?.style).color)[ROLES[role].custom];
  return { slug: typeof slug === 'string' ? slug : '', custom: typeof slug !== 'string' && typeof custom === 'string' };
}

/** The custom colour a block's attributes hold for `role` (style.color.*), '' for none. */
export function customColourOf(attributes: Attributes | null, role: ColourRole): string {
  const custom = record(record(attributes?.style).color)[ROLES[role].custom];
  return typeof custom === 'string' ? custom : '';
}

/** The style attribute less its custom colour of `role` (emptied objects go too). */
function withoutCustom(attributes: Attributes, role: ColourRole): Attributes {
  const style = record(attributes.style);
  const colour = withAttribute(record(style.color), ROLES[role].custom, undefined);
  const nextStyle = withAttribute(style, 'color', Object.keys(colour).length > 0 ? colour : undefined);
  return withAttribute(attributes, 'style', Object.keys(nextStyle).length > 0 ? nextStyle : undefined);
}

/** The opening tag less an inline declaration (a custom value the preset replaces); the style attribute goes when emptied. */
function withoutDeclaration(tag: string, declaration: RegExp): string {
  return tag.replace(/\sstyle="([^"]*)"/, (_whole, declarations: string) => {
    const rest = declarations.replace(declaration, '$1').replace(/^;+|;+$/g, '').trim();
    return rest ? ` style="${rest}"` : '';
  });
}

/**
 * The colour classes for `attributes`, in the order the block editor's save adds them after the
 * element's own: the text preset's, the background's or gradient's, has-text-color, has-background
 * (a custom colour makes one too), has-link-color.
 */
function colourClasses(attributes: Attributes, linked: boolean): string[] {
  const [text, background, gradient] = [colourOf(attributes, 'text'), colourOf(attributes, 'background'), colourOf(attributes, 'gradient')];
  return [
    text.slug && ROLES.text.classOf(text.slug),
    background.slug && ROLES.background.classOf(background.slug),
    gradient.slug && ROLES.gradient.classOf(gradient.slug),
    (text.slug || text.custom) && ROLES.text.marker,
    (background.slug || background.custom || gradient.slug || gradient.custom) && ROLES.background.marker,
    linked && 'has-link-color',
  ].filter((item): item is string => typeof item === 'string' && item !== '');
}

const FONT_CLASS = /^has-[a-z0-9-]+-font-(?:size|family)$/;

/** The style attribute with the custom colour of `role` the `value` (a colour added last, as the block editor's picker adds it). */
function withCustom(attributes: Attributes, role: ColourRole, value: string): Attributes {
  const style = record(attributes.style);
  const colour = withAttribute(record(style.color), ROLES[role].custom, value);
  return withAttribute(attributes, 'style', withAttribute(style, 'color', colour), AFTER_STYLE);
}
const AFTER_STYLE = ['settings', 'layout', 'metadata'];

/** The opening tag with the colour classes of `held` replaced by those of `next` (has-link-color when `linked`, by default as it was). */
function withColourClasses(tag: string, held: Attributes, next: Attributes, linked?: boolean): string {
  const before = new Set([...colourClasses(held, true), ROLES.text.marker, ROLES.background.marker]);
  return withClasses(tag, (classes) => {
    const rest = classes.filter((item) => !before.has(item));
    // Before the classes the font supports add, which the block editor adds after the colours', and a button's element class, which its save puts last.
    const at = rest.findIndex((item) => FONT_CLASS.test(item) || item === 'wp-element-button');
    const colours = colourClasses(next, linked ?? classes.includes('has-link-color'));
    return at < 0 ? [...rest, ...colours] : [...rest.slice(0, at), ...colours, ...rest.slice(at)];
  });
}

/**
 * The opening tag with the colours `attributes` name written as the block editor's save writes
 * them (their classes in its order, custom ones in the inline style): an older save that left one
 * out, or wrote them in another order, migrated.
 */
export function withColoursAsSaved(openingTag: string, attributes: Attributes): string {
  return withColoursReplaced(openingTag, attributes, attributes);
}

/** The opening tag with the colours `held` names (their classes and custom declarations) replaced by those `next` names, as the block editor's save writes them (has-link-color when `next` names a link colour). */
export function withColoursReplaced(openingTag: string, held: Attributes, next: Attributes): string {
  return withCustomDeclarations(withColourClasses(openingTag, held, next, held === next ? undefined : linkColourOf(next) !== ''), next);
}

/** An element's attributes and opening tag with its `role` colour the preset `slug`, or the custom colour (or a gradient's custom CSS value) it is ('' for none). */
function withRole(held: Attributes, openingTag: string, role: ColourRole, choice: string): { attributes: Attributes; openingTag: string } {
  const custom = role === 'gradient' ? isCustomGradient(choice) : isCustomColour(choice);
  const preset = withAttribute(withoutCustom(held, role), ROLES[role].attribute, custom ? '' : choice, PLACED_BEFORE[role]);
  // A custom gradient is kept as the picker wrote it; a custom colour as the colour field writes it, in lower case.
  const next = custom ? withCustom(preset, role, role === 'gradient' ? choice : choice.toLowerCase()) : preset;
  const declared = withoutDeclaration(openingTag, ROLES[role].declaration);
  return { attributes: next, openingTag: withColourClasses(custom ? withCustomDeclarations(declared, next) : declared, held, next) };
}

/** How the block editor names a preset colour in a style value. */
const PRESET_REFERENCE = /^var:preset\|color\|([a-z0-9-]+)$/i;

/** A block's link colour as a choice: a preset's slug, a custom colour as itself, 'custom' for another value, '' for none. */
export function linkColourOf(attributes: Attributes | null): string {
  const value = record(record(record(record(attributes?.style).elements).link).color).text;
  if (typeof value !== 'string' || value === '') return '';
  return PRESET_REFERENCE.exec(value)?.[1] ?? (isCustomColour(value) ? value : 'custom');
}

/** The attributes with style.<path> the value (undefined: removed, and the objects it empties with it), each level added last as the block editor's spread adds it. */
function withStyleAt(attributes: Attributes, path: readonly string[], value: unknown): Attributes {
  const nested = (held: Attributes, [key, ...rest]: readonly string[]): Attributes => {
    const inner = rest.length === 0 ? value : nested(record(held[key]), rest);
    return withAttribute(held, key, inner !== undefined && (typeof inner !== 'object' || Object.keys(inner as object).length > 0) ? inner : undefined);
  };
  const style = nested(record(attributes.style), path);
  return withAttribute(attributes, 'style', Object.keys(style).length > 0 ? style : undefined, AFTER_STYLE);
}

/** A block's attributes and the opening tag of its element with its link colour the preset `slug` or a custom `#rrggbb` ('' for none). */
export function withLinkColour(attributes: Attributes | null, openingTag: string, choice: string): { blockAttributes: Attributes | null; openingTag: string } {
  const held = attributes ?? {};
  const value = !choice ? undefined : isCustomColour(choice) ? choice.toLowerCase() : `var:preset|color|${choice}`;
  const next = withStyleAt(held, ['elements', 'link', 'color', 'text'], value);
  return { blockAttributes: Object.keys(next).length > 0 ? next : null, openingTag: withColourClasses(openingTag, held, next, value !== undefined) };
}

/**
 * A block's attributes and the opening tag of the element carrying its colours with its `role`
 * colour the preset `slug`, a custom `#rrggbb` or (a gradient) a custom gradient's CSS value ('' for none); a background colour clears a gradient and the other way
 * round, as the block editor's background picker holds one or the other (none clears both).
 */
export function withPresetColour(attributes: Attributes | null, openingTag: string, role: ColourRole, slug: string): { blockAttributes: Attributes | null; openingTag: string } {
  const rival: ColourRole | null = role === 'background' ? 'gradient' : role === 'gradient' ? 'background' : null;
  const cleared = rival ? withRole(attributes ?? {}, openingTag, rival, '') : { attributes: attributes ?? {}, openingTag };
  const next = withRole(cleared.attributes, cleared.openingTag, role, slug);
  return { blockAttributes: Object.keys(next.attributes).length > 0 ? next.attributes : null, openingTag: next.openingTag };
}

/** A paragraph's or heading's font size: the preset's slug ('' for none), or whether a custom size is set instead. */
export function fontSizeOf(attributes: Attributes | null): { slug: string; custom: boolean } {
  const slug = attributes?.fontSize;
  const custom = record(record(attributes?.style).typography).fontSize;
  return { slug: typeof slug === 'string' ? slug : '', custom: typeof slug !== 'string' && custom !== undefined };
}

/** A paragraph's or heading's attributes and opening tag with its font size the preset `slug` ('' for none); a custom size gives way. */
export function withFontSize(attributes: Attributes | null, openingTag: string, slug: string): { blockAttributes: Attributes | null; openingTag: string } {
  const held = attributes ?? {};
  const style = record(held.style);
  const typography = withAttribute(record(style.typography), 'fontSize', undefined);
  const nextStyle = withAttribute(style, 'typography', Object.keys(typography).length > 0 ? typography : undefined);
  const next = withAttribute(withAttribute(held, 'style', Object.keys(nextStyle).length > 0 ? nextStyle : undefined), 'fontSize', slug, ['fontFamily', ...AFTER_ALIGN]);
  return { blockAttributes: Object.keys(next).length > 0 ? next : null, openingTag: withFontSizeClass(withoutDeclaration(openingTag, /(^|;)\s*font-size\s*:[^;]*;?/i), slug) };
}

/** The opening tag with its preset font size's class that of `slug` (none for '' or none): after the colours' classes, before a font family's. */
export function withFontSizeClass(openingTag: string, slug: unknown): string {
  return withClasses(openingTag, (classes) => {
    const rest = classes.filter((item) => !/^has-[a-z0-9-]+-font-size$/.test(item));
    const at = rest.findIndex((item) => /^has-[a-z0-9-]+-font-family$/.test(item));
    const size = typeof slug === 'string' && slug ? [`has-${slug}-font-size`] : [];
    return at < 0 ? [...rest, ...size] : [...rest.slice(0, at), ...size, ...rest.slice(at)];
  });
}
