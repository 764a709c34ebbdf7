// The preload bridge: menu commands to the renderer, nothing else. Context isolation is
// on and Node is off in the renderer, which talks to its site over HTTP.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopBridge, MenuCommand } from '../shared/desktop-bridge.ts';

const bridge: DesktopBridge = {
  platform: process.platform,
  onMenuCommand(listener) {
    const handler = (_event: IpcRendererEvent, command: MenuCommand) => listener(command);
    ipcRenderer.on('menu-command', handler);
    return () => ipcRenderer.removeListener('menu-command', handler);
  },
};

contextBridge.exposeInMainWorld('inkwell', bridge);
