// Slugs: generated from titles, unique within their type with -2, -3, … suffixes.
import slugify from 'slugify';

/** Lower-case ASCII words joined by dashes; accents transliterated, underscores kept. */
export function slugFromText(text: string): string {
  return slugify(text, { lower: true, remove: /[^\w\s-]/g, trim: true })
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 200);
}

/** The first of `base`, `base-2`, `base-3`, … that `isTaken` refuses. */
export function uniqueSlug(base: string, isTaken: (slug: string) => boolean): string {
  if (!isTaken(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}
