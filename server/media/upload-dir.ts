// Files of the media library live under `{dataDir}/uploads/YYYY/MM/` with safe, unique
// names, and are served at `{base_url}/uploads/…`.
import fs from 'node:fs';
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

/**
 * Creates an empty file `base.ext`, or `base-2.ext`, `base-3.ext`… in `YYYY/MM`, atomically
 * (O_EXCL), so two uploads of the same name never share a file. Returns its relative path.
 */
export function reserveFile(root: string, subdir: string, base: string, ext: string): string {
  const dir = path.join(root, subdir);
  fs.mkdirSync(dir, { recursive: true });
  const present = fs.readdirSync(dir);
  for (let suffix = 1; ; suffix++) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    // Taken too when a file the upload will make (its converted, scaled or rotated copy, its sizes) exists already.
    if (present.some((file) => isDerivedName(candidate, file))) continue;
    const name = `${candidate}.${ext}`;
    try {
      fs.closeSync(fs.openSync(path.join(dir, name), 'wx'));
      return `${subdir}/${name}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Whether `file` is `base` in any format, or a copy or size made from it (`base-scaled.jpg`, `base-150x150.jpg`). */
function isDerivedName(base: string, file: string): boolean {
  return file.startsWith(base) && /^(-scaled|-rotated|-\d+x\d+)?\.[^.]+$/.test(file.slice(base.length));
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

export function absolutePath(root: string, relative: string): string {
  const resolved = path.resolve(root, relative);
  if (!resolved.startsWith(path.resolve(root) + path.sep)) throw new Error('Path leaves the uploads folder.');
  return resolved;
}

export function publicUrl(baseUrl: string, relative: string): string {
  return `${baseUrl}${UPLOADS_PATH}/${relative.split('/').map(encodeURIComponent).join('/')}`;
}

/** Removes files quietly: a file already gone is no error. */
export function removeFiles(root: string, relatives: Iterable<string>): void {
  for (const relative of relatives) fs.rmSync(absolutePath(root, relative), { force: true });
}
