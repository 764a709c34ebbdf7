// Slugs: generated from titles as the reference's sanitize_title() does (accents removed,
// other scripts percent-encoded as UTF-8, entities and punctuation dropped), unique within
// their type with -2, -3, … suffixes.
import { removeAccents } from './remove-accents.ts';

const MAX_SLUG_LENGTH = 200;

/** Characters a slug drops, and those that become a dash, written as the octets they are after encoding. */
const DROPPED = [
  '%c2%ad', '%c2%a1', '%c2%bf', '%c2%ab', '%c2%bb', '%e2%80%b9', '%e2%80%ba', // soft hyphen, ¡ ¿, angle quotes
  '%e2%80%98', '%e2%80%99', '%e2%80%9c', '%e2%80%9d', '%e2%80%9a', '%e2%80%9b', '%e2%80%9e', '%e2%80%9f', // curly quotes
  '%e2%80%a2', '%c2%a9', '%c2%ae', '%c2%b0', '%e2%80%a6', '%e2%84%a2', // • © ® ° … ™
  '%c2%b4', '%cb%8a', '%cc%81', '%cd%81', '%cc%80', '%cc%84', '%cc%8c', // lone accents, grave, macron, caron
  '%e2%80%8b', '%e2%80%8c', '%e2%80%8d', '%e2%80%8e', '%e2%80%8f', '%e2%80%aa', '%e2%80%ab', '%e2%80%ac', '%e2%80%ad',
  '%e2%80%ae', '%ef%bb%bf', '%ef%bf%bc', // characters without width, byte order mark, object replacement
];
const DASHES = [
  '%c2%a0', '%e2%80%93', '%e2%80%94', // no-break space, en and em dash
  '%e2%80%80', '%e2%80%81', '%e2%80%82', '%e2%80%83', '%e2%80%84', '%e2%80%85', '%e2%80%86', '%e2%80%87', '%e2%80%88',
  '%e2%80%89', '%e2%80%8a', '%e2%80%a8', '%e2%80%a9', '%e2%80%af', // spaces with a width, line and paragraph separators
  '&nbsp;', '&#160;', '&ndash;', '&#8211;', '&mdash;', '&#8212;', '/',
];

function replaceAll(text: string, targets: readonly string[], replacement: string): string {
  return targets.reduce((result, target) => result.split(target).join(replacement), text);
}

/** Non-ASCII characters as lower-case percent-encoded UTF-8, stopping before `limit` encoded characters. */
function utf8UriEncode(text: string, limit: number): string {
  let out = '';
  for (const character of text) {
    const encoded = character.charCodeAt(0) < 0x80 ? character : encodeURIComponent(character).toLowerCase();
    if (out.length + encoded.length > limit) break;
    out += encoded;
  }
  return out;
}

/** The slug of a title or of a slug a client sent (the reference's sanitize_title in its save context). */
export function sanitizeTitle(text: string): string {
  let title = removeAccents(text.replace(/<[a-z!/?][^>]*>?/gi, ''));
  // Percent signs stay only as the start of an encoded octet.
  title = title.replace(/%(?![0-9a-f]{2})/gi, '').replace(/%([0-9a-f]{2})/gi, (_, octet: string) => `%${octet.toLowerCase()}`);
  title = utf8UriEncode(title.toLowerCase(), MAX_SLUG_LENGTH);
  // Every one of them has a %, & or /: a title with none (most) is not searched ~60 times.
  if (/[%&/]/.test(title)) {
    title = replaceAll(title, DASHES, '-');
    title = replaceAll(title, DROPPED, '');
    title = title.split('%c3%97').join('x'); // ×
  }
  return title
    .replace(/&.+?;/g, '') // entities
    .replace(/\./g, '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
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
