// A block's text colour, background colour or gradient from the site's presets, and a paragraph's
// or heading's font size, written as the block editor writes them: the preset's slug in
// `textColor` / `backgroundColor` / `gradient` / `fontSize`, its class (has-<slug>-color,
// has-<slug>-background-color, has-<slug>-gradient-background, has-<slug>-font-size) with
// has-text-color / has-background on the element that carries them. A custom value of the same
// role (style.color.*, style.typography.fontSize, and its inline style) gives way to the preset,
// as the block editor's pickers replace one with the other; a background colour and a gradient
// replace each other.
import { AFTER_ALIGN, withAttribute, withClasses } from './block-align.ts';

type Attributes = Record<string, unknown>;

export type ColourRole = 'text' | 'background' | 'gradient';

interface RoleWords { attribute: string; marker: string; classOf(slug: string): string; custom: string; declaration: RegExp }

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

/** An element's attributes and opening tag with its `role` colour the preset `slug` ('' for none). */
function withRole(held: Attributes, openingTag: string, role: ColourRole, slug: string): { attributes: Attributes; openingTag: string } {
  const next = withAttribute(withoutCustom(held, role), ROLES[role].attribute, slug, PLACED_BEFORE[role]);
  const before = new Set([...colourClasses(held, true), ROLES.text.marker, ROLES.background.marker]);
  const tag = withClasses(withoutDeclaration(openingTag, ROLES[role].declaration), (classes) => {
    const rest = classes.filter((item) => !before.has(item));
    // Before the classes the font supports add, which the block editor adds after the colours', and a button's element class, which its save puts last.
    const at = rest.findIndex((item) => FONT_CLASS.test(item) || item === 'wp-element-button');
    const colours = colourClasses(next, classes.includes('has-link-color'));
    return at < 0 ? [...rest, ...colours] : [...rest.slice(0, at), ...colours, ...rest.slice(at)];
  });
  return { attributes: next, openingTag: tag };
}

/**
 * A block's attributes and the opening tag of the element carrying its colours with its `role`
 * colour the preset `slug` ('' for none); a background colour clears a gradient and the other way
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
  const tag = withClasses(withoutDeclaration(openingTag, /(^|;)\s*font-size\s*:[^;]*;?/i), (classes) => {
    const rest = classes.filter((item) => !/^has-[a-z0-9-]+-font-size$/.test(item));
    // After the colours' classes, before a font family's.
    const at = rest.findIndex((item) => /^has-[a-z0-9-]+-font-family$/.test(item));
    const size = slug ? [`has-${slug}-font-size`] : [];
    return at < 0 ? [...rest, ...size] : [...rest.slice(0, at), ...size, ...rest.slice(at)];
  });
  return { blockAttributes: Object.keys(next).length > 0 ? next : null, openingTag: tag };
}
