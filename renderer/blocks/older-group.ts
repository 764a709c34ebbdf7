// Groups in the older forms the block editor still reads: one whose blocks sat in an inner
// container of their own (`wp-block-group__inner-container`, before WordPress 5.9), which its
// deprecation leaves out (the first of them named a custom background `customBackgroundColor`,
// now the colour setting), and one whose layout said `inherit` or a content size without being
// "constrained" (before WordPress 6.1), which its deprecation names constrained. Those saves read
// the colours as settings of their own (the first of them its background alone, one no text
// colour's class): the block editor's migration writes every colour the block names as the
// current save does.
import type { ParsedBlock } from './split-blocks.ts';
import { currentContainer, inDeclaredOrder } from './older-form-parts.ts';
import { tidyOwnHtml } from './older-inner-blocks.ts';
import { withColoursAsSaved } from './text-colours.ts';

/** core/group's attributes in the order the block type declares them (checked against the block editor by the test). */
export const GROUP_ATTRIBUTES = ['tagName', 'templateLock', 'backgroundColor', 'textColor', 'gradient', 'fontFamily', 'fontSize', 'align', 'lock', 'allowedBlocks', 'anchor', 'ariaLabel', 'className', 'borderColor', 'style', 'settings', 'layout', 'metadata'];

const INNER_CONTAINER = /^(<[a-z]+ class="wp-block-group[^"]*"(?: [a-z-]+="[^"]*")*>)<div class="wp-block-group__inner-container">(\s*)$/;

/** The layout as the block editor migrates an older one, or null when it is current. */
function constrainedLayout(layout: unknown): Record<string, unknown> | null {
  const older = layout as { inherit?: unknown; contentSize?: unknown; type?: unknown } | undefined;
  if (typeof older !== 'object' || older === null || !(older.inherit || (older.contentSize && older.type !== 'constrained'))) return null;
  return { ...older, type: 'constrained' };
}

/** The attributes the first group's save read (before WordPress 5.3: its background alone), of those a current group holds. */
const FIRST_GROUP_ATTRIBUTES = ['backgroundColor', 'align', 'lock', 'anchor', 'className', 'style', 'metadata'];

const classSet = (tag: string) => (/ class="([^"]*)"/.exec(tag)?.[1] ?? '').split(' ').filter(Boolean).sort().join(' ');
const styleSet = (tag: string) => (/ style="([^"]*)"/.exec(tag)?.[1] ?? '').split(';').map((item) => item.trim()).filter(Boolean).sort().join(';');

/**
 * The first group's wrapper (no inner container) with the colours its attributes name and its save
 * left out (a custom background in `style`, which it did not read), as the block editor writes them
 * once its deprecation has read it; null when none is left out (it is current) or it holds more.
 */
function firstGroupWrapper(attributes: Record<string, unknown>, html: string): string | null {
  const tag = /^<div class="wp-block-group[^"]*"(?: [a-z-]+="[^"]*")*>$/.exec(tidyOwnHtml(html))?.[0];
  const style = attributes.style as Record<string, unknown> | undefined;
  if (tag === undefined || !Object.keys(attributes).every((name) => FIRST_GROUP_ATTRIBUTES.includes(name)) || Object.keys(style ?? {}).some((name) => name !== 'color')) return null;
  const saved = withColoursAsSaved(tag, attributes);
  return classSet(saved) === classSet(tag) && styleSet(saved) === styleSet(tag) ? null : saved;
}

/**
 * The attributes with a custom background colour as the first groups named it (`customBackgroundColor`),
 * which the deprecation makes the colour setting: the same wrapper, `has-background` and its inline colour.
 */
function withCustomBackground(attributes: Record<string, unknown>, wrapper: string): Record<string, unknown> | null {
  const { customBackgroundColor: colour, ...rest } = attributes;
  if (colour === undefined) return attributes;
  if (typeof colour !== 'string' || rest.style !== undefined || wrapper !== `<div class="wp-block-group has-background" style="background-color:${colour}">`) return null;
  return { ...rest, style: { color: { background: colour } } };
}

/** The group in its current form, or null when it is not an older form this migration knows. */
export function currentGroup(block: ParsedBlock, source: string): string | null {
  const opening = block.innerContent[0];
  const wrapper = typeof opening === 'string' ? INNER_CONTAINER.exec(tidyOwnHtml(opening)) : null;
  const attributes = withCustomBackground((block.attrs ?? {}) as Record<string, unknown>, wrapper?.[1] ?? '');
  if (attributes === null || !Object.keys(attributes).every((name) => GROUP_ATTRIBUTES.includes(name))) return null;
  const ordered = inDeclaredOrder(attributes, GROUP_ATTRIBUTES);
  const layout = constrainedLayout(attributes.layout);
  // An older layout was read by a save without the inner container; both at once are another older form.
  if (layout && !wrapper) return currentContainer(block, source, inDeclaredOrder({ ...attributes, layout }, GROUP_ATTRIBUTES), (html) => html, (html) => html);
  if (attributes.layout !== undefined) return null;
  if (!wrapper) {
    const first = typeof opening === 'string' ? firstGroupWrapper(attributes, opening) : null;
    return first === null ? null : currentContainer(block, source, ordered, () => first, (html) => html);
  }
  // The saves of the inner container read the colours as settings of their own (one of them wrote no text colour's class): written as the current save writes them.
  return currentContainer(block, source, ordered, () => `${withColoursAsSaved(wrapper[1], attributes)}${wrapper[2]}`, (html) => /^(\s*)<\/div>/.exec(html) && html.replace(/^(\s*)<\/div>/, '$1'));
}
