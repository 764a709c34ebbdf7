// The desktop shell's plain-Node parts: remembered window state, the native menu, the return address of sign-ins.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_STATE, loadWindowState, onVisibleScreen, saveWindowState } from '../../electron/window-state.ts';
import { contextMenuTemplate, menuTemplate, type ContextMenuPlace, type MenuEntry } from '../../electron/menu-template.ts';
import { grantCallbackAddress, grantReturnUrl, protocolLaunch, returnedAddressIn } from '../../electron/grant-return.ts';
import { applicationPasswordsPage } from '../../shared/connected-sites.ts';

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

  it('has a Help menu that opens the log file, on every platform', () => {
    for (const platform of ['darwin', 'win32', 'linux']) {
      const help = menuTemplate(platform, { devTools: false }).find((entry) => entry.role === 'help');
      expect(help?.submenu).toEqual([{ label: 'Open Log File', action: 'open-log' }]);
    }
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

describe('the inkwell:// return address of sign-ins', () => {
  const apiRoot = 'http://127.0.0.1:4567/cms-json/';

  it('is an address with a host (WordPress refuses one without) that carries the grant', () => {
    const returned = new URL(grantReturnUrl('g-123_x'));
    expect([returned.protocol, returned.hostname, returned.pathname]).toEqual(['inkwell:', 'grant', '/g-123_x']);
  });

  it('comes back to the local site\'s callback with the query the site added, as it came', () => {
    const back = `${grantReturnUrl('g-123')}?site_url=https%3A%2F%2Fexample.com&user_login=ada&password=abcd%20efgh`;
    expect(grantCallbackAddress(back, apiRoot)).toBe(`${apiRoot}inkwell/v1/grants/g-123/callback?site_url=https%3A%2F%2Fexample.com&user_login=ada&password=abcd%20efgh`);
  });

  it('is nothing when it is not a grant\'s answer: another host or scheme, a path beyond the grant id, not an address', () => {
    for (const other of ['inkwell://elsewhere/g-123', 'https://grant/g-123', 'inkwell://grant/a%2F..%2Fsites', 'inkwell://grant/a/b', 'inkwell://grant/', 'not an address']) {
      expect(grantCallbackAddress(other, apiRoot), other).toBeNull();
    }
  });

  it('is found among a start\'s arguments (Windows and Linux hand it to a second start)', () => {
    expect(returnedAddressIn(['/opt/Inkwell/inkwell', '--no-sandbox', 'inkwell://grant/g?x=1'])).toBe('inkwell://grant/g?x=1');
    expect(returnedAddressIn(['/opt/Inkwell/inkwell'])).toBeUndefined();
  });

  it('is registered for the packaged app as itself, and under `npm start` as Electron with the project folder', () => {
    expect(protocolLaunch({ defaultApp: false, execPath: '/opt/Inkwell/inkwell', argv: ['/opt/Inkwell/inkwell'] })).toBeNull();
    expect(protocolLaunch({ defaultApp: true, execPath: '/p/node_modules/electron/dist/electron', argv: ['/p/node_modules/electron/dist/electron', '/p'] }))
      .toEqual({ executable: '/p/node_modules/electron/dist/electron', args: [path.resolve('/p')] });
  });
});

describe('where a WordPress user makes an application password', () => {
  it('is the profile page beside the page for apps, at its section', () => {
    expect(applicationPasswordsPage('https://example.com/blog/wp-admin/authorize-application.php')).toBe('https://example.com/blog/wp-admin/profile.php#application-passwords-section');
  });

  it('is not known for other sites, or without a page for apps', () => {
    for (const authUrl of ['https://example.com/authorize-application', null, 'not an address']) expect(applicationPasswordsPage(authUrl)).toBeNull();
  });
});
