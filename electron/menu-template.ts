// The native menu as data, so that it is tested without Electron; main.ts builds it.
import type { MenuCommand } from '../shared/desktop-bridge.ts';

export interface MenuEntry {
  label?: string;
  role?: string;
  accelerator?: string;
  command?: MenuCommand;
  type?: 'separator';
  submenu?: MenuEntry[];
}

export function menuTemplate(platform: string): MenuEntry[] {
  const mac = platform === 'darwin';
  return [
    ...(mac ? [{ role: 'appMenu' }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New Post', accelerator: 'CmdOrCtrl+N', command: 'new-post' },
        { label: 'New Page', accelerator: 'CmdOrCtrl+Shift+N', command: 'new-page' },
        { label: 'Save', accelerator: 'CmdOrCtrl+S', command: 'save' },
        { type: 'separator' },
        { role: mac ? 'close' : 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { label: 'Posts', accelerator: 'CmdOrCtrl+1', command: 'show-posts' },
        { label: 'Pages', accelerator: 'CmdOrCtrl+2', command: 'show-pages' },
        { label: 'Media', accelerator: 'CmdOrCtrl+3', command: 'show-media' },
        { type: 'separator' },
        { role: 'reload' },
        { role: 'toggleDevTools' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
}
