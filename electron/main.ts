// The Electron main process: one window over the app host's local site. Everything it
// does besides talking to Electron lives in plain-Node modules beside it.
import path from 'node:path';
import { app, BrowserWindow, Menu, shell, type MenuItemConstructorOptions } from 'electron';
import { startAppHost, type AppHost } from './app-host.ts';
import { loadWindowState, saveWindowState } from './window-state.ts';
import { menuTemplate, type MenuEntry } from './menu-template.ts';

const rendererDir = process.env.INKWELL_RENDERER_DIR ?? path.join(__dirname, '..', 'renderer', 'dist');
let host: AppHost | null = null;
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

async function openWindow(): Promise<void> {
  host ??= await startAppHost({ dataDir: path.join(app.getPath('userData'), 'site'), rendererDir });
  const stateFile = path.join(app.getPath('userData'), 'window-state.json');
  const state = loadWindowState(stateFile);
  window = new BrowserWindow({
    ...state,
    show: false,
    webPreferences: { preload: path.join(__dirname, 'preload.cjs'), contextIsolation: true, nodeIntegration: false, sandbox: true },
  });
  if (state.maximized) window.maximize();
  const origin = new URL(host.running.url).origin;
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
    void closing.close().then(() => app.quit());
  });
}
