// One server-side DOM (jsdom) for the sanitisers that need a browser's HTML parser. jsdom
// takes seconds to load, so it is loaded on first use, not when the site starts.
import { createRequire } from 'node:module';
import type { DOMPurify, WindowLike } from 'dompurify';
import type { JSDOM } from 'jsdom';

// The desktop's site process runs as a CommonJS bundle, where import.meta is empty.
const load = typeof require === 'function' ? require : createRequire(import.meta.url);

export type DomWindow = JSDOM['window'];

let window: DomWindow | null = null;

export function domWindow(): DomWindow {
  window ??= new (load('jsdom') as typeof import('jsdom')).JSDOM('').window;
  return window;
}

/** A DOMPurify instance of its own (hooks are per instance) on the shared window. */
export function createPurifier(): DOMPurify {
  return (load('dompurify') as DOMPurify)(domWindow() as unknown as WindowLike);
}
