// The integration files share their workers too (vitest.config.ts: isolate: false), so the
// server's modules load once per worker, not once per file. Besides what a unit file must give
// back (tests/helpers/unit-leaves-nothing.ts, run before this one), an integration file starts
// sites, servers, child processes and clients: it must have closed them when it ends, and left
// the built-in globals (Date, fetch, console …) as it found them. Run before every integration
// file, this fails the file that does not.
import { afterAll, expect } from 'vitest';
import { restoreRealClock } from './clock-ahead.ts';

/** Handles a closed socket or server may still hold for a few turns of the event loop after its close was asked for. */
const SETTLE_MS = 2_000;

/** What keeps the event loop alive, counted by kind (TCPServerWrap, TCPSocketWrap, ProcessWrap, Timeout …). */
function resources(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

/** The kinds of which more are open now than when the file began, with how many more. */
function leftOpen(before: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...resources()].filter(([kind, count]) => count > (before.get(kind) ?? 0)).map(([kind, count]) => [kind, count - (before.get(kind) ?? 0)]));
}

const openAtStart = resources();
const builtIns = new Map(Reflect.ownKeys(globalThis).flatMap((key) => {
  const descriptor = Reflect.getOwnPropertyDescriptor(globalThis, key);
  return descriptor && 'value' in descriptor ? [[key, descriptor.value] as const] : [];
}));

afterAll(async () => {
  // A file's sites answer by the clock it moved ahead (clock-ahead.ts) until it ends; the next file starts on the real one.
  restoreRealClock();
  const replaced = [...builtIns].filter(([key, value]) => !Object.is(Reflect.getOwnPropertyDescriptor(globalThis, key)?.value, value)).map(([key]) => String(key));
  expect(replaced, 'globals an integration file replaced and did not give back').toEqual([]);
  const settled = Date.now() + SETTLE_MS;
  // Closing is asked for in the file's own afterAll hooks; the last handles go a few turns of the loop later.
  while (Object.keys(leftOpen(openAtStart)).length > 0 && Date.now() < settled) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(leftOpen(openAtStart), 'servers, sockets, processes or timers an integration file left open').toEqual({});
});
