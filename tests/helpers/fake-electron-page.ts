// A real Chromium page behind a window of the Electron stand-in (fake-electron.ts), for the
// end-to-end tests: the renderer runs in it as in Electron's window, with the app's own
// preload script (electron/preload.ts) bundled over a stand-in of contextBridge and
// ipcRenderer that carries messages to and from the stand-in's ipcMain. Unlike Electron,
// the preload shares the page's world (no context isolation): the page could reach the
// carrier functions, which only these tests' own renderer does.
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

let preload: Promise<string> | null = null;

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
    await page.addInitScript(await (preload ??= buildPreloadForPage(PRELOAD_ELECTRON)));
    return {
      goto: async (url) => {
        await page.goto(url);
      },
      onTitle: (listener) => {
        onTitle = listener;
      },
      // The page's beforeunload listeners run; Chromium keeps the page when one prevents the default.
      blocksUnload: () => page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }),
      // Chromium's find searches the rendered text and text fields' values, but not password fields.
      findableText: () => page.evaluate(() => [
        document.body.innerText,
        ...[...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
          .filter((field) => field instanceof HTMLTextAreaElement || ['text', 'search', 'url', 'email', 'tel'].includes(field.type))
          .map((field) => field.value),
      ]),
      deliver: async (channel, args) => {
        await page.evaluate(([name, values]) => (window as unknown as { __inkwellIpcDeliver?: (channel: string, args: unknown[]) => void }).__inkwellIpcDeliver?.(name, values), [channel, args] as const);
      },
      close: () => page.close(),
    };
  };
  return { opened, openPage };
}
