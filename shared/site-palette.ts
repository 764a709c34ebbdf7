// The colour palette a connected WordPress's theme declares, for the block toolbar's colour
// choices, as the block editor reads it: a block theme's theme.json (`settings.color.palette`'s
// theme origin, from /wp/v2/global-styles/themes/<stylesheet>, which WordPress 6.1 shows only to
// accounts that may edit the theme; to any other writer, as the block editor's page gives every
// writer the theme's settings, from the theme's own theme.json file, public as its other files, in
// the folder its screenshot is in, a child theme's over its parent's), or a classic theme's
// `editor-color-palette` support (the active theme of /wp/v2/themes?status=active, which any
// writer may read). Whether WordPress's default palette is offered too follows the theme
// (theme.json's `defaultPalette`, true unless it says otherwise; a classic theme's palette replaces it).
// A block's links take a colour of their own where the theme.json enables it (`color.link`, or
// `appearanceTools`, which turns it on), as the block editor offers its Link colour there; its
// gradients (`color.gradients`) are offered before WordPress's default ones, which
// `defaultGradients: false` leaves out. Where no theme.json could be read for a writer, a theme's
// `editor-gradient-presets` and `link-color` supports (the themes route's `theme_supports`) stand
// in for them as WordPress merges them under theme.json: a theme without a theme.json that declares
// its gradients leaves WordPress's default ones out. An administrator's global styles already hold
// them merged. A theme may forbid custom gradients (theme.json's `customGradient: false`, a
// classic theme's `disable-custom-gradients`): the block editor then offers no gradient picker.
// Its spacing presets (theme.json's `spacing.spacingScale` and `spacing.spacingSizes`, a child's
// over its parent's) are said where they are other than WordPress's own (none of WordPress's where it says
// `defaultSpacingSizes: false`, WordPress 6.5+), and its font sizes (`typography.fontSizes`, a classic theme's
// `editor-font-sizes`) where it declares any, for the editor to draw a block's size of them.
import { unlessRefused, type SiteClient } from './site-client.ts';
import { contentRoutes } from './api-routes.ts';
import type { ActiveTheme, PaletteColour, PaletteGradient, SitePalette, ThemeGlobalStyles } from './site-types.ts';
import { DEFAULT_SPACING_SIZES, presetSizesOf, siteSpacingSizes, spacingScaleOf, type SpacingScale, type SpacingSize } from './spacing-presets.ts';

/** What a site offers when its theme's palette cannot be read: WordPress's default palette only. */
export const DEFAULT_ONLY: SitePalette = { theme: [], withDefault: true };

/** The well-formed colours of a palette as a theme declares it. */
function coloursOf(declared: unknown): PaletteColour[] {
  if (!Array.isArray(declared)) return [];
  return declared.flatMap((entry: Record<string, unknown>) => {
    const { slug, color, name } = entry ?? {};
    if (typeof slug !== 'string' || !/^[a-z0-9-]+$/i.test(slug) || typeof color !== 'string') return [];
    return [{ slug, colour: color, name: typeof name === 'string' && name !== '' ? name : slug }];
  });
}

/** The well-formed gradients of a theme.json. */
function gradientsOf(declared: unknown): PaletteGradient[] {
  if (!Array.isArray(declared)) return [];
  return declared.flatMap((entry: Record<string, unknown>) => {
    const { slug, gradient, name } = entry ?? {};
    if (typeof slug !== 'string' || !/^[a-z0-9-]+$/i.test(slug) || typeof gradient !== 'string') return [];
    return [{ slug, gradient, name: typeof name === 'string' && name !== '' ? name : slug }];
  });
}

/** A preset list as WordPress answers it, by origin ({ default, theme }), or as a theme.json file holds the theme's alone. */
const themeOrigin = (declared: unknown): unknown => (Array.isArray(declared) ? declared : (declared as { theme?: unknown } | undefined)?.theme);

/** What a theme.json declares: its colours and gradients, its `defaultPalette`, `defaultGradients` and `customGradient`, whether links take a colour (undefined: it does not say). */
interface Declared { colours: PaletteColour[]; gradients: PaletteGradient[]; defaultPalette: boolean | undefined; defaultGradients: boolean | undefined; customGradient: boolean | undefined; link: boolean | undefined; spacingSizes: SpacingSize[]; spacingScale: SpacingScale | null; defaultSpacingSizes: boolean | undefined; fontSizes: SpacingSize[] }

/** What a theme.json declares (WordPress's answer gives the colours by origin, { default, theme }; a file as written holds the theme's alone). */
function declaredIn(styles: ThemeGlobalStyles | null): Declared {
  const colour = styles?.settings?.color;
  const link = colour?.link ?? (styles?.settings?.appearanceTools === true ? true : undefined);
  return {
    colours: coloursOf(themeOrigin(colour?.palette)), gradients: gradientsOf(themeOrigin(colour?.gradients)),
    defaultPalette: colour?.defaultPalette, defaultGradients: colour?.defaultGradients, customGradient: colour?.customGradient, link,
    spacingSizes: presetSizesOf(themeOrigin(styles?.settings?.spacing?.spacingSizes)), spacingScale: spacingScaleOf(styles?.settings?.spacing?.spacingScale),
    defaultSpacingSizes: styles?.settings?.spacing?.defaultSpacingSizes, fontSizes: presetSizesOf(themeOrigin(styles?.settings?.typography?.fontSizes)),
  };
}

