// Groups in the older forms the block editor still reads: one whose blocks sat in an inner
// container of their own (`wp-block-group__inner-container`, before WordPress 5.9), which its
// deprecation leaves out (the first of them named a custom background `customBackgroundColor`,
// now the colour setting), and one whose layout said `inherit` or a content size without being
// "constrained" (before WordPress 6.1), which its deprecation names constrained.
import type { ParsedBlock } from './split-blocks.ts';
import { currentContainer, inDeclaredOrder } from './older-form-parts.ts';
import { tidyOwnHtml } from './older-inner-blocks.ts';

/** core/group's attributes in the order the block type declares them (checked against the block editor by the test). */
export const GROUP_ATTRIBUTES = ['tagName', 'templateLock', 'backgroundColor', 'textColor', 'gradient', 'fontFamily', 'fontSize', 'align', 'lock', 'allowedBlocks', 'anchor', 'ariaLabel', 'className', 'borderColor', 'style', 'settings', 'layout', 'metadata'];

const INNER_CONTAINER = /^(<[a-z]+ class="wp-block-group[^"]*"(?: [a-z-]+="[^"]*")*>)<div class="wp-block-group__inner-container">(\s*)$/;

/** The layout as the block editor migrates an older one, or null when it is current. */
function constrainedLayout(layout: unknown): Record<string, unknown> | null {
  const older = layout as { inherit?: unknown; contentSize?: unknown; type?: unknown } | undefined;
  if (typeof older !== 'object' || older === null || !(older.inherit || (older.contentSize && older.type !== 'constrained'))) return null;
  return { ...older, type: 'constrained' };
}

/** Whether the wrapper has the class of each colour the block names (a hand-written older group may lack one, which the block editor's save would add). */
function namedColoursWritten(attributes: Record<string, unknown>, wrapper: string): boolean {
  const classes = (/ class="([^"]*)"/.exec(wrapper)?.[1] ?? '').split(' ');
  const named = [attributes.textColor === undefined ? null : `has-${String(attributes.textColor)}-color`, attributes.backgroundColor === undefined ? null : `has-${String(attributes.backgroundColor)}-background-color`];
  return named.every((name) => name === null || classes.includes(name));
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
  const layout = constrainedLayout(attributes.layout);
  // An older layout was read by a save without the inner container; both at once are another older form.
  if (layout && !wrapper) return currentContainer(block, source, inDeclaredOrder({ ...attributes, layout }, GROUP_ATTRIBUTES), (html) => html, (html) => html);
  if (!wrapper || attributes.layout !== undefined || !namedColoursWritten(attributes, wrapper[1])) return null;
  return currentContainer(block, source, inDeclaredOrder(attributes, GROUP_ATTRIBUTES), () => `${wrapper[1]}${wrapper[2]}`, (html) => /^(\s*)<\/div>/.exec(html) && html.replace(/^(\s*)<\/div>/, '$1'));
}
