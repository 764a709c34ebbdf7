// A real Chromium page behind a window of the Electron stand-in (fake-electron.ts), for the
// end-to-end tests: the renderer runs in it as in Electron's window, with the app's own
// preload script (electron/preload.ts) bundled over a stand-in of contextBridge and
// ipcRenderer that carries messages to and from the stand-in's ipcMain. Unlike Electron,
// the preload shares the page's world (no context isolation): the page could reach the
// carrier functions, which only these tests' own renderer does. Its beforeunload asks only
// after the user typed or clicked in the page, as Chromium's (USER_ACTIVATION_WATCH).
import type { Browser, Page } from 'playwright-core';
import { buildPreloadForPage } from '../../build/build-app.ts';
import type { FakeWebContents, WindowPage } from './fake-electron.ts';

/** The module 'electron' as the preload sees it. */
const PRELOAD_ELECTRON = `
const listeners = new Map();
window.__inkwellIpcDeliver = (channel, args) => {
  for (const listener of [...(listeners.get(channel) ?? [])]) listener({}, ...args);
};
export const contextBridge = {
  exposeInMainWorld: (key, api) => Object.defineProperty(window, key, { value: Object.freeze({ ...api }) }),
};
export const ipcRenderer = {
  send: (channel, ...args) => void window.__inkwellIpcSend(channel, args),
  on: (channel, listener) => listeners.set(channel, [...(listeners.get(channel) ?? []), listener]),
  removeListener: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? []).filter((one) => one !== listener)),
};`;

/** Tells the stand-in each title the document takes, as Chromium tells Electron. */
const TITLE_WATCH = `(() => {
  let last = null;
  const report = () => {
    if (document.title === last || !document.documentElement) return;
    last = document.title;
    void window.__inkwellTitle(last);
  };
  new MutationObserver(report).observe(document, { subtree: true, childList: true, characterData: true });
  document.addEventListener('DOMContentLoaded', report);
})();`;

/**
 * Chromium's sticky user activation, kept by the page itself: Playwright's own scripts in the
 * page (bindings, evaluate) count as user gestures, so navigator.userActivation is set in any
 * page it drives. The input events that give activation in Chromium, when a user makes them
 * (isTrusted: Playwright's clicks and typing are), mark the document; a new document starts
 * without.
 */
const USER_ACTIVATION_WATCH = `(() => {
  const acted = (event) => {
    if (event.isTrusted && !(event.type === 'keydown' && ['Escape', 'Shift', 'Control', 'Alt', 'Meta'].includes(event.key))) window.__inkwellUserActed = true;
  };
  for (const type of ['keydown', 'mousedown', 'pointerdown', 'pointerup', 'touchend']) window.addEventListener(type, acted, { capture: true });
})();`;

let preload: Promise<string> | null = null;

/** Runs an expression in the page as the app's own code runs, not as a user (Playwright's evaluate counts as a user gesture). */
export function scriptRunner(page: Page): <T = unknown>(expression: string) => Promise<T> {
  const session = page.context().newCDPSession(page);
  return async <T>(expression: string) => {
    const { result, exceptionDetails } = await (await session).send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true, userGesture: false });
    if (exceptionDetails) throw new Error(`In the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as T;
  };
}

/** Opens windows' pages in `browser`; `opened` holds each page, in order, for the test to use as a user would. */
export function realPages(browser: Browser): { opened: Page[]; openPage: (contents: FakeWebContents) => Promise<WindowPage> } {
  const opened: Page[] = [];
  const openPage = async (contents: FakeWebContents): Promise<WindowPage> => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    opened.push(page);
    let onTitle: (title: string) => void = () => undefined;
    await page.exposeBinding('__inkwellIpcSend', ({ frame }, channel: string, args: unknown[]) => {
      if (frame === page.mainFrame()) contents.fromRenderer(channel, ...args);
    });
    await page.exposeBinding('__inkwellTitle', ({ frame }, title: string) => {
      if (frame === page.mainFrame()) onTitle(title);
    });
    await page.addInitScript(TITLE_WATCH);
    await page.addInitScript(USER_ACTIVATION_WATCH);
    await page.addInitScript(await (preload ??= buildPreloadForPage(PRELOAD_ELECTRON)));
    const script = scriptRunner(page);
    return {
      goto: async (url) => {
        await page.goto(url);
      },
      onTitle: (listener) => {
        onTitle = listener;
      },
      // The page's beforeunload listeners run; Chromium keeps the page when one prevents the
      // default, and only if the user has interacted with the page (sticky user activation):
      // a page nobody typed or clicked in closes without asking.
      blocksUnload: () => script<boolean>(`(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented && window.__inkwellUserActed === true;
      })()`),
      // Chromium's find searches the rendered text and text fields' values, but not password fields.
      findableText: () => script<string[]>(`[
        document.body.innerText,
        ...[...document.querySelectorAll('input, textarea')]
          .filter((field) => field instanceof HTMLTextAreaElement || ['text', 'search', 'url', 'email', 'tel'].includes(field.type))
          .map((field) => field.value),
      ]`),
      deliver: async (channel, args) => {
        await script(`window.__inkwellIpcDeliver?.(${JSON.stringify(channel)}, ${JSON.stringify(args)})`);
      },
      close: () => page.close(),
    };
  };
  return { opened, openPage };
}
