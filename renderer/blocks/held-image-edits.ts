// What the image controls change on an image of classic content held as read (held-image.ts):
// each choice changes only its own attributes where they stand (the text alternative; the
// alignment's class or the size's among the others in the class attribute, with the address and
// size that size has), in the order read, so the image is written back as read but for the choice.
import type { Held } from './held-inline.ts';

export const heldValue = (held: Held, name: string): string | null => held.find(([held]) => held === name)?.[1] ?? null;

/** `held` with `name` set to `value` where it stands (added at the end when it was not there), or taken out for null. */
export function withHeld(held: Held, name: string, value: string | null): Held {
  if (value === null) return held.filter(([held]) => held !== name);
  return heldValue(held, name) === null ? [...held, [name, value]] : held.map(([held, was]) => [held, held === name ? value : was]);
}

/** `held` with the class `pattern` matches made `replacement` where it stands (added at the end when none matches). */
function withClass(held: Held, pattern: RegExp, replacement: string): Held {
  const classes = heldValue(held, 'class') ?? '';
  const matched = new RegExp(`(^|\\s)${pattern.source}(?=\\s|$)`);
  const changed = matched.test(classes) ? classes.replace(matched, `$1${replacement}`) : `${classes}${classes === '' || /\s$/.test(classes) ? '' : ' '}${replacement}`;
  return withHeld(held, 'class', changed);
}

const classMatch = (held: Held, pattern: RegExp) => new RegExp(`(?:^|\\s)${pattern.source}(?=\\s|$)`).exec(heldValue(held, 'class') ?? '');

const ALIGNMENT = /align(left|right|center|none)/;
const SIZE = /size-([a-z0-9_-]+)/;

/** The alignment its class gives ('' for none). */
export const heldAlignment = (held: Held): string => (classMatch(held, ALIGNMENT)?.[1] ?? 'none').replace('none', '');

/** The size its class names ('' for none). */
export const heldSize = (held: Held): string => classMatch(held, SIZE)?.[1] ?? '';

/** The media item its class names (`wp-image-12`), or null. */
export function heldMediaId(held: Held): number | null {
  const id = classMatch(held, /wp-image-(\d+)/)?.[1];
  return id === undefined ? null : Number(id);
}

/** Aligned as WordPress's editor aligns an image of classic content: `alignleft`, `alignright`, `aligncenter`, `alignnone`. */
export const withAlignment = (held: Held, alignment: string): Held => withClass(held, ALIGNMENT, `align${alignment || 'none'}`);

/** At one of its media item's sizes: its class, address and size those of that size (a set of sources for another size left out). */
export function withSize(held: Held, slug: string, size: { source_url: string; width: number; height: number }): Held {
  const sized = withClass(held, SIZE, `size-${slug}`);
  const measured = [['src', size.source_url], ['width', String(size.width)], ['height', String(size.height)]].reduce((changed, [name, value]) => (name === 'src' || heldValue(changed, name) !== null ? withHeld(changed, name, value) : changed), sized);
  return withHeld(withHeld(measured, 'srcset', null), 'sizes', null);
}
