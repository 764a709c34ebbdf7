// The Electron main process: one window over the app host's local site, which runs in a
// utility process of its own so that its work never blocks this process. Everything it
// does besides talking to Electron lives in plain-Node modules beside it.
import { app, BrowserWindow, crashReporter, dialog, ipcMain, Menu, safeStorage, screen, session, shell, utilityProcess, type IpcMainEvent, type MenuItemConstructorOptions, type WebContents } from 'electron';
import { startSiteChild, type ChildLink, type SiteChild } from './site-child.ts';
import { desktopSecretKey } from './sealed-key.ts';
import { appParts, dataFiles, remoteSitesDir, userDataDir } from './app-paths.ts';
import { keyFileBeside } from '../server/auth/secret-cipher.ts';
import { loadWindowState, onVisibleScreen, saveWindowState } from './window-state.ts';
import { contextMenuTemplate, menuTemplate, type MenuEntry } from './menu-template.ts';
import { opensOutside } from './external-links.ts';
import { ensureLog, logFailure } from './failure-log.ts';
import { autoUpdater } from 'electron-updater';
import { offerUpdates, type Updates } from './updates.ts';
import { GRANT_SCHEME, grantCallbackAddress, protocolLaunch, returnedAddressIn } from './grant-return.ts';

// One data folder for every mode; set before anything reads it (the single-instance lock is per folder).
app.setPath('userData', userDataDir());
const parts = appParts(app.getAppPath());
const files = dataFiles(app.getPath('userData'));
const devTools = !app.isPackaged;
// Chromium's crash reports stay in the data folder, beside the log; nothing is uploaded.
app.setPath('crashDumps', files.crashReports);
crashReporter.start({ uploadToServer: false });
/** The local site from the moment its start begins (quitting meanwhile must wait to stop it), and once it is ready. */
let starting: Promise<SiteChild> | null = null;
let host: SiteChild | null = null;
let window: BrowserWindow | null = null;
/** Sign-in answers (inkwell://grant/…) that came before the local site was ready; a cold start by the OS brings one in argv. */
const returnedAtStart = returnedAddressIn(process.argv);
const returnedEarly: string[] = returnedAtStart ? [returnedAtStart] : [];
/** Updates from the app's releases, offered once the window is open. */
let updates: Updates | null = null;

function clickOf(entry: MenuEntry, contents?: WebContents): (() => void) | undefined {
  const { command, action, replacement, learnWord } = entry;
  if (command) return () => window?.webContents.send('menu-command', command);
  if (action === 'open-log') return () => void shell.openPath(ensureLog(files.log));
  if (replacement) return () => contents?.replaceMisspelling(replacement);
  if (learnWord) return () => contents?.session.addWordToSpellCheckerDictionary(learnWord);
  return undefined;
}

function toMenu(entries: MenuEntry[], contents?: WebContents): MenuItemConstructorOptions[] {
  return entries.map((entry) => ({
    label: entry.label,
    role: entry.role as MenuItemConstructorOptions['role'],
    accelerator: entry.accelerator,
    type: entry.type,
    enabled: entry.enabled,
    submenu: entry.submenu ? toMenu(entry.submenu, contents) : undefined,
    click: clickOf(entry, contents),
  }));
}

function openOutside(url: string): void {
  if (opensOutside(url)) void shell.openExternal(url);
}

/** The editor needs no camera, microphone, location, notifications or the like: every request is refused. */
function denyPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}

function bringToFront(): void {
  if (window?.isMinimized()) window.restore();
  window?.focus();
}

/**
 * A site's grant page sent the user back to inkwell://grant/<id>?…: the local site's
 * callback gets it (it connects the site; the renderer, which waits on the grant, shows
 * the outcome), and the window comes to the front.
 */
function receiveSignIn(address: string): void {
  if (!host) {
    returnedEarly.push(address);
    return;
  }
  const callback = grantCallbackAddress(address, host.apiRoot);
  if (!callback) return;
  fetch(callback, { redirect: 'manual' })
    .then((answer) => answer.body?.cancel())
    .catch((error: unknown) => logFailure(files.log, 'A sign-in answer could not be passed to the local site', error));
  bringToFront();
}

async function startSite(): Promise<SiteChild> {
  const dataDir = files.siteDir;
  const remoteDir = remoteSitesDir(dataDir);
  // Read before the site's process exists, so that a keychain failure leaves nothing running.
  const secretKey = desktopSecretKey(`${remoteDir}.key.sealed`, keyFileBeside(remoteDir), safeStorage);
  const child = utilityProcess.fork(parts.siteProcess, [], { serviceName: 'Inkwell local site' });
  const link: ChildLink = {
    post: (message) => child.postMessage(message),
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.on('exit', listener),
  };
  let site: SiteChild;
  try {
    site = await startSiteChild(link, { dataDir, rendererDir: parts.rendererDir, secretKey: secretKey?.toString('base64'), signInByScheme: true });
  } catch (error) {
    child.kill();
    throw error;
  }
  // A window on a dead site would lose every edit without a word: the site starts again.
  child.on('exit', (code) => {
    if (host === site) void restartSite(code);
  });
  return site;
}

