// The colour palette against a real WordPress 6.1 (Debian's package, Twenty Twenty-Three, a
// block theme): the colour controls offer every writer the palette its theme.json declares, with
// WordPress's default palette after it, as the block editor offers them there to every writer
// (issue 29), and the theme's spacing presets and font sizes, at whose sizes the editor draws them. An administrator reads it from the theme's global styles, which WordPress shows to no
// one else; any other writer from the theme's own theme.json file. A classic theme (a must-use
// plugin's, on a WordPress of its own) declaring its palette, gradients and link colour with
// add_theme_support: every writer is offered its palette and gradients alone, as the block editor
// offers them there; WordPress 6.1 neither shows nor honours `link-color` (its themes route has no
// such support, its theme.json resolver reads none), so no writer is offered a link colour.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readSitePalette } from '../../shared/site-palette.ts';
import { wordpressFixture, type WordPressFixture } from '../helpers/wordpress-fixture.ts';
import { WORDPRESS_ROLES, startWordPress, type RunningWordPress } from '../helpers/wordpress/wordpress.ts';

let f: WordPressFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

/** Twenty Twenty-Three's palette, as its theme.json declares it. */
const TWENTY_TWENTY_THREE = [
  { slug: 'base', colour: '#ffffff', name: 'Base' },
  { slug: 'contrast', colour: '#000000', name: 'Contrast' },
  { slug: 'primary', colour: '#9DFF20', name: 'Primary' },
  { slug: 'secondary', colour: '#345C00', name: 'Secondary' },
  { slug: 'tertiary', colour: '#F6F6F6', name: 'Tertiary' },
];

/** Twenty Twenty-Three's spacing presets, as its theme.json declares them (a spacer of one is drawn at its size). */
const TWENTY_TWENTY_THREE_SPACING = [
  { name: '1', size: 'clamp(1.5rem, 5vw, 2rem)', slug: '30' },
  { name: '2', size: 'clamp(1.8rem, 1.8rem + ((1vw - 0.48rem) * 2.885), 3rem)', slug: '40' },
  { name: '3', size: 'clamp(2.5rem, 8vw, 4.5rem)', slug: '50' },
  { name: '4', size: 'clamp(3.75rem, 10vw, 7rem)', slug: '60' },
  { name: '5', size: 'clamp(5rem, 5.25rem + ((1vw - 0.48rem) * 9.096), 8rem)', slug: '70' },
  { name: '6', size: 'clamp(7rem, 14vw, 11rem)', slug: '80' },
];

/**
 * Twenty Twenty-Three's font sizes, as its theme.json declares them (drawn at their sizes, not WordPress's fluid clamp of them):
 * unnamed there, so named by their slugs, but in the global styles an administrator reads, where WordPress names those of its own slugs.
 */
const TWENTY_TWENTY_THREE_FONT_SIZES = (role: string) => [['small', '1rem', 'Small'], ['medium', '1.125rem', 'Medium'], ['large', '1.75rem', 'Large'], ['x-large', '2.25rem', 'Extra Large'], ['xx-large', '10rem', 'xx-large']]
  .map(([slug, size, named]) => ({ slug, size, name: role === 'administrator' ? named : slug }));

describe('the palette of a real WordPress', () => {
  // Every role that writes (a subscriber writes nothing).
  for (const role of WORDPRESS_ROLES.filter((writer) => writer !== 'subscriber')) {
    it(`as ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}: the theme’s palette, then the default one, and the theme's spacing presets and font sizes`, async () => {
      f = await wordpressFixture({ as: role });
      const palette = await readSitePalette(f.workspace.remote, 'wp/v2');
      // Its appearanceTools turn on the links' colour, which the block editor offers there.
      expect(palette).toEqual({ theme: TWENTY_TWENTY_THREE, withDefault: true, link: true, spacing: TWENTY_TWENTY_THREE_SPACING, fontSizes: TWENTY_TWENTY_THREE_FONT_SIZES(role) });
      // The theme's global styles, which WordPress answers an administrator only: the others' palette came from the theme's file.
      const { stylesheet } = (await f.api('wp/v2/themes', { query: { status: 'active' }, as: role })).body[0] ?? { stylesheet: 'twentytwentythree' };
      const styles = await f.api(`wp/v2/global-styles/themes/${stylesheet}`, { as: role });
      expect(styles.status).toBe(role === 'administrator' ? 200 : 403);
    });
  }
});

