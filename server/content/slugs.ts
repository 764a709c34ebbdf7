// Slugs: generated from titles, unique within their type with -2, -3, … suffixes.
import slugify from '@sindresorhus/slugify';

export function slugFromText(text: string): string {
  return slugify(text, { decamelize: false, preserveCharacters: ['_'] }).slice(0, 200);
}

/** The first of `base`, `base-2`, `base-3`, … that `isTaken` refuses. */
export function uniqueSlug(base: string, isTaken: (slug: string) => boolean): string {
  if (!isTaken(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}
