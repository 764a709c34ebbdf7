// Files an upload left behind when the process stopped before its answer was sent (killed
// mid-upload, mid-resize or mid-edit): no item names them, and no request ever will. They
// are removed when the site opens. Only files older than any upload still in flight are
// looked at: another instance may be serving the same folder (two instances on one data
// directory) or the same shared storage, and an upload's file has no row until it is done.
import path from 'node:path';
import type { SiteContext } from '../site-context.ts';
import { allMediaFiles, releaseMediaNamesClaimedBefore } from '../store/media.ts';
import { updateOption } from '../store/options.ts';
import { filesOf } from './media-writer.ts';

/** Only the library's own folders (`YYYY/MM`) are looked at: anything else in uploads was put there by hand. */
const MONTH_DIR = /^\d{4}\/\d{2}$/;

/** Longer than any upload or edit takes, with room for clocks that disagree (an S3 server's). */
const IN_FLIGHT_MS = 60 * 60 * 1000;

/** When an instance last looked through a shared storage (ms since the epoch), kept in the database for all of them. */
export const SHARED_LOOK_OPTION = 'media_left_behind_looked_at';

/** Removes the library's files that no item names; returns their paths under uploads. */
export async function removeOrphanFiles(site: SiteContext, openedAt: Date): Promise<string[]> {
  const cutoff = openedAt.getTime() - IN_FLIGHT_MS;
  // Listed before the rows are read: a file whose row is written meanwhile is named by then.
  const files = (await site.media.list())
    .filter((entry) => MONTH_DIR.test(path.posix.dirname(entry.path)) && entry.modified.getTime() <= cutoff);
  const named = new Set(allMediaFiles(site.store).flatMap(filesOf));
  // Bookkeeping a start may go without under another instance's long write: the next start releases them.
  site.store.unlessLocked(() => releaseMediaNamesClaimedBefore(site.store, cutoff));
  const orphans = files.map((entry) => entry.path).filter((relative) => !named.has(relative));
  await site.media.remove(orphans);
  return orphans;
}

/** What the site does with files left behind as it opens: `readable` settles before it serves. */
export interface OpeningLook {
  /** Settles once the storage is known to be readable (rejects when it is not). */
  readable: Promise<void>;
  /** The files removed, once the look is done; none where another instance looked within the hour. */
  removed: Promise<string[]>;
}

/**
 * Its own folder is listed and cleaned before the site serves (quick, and nothing else writes
 * there). A storage other instances share may hold a great many files: it is only probed
 * before the site serves, and looked through afterwards by one instance an hour, whichever
 * opens first, instead of by every instance at every start.
 */
export function lookForFilesLeftBehind(site: SiteContext, openedAt: Date): OpeningLook {
  // Another process's lock (another instance's writes) is waited for off the event loop (Store.withLockWaitOffLoop).
  if (!site.media.shared) {
    const removed = site.store.withLockWaitOffLoop(() => removeOrphanFiles(site, openedAt));
    return { readable: removed.then(() => undefined), removed };
  }
  const readable = site.media.probe();
  const removed = readable.then(async () => {
    try {
      return await site.store.withLockWaitOffLoop(async () => {
        let due = false;
        updateOption<number>(site.store, SHARED_LOOK_OPTION, 0, (lastLook) => {
          due = openedAt.getTime() - lastLook >= IN_FLIGHT_MS;
          return due ? openedAt.getTime() : lastLook;
        });
        return due ? removeOrphanFiles(site, openedAt) : [];
      });
    } catch (error) {
      // The site serves meanwhile; the files wait for the next look.
      console.error(`Files left behind in the media storage were not removed: ${(error as Error).message}`);
      throw error;
    }
  });
  return { readable, removed };
}
