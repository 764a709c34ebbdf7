// The preload bridge: menu commands and find in page, nothing else. Context isolation is
// on and Node is off in the renderer, which talks to its site over HTTP.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopBridge, FindResult, MenuCommand } from '../shared/desktop-bridge.ts';

/** Listens on `channel` until the returned function is called. */
function subscribe<T>(channel: string, listener: (value: T) => void): () => void {
  const handler = (_event: IpcRendererEvent, value: T) => listener(value);
  ipcRenderer.on(channel, handler);
  return () => ipcRenderer.removeListener(channel, handler);
}

const bridge: DesktopBridge = {
  platform: process.platform,
  onMenuCommand: (listener) => subscribe<MenuCommand>('menu-command', listener),
  findInPage: (text, options) => ipcRenderer.send('find-in-page', text, options),
  stopFindInPage: () => ipcRenderer.send('stop-find-in-page'),
  onFoundInPage: (listener) => subscribe<FindResult>('found-in-page', listener),
};

contextBridge.exposeInMainWorld('inkwell', bridge);
