// The colour palette against a real WordPress 6.1 (Debian's package, Twenty Twenty-Three, a
// block theme): the colour controls offer every writer the palette its theme.json declares, with
// WordPress's default palette after it, as the block editor offers them there to every writer
// (issue 29). An administrator reads it from the theme's global styles, which WordPress shows to no
// one else; any other writer from the theme's own theme.json file.
import { afterEach, describe, expect, it } from 'vitest';
import { readSitePalette } from '../../shared/site-palette.ts';
import { wordpressFixture, type WordPressFixture } from '../helpers/wordpress-fixture.ts';
import { WORDPRESS_ROLES } from '../helpers/wordpress/wordpress.ts';

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

describe('the palette of a real WordPress', () => {
  // Every role that writes (a subscriber writes nothing).
  for (const role of WORDPRESS_ROLES.filter((writer) => writer !== 'subscriber')) {
    it(`as ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}: the theme’s palette, then the default one`, async () => {
      f = await wordpressFixture({ as: role });
      const palette = await readSitePalette(f.workspace.remote, 'wp/v2');
      // Its appearanceTools turn on the links' colour, which the block editor offers there.
      expect(palette).toEqual({ theme: TWENTY_TWENTY_THREE, withDefault: true, link: true });
      // The theme's global styles, which WordPress answers an administrator only: the others' palette came from the theme's file.
      const { stylesheet } = (await f.api('wp/v2/themes', { query: { status: 'active' }, as: role })).body[0] ?? { stylesheet: 'twentytwentythree' };
      const styles = await f.api(`wp/v2/global-styles/themes/${stylesheet}`, { as: role });
      expect(styles.status).toBe(role === 'administrator' ? 200 : 403);
    });
  }
});
