// Where the desktop app keeps things inside its data folder. Kept apart from the host so
// the Electron main process can name them without loading the site.
import path from 'node:path';

/** Connected remote sites live in the local site's folder: one folder to back up or move. */
export function remoteSitesDir(dataDir: string): string {
  return path.join(dataDir, 'remote-sites');
}
