// Updates from the app's own GitHub releases (electron-updater reads latest.yml /
// latest-mac.yml there): checked at start and every few hours, downloaded in the
// background, then offered to the writer. Never installed mid-edit: the app restarts into
// the update only when the writer chooses it, through the app's ordinary quit (which asks
// about unsaved text first, and may be refused), or the update is installed when the app
// quits anyway (electron-updater's autoInstallOnAppQuit). Plain Node: main.ts passes in
// electron-updater's autoUpdater and Electron's dialog.

/** What the app uses of electron-updater's autoUpdater. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdateDialog {
  showMessageBox(options: { type: 'info'; buttons: string[]; defaultId: number; cancelId: number; title: string; message: string; detail: string }): Promise<{ response: number }>;
}

export interface UpdateHost {
  updater: Updater;
  dialog: UpdateDialog;
  /** Only a packaged app updates itself (`npm start` and tests never check). */
  packaged: boolean;
  log(title: string, error: unknown): void;
  /** The app's ordinary quit: closes the windows (asking about unsaved text), stops the local site. */
  quit(): void;
  /** Frees the single-instance lock, so that the updated app starting up is not taken for a second instance. */
  releaseLock(): void;
}

export interface Updates {
  /** The quit the writer chose to restart with was refused (they stayed with unsaved text): it is a quit no more. */
  quitCancelled(): void;
  /** The app has stopped its work: it ends, into the update when the writer chose to restart. */
  end(): void;
}

const EVERY_FOUR_HOURS = 4 * 60 * 60 * 1000;
export const RESTART = 'Restart to update';
export const LATER = 'Later';

export function offerUpdates(host: UpdateHost): Updates {
  const { updater } = host;
  let restartChosen = false;
  /** Each version is offered once; "Later" leaves it to be installed at quit. */
  const offered = new Set<string>();
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  updater.on('error', (error) => {
    host.log('An update could not be checked, downloaded or installed', error);
    // An install that failed must not leave the app stopped without a window.
    if (restartChosen) {
      restartChosen = false;
      host.quit();
    }
  });
  updater.on('update-downloaded', ({ version }) => {
    if (offered.has(version)) return;
    offered.add(version);
    void host.dialog.showMessageBox({
      type: 'info', buttons: [RESTART, LATER], defaultId: 0, cancelId: 1,
      title: 'Update ready',
      message: `Inkwell ${version} is ready`,
      detail: 'Restart to update now: Inkwell asks first if some of your text is not saved yet. Or later: it is installed when you quit Inkwell.',
    }).then(({ response }) => {
      if (response !== 0) return;
      restartChosen = true;
      host.quit();
    });
  });
  // A failed check is reported through 'error' above; the rejection adds nothing.
  const check = () => void updater.checkForUpdates().catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  if (host.packaged) {
    check();
    timer = setInterval(check, EVERY_FOUR_HOURS);
    timer.unref();
  }
  return {
    quitCancelled: () => {
      restartChosen = false;
    },
    end: () => {
      clearInterval(timer);
      if (!restartChosen) return host.quit();
      host.releaseLock();
      // Installs, relaunches and quits (a failure comes back through 'error', which quits).
      updater.quitAndInstall(false, true);
    },
  };
}
