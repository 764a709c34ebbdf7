// The browser globals the editor's journal and store reach (localStorage, window events, the
// address's history), from a jsdom window, for tests that drive them in Node.
import { afterAll, beforeAll } from 'vitest';
import { JSDOM } from 'jsdom';

/** jsdom's own events: its window dispatches no other. */
const GLOBALS = ['window', 'localStorage', 'history', 'Event', 'CustomEvent'] as const;

/** Installs a fresh window's globals (its storage empty) and gives the window. */
export function installBrowserStorage(): Window {
  const { window } = new JSDOM('<!doctype html><body></body>', { url: 'http://localhost/' });
  for (const name of GLOBALS) Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true });
  return window as unknown as Window;
}

/** Call at the top of a test file: a fresh window's globals for its tests, and what they replaced given back after them (the unit files share their workers). */
export function browserStorageForFile(): void {
  let replaced: Array<[string, PropertyDescriptor | undefined]> = [];
  beforeAll(() => {
    replaced = GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]);
    installBrowserStorage();
  });
  afterAll(() => {
    for (const [name, descriptor] of replaced) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    }
  });
}
