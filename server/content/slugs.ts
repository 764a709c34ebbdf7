// Slugs: generated from titles, unique within their type with -2, -3, … suffixes.
import slugify from 'slugify';

/**
 * Lower-case ASCII words joined by dashes; accents transliterated, underscores kept. Tags and
 * entities go first, as the reference's sanitize_title does: "On <b>walking</b>" is on-walking.
 */
export function slugFromText(text: string): string {
  const plain = text.replace(/<[^>]*>/g, '').replace(/&[#\w]+;/g, '');
  return slugify(plain, { lower: true, remove: /[^\w\s-]/g, trim: true })
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

const TRASHED_SUFFIX = '__trashed';

/**
 * The slug an item keeps in the trash, as the reference API does: suffixed, so that it no
 * longer holds its slug against new items. Already suffixed slugs are left as they are.
 */
export function trashedSlug(slug: string): string {
  return slug === '' || slug.endsWith(TRASHED_SUFFIX) ? slug : slug + TRASHED_SUFFIX;
}

/** The slug an item had before it was trashed (wanted back when it is restored). */
export function slugBeforeTrash(slug: string): string {
  return slug.endsWith(TRASHED_SUFFIX) ? slug.slice(0, -TRASHED_SUFFIX.length) : slug;
}
