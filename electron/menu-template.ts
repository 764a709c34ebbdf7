// The native menus as data, so that they are tested without Electron; main.ts builds them.
import type { MenuCommand } from '../shared/desktop-bridge.ts';

/** What the main process does itself for a menu item. */
export type MainAction = 'open-log';

export interface MenuEntry {
  label?: string;
  role?: string;
  accelerator?: string;
  command?: MenuCommand;
  action?: MainAction;
  /** Replaces the misspelled word under the cursor with this one. */
  replacement?: string;
  /** Adds this word to the spelling dictionary. */
  learnWord?: string;
  enabled?: boolean;
  type?: 'separator';
  submenu?: MenuEntry[];
}

/** The application menu; DevTools only while developing (never in the packaged app). */
export function menuTemplate(platform: string, { devTools }: { devTools: boolean }): MenuEntry[] {
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
        { label: 'Find in Page…', accelerator: 'CmdOrCtrl+F', command: 'find' },
        { type: 'separator' },
        { role: 'reload' },
        ...(devTools ? [{ role: 'toggleDevTools' }] : []),
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    // What went wrong (a start that failed, the editor or the local site stopping), for a bug report.
    { role: 'help', submenu: [{ label: 'Open Log File', action: 'open-log' }] },
  ];
}

/** What Electron's context-menu event says about the place clicked (its `params`). */
export interface ContextMenuPlace {
  isEditable: boolean;
  selectionText: string;
  misspelledWord: string;
  dictionarySuggestions: string[];
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
}

const MAX_SUGGESTIONS = 5;

/** The right-click menu: spelling suggestions on a misspelled word, then cut, copy, paste. */
export function contextMenuTemplate(place: ContextMenuPlace): MenuEntry[] {
  const spelling: MenuEntry[] = place.misspelledWord
    ? [
      ...place.dictionarySuggestions.slice(0, MAX_SUGGESTIONS).map((word) => ({ label: word, replacement: word })),
      ...(place.dictionarySuggestions.length === 0 ? [{ label: 'No suggestions', enabled: false }] : []),
      { label: 'Add to dictionary', learnWord: place.misspelledWord },
      { type: 'separator' as const },
    ]
    : [];
  const editing: MenuEntry[] = place.isEditable
    ? [
      { role: 'cut', enabled: place.editFlags.canCut },
      { role: 'copy', enabled: place.editFlags.canCopy },
      { role: 'paste', enabled: place.editFlags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: place.editFlags.canSelectAll },
    ]
    : place.selectionText ? [{ role: 'copy' }] : [];
  return [...spelling, ...editing];
}
