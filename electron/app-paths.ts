// Where the desktop app finds its parts and keeps its data. Every path is computed here,
// from Electron's app path (the project folder under `npm start`, `resources/app.asar` in
// the packaged app: both have the same layout) and from the one data folder that every
// mode shares (desktop window, packaged app, browser mode). Plain Node, no Electron.
import path from 'node:path';
import { inkwellDataDir } from '../server/app-data.ts';

/** The built parts of the app, under the folder Electron calls the app path. */
export interface AppParts {
  main: string;
  preload: string;
  siteProcess: string;
  rendererDir: string;
}

export function appParts(appPath: string): AppParts {
  const built = path.join(appPath, 'electron', 'dist');
  return {
    main: path.join(built, 'main.cjs'),
    preload: path.join(built, 'preload.cjs'),
    siteProcess: path.join(built, 'site-process.cjs'),
    rendererDir: path.join(appPath, 'renderer', 'dist'),
  };
}

/** The one data folder of every mode; INKWELL_USER_DATA moves it (tests, a second profile). */
export function userDataDir(): string {
  return process.env.INKWELL_USER_DATA ?? inkwellDataDir();
}

/** What the desktop app keeps in its data folder. */
export interface DataFiles {
  siteDir: string;
  windowState: string;
  /** What went wrong: failed starts, the editor's or the site's process stopping or hanging. */
  log: string;
  /** Chromium's crash reports (minidumps), kept here and never uploaded. */
  crashReports: string;
}

export function dataFiles(userData: string): DataFiles {
  return {
    siteDir: path.join(userData, 'site'),
    windowState: path.join(userData, 'window-state.json'),
    log: path.join(userData, 'logs', 'inkwell.log'),
    crashReports: path.join(userData, 'logs', 'crash-reports'),
  };
}

/** Connected remote sites live in the local site's folder: one folder to back up or move. */
export function remoteSitesDir(dataDir: string): string {
  return path.join(dataDir, 'remote-sites');
}
