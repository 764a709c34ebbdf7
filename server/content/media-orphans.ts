// Files an upload left behind when the process stopped before its answer was sent (killed
// mid-upload, mid-resize or mid-edit): no item names them, and no request ever will. They
// are removed when the site opens. Only files written before then are looked at, and in a
// storage other instances write to, only those older than any upload still in flight there.
import path from 'node:path';
import type { SiteContext } from '../site-context.ts';
import { allMediaFiles } from '../store/media.ts';
import { filesOf } from './media-writer.ts';

/** Only the library's own folders (`YYYY/MM`) are looked at: anything else in uploads was put there by hand. */
const MONTH_DIR = /^\d{4}\/\d{2}$/;

/** Longer than any upload or edit takes, with room for clocks that disagree (an S3 server's). */
const IN_FLIGHT_MS = 60 * 60 * 1000;

/** Removes the library's files that no item names; returns their paths under uploads. */
export async function removeOrphanFiles(site: SiteContext, openedAt: Date): Promise<string[]> {
  const cutoff = openedAt.getTime() - (site.media.shared ? IN_FLIGHT_MS : 0);
  // Listed before the rows are read: a file whose row is written meanwhile is named by then.
  const files = (await site.media.list())
    .filter((entry) => MONTH_DIR.test(path.posix.dirname(entry.path)) && entry.modified.getTime() <= cutoff);
  const named = new Set(allMediaFiles(site.store).flatMap(filesOf));
  const orphans = files.map((entry) => entry.path).filter((relative) => !named.has(relative));
  await site.media.remove(orphans);
  return orphans;
}
