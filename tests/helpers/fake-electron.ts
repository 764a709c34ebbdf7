// A stand-in for the parts of Electron's main-process API that electron/main.ts uses, so
// that main.ts itself runs under Node in tests (the test maps the module 'electron' to
// one FakeElectron per launch). It follows Electron 42's documented behaviour where it
// matters to the app: the quit sequence (before-quit, windows closed one by one, a close
// refused by the page's beforeunload cancels the quit, will-quit, quit), 'window-all-closed'
// quitting only when nobody listens, the single-instance lock per user-data folder,
// utilityProcess as a real child process on Electron's Node major (24) that meets what
// Electron's gives (process.parentPort, no process.send, process.versions.electron, so the
// store runs on node:sqlite as in the app: fake-utility-process.cjs), safeStorage whose sealed data only the same backend opens, ipcMain, the window's
// title following the page's (unless 'page-title-updated' is prevented), and find in page
// counting as Chromium does (text fields searched, password fields not). A window's page is
// the fetched HTML, or a real page in a browser (`FakeOptions.openPage`, see fake-electron-page.ts).
import { EventEmitter, once } from 'node:events';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { node24 } from './node24.ts';

/** The Electron whose API this stands in for: its version, as the utility process reports it. */
const ELECTRON_VERSION = (createRequire(import.meta.url)('electron/package.json') as { version: string }).version;
const UTILITY_PROCESS_SHIM = fileURLToPath(new URL('fake-utility-process.cjs', import.meta.url));

