// The desktop shell's plain-Node parts: remembered window state and the native menu.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_STATE, loadWindowState, onVisibleScreen, saveWindowState } from '../../electron/window-state.ts';
import { contextMenuTemplate, menuTemplate, type ContextMenuPlace, type MenuEntry } from '../../electron/menu-template.ts';

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
    const items = flatten(menuTemplate('linux', { devTools: false }));
    const shortcut = (command: string) => items.find((item) => item.command === command)?.accelerator;
    expect(shortcut('save')).toBe('CmdOrCtrl+S');
    expect(shortcut('new-post')).toBe('CmdOrCtrl+N');
    expect(shortcut('show-media')).toBe('CmdOrCtrl+3');
    expect(items.some((item) => item.role === 'editMenu')).toBe(true);
  });

  it('offers DevTools while developing only, never in the packaged app', () => {
    expect(flatten(menuTemplate('linux', { devTools: false })).some((item) => item.role === 'toggleDevTools')).toBe(false);
    expect(flatten(menuTemplate('linux', { devTools: true })).some((item) => item.role === 'toggleDevTools')).toBe(true);
  });

  it('adds the application menu on macOS only', () => {
    expect(menuTemplate('darwin', { devTools: false })[0].role).toBe('appMenu');
    expect(menuTemplate('win32', { devTools: false })[0].label).toBe('File');
  });
});

describe('window position on the screens there are now', () => {
  const laptop = { x: 0, y: 0, width: 1440, height: 870 };
  const monitorRight = { x: 1440, y: 0, width: 2560, height: 1410 };
  const saved = { x: 2000, y: 100, width: 1800, height: 1000, maximized: false };

  it('keeps a position whose title bar is on a screen', () => {
    expect(onVisibleScreen(saved, [laptop, monitorRight])).toEqual(saved);
  });

  it('centres a window saved on a screen that is gone, no larger than the one left', () => {
    expect(onVisibleScreen(saved, [laptop])).toEqual({ width: 1440, height: 870, maximized: false });
  });

  it('centres a window whose title bar is above the screen or only a sliver of it shows', () => {
    expect(onVisibleScreen({ ...saved, x: 100, y: -500 }, [laptop])).not.toHaveProperty('x');
    expect(onVisibleScreen({ ...saved, x: 1400, y: 10, width: 600 }, [laptop])).not.toHaveProperty('x');
  });
});

describe('context menu', () => {
  const place = (over: Partial<ContextMenuPlace>): ContextMenuPlace => ({
    isEditable: true, selectionText: '', misspelledWord: '', dictionarySuggestions: [],
    editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true }, ...over,
  });

  it('offers spelling suggestions that replace the word, and learning it, above cut, copy and paste', () => {
    const entries = contextMenuTemplate(place({ misspelledWord: 'teh', dictionarySuggestions: ['the', 'ten', 'tea'] }));
    expect(entries.slice(0, 3)).toEqual([{ label: 'the', replacement: 'the' }, { label: 'ten', replacement: 'ten' }, { label: 'tea', replacement: 'tea' }]);
    expect(entries.find((entry) => entry.learnWord)?.learnWord).toBe('teh');
    expect(entries.filter((entry) => entry.role).map((entry) => [entry.role, entry.enabled])).toEqual([['cut', false], ['copy', false], ['paste', true], ['selectAll', true]]);
  });

  it('says when the dictionary has no suggestion', () => {
    expect(contextMenuTemplate(place({ misspelledWord: 'xqzt' }))[0]).toEqual({ label: 'No suggestions', enabled: false });
  });

  it('offers copy on selected text outside a field, and nothing where there is nothing to do', () => {
    expect(contextMenuTemplate(place({ isEditable: false, selectionText: 'a quote' }))).toEqual([{ role: 'copy' }]);
    expect(contextMenuTemplate(place({ isEditable: false }))).toEqual([]);
  });
});