/** A site that stops more often than this within the window cannot stay up: the app stops, saying so. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
const restarts: number[] = [];

/**
 * The local site's process stopped on its own (a crash in native code, the system killing
 * it): it starts again on the same address and data, and the window loads the editor anew.
 * What the site acknowledged is in its database; words the editor had not sent yet are in
 * its journal, which offers them when the item opens again.
 */
async function restartSite(code: number | null): Promise<void> {
  host = null;
  logFailure(files.log, 'The local site stopped', `exit code ${code}`);
  const now = Date.now();
  restarts.push(now);
  while (restarts[0] < now - RESTART_WINDOW_MS) restarts.shift();
  if (restarts.length > MAX_RESTARTS) {
    return fail('Inkwell had to stop', new Error(`The local site's process stopped ${restarts.length} times within a minute (last exit code ${code}). Your saved work is in ${files.siteDir}.`));
  }
  try {
    const site = await (starting = startSite());
    if (!starting) return; // the app quit meanwhile, and stops it
    host = site;
    if (!window || window.isDestroyed()) return;
    await window.loadURL(site.appUrl);
    void dialog.showMessageBox(window, {
      type: 'warning', buttons: ['OK'], title: 'The local site restarted',
      message: 'The local site stopped unexpectedly and has started again.',
      detail: `Everything it had saved is kept. Words that were not saved yet are kept on this computer: open the item again and Inkwell offers to restore them. Details are in ${files.log}.`,
    });
  } catch (error) {
    await fail('Inkwell had to stop', error);
  }
}

/** Find in page for the window's own page only (the renderer's find bar asks through the preload bridge). */
function allowFindInPage(): void {
  const ours = (event: IpcMainEvent) => window !== null && event.sender === window.webContents;
  ipcMain.on('find-in-page', (event, text: unknown, options: { forward?: unknown; newSearch?: unknown } = {}) => {
    if (!ours(event) || typeof text !== 'string' || text === '') return;
    // Electron's findNext means "begin a new find session".
    event.sender.findInPage(text, { forward: options.forward !== false, findNext: options.newSearch === true });
  });
  ipcMain.on('stop-find-in-page', (event) => {
    if (ours(event)) event.sender.stopFindInPage('clearSelection');
  });
}

/** Electron shows no question for a page that blocks unloading (unsaved text): the app asks. */
function leaveUnsavedText(owner: BrowserWindow): boolean {
  const choice = dialog.showMessageBoxSync(owner, {
    type: 'question',
    buttons: ['Leave', 'Stay'],
    defaultId: 1,
    cancelId: 1,
    title: 'Unsaved changes',
    message: 'Some of your text is not saved yet.',
    detail: 'Leave, and the unsaved changes are lost; stay, and you can save them.',
  });
  return choice === 0;
}

async function openWindow(site: SiteChild): Promise<void> {
  const state = onVisibleScreen(loadWindowState(files.windowState), screen.getAllDisplays().map((display) => display.workArea));
  const opened = new BrowserWindow({
    ...state,
    show: false,
    title: 'Inkwell',
    webPreferences: { preload: parts.preload, contextIsolation: true, nodeIntegration: false, sandbox: true, spellcheck: true, devTools },
  });
  window = opened;
  const origin = new URL(site.siteUrl).origin;
  const contents = opened.webContents;
  // Links to other sites open in the browser, never inside the app.
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    if (URL.canParse(event.url) && new URL(event.url).origin === origin) return;
    event.preventDefault();
    openOutside(event.url);
  });
  contents.on('will-prevent-unload', (event) => {
    if (leaveUnsavedText(opened)) event.preventDefault();
    else updates?.quitCancelled();
  });
  contents.on('found-in-page', (_event, { activeMatchOrdinal, matches, finalUpdate }) => contents.send('found-in-page', { activeMatchOrdinal, matches, finalUpdate }));
  contents.on('context-menu', (_event, place) => {
    const entries = contextMenuTemplate(place);
    if (entries.length > 0) Menu.buildFromTemplate(toMenu(entries, contents)).popup({ window: opened });
  });
  opened.on('close', () => saveWindowState(files.windowState, { ...opened.getNormalBounds(), maximized: opened.isMaximized() }));
  opened.on('closed', () => {
    if (window === opened) window = null;
  });
  // Shown once the page has painted (maximize() would show it blank before).
  opened.once('ready-to-show', () => {
    if (state.maximized) opened.maximize();
    opened.show();
  });
  recoverRenderer(opened);
  await opened.loadURL(site.appUrl);
}

