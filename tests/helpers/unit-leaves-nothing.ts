// The unit files share their workers (vitest.config.ts: isolate: false), so a file must leave
// the process as it found it for the next one: the same environment variables, real timers, and
// no global of its own. Run before every unit file, it fails the file that leaves one behind.
import { afterAll, expect, vi } from 'vitest';

/**
 * Globals libraries set when they first load (the block library's tslib helpers, polyfills and
 * marks of being loaded; graceful-fs's and signal-exit's shared state; Node's fetch's
 * dispatcher, made on its first use; the AWS SDK's `awslambda` and zod's registry, in the
 * integration files that load them): they load once per worker and stay, the same for every
 * file after.
 */
const SET_ONCE_BY_LIBRARIES = /^(__[a-z][a-zA-Z]+|Mousetrap|awslambda|__zod_global[A-Z][a-zA-Z]+|requestIdleCallback|cancelIdleCallback|__EMOTION_REACT_\d+__|__ \$YJS\$ __|WaveformPlayer|Symbol\(undici\.globalDispatcher\.\d+\)|Symbol\(graceful-fs\.queue\)|Symbol\(signal-exit emitter\))$/;
/** Environment variables a library sets when it first loads: wasm-vips (the images' fallback) its home. */
const SET_ONCE_IN_THE_ENVIRONMENT = ['VIPSHOME'];

const environment = { ...process.env };
const globals = new Set(Reflect.ownKeys(globalThis));

afterAll(() => {
  const set = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SET_ONCE_IN_THE_ENVIRONMENT.includes(name) || name in environment));
  expect(set, 'the environment variables a unit file found').toEqual(environment);
  expect(vi.isFakeTimers(), 'a unit file that used fake timers gives back the real ones').toBe(false);
  const added = Reflect.ownKeys(globalThis).filter((key) => !globals.has(key)).map(String);
  expect(added.filter((name) => !SET_ONCE_BY_LIBRARIES.test(name)), 'globals a unit file left behind').toEqual([]);
});
