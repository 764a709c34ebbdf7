// A cover's overlay from the site's presets, written as the block editor's cover saves it: a
// palette colour in `overlayColor` with its has-<slug>-background-color class on the overlay's
// span, or a gradient in `gradient` with has-background-gradient and has-<slug>-gradient-background
// there (and wp-block-cover__gradient-background over an image); one replaces the other, and
// either replaces a custom overlay colour or gradient (their inline style goes with them). The
// writer's choice is remembered as the block editor remembers it (`isUserOverlayColor`). A colour
// chosen (or none) judges the cover dark or light as the block editor does (its color-utils'
// compositeIsDark: the overlay at its opacity over the image's average colour, white without one):
// a light cover is written `isDark: false` with the is-light class; a gradient leaves it as it was.
// A custom colour (`#rrggbb` in place of a slug) goes in `customOverlayColor`, a custom gradient (its CSS value) in
// `customGradient`, its declaration on the span.
import { withAttribute, withClasses } from './block-align.ts';
import { NO_IMAGE_COLOUR, compositeIsDark } from './cover-block.ts';
import { DEFAULT_PALETTE } from './site-presets.ts';
import { isCustomColour } from './text-colours.ts';
import { isCustomGradient } from './custom-gradient.ts';

type Attributes = Record<string, unknown>;

export type OverlayKind = 'color' | 'gradient';

/** The cover's attributes in the order its block type declares them (what its supports add comes after). */
const DECLARED = ['url', 'useFeaturedImage', 'id', 'alt', 'hasParallax', 'isRepeated', 'dimRatio', 'overlayColor', 'customOverlayColor', 'isUserOverlayColor', 'backgroundType', 'focalPoint', 'minHeight', 'minHeightUnit', 'gradient', 'customGradient', 'contentPosition', 'isDark', 'templateLock', 'tagName', 'sizeSlug', 'poster', 'allowedVideoProviders'];
const after = (name: string) => [...DECLARED.slice(DECLARED.indexOf(name) + 1), 'align', 'textColor', 'fontSize', 'fontFamily', 'lock', 'anchor', 'className', 'style', 'layout', 'metadata'];
const set = (attributes: Attributes, name: string, value: unknown) => withAttribute(attributes, name, value, after(name));

/** The overlay's span in a cover's HTML as the block editor saves it now (an older form's cover has none). */
const OVERLAY_SPAN = /<span aria-hidden="true" class="wp-block-cover__background[^"]*"[^>]*><\/span>/;

/** Whether the cover's HTML has the overlay's span its preset can be written on. */
export const hasOverlaySpan = (opening: string) => OVERLAY_SPAN.test(opening);

/** The cover's overlay: its preset's kind and slug ('' for none), and whether a custom one is set instead. */
export function overlayOf(attributes: Attributes | null): { kind: OverlayKind; slug: string; custom: boolean } {
  const { overlayColor, gradient, customOverlayColor, customGradient } = attributes ?? {};
  if (typeof gradient === 'string') return { kind: 'gradient', slug: gradient, custom: false };
  if (typeof overlayColor === 'string') return { kind: 'color', slug: overlayColor, custom: false };
  return { kind: 'color', slug: '', custom: typeof customOverlayColor === 'string' || typeof customGradient === 'string' };
}

/** The attributes with `isDark` as the block editor writes it: false only (true is its default), in its declared place. */
function withDarkness(attributes: Attributes, dark: boolean): Attributes {
  const placed = set(attributes, 'isDark', dark ? undefined : 'light');
  return dark ? placed : { ...placed, isDark: false };
}

const OVERLAY_CLASS = /^has-[a-z0-9-]+-(?:background-color|gradient-background)$/;
const GRADIENT_MARKERS = new Set(['wp-block-cover__gradient-background', 'has-background-gradient']);

/**
 * The cover's attributes and HTML before its blocks (`opening`) with its overlay the preset `slug` of `kind` ('' for none) or a custom colour,
 * judged dark or light over `behind` (its image's average colour) when it is a colour (a preset's value from `palette`); null when its HTML has no overlay span.
 */
export function withOverlay(attributes: Attributes | null, opening: string, kind: OverlayKind, slug: string, behind = NO_IMAGE_COLOUR, palette: readonly { slug: string; colour: string }[] = DEFAULT_PALETTE): { blockAttributes: Attributes | null; opening: string } | null {
  if (!hasOverlaySpan(opening)) return null;
  let next = attributes ?? {};
  const custom = kind === 'color' ? isCustomColour(slug) : isCustomGradient(slug);
  const value = custom ? (kind === 'color' ? slug.toLowerCase() : slug) : palette.find((colour) => colour.slug === slug)?.colour;
  const dark = kind === 'color' ? compositeIsDark(Number(next.dimRatio ?? 100), value, behind) : next.isDark !== false;
  next = withDarkness(next, dark);
  for (const name of ['overlayColor', 'customOverlayColor', 'gradient', 'customGradient']) next = set(next, name, undefined);
  const attribute = kind === 'color' ? (custom ? 'customOverlayColor' : 'overlayColor') : custom ? 'customGradient' : 'gradient';
  next = set(next, attribute, custom ? value : slug);
  next = set(next, 'isUserOverlayColor', true);
  const overImage = typeof next.url === 'string' && next.url !== '';
  const dimmed = next.dimRatio !== 0;
  const declaration = custom ? ` style="${kind === 'color' ? 'background-color' : 'background'}:${value}">` : '>';
  const span = (tag: string) => withClasses(tag.replace(/\sstyle="[^"]*"/, '').replace(/>$/, declaration), (classes) => {
    const [first, ...rest] = classes.filter((item) => !OVERLAY_CLASS.test(item) && !GRADIENT_MARKERS.has(item));
    if (kind === 'color') return [first, ...(slug && !custom ? [`has-${slug}-background-color`] : []), ...rest];
    return [first, ...rest, ...(slug ? [...(overImage && dimmed ? ['wp-block-cover__gradient-background'] : []), 'has-background-gradient', ...(custom ? [] : [`has-${slug}-gradient-background`])] : [])];
  });
  const cover = (tag: string) => withClasses(tag, (classes) => {
    const rest = classes.filter((item) => item !== 'is-light');
    return dark ? rest : [...rest.slice(0, 1), 'is-light', ...rest.slice(1)];
  });
  const withSpan = opening.replace(OVERLAY_SPAN, (whole) => whole.replace(/^<span[^>]*>/, span));
  return { blockAttributes: Object.keys(next).length > 0 ? next : null, opening: withSpan.replace(/^(\s*)(<[a-z][^>]*>)/i, (_whole, space: string, tag: string) => space + cover(tag)) };
}