/**
 * A renderer that crashed or hangs would leave a blank or frozen window: it is reloaded
 * (the user is told, or asked for a hang, which may pass), and written in the log. Words
 * not yet saved are in the editor's journal, which offers them again when the item opens.
 */
function recoverRenderer(owner: BrowserWindow): void {
  const contents = owner.webContents;
  /** A reload the user asked for ends the hung renderer first; that end is no crash to report. */
  let endedOnPurpose = false;
  const reload = () => {
    if (!owner.isDestroyed()) contents.reload();
  };
  contents.on('render-process-gone', (_event, details) => {
    if (endedOnPurpose || details.reason === 'clean-exit') {
      endedOnPurpose = false;
      return;
    }
    logFailure(files.log, 'The editor stopped', `reason ${details.reason}, exit code ${details.exitCode}`);
    void dialog.showMessageBox(owner, {
      type: 'warning', buttons: ['Reload'], title: 'The editor stopped',
      message: 'The editor stopped unexpectedly and opens again.',
      detail: `Words that were not saved yet are kept on this computer: open the item again and Inkwell offers to restore them. Details are in ${files.log}.`,
    }).then(reload);
  });
  owner.on('unresponsive', () => {
    logFailure(files.log, 'The editor stopped responding', 'its page did not answer for a while');
    void dialog.showMessageBox(owner, {
      type: 'warning', buttons: ['Reload', 'Wait'], defaultId: 1, cancelId: 1, title: 'The editor is not responding',
      message: 'The editor is not responding.',
      detail: 'Wait, or reload it: words that were not saved yet are kept on this computer, and Inkwell offers to restore them when you open the item again.',
    }).then(({ response }) => {
      if (response !== 0 || owner.isDestroyed()) return;
      endedOnPurpose = true;
      contents.forcefullyCrashRenderer();
      reload();
    });
  });
}

/** A failure says why, in a dialog and the log file; the app stops what it started and exits (freeing the single-instance lock). */
async function fail(title: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  let where = `The details are in ${files.log}.`;
  try {
    logFailure(files.log, title, error);
  } catch {
    where = 'The log file could not be written either.';
  }
  const started = starting;
  starting = null;
  host = null;
  await started?.then((site) => site.stop(), () => null);
  // app.exit closes the window without the events that would start a quit of their own.
  dialog.showErrorBox(title, `${message}\n\n${where}`);
  app.releaseSingleInstanceLock();
  app.exit(1);
}

if (!app.requestSingleInstanceLock()) app.quit();
else {
  // The OS starts the app for inkwell:// addresses (under `npm start`: Electron with the project folder).
  const launch = protocolLaunch({ defaultApp: process.defaultApp === true, execPath: process.execPath, argv: process.argv });
  if (launch) app.setAsDefaultProtocolClient(GRANT_SCHEME, launch.executable, launch.args);
  else app.setAsDefaultProtocolClient(GRANT_SCHEME);
  // macOS hands the address to the running app; Windows and Linux start it again with the address in argv.
  app.on('open-url', (event, address) => {
    event.preventDefault();
    receiveSignIn(address);
  });
  app.on('second-instance', (_event, argv) => {
    const address = returnedAddressIn(argv);
    if (address) receiveSignIn(address);
    else bringToFront();
  });
  app.whenReady()
    .then(async () => {
      Menu.setApplicationMenu(Menu.buildFromTemplate(toMenu(menuTemplate(process.platform, { devTools }))));
      denyPermissions();
      allowFindInPage();
      const site = await (starting = startSite());
      if (!starting) return; // the app quit meanwhile, and stops it
      host = site;
      await openWindow(site);
      returnedEarly.splice(0).forEach(receiveSignIn);
      updates = offerUpdates({
        updater: autoUpdater,
        dialog: { showMessageBox: (options) => (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options)) },
        packaged: app.isPackaged,
        log: (title, error) => logFailure(files.log, title, error),
        quit: () => app.quit(),
        releaseLock: () => app.releaseSingleInstanceLock(),
      });
    })
    .catch((error: unknown) => fail('Inkwell could not start', error));
  app.on('window-all-closed', () => app.quit());
  // Chromium's other processes (GPU, network, the site's utility process): each crash in the log.
  app.on('child-process-gone', (_event, details) => {
    if (details.reason !== 'clean-exit') logFailure(files.log, `A ${details.type} process stopped`, `reason ${details.reason}, exit code ${details.exitCode}${details.name ? ` (${details.name})` : ''}`);
  });
  // Quitting closes the windows first (a window with unsaved text may keep the app open);
  // only once all have closed does the local site finish its requests and close its database,
  // and then the app ends (into a downloaded update, if the writer chose to restart for it).
  app.on('will-quit', (event) => {
    const closing = starting;
    if (!closing) return;
    event.preventDefault();
    starting = null;
    host = null;
    void closing.then((site) => site.stop(), () => null).finally(() => (updates ? updates.end() : app.quit()));
  });
}
