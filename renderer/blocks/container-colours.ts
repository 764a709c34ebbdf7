// The colours a block holding blocks shows as the site shows them: its background (a preset
// of the palette, a custom colour or a gradient), its text colour, and a cover's overlay. The
// preset classes (has-*-background-color) are styled in styles.css; a custom colour lives only
// in the block's attributes (style.color.*, a cover's customOverlayColor), so it is drawn here.

interface ColourAttributes {
  backgroundColor?: unknown;
  textColor?: unknown;
  gradient?: unknown;
  overlayColor?: unknown;
  customOverlayColor?: unknown;
  customGradient?: unknown;
  isDark?: unknown;
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

/** The inline style of the container's element in the editor ('' when the block sets no colour). */
export function containerColourStyle(name: string, attributes: unknown): string {
  const given = (attributes && typeof attributes === 'object' ? attributes : {}) as ColourAttributes;
  const colour = given.style?.color ?? {};
  const isCover = name === 'core/cover';
  // A cover's colour is its overlay; without an image it is the whole background.
  const background = isCover
    ? firstOf(custom(given.customGradient), preset('gradient', given.gradient), custom(given.customOverlayColor), preset('color', given.overlayColor))
    : firstOf(custom(colour.gradient), preset('gradient', given.gradient), custom(colour.background), preset('color', given.backgroundColor));
  // Without a colour of its own, text on a background reads as on the site's light page, and on a dark cover in white.
  const shownOn = background ? (isCover && given.isDark !== false ? '#fff' : SITE_TEXT) : null;
  const text = firstOf(custom(colour.text), preset('color', given.textColor), shownOn);
  const declarations: string[] = [];
  if (background) declarations.push(`background: ${background}`);
  if (text) declarations.push(`color: ${text}`);
  if (background || text) declarations.push('padding: .75rem 1rem');
  return declarations.join('; ');
}
