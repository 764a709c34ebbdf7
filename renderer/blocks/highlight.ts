// The Highlight format's colours, as the block editor's Highlight (format-library text-color)
// writes them on its `<mark>`: a palette text colour as its class (has-<slug>-color, after the
// format's own has-inline-color), a background as `background-color:<value>` in the style (a
// transparent one when only the text is coloured, so the browser's yellow does not show), a
// text colour outside the palette as `color:<value>` after it.
import { DEFAULT_PALETTE } from './site-presets.ts';

/** A palette colour the Highlight offers: its slug and value (the site's theme's, then WordPress's default ones). */
export interface HighlightPaletteColour { slug: string; colour: string }

const TRANSPARENT = 'rgba(0, 0, 0, 0)';
const FORMAT_CLASS = 'has-inline-color';

/** A highlight's colours: palette slugs, or a value outside the palette; '' for none. */
export interface HighlightColours { text: string; background: string }

export interface HighlightAttributes { style: string | null; className: string | null }

const slugOf = (value: string, palette: readonly HighlightPaletteColour[]) => palette.find(({ colour }) => colour.toLowerCase() === value.toLowerCase())?.slug ?? value;

/** The colours a highlight's attributes say, as the block editor reads them back with `palette`. */
export function highlightColours(attributes: Partial<HighlightAttributes> | null, palette: readonly HighlightPaletteColour[] = DEFAULT_PALETTE): HighlightColours {
  const colours: HighlightColours = { text: '', background: '' };
  for (const rule of (attributes?.style ?? '').split(';')) {
    const [property, value = ''] = rule.split(':');
    if (property === 'color') colours.text = slugOf(value, palette);
    if (property === 'background-color' && value !== TRANSPARENT) colours.background = slugOf(value, palette);
  }
  for (const name of (attributes?.className ?? '').split(' ')) {
    if (name !== FORMAT_CLASS && name.startsWith('has-') && name.endsWith('-color')) colours.text = name.slice('has-'.length, -'-color'.length);
  }
  return colours;
}

/** The attributes the block editor writes for `colours` with `palette`, or null when there are none (the highlight goes). */
export function highlightAttributes({ text, background }: HighlightColours, palette: readonly HighlightPaletteColour[] = DEFAULT_PALETTE): HighlightAttributes | null {
  if (!text && !background) return null;
  const styles = [`background-color:${background ? (palette.find(({ slug }) => slug === background)?.colour ?? background) : TRANSPARENT}`];
  const inPalette = palette.some(({ slug }) => slug === text);
  if (text && !inPalette) styles.push(`color:${text}`);
  return { style: styles.join(';'), className: inPalette ? `${FORMAT_CLASS} has-${text}-color` : FORMAT_CLASS };
}
