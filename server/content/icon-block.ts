// The icon block (core/icon) as the site shows it to readers, as WordPress renders it
// (render_block_core_icon with wp_get_icon): its icon's SVG in a wp-block-icon element, the
// colours and width on the SVG, flips as classes and the rotation as its style; a name the icon
// registry does not know is said in plain words instead of the nothing WordPress shows.
import { escapeHtml } from '../../shared/html-escape.ts';
import { ICON_LIBRARY } from './icon-library.generated.ts';

type Attributes = Record<string, unknown>;

const record = (value: unknown): Attributes => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Attributes) : {});
const SLUG = /^[a-z0-9-]+$/;
/** A colour or length a style may hold: no declaration, rule or address can be slipped in. */
const CSS_VALUE = /^(?!.*url\()[#a-z0-9.,%() -]+$/i;
const slugOf = (value: unknown) => (typeof value === 'string' && SLUG.test(value) ? value : null);
const cssOf = (value: unknown) => (typeof value === 'string' && CSS_VALUE.test(value) ? value : null);

/** What WordPress's style engine makes of the block's colours and width: preset classes, and the custom values as declarations. */
function iconStyles(attributes: Attributes): { classes: string[]; css: string[] } {
  const style = record(attributes.style);
  const color = record(style.color);
  const classes: string[] = [];
  const css: string[] = [];
  const text = slugOf(attributes.textColor);
  if (text) classes.push('has-text-color', `has-${text}-color`);
  else if (cssOf(color.text)) css.push(`color: ${cssOf(color.text)}`);
  const background = slugOf(attributes.backgroundColor);
  if (background) classes.push('has-background', `has-${background}-background-color`);
  else if (cssOf(color.background)) css.push(`background-color: ${cssOf(color.background)}`);
  const width = cssOf(record(style.dimensions).width);
  if (width) css.push(`width: ${width}`);
  return { classes, css };
}

/** The block's own element around what it shows, with its alignment, classes and anchor. */
function wrapped(attributes: Attributes, inner: string): string {
  const align = typeof attributes.align === 'string' && ['left', 'center', 'right'].includes(attributes.align) ? `align${attributes.align}` : '';
  const className = typeof attributes.className === 'string' ? attributes.className : '';
  const classes = ['wp-block-icon', align, className].filter(Boolean).join(' ');
  const id = typeof attributes.anchor === 'string' && attributes.anchor ? ` id="${escapeHtml(attributes.anchor)}"` : '';
  return `<div class="${escapeHtml(classes)}"${id}>${inner}</div>`;
}

/** The words a reader sees for an icon the site does not have: its label, or its name. */
function inWords(name: string, label: string): string {
  const words = label || name.replace(/^[a-z0-9-]+\//, '').replace(/-/g, ' ');
  return `<span class="wp-block-icon__unknown">${escapeHtml(words)}</span>`;
}

/** The icon block's HTML for readers, from its attributes; '' without an icon, as WordPress renders it. */
export function renderIconBlock(attributes: Attributes): string {
  const name = typeof attributes.icon === 'string' ? attributes.icon : '';
  if (!name) return '';
  const label = typeof attributes.ariaLabel === 'string' ? attributes.ariaLabel : '';
  const slug = name.startsWith('core/') ? name.slice('core/'.length) : '';
  const icon = Object.hasOwn(ICON_LIBRARY, slug) ? ICON_LIBRARY[slug] : undefined;
  if (!icon) return wrapped(attributes, inWords(name, label));
  const { classes, css } = iconStyles(attributes);
  if (attributes.flipHorizontal === true) classes.push('is-flip-horizontal');
  if (attributes.flipVertical === true) classes.push('is-flip-vertical');
  const rotation = Math.trunc(Number(attributes.rotation ?? 0)) || 0;
  const svg = icon.svg.replace(/^<svg([^>]*)>/, (_tag, rest: string) => {
    const own = /\sstyle="([^"]*)"/.exec(rest)?.[1]?.trim().replace(/;$/, '') ?? '';
    const declarations = [own, css.join('; ')].filter(Boolean).join('; ');
    const style = [declarations, rotation ? `rotate: ${rotation}deg;` : ''].filter(Boolean).join('; ');
    const added = [
      classes.length > 0 ? ` class="${escapeHtml(classes.join(' '))}"` : '',
      label ? ` role="img" aria-label="${escapeHtml(label)}"` : ' aria-hidden="true" focusable="false"',
      style ? ` style="${escapeHtml(style)}"` : '',
    ].join('');
    return `<svg${rest.replace(/\sstyle="[^"]*"/, '')}${added}>`;
  });
  return wrapped(attributes, svg);
}
