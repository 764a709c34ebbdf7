// The colours a block holding blocks shows as the site shows them: its background (a preset
// of the palette, a custom colour or a gradient), its text colour, and a cover's overlay. The
// preset classes (has-*-background-color) are styled in styles.css; a custom colour lives only
// in the block's attributes (style.color.*, a cover's customOverlayColor), so it is drawn here.
// A cover's overlay lies over its image (or the site's white page) at the opacity its
// has-background-dim-NN class gives, as the site's cover styles lay it (styles.css draws it).
import type { ColourControls } from './block-definition.ts';
import { COVER_BLOCK } from './cover-block.ts';

interface ColourAttributes {
  backgroundColor?: unknown;
  textColor?: unknown;
  gradient?: unknown;
  overlayColor?: unknown;
  customOverlayColor?: unknown;
  customGradient?: unknown;
  useFeaturedImage?: unknown;
  isDark?: unknown;
  dimRatio?: unknown;
  style?: { color?: { background?: unknown; text?: unknown; gradient?: unknown } };
}

/** A value that can only be a colour or a gradient: nothing that could end the declaration. */
const SAFE_VALUE = /^[#\w\s(),.%+-]+$/;
/** A preset slug as the block editor writes it: lower-case words and digits joined by dashes. */
const SLUG = /^[a-z0-9-]+$/;

const preset = (kind: 'color' | 'gradient', slug: unknown) => (typeof slug === 'string' && SLUG.test(slug) ? `var(--wp--preset--${kind}--${slug})` : null);

/** A custom value, or a preset written as `var:preset|color|slug` (the block editor's newer form). */
function custom(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const reference = /^var:preset\|(color|gradient)\|([a-z0-9-]+)$/.exec(value);
  if (reference) return preset(reference[1] as 'color' | 'gradient', reference[2]);
  return SAFE_VALUE.test(value) ? value : null;
}

/** The text colour of the site's own page (the default theme's), whatever the app's theme. */
const SITE_TEXT = '#1e1e1e';

const firstOf = (...values: (string | null)[]) => values.find((value) => value !== null) ?? null;

/**
 * How opaque a cover's overlay is, from the classes of its markup as read (`opening`), as the
 * site's styles read them: has-background-dim with has-background-dim-NN that many hundredths,
 * alone a half, and the overlay's own element a half without them; an older form's cover not
 * dimmed shows its colour, if any, whole (it is the cover's own background). Markup without any
 * (a cover made here) from `dimRatio` (100 when unset, the block's default).
 */
function overlayOpacity(given: ColourAttributes, opening: string, coloured: boolean): number {
  const ratio = /\bhas-background-dim-(\d+)\b/.exec(opening);
  if (/\bhas-background-dim(?![-\w])/.test(opening)) return ratio ? Math.min(100, Number(ratio[1])) / 100 : 0.5;
  if (/\bwp-block-cover__(?:gradient-)?background\b/.test(opening)) return 0.5;
  if (opening) return coloured ? 1 : 0;
  const value = typeof given.dimRatio === 'number' ? given.dimRatio : 100;
  return Math.round(Math.min(100, Math.max(0, value)) / 10) / 10;
}

/** A cover: its overlay's colour (black when dimmed with none) and opacity for styles.css to lay over its image, and its text colour, else white text on it unless it is light. */
function coverDeclarations(given: ColourAttributes, opening: string): string[] {
  const overlay = firstOf(custom(given.customGradient), preset('gradient', given.gradient), custom(given.customOverlayColor), preset('color', given.overlayColor));
  const opacity = overlayOpacity(given, opening, overlay !== null);
  const image = backgroundImageOf(opening);
  const text = firstOf(custom(given.style?.color?.text), preset('color', given.textColor)) ?? (given.isDark === false ? SITE_TEXT : '#fff');
  // A cover showing the post's featured image draws the one the editor has for the post (useMediaItem.ts), white without one.
  const background = image ? `url("${image}")` : given.useFeaturedImage === true ? 'var(--featured-image, none)' : null;
  return [`--cover-overlay: ${overlay ?? '#000'}`, `--cover-dim: ${opacity}`, `color: ${text}`, ...(background ? [`background: center / cover no-repeat ${background} #fff`] : [])];
}

/** The image an older form's cover holds as its element's background (`style="background-image:url(…)"`), when its address is a plain web address. */
function backgroundImageOf(opening: string): string | null {
  const address = /background-image:\s*url\(\s*(?:&quot;|["'])?([^"'()&\s]+)(?:&quot;|["'])?\s*\)/.exec(opening)?.[1];
  return address && /^(?:https?:\/\/|\/)[\w.~:/?#[\]@!$+,;=%-]*$/.test(address) ? address : null;
}

/** A block's background (a colour or a gradient) and text colour; on a background without a text colour, `plainText` (the site's page's, unless the block's own differs). */
function coloursOf(given: ColourAttributes, plainText = SITE_TEXT): { background: string | null; text: string | null } {
  const colour = given.style?.color ?? {};
  const background = firstOf(custom(colour.gradient), preset('gradient', given.gradient), custom(colour.background), preset('color', given.backgroundColor));
  return { background, text: firstOf(custom(colour.text), preset('color', given.textColor), background ? plainText : null) };
}

const attributesOf = (attributes: unknown) => (attributes && typeof attributes === 'object' ? attributes : {}) as ColourAttributes;

/** A block's background and text colour as declarations on its element (none when it sets no colour). */
function colourDeclarations(attributes: unknown): string[] {
  const { background, text } = coloursOf(attributesOf(attributes));
  return [...(background ? [`background: ${background}`] : []), ...(text ? [`color: ${text}`] : [])];
}

/** The inline style of the container's element in the editor ('' when the block sets no colour); `opening`: its markup as read before its blocks. */
export function containerColourStyle(name: string, attributes: unknown, opening = ''): string {
  if (name === COVER_BLOCK) return coverDeclarations(attributesOf(attributes), opening).join('; ');
  const declarations = colourDeclarations(attributes);
  return (declarations.length > 0 ? [...declarations, 'padding: .75rem 1rem'] : []).join('; ');
}

/** The inline style drawing a block's colours on its own element ('' when it sets none): a block whose node draws none itself (renderer/editor/block-colours-drawn.ts). */
export const blockColourStyle = (attributes: unknown): string => colourDeclarations(attributes).join('; ');

/** The colour of words on a background a block sets no text colour for, by block name, when not the page's (ColourControls.plainText). */
const plainTexts = new Map<string, string>();

/** Set by defined-blocks.ts from the blocks' colour controls (it imports the nodes that show colours, so it cannot be imported from here). */
export function colouredAs(controls: Readonly<Record<string, ColourControls>>): void {
  for (const [name, { plainText }] of Object.entries(controls)) if (plainText) plainTexts.set(name, plainText);
}

/** A button's or a pullquote's colours as custom properties ('' for none), for styles.css to lay on the element the site colours (a button's link, a pullquote's figure). */
export function richBlockColourStyle(name: string, attributes: unknown): string {
  // A button's words are white on its colour, as the site's button styles write them.
  const { background, text } = coloursOf(attributesOf(attributes), plainTexts.get(name) ?? SITE_TEXT);
  return [background && `--block-background: ${background}`, text && `--block-text: ${text}`].filter(Boolean).join('; ');
}
