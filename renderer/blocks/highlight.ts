// The Highlight format's colours, as the block editor's Highlight (format-library text-color)
// writes them on its `<mark>`: a palette text colour as its class (has-<slug>-color, after the
// format's own has-inline-color), a background as `background-color:<value>` in the style (a
// transparent one when only the text is coloured, so the browser's yellow does not show), a
// text colour outside the palette as `color:<value>` after it.

/** WordPress's default palette's values (theme.json), which the Highlight's background writes as they are. */
export const PALETTE_VALUES: Readonly<Record<string, string>> = {
  black: '#000000', 'cyan-bluish-gray': '#abb8c3', white: '#ffffff', 'pale-pink': '#f78da7', 'vivid-red': '#cf2e2e', 'luminous-vivid-orange': '#ff6900',
  'luminous-vivid-amber': '#fcb900', 'light-green-cyan': '#7bdcb5', 'vivid-green-cyan': '#00d084', 'pale-cyan-blue': '#8ed1fc', 'vivid-cyan-blue': '#0693e3', 'vivid-purple': '#9b51e0',
};

const TRANSPARENT = 'rgba(0, 0, 0, 0)';
const FORMAT_CLASS = 'has-inline-color';

/** A highlight's colours: palette slugs, or a value outside the palette; '' for none. */
export interface HighlightColours { text: string; background: string }

export interface HighlightAttributes { style: string | null; className: string | null }

const slugOf = (value: string) => Object.keys(PALETTE_VALUES).find((slug) => PALETTE_VALUES[slug] === value.toLowerCase()) ?? value;

/** The colours a highlight's attributes say, as the block editor reads them back. */
export function highlightColours(attributes: Partial<HighlightAttributes> | null): HighlightColours {
  const colours: HighlightColours = { text: '', background: '' };
  for (const rule of (attributes?.style ?? '').split(';')) {
    const [property, value = ''] = rule.split(':');
    if (property === 'color') colours.text = slugOf(value);
    if (property === 'background-color' && value !== TRANSPARENT) colours.background = slugOf(value);
  }
  for (const name of (attributes?.className ?? '').split(' ')) {
    if (name !== FORMAT_CLASS && name.startsWith('has-') && name.endsWith('-color')) colours.text = name.slice('has-'.length, -'-color'.length);
  }
  return colours;
}

/** The attributes the block editor writes for `colours`, or null when there are none (the highlight goes). */
export function highlightAttributes({ text, background }: HighlightColours): HighlightAttributes | null {
  if (!text && !background) return null;
  const styles = [`background-color:${background ? (PALETTE_VALUES[background] ?? background) : TRANSPARENT}`];
  const inPalette = Object.hasOwn(PALETTE_VALUES, text);
  if (text && !inPalette) styles.push(`color:${text}`);
  return { style: styles.join(';'), className: inPalette ? `${FORMAT_CLASS} has-${text}-color` : FORMAT_CLASS };
}
