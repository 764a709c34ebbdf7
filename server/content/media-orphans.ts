// Files an upload left behind when the process stopped before its answer was sent (killed
// mid-upload, mid-resize or mid-edit): no item names them, and no request ever will. They
// are removed when the site opens, before it serves anything.
import fs from 'node:fs';
import path from 'node:path';
import type { SiteContext } from '../site-context.ts';
import { allMediaFiles } from '../store/media.ts';
import { removeFiles } from '../media/upload-dir.ts';
import { filesOf } from './media-writer.ts';

/** Only the library's own folders (`YYYY/MM`) are looked at: anything else in uploads was put there by hand. */
const MONTH_DIR = /^\d{4}\/\d{2}$/;

function libraryFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((relative) => MONTH_DIR.test(path.posix.dirname(relative)));
}

/** Removes the library's files that no item names; returns their paths under uploads. */
export function removeOrphanFiles(site: SiteContext): string[] {
  const named = new Set(allMediaFiles(site.store).flatMap(filesOf));
  const orphans = libraryFiles(site.uploadsDir).filter((relative) => !named.has(relative));
  removeFiles(site.uploadsDir, orphans);
  return orphans;
}
