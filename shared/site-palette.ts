// The colour palette a connected WordPress's theme declares, for the block toolbar's colour
// choices, as the block editor reads it: a block theme's theme.json (`settings.color.palette`'s
// theme origin, from /wp/v2/global-styles/themes/<stylesheet>, which WordPress 6.1 shows only to accounts that
// may edit the theme), or a classic theme's `editor-color-palette` support (the active theme of
// /wp/v2/themes?status=active, which any writer may read). Whether WordPress's default palette
// is offered too follows the theme (theme.json's `defaultPalette`, true unless it says otherwise;
// a classic theme's palette replaces it).
import { SiteError, type SiteClient } from './site-client.ts';
import { contentRoutes } from './api-routes.ts';
import type { PaletteColour, SitePalette } from './site-types.ts';

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

/** Null when the account may not read it (or the site has no such route): not an error for the writer. */
async function unlessRefused<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof SiteError && [400, 401, 403, 404].includes(error.status)) return null;
    throw error;
  }
}

/** The palette the site's active theme declares, read with the client's account on the content namespace `namespace`. */
export async function readSitePalette(client: SiteClient, namespace: string): Promise<SitePalette> {
  const routes = contentRoutes(namespace);
  const [active] = (await unlessRefused(() => client.get(routes.themes(), { status: 'active' }))) ?? [];
  if (!active) return DEFAULT_ONLY;
  const styles = await unlessRefused(() => client.get(routes.themeGlobalStyles(active.stylesheet)));
  const colour = styles?.settings?.color;
  // WordPress answers the palette by origin ({ default, theme }); a theme.json as written holds the theme's alone.
  const declared = colour?.palette as { theme?: unknown } | unknown[] | undefined;
  const fromThemeJson = coloursOf(Array.isArray(declared) ? declared : declared?.theme);
  if (fromThemeJson.length > 0) return { theme: fromThemeJson, withDefault: colour?.defaultPalette !== false };
  const supported = coloursOf(active.theme_supports?.['editor-color-palette']);
  return supported.length > 0 ? { theme: supported, withDefault: false } : DEFAULT_ONLY;
}
