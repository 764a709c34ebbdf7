// The browser globals the editor's journal and store reach (localStorage, window events, the
// address's history), from a jsdom window, for tests that drive them in Node.
import { JSDOM } from 'jsdom';

/** jsdom's own events: its window dispatches no other. */
const GLOBALS = ['window', 'localStorage', 'history', 'Event', 'CustomEvent'] as const;

/** Installs a fresh window's globals (its storage empty) and gives the window. */
export function installBrowserStorage(): Window {
  const { window } = new JSDOM('<!doctype html><body></body>', { url: 'http://localhost/' });
  for (const name of GLOBALS) Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true });
  return window as unknown as Window;
}
