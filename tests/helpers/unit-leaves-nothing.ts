// The unit files share their workers (vitest.config.ts: isolate: false), so a file must leave
// the process as it found it for the next one: the same environment variables, real timers, and
// no global of its own. Run before every unit file, it fails the file that leaves one behind.
import { afterAll, expect, vi } from 'vitest';

/**
 * Globals the block library's modules (tests/helpers/block-editor.ts) set when they first load
 * (tslib's helpers, its polyfills, libraries marking that they are loaded): they load once per
 * worker and stay, the same for every file after; and Node's fetch's dispatcher, made on its first use.
 */
const SET_ONCE_BY_LIBRARIES = /^(__[a-z][a-zA-Z]+|Mousetrap|requestIdleCallback|cancelIdleCallback|__EMOTION_REACT_\d+__|__ \$YJS\$ __|WaveformPlayer|Symbol\(undici\.globalDispatcher\.\d+\))$/;

const environment = { ...process.env };
const globals = new Set(Reflect.ownKeys(globalThis));

afterAll(() => {
  expect(process.env, 'the environment variables a unit file found').toEqual(environment);
  expect(vi.isFakeTimers(), 'a unit file that used fake timers gives back the real ones').toBe(false);
  const added = Reflect.ownKeys(globalThis).filter((key) => !globals.has(key)).map(String);
  expect(added.filter((name) => !SET_ONCE_BY_LIBRARIES.test(name)), 'globals a unit file left behind').toEqual([]);
});
