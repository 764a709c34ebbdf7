// Names of the media library's files: `YYYY/MM/name.ext`, safe and unique, kept in a
// storage backend (storage.ts; by default `{dataDir}/uploads/`) and served at `{base_url}/uploads/…`.
import path from 'node:path';
import { removeAccents } from '../../shared/remove-accents.ts';
import { isAcceptedExtension } from './media-types.ts';

export const UPLOADS_PATH = '/uploads';

export function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** What sanitize_file_name removes, and the control characters besides (no file system wants them). */
const SPECIAL = /[?[\]/\\=<>:;,'"&$#*()|~`!{}%+’«»”“\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

/** Most bytes a stored name's base may take: file systems allow 255 for the whole name, sizes' suffixes and the extension included. */
const MAX_BASE_BYTES = 150;

/** Keeps the first characters of `text` that fit in `bytes` bytes of UTF-8. */
function fitBytes(text: string, bytes: number): string {
  let out = '';
  for (const character of text) {
    if (Buffer.byteLength(out + character) > bytes) break;
    out += character;
  }
  return out;
}

/**
 * The base of a stored file's name (the extension is the library's), made as WordPress's
 * sanitize_file_name makes it: accents removed, other scripts kept, its special characters
 * dropped, white space and dashes as one dash, a middle extension that is not an accepted
 * type's given a trailing `_` (so `shell.php.jpg` is no script). Lower case besides, so that a
 * case-insensitive file system holds one file per name.
 */
export function safeBaseName(fileName: string): string {
  const withoutExt = path.basename(fileName.replace(/\\/g, '/')).replace(/\.[^.]*$/, '');
  const cleaned = removeAccents(withoutExt)
    .replace(/\u00a0/g, ' ')
    .replace(SPECIAL, '')
    .replace(/\.{2,}/g, '.')
    .replace(/[\r\n\t -]+/g, '-')
    .replace(/^[.\-_]+|[.\-_]+$/g, '')
    .toLowerCase();
  const [first, ...middle] = cleaned.split('.');
  const munged = [first, ...middle.map((part) => (/^[a-z]{2,5}\d?$/.test(part) && !isAcceptedExtension(part) ? `${part}_` : part))].join('.');
  // Cut to fit, a name must still not end in a dot or dash (a trailing `_` is the munging's).
  return fitBytes(munged, MAX_BASE_BYTES).replace(/[.-]+$/, '') || 'file';
}

/** `YYYY/MM` of now, in UTC. */
export function monthDir(now = new Date()): string {
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The relative path of a sibling file, e.g. a sub-size `photo-150x150.jpg` next to `photo.jpg`. */
export function siblingPath(relative: string, suffix: string, ext?: string): string {
  const parsed = path.posix.parse(relative);
  return `${parsed.dir}/${parsed.name}${suffix}.${ext ?? parsed.ext.slice(1)}`;
}

export function publicUrl(baseUrl: string, relative: string): string {
  return `${baseUrl}${UPLOADS_PATH}/${relative.split('/').map(encodeURIComponent).join('/')}`;
}
