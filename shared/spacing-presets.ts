// A site's spacing presets (`var:preset|spacing|<slug>`: a spacer's height, a block's padding or
// margin), as WordPress makes them from theme.json: its spacing scale's steps (WordPress's own scale
// where a theme sets none: 2X-Small … 2X-Large, slugs 20 to 80), the theme's own sizes over those of
// the same slug. The editor draws each as its custom property (--wp--preset--spacing--<slug>).

/** A spacing preset (or a font size: the same parts): its slug (`50`), its CSS size (`1.5rem`) and its name. */
export interface SpacingSize { slug: string; size: string; name: string }

/** theme.json's `settings.spacing.spacingScale`. */
export interface SpacingScale { operator: '+' | '*'; increment: number; steps: number; mediumStep: number; unit: string }

/** WordPress's own spacing scale (its theme.json's `spacingScale`). */
export const DEFAULT_SPACING_SCALE: SpacingScale = { operator: '*', increment: 1.5, steps: 7, mediumStep: 1.5, unit: 'rem' };

/** A step rounded to two places, as PHP's round() and string conversion write it. */
const rounded = (step: number, unit: string) => `${Math.round(step * 100) / 100}${unit}`;

/** The sizes a spacing scale makes, smallest first, as WordPress's WP_Theme_JSON::set_spacing_sizes makes them (its names, its slugs 10 apart around 50, the medium step). */
export function spacingScaleSizes({ operator, increment, steps, mediumStep, unit }: SpacingScale): SpacingSize[] {
  if (steps < 1 || increment <= 0 || mediumStep <= 0) return [];
  const middle = Math.round(steps / 2);
  const below: SpacingSize[] = [];
  let step = mediumStep;
  let slug = 40;
  let smaller: number | null = null;
  let remainder = 0;
  for (let count = middle - 1; steps > 1 && slug > 0 && count > 0; count--) {
    step = operator === '+' ? step - increment : increment > 1 ? step / increment : step * increment;
    if (step <= 0) {
      remainder = count;
      break;
    }
    below.push({ slug: String(slug), size: rounded(step, unit), name: count === middle - 1 ? 'Small' : `${smaller ?? ''}X-Small` });
    smaller = count === middle - 2 ? 2 : count < middle - 2 ? (smaller ?? 0) + 1 : smaller;
    slug -= 10;
  }
  const above: SpacingSize[] = [];
  step = mediumStep;
  let larger: number | null = null;
  for (let count = 0; count < steps - middle + remainder; count++) {
    step = operator === '+' ? step + increment : increment >= 1 ? step * increment : step / increment;
    above.push({ slug: String(60 + 10 * count), size: rounded(step, unit), name: count === 0 ? 'Large' : `${larger ?? ''}X-Large` });
    larger = count === 1 ? 2 : count > 1 ? (larger ?? 0) + 1 : larger;
  }
  return [...below.reverse(), { slug: '50', size: `${mediumStep}${unit}`, name: 'Medium' }, ...above];
}

/** WordPress's own spacing presets. */
export const DEFAULT_SPACING_SIZES = spacingScaleSizes(DEFAULT_SPACING_SCALE);

/** A theme.json's spacing scale, its parts the theme leaves out WordPress's; null where it sets none or one not well formed. */
export function spacingScaleOf(declared: unknown): SpacingScale | null {
  if (declared === null || typeof declared !== 'object') return null;
  const scale = { ...DEFAULT_SPACING_SCALE, ...(declared as Partial<SpacingScale>) };
  const numbers = [scale.increment, scale.steps, scale.mediumStep].every((value) => typeof value === 'number' && Number.isFinite(value));
  return numbers && ['+', '*'].includes(scale.operator) && typeof scale.unit === 'string' ? scale : null;
}

/** The well-formed sized presets a theme declares (a slug and a size: its spacing sizes, its font sizes); a size in a number is in pixels, as a classic theme's `editor-font-sizes` give it. */
export function presetSizesOf(declared: unknown): SpacingSize[] {
  if (!Array.isArray(declared)) return [];
  return declared.flatMap((entry: Record<string, unknown>) => {
    const { slug, size, name } = entry ?? {};
    if ((typeof slug !== 'string' && typeof slug !== 'number') || !/^[a-z0-9-]+$/i.test(String(slug))) return [];
    const css = typeof size === 'number' && Number.isFinite(size) ? `${size}px` : size;
    if (typeof css !== 'string') return [];
    return [{ slug: String(slug), size: css, name: typeof name === 'string' && name !== '' ? name : String(slug) }];
  });
}

/**
 * The presets a site offers: its scale's sizes (WordPress's where it sets none, unless the theme leaves WordPress's
 * own out, `withDefault` false: theme.json's `defaultSpacingSizes`, WordPress 6.5+), the theme's own sizes over those of
 * the same slug and after them.
 */
export function siteSpacingSizes(scale: SpacingScale | null, own: readonly SpacingSize[], withDefault = true): SpacingSize[] {
  const scaleSizes = scale ? spacingScaleSizes(scale) : withDefault ? DEFAULT_SPACING_SIZES : [];
  return [...scaleSizes.filter(({ slug }) => !own.some((size) => size.slug === slug)), ...own];
}
