// The presets a block names by slug (has-<slug>-color, has-<slug>-background-color,
// has-<slug>-gradient-background, has-<slug>-font-size), as WordPress's default theme.json
// defines them: their names for the editor's controls. Their values are the site's custom
// properties (--wp--preset--color--<slug> …), set in styles.css as the site sets them.

export interface Preset { slug: string; name: string }

/** WordPress's default colour palette (theme.json `settings.color.palette`). */
export const DEFAULT_PALETTE: readonly Preset[] = [
  { slug: 'black', name: 'Black' },
  { slug: 'cyan-bluish-gray', name: 'Cyan bluish grey' },
  { slug: 'white', name: 'White' },
  { slug: 'pale-pink', name: 'Pale pink' },
  { slug: 'vivid-red', name: 'Vivid red' },
  { slug: 'luminous-vivid-orange', name: 'Luminous vivid orange' },
  { slug: 'luminous-vivid-amber', name: 'Luminous vivid amber' },
  { slug: 'light-green-cyan', name: 'Light green cyan' },
  { slug: 'vivid-green-cyan', name: 'Vivid green cyan' },
  { slug: 'pale-cyan-blue', name: 'Pale cyan blue' },
  { slug: 'vivid-cyan-blue', name: 'Vivid cyan blue' },
  { slug: 'vivid-purple', name: 'Vivid purple' },
];

/** The custom property holding a colour preset's value on the site. */
export const presetColour = (slug: string) => `var(--wp--preset--color--${slug})`;
