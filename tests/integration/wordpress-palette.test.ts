// The colour palette against a real WordPress 6.1 (Debian's package, Twenty Twenty-Three, a
// block theme): the colour controls offer the palette its theme.json declares, read as the
// account may see it (an administrator reads the theme's global styles; WordPress shows them to
// no one else, who is offered the default palette rather than an error), with WordPress's default
// palette after it, as the block editor offers them there.
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
    it(`as ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}: ${role === 'administrator' ? 'the theme’s palette, then the default one' : 'the default palette, not an error'}`, async () => {
      f = await wordpressFixture({ as: role });
      const palette = await readSitePalette(f.workspace.remote, 'wp/v2');
      expect(palette).toEqual(role === 'administrator' ? { theme: TWENTY_TWENTY_THREE, withDefault: true } : { theme: [], withDefault: true });
      // What WordPress answers this account directly agrees: the theme's global styles for an administrator only.
      const { stylesheet } = (await f.api('wp/v2/themes', { query: { status: 'active' }, as: role })).body[0] ?? { stylesheet: 'twentytwentythree' };
      const styles = await f.api(`wp/v2/global-styles/themes/${stylesheet}`, { as: role });
      expect(styles.status).toBe(role === 'administrator' ? 200 : 403);
    });
  }
});
