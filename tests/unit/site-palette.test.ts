// The palette a connected WordPress's theme offers every writer (issue 29), over a site answered
// here: an account that may read the theme's global styles gets them; any other reads the theme's
// theme.json from the folder its screenshot is in, a child theme's over its parent's; a file that
// cannot be read (none, not JSON) or a theme with no screenshot leaves the default palette, never
// an error; link colours, the theme's gradients and leaving out the default gradients are said only
// where the theme says so, and so are its font sizes and leaving out WordPress's spacing presets.
import { describe, expect, it } from 'vitest';
import { SiteClient } from '../../shared/site-client.ts';
import { DEFAULT_ONLY, readSitePalette } from '../../shared/site-palette.ts';

const SITE = 'https://site.example';
const THEMES = `${SITE}/wp-content/themes`;
const CHILD = [{ slug: 'ink', color: '#101010', name: 'Ink' }];
const PARENT = [{ slug: 'paper', color: '#fafafa', name: 'Paper' }, { slug: 'rust', color: '#b7410e', name: 'Rust' }];
const colours = (declared: typeof CHILD) => declared.map(({ slug, color, name }) => ({ slug, colour: color, name }));

/** A site whose active theme is `child` of `parent`, answering each address from `files` (404 otherwise), the theme's global styles refused unless given. */
function site(files: Record<string, unknown>, theme: Record<string, unknown> = { stylesheet: 'child', template: 'parent', screenshot: `${THEMES}/child/screenshot.png` }, asked: Map<string, string | undefined> = new Map()): SiteClient {
  const answers: Record<string, unknown> = { [`${SITE}/wp-json/wp/v2/themes?status=active`]: [theme], ...files };
  const fetchImpl = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const url = String(input);
    asked.set(url, (init?.headers as Record<string, string> | undefined)?.authorization);
    if (Object.hasOwn(answers, url)) return new Response(JSON.stringify(answers[url]), { status: 200 });
    if (url.includes('/global-styles/')) return new Response(JSON.stringify({ code: 'rest_cannot_manage_global_styles', message: 'Sorry' }), { status: 403 });
    return new Response('<html>Not found</html>', { status: 404 });
  }) as typeof fetch;
  return new SiteClient(`${SITE}/wp-json/`, { login: 'author', password: 'abcd efgh ijkl mnop qrst uvwx' }, fetchImpl);
}

