// The desktop shell's plain-Node parts: remembered window state and the native menu.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_STATE, loadWindowState, saveWindowState } from '../../electron/window-state.ts';
import { menuTemplate, type MenuEntry } from '../../electron/menu-template.ts';

describe('window state', () => {
  const file = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'window-')), 'state.json');

  it('remembers size, position and maximised state between runs', () => {
    const target = file();
    saveWindowState(target, { x: 10, y: 20, width: 1000, height: 700, maximized: true });
    expect(loadWindowState(target)).toEqual({ x: 10, y: 20, width: 1000, height: 700, maximized: true });
  });

  it('falls back to the default for a missing or damaged file, or an unusable size', () => {
    const target = file();
    expect(loadWindowState(target)).toEqual(DEFAULT_WINDOW_STATE);
    fs.writeFileSync(target, '{not json');
    expect(loadWindowState(target)).toEqual(DEFAULT_WINDOW_STATE);
    fs.writeFileSync(target, JSON.stringify({ width: 10, height: 10 }));
    expect(loadWindowState(target)).toEqual(DEFAULT_WINDOW_STATE);
  });
});

describe('native menu', () => {
  const flatten = (entries: MenuEntry[]): MenuEntry[] => entries.flatMap((entry) => [entry, ...flatten(entry.submenu ?? [])]);

  it('has the usual shortcuts for new items, saving and the screens', () => {
    const items = flatten(menuTemplate('linux'));
    const shortcut = (command: string) => items.find((item) => item.command === command)?.accelerator;
    expect(shortcut('save')).toBe('CmdOrCtrl+S');
    expect(shortcut('new-post')).toBe('CmdOrCtrl+N');
    expect(shortcut('show-media')).toBe('CmdOrCtrl+3');
    expect(items.some((item) => item.role === 'editMenu')).toBe(true);
  });

  it('adds the application menu on macOS only', () => {
    expect(menuTemplate('darwin')[0].role).toBe('appMenu');
    expect(menuTemplate('win32')[0].label).toBe('File');
  });
});
