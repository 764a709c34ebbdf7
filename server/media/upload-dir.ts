// Names of the media library's files: `YYYY/MM/name.ext`, safe and unique, kept in a
// storage backend (storage.ts; by default `{dataDir}/uploads/`) and served at `{base_url}/uploads/…`.
import path from 'node:path';
import { slugFromText } from '../../shared/slugs.ts';

export const UPLOADS_PATH = '/uploads';

export function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** A name safe on every file system and in a URL: lower-case letters, digits and dashes. */
export function safeBaseName(fileName: string): string {
  const withoutExt = path.basename(fileName).replace(/\.[^.]*$/, '');
  return slugFromText(withoutExt).slice(0, 100) || 'file';
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
