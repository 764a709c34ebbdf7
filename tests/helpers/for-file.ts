// What a test file's tests share (a site, an app session): made before them, closed after
// them, and named from the file's start by a stand-in that reaches it once it is made.
import { afterAll, beforeAll } from 'vitest';

/** `open` runs before the file's tests and `close` after them; the answer stands for what `open` made (reading it sooner throws). */
export function forFile<T extends object>(open: () => Promise<T>, close: (value: T) => Promise<void>, timeoutMs?: number): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await open();
  }, timeoutMs);
  afterAll(async () => {
    if (value) await close(value);
  });
  const current = (): T => {
    if (!value) throw new Error('Shared by the file\'s tests: it is made before they run.');
    return value;
  };
  return new Proxy({} as T, {
    get: (_, field) => Reflect.get(current(), field),
    set: (_, field, next) => Reflect.set(current(), field, next),
  });
}
