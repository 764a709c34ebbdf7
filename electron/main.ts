// The Electron main process: one window over the app host's local site, which runs in a
// utility process of its own so that its work never blocks this process. Everything it
// does besides talking to Electron lives in plain-Node modules beside it.
import path from 'node:path';
import { app, BrowserWindow, Menu, safeStorage, shell, utilityProcess, type MenuItemConstructorOptions } from 'electron';
import { startSiteChild, type ChildLink, type SiteChild } from './site-child.ts';
import { desktopSecretKey } from './sealed-key.ts';
import { remoteSitesDir } from './app-paths.ts';
import { keyFileBeside } from '../server/auth/secret-cipher.ts';
import { loadWindowState, saveWindowState } from './window-state.ts';
import { menuTemplate, type MenuEntry } from './menu-template.ts';

const rendererDir = process.env.INKWELL_RENDERER_DIR ?? path.join(__dirname, '..', 'renderer', 'dist');
let host: SiteChild | null = null;
let window: BrowserWindow | null = null;

function toMenu(entries: MenuEntry[]): MenuItemConstructorOptions[] {
  return entries.map((entry) => ({
    label: entry.label,
    role: entry.role as MenuItemConstructorOptions['role'],
    accelerator: entry.accelerator,
    type: entry.type,
    submenu: entry.submenu ? toMenu(entry.submenu) : undefined,
    click: entry.command ? () => window?.webContents.send('menu-command', entry.command) : undefined,
  }));
}

function startSite(): Promise<SiteChild> {
  const child = utilityProcess.fork(path.join(__dirname, 'site-process.cjs'), [], { serviceName: 'Inkwell local site' });
  const link: ChildLink = {
    post: (message) => child.postMessage(message),
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.on('exit', listener),
  };
  const dataDir = path.join(app.getPath('userData'), 'site');
  const remoteDir = remoteSitesDir(dataDir);
  const secretKey = desktopSecretKey(`${remoteDir}.key.sealed`, keyFileBeside(remoteDir), safeStorage);
  return startSiteChild(link, { dataDir, rendererDir, secretKey: secretKey?.toString('base64') });
}

async function openWindow(): Promise<void> {
  host ??= await startSite();
  const stateFile = path.join(app.getPath('userData'), 'window-state.json');
  const state = loadWindowState(stateFile);
  window = new BrowserWindow({
    ...state,
    show: false,
    webPreferences: { preload: path.join(__dirname, 'preload.cjs'), contextIsolation: true, nodeIntegration: false, sandbox: true },
  });
  if (state.maximized) window.maximize();
  const origin = new URL(host.siteUrl).origin;
  // Links to other sites open in the browser, never inside the app.
  window.webContents.setWindowOpenHandler(({ url }) => {
    void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (new URL(url).origin !== origin) event.preventDefault();
  });
  window.on('close', () => {
    if (!window) return;
    saveWindowState(stateFile, { ...window.getNormalBounds(), maximized: window.isMaximized() });
  });
  window.once('ready-to-show', () => window?.show());
  await window.loadURL(host.appUrl);
}

if (!app.requestSingleInstanceLock()) app.quit();
else {
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.whenReady().then(async () => {
    Menu.setApplicationMenu(Menu.buildFromTemplate(toMenu(menuTemplate(process.platform))));
    await openWindow();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (!host) return;
    // The local site finishes requests in flight and closes its database first.
    event.preventDefault();
    const closing = host;
    host = null;
    void closing.stop().then(() => app.quit());
  });
}