/** The classic theme's palette and gradients, as its functions.php declares them. */
const CLASSIC_PALETTE = [{ name: 'Ink', slug: 'ink', color: '#101010' }, { name: 'Rust', slug: 'rust', color: '#b7410e' }];
const CLASSIC_GRADIENTS = [{ name: 'Dawn', gradient: 'linear-gradient(135deg,#fafafa 0%,#b7410e 100%)', slug: 'dawn' }];
/** A one-pixel PNG: WordPress names a theme's folder only through its screenshot. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('the palette of a real WordPress with a classic theme', () => {
  let wp: RunningWordPress;
  beforeAll(async () => {
    wp = await startWordPress();
    const theme = path.join(wp.contentDir, 'classic-themes', 'inkwell-classic');
    fs.mkdirSync(theme, { recursive: true });
    fs.writeFileSync(path.join(theme, 'style.css'), '/*\nTheme Name: Inkwell Classic\n*/\n');
    fs.writeFileSync(path.join(theme, 'index.php'), '<?php\n');
    fs.writeFileSync(path.join(theme, 'screenshot.png'), PIXEL);
    fs.writeFileSync(path.join(theme, 'functions.php'), `<?php
add_action( 'after_setup_theme', function () {
	add_theme_support( 'editor-color-palette', json_decode( '${JSON.stringify(CLASSIC_PALETTE)}', true ) );
	add_theme_support( 'editor-gradient-presets', json_decode( '${JSON.stringify(CLASSIC_GRADIENTS)}', true ) );
	add_theme_support( 'link-color' );
} );
`);
    // The classic theme, active, from a folder of this WordPress's own.
    const plugins = path.join(wp.contentDir, 'mu-plugins');
    fs.mkdirSync(plugins, { recursive: true });
    fs.writeFileSync(path.join(plugins, 'inkwell-classic-theme.php'), `<?php
register_theme_directory( WP_CONTENT_DIR . '/classic-themes' );
foreach ( array( 'stylesheet', 'template' ) as $option ) {
	add_filter( "pre_option_{$option}", function () { return 'inkwell-classic'; } );
	add_filter( "pre_option_{$option}_root", function () { return '/classic-themes'; } );
}
`);
  });
  afterAll(async () => {
    await wp?.stop();
  });

  for (const role of WORDPRESS_ROLES.filter((writer) => writer !== 'subscriber')) {
    it(`as ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}: the theme's palette and gradients alone, and no link colour`, async () => {
      const fixture = await wordpressFixture({ wp, as: role });
      try {
        const palette = await readSitePalette(fixture.workspace.remote, 'wp/v2');
        expect(palette).toEqual({
          theme: CLASSIC_PALETTE.map(({ slug, color, name }) => ({ slug, colour: color, name })), withDefault: false,
          gradients: CLASSIC_GRADIENTS, withoutDefaultGradients: true,
        });
        // Where it was read: the themes route shows the gradients to every writer, and no link-color.
        const [active] = (await fixture.api('wp/v2/themes', { query: { status: 'active' }, as: role })).body as { stylesheet: string; theme_supports: Record<string, unknown> }[];
        expect(active.stylesheet).toBe('inkwell-classic');
        expect(active.theme_supports['editor-gradient-presets']).toEqual(CLASSIC_GRADIENTS);
        expect(Object.hasOwn(active.theme_supports, 'link-color')).toBe(false);
      } finally {
        await fixture.close();
      }
    });
  }
});
