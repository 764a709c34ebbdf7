// The presets a block names by slug (has-<slug>-color, has-<slug>-background-color,
// has-<slug>-gradient-background, has-<slug>-font-size), as WordPress's default theme.json
// defines them: their names for the editor's controls. Their values are the site's custom
// properties (--wp--preset--color--<slug> …), set in styles.css as the site sets them.

export interface Preset { slug: string; name: string }

/** WordPress's default colour palette (theme.json `settings.color.palette`), with each colour's value (what the block editor judges a cover's darkness by). */
export const DEFAULT_PALETTE: readonly (Preset & { colour: string })[] = [
  { slug: 'black', colour: '#000000', name: 'Black' },
  { slug: 'cyan-bluish-gray', colour: '#abb8c3', name: 'Cyan bluish grey' },
  { slug: 'white', colour: '#ffffff', name: 'White' },
  { slug: 'pale-pink', colour: '#f78da7', name: 'Pale pink' },
  { slug: 'vivid-red', colour: '#cf2e2e', name: 'Vivid red' },
  { slug: 'luminous-vivid-orange', colour: '#ff6900', name: 'Luminous vivid orange' },
  { slug: 'luminous-vivid-amber', colour: '#fcb900', name: 'Luminous vivid amber' },
  { slug: 'light-green-cyan', colour: '#7bdcb5', name: 'Light green cyan' },
  { slug: 'vivid-green-cyan', colour: '#00d084', name: 'Vivid green cyan' },
  { slug: 'pale-cyan-blue', colour: '#8ed1fc', name: 'Pale cyan blue' },
  { slug: 'vivid-cyan-blue', colour: '#0693e3', name: 'Vivid cyan blue' },
  { slug: 'vivid-purple', colour: '#9b51e0', name: 'Vivid purple' },
];

/** WordPress's default gradients (theme.json `settings.color.gradients`). */
export const DEFAULT_GRADIENTS: readonly Preset[] = [
  { slug: 'vivid-cyan-blue-to-vivid-purple', name: 'Vivid cyan blue to vivid purple' },
  { slug: 'light-green-cyan-to-vivid-green-cyan', name: 'Light green cyan to vivid green cyan' },
  { slug: 'luminous-vivid-amber-to-luminous-vivid-orange', name: 'Luminous vivid amber to luminous vivid orange' },
  { slug: 'luminous-vivid-orange-to-vivid-red', name: 'Luminous vivid orange to vivid red' },
  { slug: 'very-light-gray-to-cyan-bluish-gray', name: 'Very light grey to cyan bluish grey' },
  { slug: 'cool-to-warm-spectrum', name: 'Cool to warm spectrum' },
  { slug: 'blush-light-purple', name: 'Blush light purple' },
  { slug: 'blush-bordeaux', name: 'Blush bordeaux' },
  { slug: 'luminous-dusk', name: 'Luminous dusk' },
  { slug: 'pale-ocean', name: 'Pale ocean' },
  { slug: 'electric-grass', name: 'Electric grass' },
  { slug: 'midnight', name: 'Midnight' },
];

/** WordPress's default font sizes (theme.json `settings.typography.fontSizes`). */
export const DEFAULT_FONT_SIZES: readonly Preset[] = [
  { slug: 'small', name: 'Small' },
  { slug: 'medium', name: 'Medium' },
  { slug: 'large', name: 'Large' },
  { slug: 'x-large', name: 'Extra large' },
];

/** The custom property holding a colour's (or a gradient's) preset value on the site. */
export const presetColour = (slug: string, kind: 'color' | 'gradient' = 'color') => `var(--wp--preset--${kind}--${slug})`;
