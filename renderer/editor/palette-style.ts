// A theme's palette as the site's stylesheet gives it (issue 29): each colour's custom property
// (--wp--preset--color--<slug>) on the writing area and the block toolbar, and its
// has-<slug>-color / has-<slug>-background-color classes, so a block coloured from the theme's
// palette shows in the editor as on the site; its gradients the same way
// (--wp--preset--gradient--<slug>, has-<slug>-gradient-background); its spacing presets' custom
// properties (--wp--preset--spacing--<slug>: a spacer's height, a padding of a preset); its font sizes'
// (--wp--preset--font-size--<slug>, has-<slug>-font-size: a block's size, block-box-style-drawn.ts).
// WordPress's default palette, gradients, spacing presets and font sizes are in styles.css.
import type { PaletteColour, PaletteGradient } from '../../shared/site-types.ts';
import type { SpacingSize } from '../../shared/spacing-presets.ts';

/** A colour value a theme may declare, without anything that could end the declaration. */
const SAFE_VALUE = /^[#a-z0-9(),.%\s-]+$/i;
const SAFE_SLUG = /^[a-z0-9-]+$/i;

/** The style sheet of `colours`, `gradients`, `spacing` sizes and `fontSizes` (those with a slug or value not fit for CSS are left out). */
export function paletteStyleSheet(colours: readonly PaletteColour[], gradients: readonly PaletteGradient[] = [], spacing: readonly SpacingSize[] = [], fontSizes: readonly SpacingSize[] = []): string {
  const usable = colours.filter(({ slug, colour }) => SAFE_SLUG.test(slug) && SAFE_VALUE.test(colour));
  const usableGradients = gradients.filter(({ slug, gradient }) => SAFE_SLUG.test(slug) && SAFE_VALUE.test(gradient));
  const [usableSpacing, usableFontSizes] = [spacing, fontSizes].map((sizes) => sizes.filter(({ slug, size }) => SAFE_SLUG.test(slug) && SAFE_VALUE.test(size)));
  if (usable.length + usableGradients.length + usableSpacing.length + usableFontSizes.length === 0) return '';
  const properties = [
    ...usable.map(({ slug, colour }) => `--wp--preset--color--${slug}: ${colour};`),
    ...usableGradients.map(({ slug, gradient }) => `--wp--preset--gradient--${slug}: ${gradient};`),
    ...usableSpacing.map(({ slug, size }) => `--wp--preset--spacing--${slug}: ${size};`),
    ...usableFontSizes.map(({ slug, size }) => `--wp--preset--font-size--${slug}: ${size};`),
  ].join(' ');
  const classes = [
    ...usable.map(({ slug }) => `.ProseMirror .has-${slug}-color { color: var(--wp--preset--color--${slug}); } .ProseMirror .has-${slug}-background-color { background-color: var(--wp--preset--color--${slug}); }`),
    ...usableGradients.map(({ slug }) => `.ProseMirror .has-${slug}-gradient-background { background: var(--wp--preset--gradient--${slug}); }`),
    ...usableFontSizes.map(({ slug }) => `.ProseMirror .has-${slug}-font-size { font-size: var(--wp--preset--font-size--${slug}); }`),
  ];
  return [`.ProseMirror, .block-toolbar { ${properties} }`, ...classes].join('\n');
}