/** Electron's preventable event object. */
class FakeEvent {
  defaultPrevented = false;
  constructor(readonly url = '') {}
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

/** Single-instance locks are per user-data folder and shared by every app on the machine. */
const locks = new Map<string, FakeApp>();

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FakeOptions {
  appPath: string;
  isPackaged?: boolean;
  /** safeStorage's backend on Linux; null: encryption not available at all. */
  keychain?: 'gnome_libsecret' | 'kwallet5' | 'basic_text' | null;
  displays?: Rectangle[];
  /** Which button the user presses in a message box (by its label). */
  answer?: (options: { buttons?: string[] }) => string;
  /** A real page for each window's web contents (else the window only fetches its address). */
  openPage?: (contents: FakeWebContents) => Promise<WindowPage>;
  /** This start's command line, as a second instance hands it to the first ('second-instance'). */
  argv?: string[];
}

/** A real page behind a window's web contents, as Chromium would run it. */
export interface WindowPage {
  goto(url: string): Promise<void>;
  /** Calls `listener` with the document's title each time it changes. */
  onTitle(listener: (title: string) => void): void;
  /** Runs the page's beforeunload listeners: true when one asks to stay and the user has interacted with the page (Chromium asks only then). */
  blocksUnload(): Promise<boolean>;
  /** What Chromium's find in page searches: the page's rendered text and its text fields' values. */
  findableText(): Promise<string[]>;
  /** A message from the main process to the preload's ipcRenderer listeners. */
  deliver(channel: string, args: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** Electron's found-in-page result. */
export interface FoundInPage {
  requestId: number;
  activeMatchOrdinal: number;
  matches: number;
  selectionArea: Rectangle;
  finalUpdate: boolean;
}

const STOP_FIND_ACTIONS = ['clearSelection', 'keepSelection', 'activateSelection'];

class FakeApp extends EventEmitter {
  private readonly paths = new Map<string, string>();
  private lockedFolder: string | null = null;
  private quitting = false;
  readonly ready: Promise<void>;
  exitCode: number | null = null;
  readonly exited: Promise<number>;
  private markExited!: (code: number) => void;
  quitCalls = 0;
  /** Every setAsDefaultProtocolClient call: the scheme, then the executable and its arguments when given. */
  readonly protocolClients: unknown[][] = [];

  constructor(private readonly electron: FakeElectron, private readonly options: FakeOptions) {
    super();
    const appData = path.join(os.tmpdir(), 'fake-electron-app-data');
    this.paths.set('appData', appData);
    this.paths.set('userData', path.join(appData, 'Electron'));
    // The app becomes ready once main.ts has run its first turn.
    this.ready = new Promise((resolve) => setImmediate(() => {
      this.emit('ready');
      resolve();
    }));
    this.exited = new Promise((resolve) => (this.markExited = resolve));
  }

  get isPackaged(): boolean {
    return this.options.isPackaged ?? false;
  }

  getAppPath(): string {
    return this.options.appPath;
  }

  getPath(name: string): string {
    const found = this.paths.get(name);
    if (!found) throw new Error(`Failed to get '${name}' path`);
    return found;
  }

  setPath(name: string, value: string): void {
    this.paths.set(name, value);
  }

  whenReady(): Promise<void> {
    return this.ready;
  }

  requestSingleInstanceLock(): boolean {
    const folder = this.getPath('userData');
    const holder = locks.get(folder);
    if (holder && holder !== this) {
      setImmediate(() => holder.emit('second-instance', new FakeEvent(), this.options.argv ?? [], process.cwd()));
      return false;
    }
    locks.set(folder, this);
    this.lockedFolder = folder;
    return true;
  }

  setAsDefaultProtocolClient(...args: unknown[]): boolean {
    if (typeof args[0] !== 'string' || args[0].includes(':')) throw new Error('Invalid protocol');
    this.protocolClients.push(args);
    return true;
  }

  /** macOS hands the running app an address of its scheme ('open-url'); unless prevented, Electron would open it as a file. */
  openUrl(url: string): boolean {
    const event = new FakeEvent(url);
    this.emit('open-url', event, url);
    return event.defaultPrevented;
  }

  hasSingleInstanceLock(): boolean {
    return this.lockedFolder !== null;
  }

  releaseSingleInstanceLock(): void {
    if (this.lockedFolder && locks.get(this.lockedFolder) === this) locks.delete(this.lockedFolder);
    this.lockedFolder = null;
  }

  /** Electron's quit: before-quit, then every window is closed (any may refuse, which cancels the quit), then will-quit and quit. */
  quit(): void {
    this.quitCalls++;
    if (this.exitCode !== null) return;
    const beforeQuit = new FakeEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    this.quitting = true;
    void this.closeWindowsThenQuit();
  }

  private async closeWindowsThenQuit(): Promise<void> {
    const windows = [...this.electron.windows];
    for (const window of windows) {
      if (!(await window.closeAsked())) {
        this.quitting = false;
        return;
      }
    }
    // The last window's closing went on to will-quit already (destroy); with no window at all, that step is now.
    if (windows.length === 0) this.afterLastWindow();
  }

  /** Called when the last window has closed. */
  afterLastWindow(): void {
    if (!this.quitting) {
      if (this.listenerCount('window-all-closed') > 0) this.emit('window-all-closed');
      else this.quit();
      return;
    }
    const willQuit = new FakeEvent();
    this.emit('will-quit', willQuit);
    this.quitting = false;
    if (willQuit.defaultPrevented) return;
    this.emit('quit', new FakeEvent(), 0);
    this.exit(0);
  }

  /** Ends the app at once, as the process exiting does (its lock goes with it). Its utility processes are left as they are, so a test sees any it orphaned. */
  exit(code = 0): void {
    if (this.exitCode !== null) return;
    this.exitCode = code;
    for (const window of [...this.electron.windows]) window.destroy();
    this.releaseSingleInstanceLock();
    this.markExited(code);
  }
}

class FakeSession {
  permissionRequestHandler: ((contents: unknown, permission: string, callback: (granted: boolean) => void, details: object) => void) | null = null;
  permissionCheckHandler: ((contents: unknown, permission: string, origin: string, details: object) => boolean) | null = null;
  readonly learnedWords: string[] = [];

  setPermissionRequestHandler(handler: FakeSession['permissionRequestHandler']): void {
    this.permissionRequestHandler = handler;
  }

  setPermissionCheckHandler(handler: FakeSession['permissionCheckHandler']): void {
    this.permissionCheckHandler = handler;
  }

  addWordToSpellCheckerDictionary(word: string): boolean {
    this.learnedWords.push(word);
    return true;
  }

  /** What a page asking for `permission` gets, as Chromium asks the handler (granted when none is set). */
  request(permission: string): Promise<boolean> {
    return new Promise((resolve) => {
      if (!this.permissionRequestHandler) return resolve(true);
      this.permissionRequestHandler(null, permission, resolve, {});
    });
  }

  check(permission: string, origin: string): boolean {
    return this.permissionCheckHandler ? this.permissionCheckHandler(null, permission, origin, {}) : true;
  }
}

export class FakeWebContents extends EventEmitter {
  private windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  readonly replacedWith: string[] = [];
  url = '';
  /** The page keeps a beforeunload handler that prevents unloading (unsaved text) after the user typed in it; a real page (`page`) answers for itself. */
  pageBlocksUnload = false;
  /** The fetched page's text, searched by find in page when there is no real page. */
  loadedText = '';
  page: WindowPage | null = null;
  /** Every find asked for, and every stop with its action. */
  readonly finds: { text: string; options: { forward?: boolean; findNext?: boolean; matchCase?: boolean } }[] = [];
  readonly findStops: string[] = [];
  private findRequests = 0;
  private activeMatch = 0;
  /** How many times the page was reloaded. */
  reloads = 0;

  constructor(readonly session: FakeSession, private readonly ipcMain: EventEmitter) {
    super();
  }

  /** The preload's ipcRenderer.send: main's ipcMain listeners get it with this as the sender. */
  fromRenderer(channel: string, ...args: unknown[]): void {
    this.ipcMain.emit(channel, { sender: this, returnValue: undefined }, ...args);
  }

  /** Chromium's find: every match of the text, case-insensitive, in the page's text and text fields; findNext begins a new session. */
  findInPage(text: string, options: { forward?: boolean; findNext?: boolean; matchCase?: boolean } = {}): number {
    if (typeof text !== 'string' || text === '') throw new Error('Must provide a non-empty search content');
    this.finds.push({ text, options });
    const requestId = ++this.findRequests;
    const forward = options.forward !== false;
    // Chromium answers later, from the renderer.
    void (async () => {
      await new Promise(setImmediate);
      const texts = this.page ? await this.page.findableText() : [this.loadedText];
      const needle = options.matchCase ? text : text.toLocaleLowerCase();
      let matches = 0;
      for (const haystack of texts) {
        const searched = options.matchCase ? haystack : haystack.toLocaleLowerCase();
        for (let at = searched.indexOf(needle); at !== -1; at = searched.indexOf(needle, at + needle.length)) matches++;
      }
      if (matches === 0) this.activeMatch = 0;
      else if (options.findNext || this.activeMatch === 0) this.activeMatch = forward ? 1 : matches;
      else this.activeMatch = ((this.activeMatch - 1 + (forward ? 1 : -1) + matches) % matches) + 1;
      const result: FoundInPage = { requestId, activeMatchOrdinal: this.activeMatch, matches, selectionArea: { x: 0, y: 0, width: 0, height: 0 }, finalUpdate: true };
      this.emit('found-in-page', new FakeEvent(), result);
    })();
    return requestId;
  }

  stopFindInPage(action: string): void {
    if (!STOP_FIND_ACTIONS.includes(action)) throw new Error(`Invalid action: ${action}`);
    this.findStops.push(action);
    this.activeMatch = 0;
  }

  setWindowOpenHandler(handler: FakeWebContents['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }

  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
    // As in Electron, a message to a page that has gone is dropped.
    this.page?.deliver(channel, args).catch(() => undefined);
  }

  reload(): void {
    this.reloads++;
  }

  /** Electron ends the renderer; its 'render-process-gone' follows, reason 'killed'. */
  forcefullyCrashRenderer(): void {
    setImmediate(() => this.emit('render-process-gone', new FakeEvent(), { reason: 'killed', exitCode: 9 }));
  }

  replaceMisspelling(word: string): void {
    this.replacedWith.push(word);
  }

  getURL(): string {
    return this.url;
  }

  /** The page opens a new window (a link with target=_blank, window.open): whether Electron would open it. */
  pageOpensWindow(url: string): 'allow' | 'deny' {
    return this.windowOpenHandler ? this.windowOpenHandler({ url }).action : 'allow';
  }

  /** The page navigates (a plain link): whether it went there. */
  pageNavigates(url: string): boolean {
    const event = new FakeEvent(url);
    this.emit('will-navigate', event, url);
    if (event.defaultPrevented) return false;
    this.url = url;
    return true;
  }

  /** A right click in the page, with Electron's context-menu params. */
  pageContextMenu(params: object): void {
    this.emit('context-menu', new FakeEvent(), params);
  }

  /** Chromium runs the page's beforeunload; true when the page may unload. */
  async unloadAllowed(): Promise<boolean> {
    if (!(this.page ? await this.page.blocksUnload() : this.pageBlocksUnload)) return true;
    const event = new FakeEvent();
    this.emit('will-prevent-unload', event);
    return event.defaultPrevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents: FakeWebContents;
  /** The title bar's text: the options' title, then the page's each time it changes (unless 'page-title-updated' is prevented). */
  title: string;
  /** Every title the window showed, in order. */
  readonly titles: string[] = [];
  visible = false;
  /** Shown (or maximized, which shows it) before 'ready-to-show': the user saw a blank window. */
  shownBlank = false;
  private painted = false;
  destroyed = false;
  maximized = false;
  minimized = false;
  focusCount = 0;

  constructor(private readonly electron: FakeElectron, readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
    this.webContents = new FakeWebContents(electron.session.defaultSession, electron.ipcMain);
    this.title = typeof options.title === 'string' ? options.title : 'Electron';
    electron.windows.push(this);
    electron.events.emit('window', this);
  }

  /** Loads like Chromium: a network failure rejects; any HTTP answer, 404 included, loads. */
  async loadURL(url: string): Promise<void> {
    const response = await fetch(url).catch((error: unknown) => {
      throw new Error(`ERR_CONNECTION_REFUSED (-102) loading '${url}'`, { cause: error });
    });
    const body = await response.text();
    this.webContents.url = url;
    if (this.electron.options.openPage) {
      const page = (this.webContents.page ??= await this.electron.options.openPage(this.webContents));
      page.onTitle((title) => this.pageTitleChanged(title));
      await page.goto(url);
    } else {
      this.webContents.loadedText = body.replace(/<[^>]*>/g, ' ');
      const title = /<title>([^<]*)<\/title>/i.exec(body)?.[1];
      if (title !== undefined) this.pageTitleChanged(title);
    }
    this.electron.events.emit('loaded', this, { status: response.status, body });
    this.webContents.emit('did-finish-load');
    this.painted = true;
    this.emit('ready-to-show');
  }

  /** Electron: 'page-title-updated' on the window; unless prevented, the window takes the page's title. */
  private pageTitleChanged(title: string): void {
    const event = new FakeEvent();
    this.emit('page-title-updated', event, title, true);
    if (event.defaultPrevented) return;
    this.title = title;
    this.titles.push(title);
  }

  getTitle(): string {
    return this.title;
  }

  setTitle(title: string): void {
    this.title = title;
    this.titles.push(title);
  }

  show(): void {
    if (!this.painted) this.shownBlank = true;
    this.visible = true;
    this.electron.events.emit('shown', this);
  }

  isVisible(): boolean {
    return this.visible;
  }

  focus(): void {
    this.focusCount++;
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  restore(): void {
    this.minimized = false;
  }

  /** As Electron: maximizing a hidden window shows it. */
  maximize(): void {
    this.maximized = true;
    if (!this.visible) this.show();
  }

  isMaximized(): boolean {
    return this.maximized;
  }

  getNormalBounds(): Rectangle {
    const { x = 100, y = 100, width = 800, height = 600 } = this.options as Partial<Rectangle>;
    return { x, y, width, height };
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  /** The user closes the window. */
  close(): void {
    void this.closeAsked();
  }

  /** 'close' (preventable), then the page's beforeunload; resolves true once the window is closed. */
  async closeAsked(): Promise<boolean> {
    if (this.destroyed) return true;
    const event = new FakeEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    // The page's beforeunload runs in the renderer: an answer comes back later.
    await new Promise((resolve) => setImmediate(resolve));
    if (!(await this.webContents.unloadAllowed())) return false;
    this.destroy();
    return true;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    void this.webContents.page?.close();
    this.electron.windows.splice(this.electron.windows.indexOf(this), 1);
    this.emit('closed');
    if (this.electron.windows.length === 0 && this.electron.app.exitCode === null) this.electron.app.afterLastWindow();
  }
}

/** Electron's UtilityProcess over a real Node child process. */
class FakeUtilityProcess extends EventEmitter {
  exitCode: number | null = null;
  readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcess) {
    super();
    child.on('message', (message) => this.emit('message', message));
    this.exited = once(child, 'exit').then(([code]) => {
      this.exitCode = code as number | null;
      this.emit('exit', code);
      return this.exitCode;
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  postMessage(message: unknown): void {
    this.child.send(message as object);
  }

  kill(): boolean {
    return this.child.kill();
  }
}

class FakeMenu {
  popups: unknown[] = [];
  constructor(readonly items: { label?: string; role?: string; enabled?: boolean; click?: () => void; submenu?: unknown[] }[]) {}

  popup(options: unknown): void {
    this.popups.push(options);
  }
}

/** What the app's release feed (GitHub's latest.yml) offers a check: a newer version, nothing newer, or a failure. */
export type FakeReleaseFeed = { version: string } | null | Error;

/**
 * electron-updater's autoUpdater, as its AppUpdater/BaseUpdater behave: checkForUpdates
 * does nothing (resolves null) unless the app is packaged; a check emits
 * 'checking-for-update', then 'update-available' and, with autoDownload, 'update-downloaded',
 * or 'update-not-available'; a failed check emits 'error' and rejects; with
 * autoInstallOnAppQuit a downloaded update is installed on the app's 'quit' (unless
 * quitAndInstall ran); quitAndInstall installs, then quits the app on the next turn, or,
 * with nothing downloaded, emits 'error' and does not quit.
 */
export class FakeAutoUpdater extends EventEmitter {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  /** What the release feed offers the next check. */
  feed: FakeReleaseFeed = null;
  checks = 0;
  downloaded: { version: string } | null = null;
  /** How the update was installed: on quit (no relaunch), or by quitAndInstall (relaunched when asked). */
  installed: { how: 'quit' } | { how: 'quitAndInstall'; runAfter: boolean } | null = null;
  private quitAndInstallCalled = false;
  private quitHandlerAdded = false;

  constructor(private readonly app: FakeApp) {
    super();
  }

  async checkForUpdates(): Promise<{ updateInfo: { version: string } } | null> {
    if (!this.app.isPackaged) return null;
    this.checks++;
    this.emit('checking-for-update');
    await new Promise((resolve) => setImmediate(resolve));
    const feed = this.feed;
    if (feed instanceof Error) {
      this.emit('error', feed, `Cannot check for updates: ${feed.stack}`);
      throw feed;
    }
    if (!feed) {
      this.emit('update-not-available', { version: 'current' });
      return null;
    }
    this.emit('update-available', feed);
    if (this.autoDownload) setImmediate(() => this.markDownloaded(feed));
    return { updateInfo: feed };
  }

  quitAndInstall(isSilent = false, isForceRunAfter = false): void {
    if (!this.downloaded) {
      this.emit('error', new Error('No valid update available, can\'t quit and install'));
      return;
    }
    this.quitAndInstallCalled = true;
    // Not silent: electron-updater relaunches the app after installing (autoRunAppAfterInstall).
    this.installed = { how: 'quitAndInstall', runAfter: isSilent ? isForceRunAfter : true };
    setImmediate(() => this.app.quit());
  }

  private markDownloaded(info: { version: string }): void {
    this.downloaded = info;
    if (this.autoInstallOnAppQuit && !this.quitHandlerAdded) {
      this.quitHandlerAdded = true;
      this.app.once('quit', () => {
        if (!this.quitAndInstallCalled && this.autoInstallOnAppQuit) this.installed = { how: 'quit' };
      });
    }
    this.emit('update-downloaded', info);
  }
}

export class FakeElectron {
  readonly windows: FakeBrowserWindow[] = [];
  readonly processes: FakeUtilityProcess[] = [];
  readonly opened: string[] = [];
  /** Files and folders handed to the system to open (shell.openPath). */
  readonly openedPaths: string[] = [];
  /** crashReporter.start's options, and where its reports go. */
  crashReporting: { options: object; dumps: string } | null = null;
  readonly messageBoxes: { title?: string; message?: string; buttons?: string[] }[] = [];
  readonly errorBoxes: { title: string; content: string }[] = [];
  readonly menus: FakeMenu[] = [];
  applicationMenu: FakeMenu | null = null;
  /** 'fork', 'window', 'loaded', 'shown' as they happen, for tests to wait on. */
  readonly events = new EventEmitter();
  readonly ipcMain = new EventEmitter();
  readonly app: FakeApp;
  readonly autoUpdater: FakeAutoUpdater;
  readonly session = { defaultSession: new FakeSession() };

  constructor(readonly options: FakeOptions) {
    this.app = new FakeApp(this, options);
    this.autoUpdater = new FakeAutoUpdater(this.app);
  }

  /** The module main.ts gets for `import … from 'electron-updater'`. */
  updaterModule(): Record<string, unknown> {
    return { autoUpdater: this.autoUpdater };
  }

  /** The module main.ts gets for `import … from 'electron'`. */
  module(): Record<string, unknown> {
    const electron = this;
    const keychain = this.options.keychain === undefined ? 'gnome_libsecret' : this.options.keychain;
    const answer = (options: { buttons?: string[]; cancelId?: number }) => {
      this.messageBoxes.push(options);
      const label = this.options.answer?.(options);
      const index = label === undefined ? -1 : (options.buttons ?? []).indexOf(label);
      return index >= 0 ? index : options.cancelId ?? 0;
    };
    return {
      app: this.app,
      BrowserWindow: class extends FakeBrowserWindow {
        constructor(options: Record<string, unknown>) {
          super(electron, options);
        }

        static getAllWindows(): FakeBrowserWindow[] {
          return [...electron.windows];
        }
      },
      utilityProcess: {
        fork: (modulePath: string, args: string[] = []) => {
          // Electron's Node, with parentPort and no process.send (fake-utility-process.cjs).
          const child = fork(modulePath, args, {
            execPath: node24(),
            execArgv: ['--require', UTILITY_PROCESS_SHIM, '--disable-warning=ExperimentalWarning'],
            env: { ...process.env, INKWELL_STAND_IN_ELECTRON_VERSION: ELECTRON_VERSION },
            stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
          });
          const utility = new FakeUtilityProcess(child);
          this.processes.push(utility);
          this.events.emit('fork', utility);
          return utility;
        },
      },
      safeStorage: {
        isEncryptionAvailable: () => keychain !== null,
        getSelectedStorageBackend: () => keychain ?? 'unknown',
        encryptString: (plain: string) => Buffer.from(`${keychain}:${Buffer.from(plain).toString('hex')}`),
        decryptString: (sealed: Buffer) => {
          const [backend, hex] = sealed.toString().split(':');
          if (backend !== keychain) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
          return Buffer.from(hex, 'hex').toString();
        },
      },
      dialog: {
        showMessageBoxSync: (windowOrOptions: unknown, maybeOptions?: object) => answer((maybeOptions ?? windowOrOptions) as { buttons?: string[] }),
        showMessageBox: async (windowOrOptions: unknown, maybeOptions?: object) => ({ response: answer((maybeOptions ?? windowOrOptions) as { buttons?: string[] }), checkboxChecked: false }),
        showErrorBox: (title: string, content: string) => this.errorBoxes.push({ title, content }),
      },
      shell: {
        openExternal: async (url: string) => {
          this.opened.push(url);
        },
        openPath: async (file: string) => {
          this.openedPaths.push(file);
          return fs.existsSync(file) ? '' : `Failed to open path ${file}`;
        },
      },
      crashReporter: {
        start: (options: object) => {
          this.crashReporting = { options, dumps: this.app.getPath('crashDumps') };
        },
      },
      Menu: {
        buildFromTemplate: (template: FakeMenu['items']) => {
          const menu = new FakeMenu(template);
          this.menus.push(menu);
          return menu;
        },
        setApplicationMenu: (menu: FakeMenu | null) => {
          this.applicationMenu = menu;
        },
      },
      session: this.session,
      ipcMain: this.ipcMain,
      screen: {
        getAllDisplays: () => (this.options.displays ?? [{ x: 0, y: 0, width: 1920, height: 1080 }]).map((workArea, id) => ({ id, bounds: workArea, workArea })),
      },
    };
  }

  /** The user presses a shortcut: the application menu's item with that accelerator is chosen, as Electron does. */
  pressAccelerator(accelerator: string): void {
    const find = (items: FakeMenu['items']): FakeMenu['items'][number] | undefined => {
      for (const item of items) {
        if ((item as { accelerator?: string }).accelerator === accelerator) return item;
        const inner = item.submenu ? find(item.submenu as FakeMenu['items']) : undefined;
        if (inner) return inner;
      }
      return undefined;
    };
    const item = this.applicationMenu ? find(this.applicationMenu.items) : undefined;
    if (!item?.click) throw new Error(`No menu item answers ${accelerator}`);
    item.click();
  }

  /** Resolves with the main window once it is shown. */
  async shownWindow(): Promise<FakeBrowserWindow> {
    const shown = this.windows.find((window) => window.visible);
    if (shown) return shown;
    const [window] = await Promise.race([once(this.events, 'shown'), this.app.exited.then((code) => {
      throw new Error(`The app exited (code ${code}) before showing a window: ${JSON.stringify(this.errorBoxes)}`);
    })]);
    return window as FakeBrowserWindow;
  }
}