describe('the palette of a connected WordPress', () => {
  it('from the theme\'s global styles when the account may read them', async () => {
    const styles = { settings: { appearanceTools: true, color: { palette: { default: PARENT, theme: CHILD }, defaultPalette: false } } };
    expect(await readSitePalette(site({ [`${SITE}/wp-json/wp/v2/global-styles/themes/child`]: styles }), 'wp/v2')).toStrictEqual({ theme: colours(CHILD), withDefault: false, link: true });
  });

  it('else from the child theme\'s own theme.json, its defaultPalette and link colours over its parent\'s', async () => {
    const files = {
      [`${THEMES}/child/theme.json`]: { settings: { color: { palette: CHILD } } },
      [`${THEMES}/parent/theme.json`]: { settings: { appearanceTools: true, color: { palette: PARENT, defaultPalette: false } } },
    };
    expect(await readSitePalette(site(files), 'wp/v2')).toStrictEqual({ theme: colours(CHILD), withDefault: false, link: true });
  });

  it('from the parent theme\'s file where the child declares no palette or has no theme.json', async () => {
    const parent = { [`${THEMES}/parent/theme.json`]: { settings: { color: { palette: PARENT, link: true } } } };
    expect(await readSitePalette(site(parent), 'wp/v2')).toStrictEqual({ theme: colours(PARENT), withDefault: true, link: true });
    expect(await readSitePalette(site({ ...parent, [`${THEMES}/child/theme.json`]: { settings: { color: { link: false } } } }), 'wp/v2')).toStrictEqual({ theme: colours(PARENT), withDefault: true });
  });

  it("the theme's gradients, before the default ones unless it leaves them out, from its styles or its files", async () => {
    const GRADIENTS = [{ slug: 'dusk', gradient: 'linear-gradient(135deg,#101010 0%,#fafafa 100%)', name: 'Dusk' }, { slug: 'nameless', gradient: 'linear-gradient(#000,#fff)' }];
    const expected = [GRADIENTS[0], { ...GRADIENTS[1], name: 'nameless' }];
    const styles = { settings: { color: { palette: { theme: CHILD }, gradients: { default: [], theme: GRADIENTS }, defaultGradients: false } } };
    expect(await readSitePalette(site({ [`${SITE}/wp-json/wp/v2/global-styles/themes/child`]: styles }), 'wp/v2'))
      .toStrictEqual({ theme: colours(CHILD), withDefault: true, gradients: expected, withoutDefaultGradients: true });
    const files = { [`${THEMES}/child/theme.json`]: { settings: { color: { palette: CHILD } } }, [`${THEMES}/parent/theme.json`]: { settings: { color: { gradients: GRADIENTS } } } };
    expect(await readSitePalette(site(files), 'wp/v2')).toStrictEqual({ theme: colours(CHILD), withDefault: true, gradients: expected });
  });

  it("the theme's spacing presets (its scale's sizes, its own over them: a child's over its parent's), said only where they are not WordPress's own", async () => {
    const scale = { operator: '+', increment: 0.5, steps: 3, mediumStep: 1, unit: 'rem' };
    const sizes = [{ slug: '60', size: '30px', name: 'Gap' }, { slug: 'gutter', size: '4vw' }, { slug: 'bad slug', size: '1px' }];
    const spacing = [{ slug: '40', size: '0.5rem', name: 'Small' }, { slug: '50', size: '1rem', name: 'Medium' }, { slug: '60', size: '30px', name: 'Gap' }, { slug: 'gutter', size: '4vw', name: 'gutter' }];
    const styles = { settings: { color: { palette: { theme: CHILD } }, spacing: { spacingScale: scale, spacingSizes: { default: [], theme: sizes } } } };
    expect(await readSitePalette(site({ [`${SITE}/wp-json/wp/v2/global-styles/themes/child`]: styles }), 'wp/v2')).toStrictEqual({ theme: colours(CHILD), withDefault: true, spacing });
    const files = { [`${THEMES}/child/theme.json`]: { settings: { color: { palette: CHILD }, spacing: { spacingSizes: sizes } } }, [`${THEMES}/parent/theme.json`]: { settings: { spacing: { spacingScale: scale } } } };
    expect(await readSitePalette(site(files), 'wp/v2')).toStrictEqual({ theme: colours(CHILD), withDefault: true, spacing });
    const ownScale = { [`${THEMES}/child/theme.json`]: { settings: { color: { palette: CHILD }, spacing: { spacingScale: { operator: '*', increment: 1.5, steps: 7, mediumStep: 1.5, unit: 'rem' } } } } };
    expect(await readSitePalette(site(ownScale), 'wp/v2')).toStrictEqual({ theme: colours(CHILD), withDefault: true });
  });

  it("WordPress's own spacing presets left out where the theme.json says defaultSpacingSizes: false (WordPress 6.5+), a child's word over its parent's", async () => {
    const sizes = [{ slug: 'gutter', size: '4vw', name: 'Gutter' }];
    const styles = { settings: { color: { palette: { theme: CHILD } }, spacing: { defaultSpacingSizes: false, spacingSizes: { theme: sizes } } } };
    expect(await readSitePalette(site({ [`${SITE}/wp-json/wp/v2/global-styles/themes/child`]: styles }), 'wp/v2')).toStrictEqual({ theme: colours(CHILD), withDefault: true, spacing: sizes });
    const none = { settings: { spacing: { defaultSpacingSizes: false } } };
    expect(await readSitePalette(site({ [`${SITE}/wp-json/wp/v2/global-styles/themes/child`]: none }), 'wp/v2')).toStrictEqual({ ...DEFAULT_ONLY, spacing: [] });
    const files = { [`${THEMES}/child/theme.json`]: { settings: { spacing: { spacingSizes: sizes } } }, [`${THEMES}/parent/theme.json`]: { settings: { spacing: { defaultSpacingSizes: false } } } };
    expect(await readSitePalette(site(files), 'wp/v2')).toStrictEqual({ ...DEFAULT_ONLY, spacing: sizes });
    const kept = { ...files, [`${THEMES}/child/theme.json`]: { settings: { spacing: { spacingSizes: sizes, defaultSpacingSizes: true } } } };
    expect((await readSitePalette(site(kept), 'wp/v2')).spacing?.map(({ slug }) => slug)).toEqual(['20', '30', '40', '50', '60', '70', '80', 'gutter']);
    // A scale of the theme's own still makes its sizes: they are the theme's, not WordPress's.
    const scaled = { settings: { spacing: { defaultSpacingSizes: false, spacingScale: { operator: '+', increment: 0.5, steps: 1, mediumStep: 1, unit: 'rem' } } } };
    expect(await readSitePalette(site({ [`${SITE}/wp-json/wp/v2/global-styles/themes/child`]: scaled }), 'wp/v2')).toStrictEqual({ ...DEFAULT_ONLY, spacing: [{ slug: '50', size: '1rem', name: 'Medium' }] });
  });

  it("the theme's font sizes, from its styles, its files (a child's over its parent's) or a classic theme's editor-font-sizes (pixels), said only where it declares any", async () => {
    const FONT_SIZES = [{ slug: 'small', size: '0.9rem', name: 'Small' }, { slug: 'x-large', size: 'clamp(1.75rem, 3vw, 2.25rem)', name: 'Extra large' }, { slug: 'bad slug', size: '1px' }];
    const expected = FONT_SIZES.slice(0, 2);
    const styles = { settings: { typography: { fontSizes: { default: [{ slug: 'huge', size: '42px' }], theme: FONT_SIZES } } } };
    expect(await readSitePalette(site({ [`${SITE}/wp-json/wp/v2/global-styles/themes/child`]: styles }), 'wp/v2')).toStrictEqual({ ...DEFAULT_ONLY, fontSizes: expected });
    const files = { [`${THEMES}/child/theme.json`]: { settings: { color: { palette: CHILD } } }, [`${THEMES}/parent/theme.json`]: { settings: { typography: { fontSizes: FONT_SIZES } } } };
    expect(await readSitePalette(site(files), 'wp/v2')).toStrictEqual({ theme: colours(CHILD), withDefault: true, fontSizes: expected });
    const classic = { stylesheet: 'classic', template: 'classic', theme_supports: { 'editor-font-sizes': [{ name: 'Big', size: 32, slug: 'big' }] } };
    expect(await readSitePalette(site({}, classic), 'wp/v2')).toStrictEqual({ ...DEFAULT_ONLY, fontSizes: [{ slug: 'big', size: '32px', name: 'Big' }] });
    expect(await readSitePalette(site({ [`${SITE}/wp-json/wp/v2/global-styles/themes/child`]: { settings: {} } }), 'wp/v2')).toStrictEqual(DEFAULT_ONLY);
  });

  it('a theme of its own (no parent) read from its folder alone', async () => {
    const theme = { stylesheet: 'solo', template: 'solo', screenshot: `${THEMES}/solo/screenshot.png` };
    expect(await readSitePalette(site({ [`${THEMES}/solo/theme.json`]: { settings: { color: { palette: PARENT } } } }, theme), 'wp/v2')).toStrictEqual({ theme: colours(PARENT), withDefault: true });
  });

  it("reads the theme's files without the writer's account, wherever the site puts them, and the site's routes with it", async () => {
    const CDN = 'https://cdn.example/themes';
    const theme = { stylesheet: 'child', template: 'parent', screenshot: `${CDN}/child/screenshot.png` };
    const asked = new Map<string, string | undefined>();
    expect(await readSitePalette(site({ [`${CDN}/child/theme.json`]: { settings: { color: { palette: CHILD } } } }, theme, asked), 'wp/v2')).toStrictEqual({ theme: colours(CHILD), withDefault: true });
    expect([...asked.keys()]).toEqual([`${SITE}/wp-json/wp/v2/themes?status=active`, `${SITE}/wp-json/wp/v2/global-styles/themes/child`, `${CDN}/child/theme.json`, `${CDN}/parent/theme.json`]);
    for (const [url, authorization] of asked) expect(authorization, url).toEqual(url.startsWith(SITE) ? expect.stringMatching(/^Basic /) : undefined);
  });

  it('the default palette, not an error, when no file can be read or the theme names no folder', async () => {
    expect(await readSitePalette(site({}), 'wp/v2')).toStrictEqual(DEFAULT_ONLY);
    const noScreenshot = { stylesheet: 'child', template: 'parent', screenshot: '' };
    expect(await readSitePalette(site({ [`${THEMES}/child/theme.json`]: { settings: { color: { palette: CHILD } } } }, noScreenshot), 'wp/v2')).toStrictEqual(DEFAULT_ONLY);
  });

  it("a classic theme's palette, replacing the default one, when no theme.json declares one", async () => {
    const classic = { stylesheet: 'classic', template: 'classic', screenshot: `${THEMES}/classic/screenshot.png`, theme_supports: { 'editor-color-palette': PARENT } };
    expect(await readSitePalette(site({}, classic), 'wp/v2')).toStrictEqual({ theme: colours(PARENT), withDefault: false });
  });

  describe("a classic theme's gradient presets and link colour (its theme supports), where no theme.json says otherwise", () => {
    const GRADIENTS = [{ name: 'Dawn', gradient: 'linear-gradient(135deg,#fafafa 0%,#b7410e 100%)', slug: 'dawn' }];
    const theme = (supports: Record<string, unknown>) => ({ stylesheet: 'classic', template: 'classic', screenshot: `${THEMES}/classic/screenshot.png`, theme_supports: supports });

    it('without a theme.json: its gradients replace the default ones, as WordPress merges them; an empty list leaves none; link-color turns on links\' colour', async () => {
      expect(await readSitePalette(site({}, theme({ 'editor-gradient-presets': GRADIENTS, 'link-color': true })), 'wp/v2'))
        .toStrictEqual({ theme: [], withDefault: true, gradients: GRADIENTS, withoutDefaultGradients: true, link: true });
      expect(await readSitePalette(site({}, theme({ 'editor-gradient-presets': [] })), 'wp/v2')).toStrictEqual({ ...DEFAULT_ONLY, withoutDefaultGradients: true });
      // WordPress 6.1 answers false for a support the theme does not declare.
      expect(await readSitePalette(site({}, theme({ 'editor-color-palette': false, 'editor-gradient-presets': false, 'link-color': false })), 'wp/v2')).toStrictEqual(DEFAULT_ONLY);
    });

    it('with a theme.json: its gradients and link colour first, the supports only where it is silent, the default gradients kept', async () => {
      const file = (color: Record<string, unknown>) => ({ [`${THEMES}/classic/theme.json`]: { settings: { color } } });
      const supports = theme({ 'editor-gradient-presets': GRADIENTS, 'link-color': true });
      expect(await readSitePalette(site(file({}), supports), 'wp/v2')).toStrictEqual({ theme: [], withDefault: true, gradients: GRADIENTS, link: true });
      const own = [{ slug: 'own', gradient: 'linear-gradient(#000,#fff)', name: 'Own' }];
      expect(await readSitePalette(site(file({ gradients: own, link: false }), supports), 'wp/v2')).toStrictEqual({ theme: [], withDefault: true, gradients: own });
    });

    it('custom gradients forbidden by the theme: its theme.json\'s customGradient, else a classic theme\'s disable-custom-gradients', async () => {
      expect(await readSitePalette(site({}, theme({ 'disable-custom-gradients': true })), 'wp/v2')).toStrictEqual({ ...DEFAULT_ONLY, withoutCustomGradients: true });
      const file = (color: Record<string, unknown>) => ({ [`${THEMES}/classic/theme.json`]: { settings: { color } } });
      expect(await readSitePalette(site(file({ customGradient: true }), theme({ 'disable-custom-gradients': true })), 'wp/v2')).toStrictEqual(DEFAULT_ONLY);
      expect(await readSitePalette(site(file({ customGradient: false }), theme({})), 'wp/v2')).toStrictEqual({ ...DEFAULT_ONLY, withoutCustomGradients: true });
      const styles = { settings: { color: { customGradient: false } } };
      expect(await readSitePalette(site({ [`${SITE}/wp-json/wp/v2/global-styles/themes/classic`]: styles }, theme({})), 'wp/v2')).toStrictEqual({ ...DEFAULT_ONLY, withoutCustomGradients: true });
    });

    it("an administrator's global styles hold them already merged: the supports are not read over them", async () => {
      const styles = { settings: { color: { gradients: { default: [], theme: [] }, defaultGradients: true } } };
      expect(await readSitePalette(site({ [`${SITE}/wp-json/wp/v2/global-styles/themes/classic`]: styles }, theme({ 'editor-gradient-presets': GRADIENTS })), 'wp/v2')).toStrictEqual(DEFAULT_ONLY);
    });
  });
});
