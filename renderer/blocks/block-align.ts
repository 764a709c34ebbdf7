// Alignment of a block, written as the block editor writes it (issue 29): a paragraph's or
// heading's text alignment (its attribute and has-text-align-* class), a block's own alignment
// (its `align` attribute and align* class). Everything else the block holds stays as read.
import { HEADING_NODE } from './heading-block.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';
import { IMAGE_BLOCK } from './image-block.ts';
import { GALLERY_BLOCK } from './gallery.ts';
import { MEDIA_TEXT_BLOCK } from './media-text-block.ts';

export type TextAlign = '' | 'left' | 'center' | 'right';
export type TextBlock = typeof PARAGRAPH_NODE | typeof HEADING_NODE;

type Attributes = Record<string, unknown>;

/** The alignments a block offers, as its block type declares them (`supports.align`). */
export const BLOCK_ALIGNMENTS: Readonly<Record<string, readonly string[]>> = {
  [IMAGE_BLOCK]: ['left', 'center', 'right', 'wide', 'full'],
  [GALLERY_BLOCK]: ['left', 'center', 'right', 'wide', 'full'],
  [MEDIA_TEXT_BLOCK]: ['wide', 'full'],
};

const TEXT_ALIGNS: readonly string[] = ['left', 'center', 'right'];

const record = (value: unknown): Attributes => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Attributes) : {});

/** The text alignment a block's attributes hold: the current `style.typography.textAlign`, or the older attribute (`align` of a paragraph, `textAlign` of a heading). */
export function textAlignOf(block: TextBlock, attributes: Attributes | null): TextAlign {
  const held = attributes ?? {};
  const value = record(record(held.style).typography).textAlign ?? (block === PARAGRAPH_NODE ? held.align : held.textAlign);
  return typeof value === 'string' && TEXT_ALIGNS.includes(value) ? (value as TextAlign) : '';
}

/**
 * Where the block editor writes an attribute it adds: it writes a block's attributes in the order
 * its block type lists them, where those its supports add (alignment, the style …) follow the
 * block's own and its colours and fonts: `align` before these, `style` before `metadata`.
 */
export const AFTER_ALIGN = ['lock', 'allowedBlocks', 'anchor', 'ariaLabel', 'className', 'borderColor', 'style', 'settings', 'layout', 'metadata'];
const AFTER_STYLE = ['settings', 'layout', 'metadata'];

/** `attributes` with `name` set in its place when it was there, else first or before the first of `before` present (last when none is), or left out when `value` is empty. */
export function withAttribute(attributes: Attributes, name: string, value: unknown, before: 'first' | readonly string[] = []): Attributes {
  const entries = Object.entries(attributes).filter(([key]) => key !== name);
  if (value === '' || value === false || value === undefined) return Object.fromEntries(entries);
  const at = Object.keys(attributes).indexOf(name);
  const next = before === 'first' ? 0 : entries.findIndex(([key]) => before.includes(key));
  entries.splice(at >= 0 ? at : next >= 0 ? next : entries.length, 0, [name, value]);
  return Object.fromEntries(entries);
}

/** The style attribute with its typography's text alignment set or removed (an emptied object goes too). */
function withStyledAlign(attributes: Attributes, align: TextAlign): Attributes {
  const style = record(attributes.style);
  const typography = withAttribute(record(style.typography), 'textAlign', align);
  const nextStyle = Object.keys(typography).length > 0 ? withAttribute(style, 'typography', typography) : withAttribute(style, 'typography', undefined);
  return withAttribute(attributes, 'style', Object.keys(nextStyle).length > 0 ? nextStyle : undefined, AFTER_STYLE);
}

const classesOf = (tag: string) => (/\sclass="([^"]*)"/.exec(tag)?.[1] ?? '').split(/\s+/).filter(Boolean);

/** An opening tag with its classes made anew by `change` (the class attribute added after the tag's name, or dropped when none are left). */
export function withClasses(tag: string, change: (classes: string[]) => string[]): string {
  const classes = change(classesOf(tag)).join(' ');
  if (/\sclass="[^"]*"/.test(tag)) return tag.replace(/\sclass="[^"]*"/, classes ? ` class="${classes}"` : '');
  return classes ? tag.replace(/^<([a-z0-9]+)/i, `<$1 class="${classes}"`) : tag;
}