/**
 * A theme's theme.json file in `folder`, or null when it cannot be read (no such file, a folder elsewhere, not JSON): no error for the writer.
 * Read without the writer's account: the file is public, and its folder's address is the site's word (a CDN, another host), where the account must not go.
 */
async function themeFile(client: SiteClient, folder: URL): Promise<ThemeGlobalStyles | null> {
  try {
    return await client.withoutCredentials().get<ThemeGlobalStyles | null>(new URL('theme.json', folder).href);
  } catch {
    return null;
  }
}

/** What the active theme's theme.json files declare (a child theme's over its parent's), read from the theme's folder, and whether it has one. */
async function declaredInFiles(client: SiteClient, active: ActiveTheme): Promise<Declared & { file: boolean }> {
  if (!active.screenshot) return { ...declaredIn(null), file: false };
  const folder = new URL('.', active.screenshot);
  const ownFile = await themeFile(client, folder);
  const own = declaredIn(ownFile);
  if (!active.template || active.template === active.stylesheet) return { ...own, file: ownFile !== null };
  const parentFile = await themeFile(client, new URL(`../${encodeURIComponent(active.template)}/`, folder));
  const parent = declaredIn(parentFile);
  return {
    colours: own.colours.length > 0 ? own.colours : parent.colours, gradients: own.gradients.length > 0 ? own.gradients : parent.gradients,
    defaultPalette: own.defaultPalette ?? parent.defaultPalette, defaultGradients: own.defaultGradients ?? parent.defaultGradients,
    customGradient: own.customGradient ?? parent.customGradient, link: own.link ?? parent.link, file: ownFile !== null || parentFile !== null,
    spacingSizes: own.spacingSizes.length > 0 ? own.spacingSizes : parent.spacingSizes, spacingScale: own.spacingScale ?? parent.spacingScale,
    defaultSpacingSizes: own.defaultSpacingSizes ?? parent.defaultSpacingSizes, fontSizes: own.fontSizes.length > 0 ? own.fontSizes : parent.fontSizes,
  };
}

/**
 * What the theme.json files declare with the theme's supports under them, as WordPress merges them: its `editor-gradient-presets`
 * where they declare no gradients (without a theme.json, declared at all, even empty, they leave the default gradients out), its `disable-custom-gradients`
 * and `link-color` where they do not say, its `editor-font-sizes` where they declare no font sizes.
 */
function withThemeSupports(declared: Declared & { file: boolean }, supports: ActiveTheme['theme_supports']): Declared {
  const presets = supports?.['editor-gradient-presets'];
  const classicGradients = !declared.file && Array.isArray(presets);
  return {
    ...declared,
    gradients: declared.gradients.length > 0 ? declared.gradients : gradientsOf(presets),
    defaultGradients: declared.defaultGradients ?? (classicGradients ? false : undefined),
    customGradient: declared.customGradient ?? (supports?.['disable-custom-gradients'] === true ? false : undefined),
    link: declared.link ?? (supports?.['link-color'] === true ? true : undefined),
    fontSizes: declared.fontSizes.length > 0 ? declared.fontSizes : presetSizesOf(supports?.['editor-font-sizes']),
  };
}

/** The palette the site's active theme declares, read with the client's account on the content namespace `namespace`. */
export async function readSitePalette(client: SiteClient, namespace: string): Promise<SitePalette> {
  const routes = contentRoutes(namespace);
  const [active] = (await unlessRefused(() => client.get(routes.themes(), { status: 'active' }))) ?? [];
  if (!active) return DEFAULT_ONLY;
  const styles = await unlessRefused(() => client.get(routes.themeGlobalStyles(active.stylesheet)));
  const { colours, gradients, defaultPalette, defaultGradients, customGradient, link, spacingSizes, spacingScale, defaultSpacingSizes, fontSizes } = styles ? declaredIn(styles) : withThemeSupports(await declaredInFiles(client, active), active.theme_supports);
  const spacing = siteSpacingSizes(spacingScale, spacingSizes, defaultSpacingSizes !== false);
  const said = {
    ...(gradients.length > 0 ? { gradients } : {}), ...(defaultGradients === false ? { withoutDefaultGradients: true as const } : {}),
    ...(customGradient === false ? { withoutCustomGradients: true as const } : {}), ...(link === true ? { link: true as const } : {}),
    ...(JSON.stringify(spacing) === JSON.stringify(DEFAULT_SPACING_SIZES) ? {} : { spacing }), ...(fontSizes.length > 0 ? { fontSizes } : {}),
  };
  if (colours.length > 0) return { theme: colours, withDefault: defaultPalette !== false, ...said };
  const supported = coloursOf(active.theme_supports?.['editor-color-palette']);
  return supported.length > 0 ? { theme: supported, withDefault: false, ...said } : { ...DEFAULT_ONLY, ...said };
}
