// A paragraph's or heading's text and background colour from the palette, written as the block
// editor writes it: the preset's slug in `textColor` / `backgroundColor`, its class
// (has-<slug>-color, has-<slug>-background-color) with has-text-color / has-background on the
// element. A custom colour of the same role (style.color.*, and its inline style) gives way to
// the preset, as the block editor's colour picker replaces one with the other.
import { AFTER_ALIGN, withAttribute, withClasses } from './block-align.ts';

type Attributes = Record<string, unknown>;

export type ColourRole = 'text' | 'background';

interface RoleWords { attribute: string; marker: string; classOf(slug: string): string; custom: string; declaration: RegExp }

const ROLES: Readonly<Record<ColourRole, RoleWords>> = {
  text: { attribute: 'textColor', marker: 'has-text-color', classOf: (slug) => `has-${slug}-color`, custom: 'text', declaration: /(^|;)\s*color\s*:[^;]*;?/i },
  background: { attribute: 'backgroundColor', marker: 'has-background', classOf: (slug) => `has-${slug}-background-color`, custom: 'background', declaration: /(^|;)\s*background-color\s*:[^;]*;?/i },
};

/** Where the block editor writes a colour attribute: after the block's own, before its alignment and what its supports add. */
const AFTER_COLOURS = ['align', 'gradient', 'fontSize', 'fontFamily', ...AFTER_ALIGN];

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

/** The opening tag less the inline declaration of a custom colour of `role` (the style attribute goes when emptied). */
function withoutInlineColour(tag: string, role: ColourRole): string {
  return tag.replace(/\sstyle="([^"]*)"/, (_whole, declarations: string) => {
    const rest = declarations.replace(ROLES[role].declaration, '$1').replace(/^;+|;+$/g, '').trim();
    return rest ? ` style="${rest}"` : '';
  });
}

/**
 * The colour classes for `attributes`, in the order the block editor's save adds them after the
 * element's own: the text preset's, the background preset's, has-text-color, has-background
 * (a gradient, or a custom colour, makes one too), has-link-color.
 */
function colourClasses(attributes: Attributes, linked: boolean): string[] {
  const [text, background] = [colourOf(attributes, 'text'), colourOf(attributes, 'background')];
  const colour = record(record(attributes.style).color);
  return [
    text.slug && ROLES.text.classOf(text.slug),
    background.slug && ROLES.background.classOf(background.slug),
    (text.slug || text.custom) && ROLES.text.marker,
    (background.slug || background.custom || attributes.gradient || colour.gradient) && ROLES.background.marker,
    linked && 'has-link-color',
  ].filter((item): item is string => typeof item === 'string' && item !== '');
}

/** A paragraph's or heading's attributes and opening tag with its `role` colour the palette's `slug` ('' for none). */
export function withTextColour(attributes: Attributes | null, openingTag: string, role: ColourRole, slug: string): { blockAttributes: Attributes | null; openingTag: string } {
  const held = attributes ?? {};
  const next = withAttribute(withoutCustom(held, role), ROLES[role].attribute, slug, role === 'background' ? ['textColor', ...AFTER_COLOURS] : AFTER_COLOURS);
  const before = new Set([...colourClasses(held, true), ROLES.text.marker, ROLES.background.marker]);
  const tag = withClasses(withoutInlineColour(openingTag, role), (classes) => {
    const rest = classes.filter((item) => !before.has(item));
    // Before the classes the font supports add, which the block editor adds after the colours'.
    const at = rest.findIndex((item) => /^has-[a-z0-9-]+-font-(?:size|family)$/.test(item));
    const colours = colourClasses(next, classes.includes('has-link-color'));
    return at < 0 ? [...rest, ...colours] : [...rest.slice(0, at), ...colours, ...rest.slice(at)];
  });
  return { blockAttributes: Object.keys(next).length > 0 ? next : null, openingTag: tag };
}