/** Classes with one of a family (`prefix` + a name) replaced by `name`'s, put after the block's own `wp-block-*` class. */
function withFamilyClass(classes: string[], prefix: string, name: string): string[] {
  const rest = classes.filter((item) => !new RegExp(`^${prefix}(?:left|center|right|wide|full)$`).test(item));
  if (!name) return rest;
  const at = rest.findIndex((item) => !/^wp-block-/.test(item));
  return [...rest.slice(0, at < 0 ? rest.length : at), `${prefix}${name}`, ...rest.slice(at < 0 ? rest.length : at)];
}

/**
 * A paragraph's or heading's attributes and opening tag with the text aligned, as the block
 * editor writes it now: in `style.typography.textAlign` (an older form's `align` or `textAlign`
 * goes, as the block editor migrates it).
 */
export function withTextAlign(block: TextBlock, attributes: Attributes | null, openingTag: string, align: TextAlign): { blockAttributes: Attributes | null; openingTag: string } {
  const held = attributes ?? {};
  const older = block === PARAGRAPH_NODE ? 'align' : 'textAlign';
  const next = withStyledAlign(textAlignOf(block, { [older]: held[older] }) !== '' ? withAttribute(held, older, undefined) : held, align);
  let tag = withClasses(openingTag, (classes) => withFamilyClass(classes, 'has-text-align-', align));
  // The paragraph's save leaves out the drop cap of centred or right-aligned text; it follows the alignment's class.
  if (block === PARAGRAPH_NODE && held.dropCap === true) {
    tag = withClasses(tag, (classes) => {
      const rest = classes.filter((item) => item !== 'has-drop-cap');
      const at = rest.findIndex((item) => item.startsWith('has-text-align-')) + 1;
      return align === 'center' || align === 'right' ? rest : [...rest.slice(0, at), 'has-drop-cap', ...rest.slice(at)];
    });
  }
  // A heading written anew carries the block's class (serialize-blocks.ts).
  if (block === HEADING_NODE) tag = withClasses(tag, (classes) => ['wp-block-heading', ...classes.filter((item) => item !== 'wp-block-heading')]);
  return { blockAttributes: Object.keys(next).length > 0 ? next : null, openingTag: classBesideAnchor(tag) };
}

/**
 * The class and the anchor (id) in the order the block editor's save writes them: the class
 * first, unless it is only the heading's own class, which the block editor adds after the anchor.
 */
function classBesideAnchor(tag: string): string {
  const id = /\sid="[^"]*"/.exec(tag)?.[0];
  const classes = /\sclass="[^"]*"/.exec(tag)?.[0];
  if (!id || !classes) return tag;
  const bare = tag.replace(id, '').replace(classes, '');
  const pair = classes === ' class="wp-block-heading"' ? `${id}${classes}` : `${classes}${id}`;
  return bare.replace(/^(<[a-z0-9]+)/i, `$1${pair}`);
}

/** A block's own alignment ('' for none). */
export function blockAlignOf(attributes: Attributes | null): string {
  const value = attributes?.align;
  return typeof value === 'string' && value !== 'none' ? value : '';
}

/** Blocks whose type declares `align` as its first attribute (the block editor writes it first); for the others it comes with the block's supports. */
const ALIGN_DECLARED_FIRST = new Set([MEDIA_TEXT_BLOCK]);

/** A block's attributes and opening tag with its own alignment (`align` and the align* class). */
export function withBlockAlign(name: string, attributes: Attributes | null, opening: string, align: string): { blockAttributes: Attributes | null; opening: string } {
  const next = withAttribute(attributes ?? {}, 'align', align, ALIGN_DECLARED_FIRST.has(name) ? 'first' : AFTER_ALIGN);
  return { blockAttributes: Object.keys(next).length > 0 ? next : null, opening: withClasses(opening, (classes) => withFamilyClass(classes, 'align', align)) };
}
