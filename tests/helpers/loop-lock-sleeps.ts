// Watches this process's main thread (the event loop of a site served in the test's own process)
// from a worker thread, in /proc (Linux x86-64): how long at most it was seen asleep at a stretch
// in nanosleep or clock_nanosleep, which is where SQLite's busy handler waits for a lock another
// process holds (the loop itself waits in epoll_pwait). Time spent waiting for the disk is not
// sleep there; a sleep whose timer has run out but which waits for a core still shows as one, so
// the time the thread waited for a core meanwhile (schedstat's run delay) is taken off the stretch,
// and two cores shared with other tests do not count against the site. A stretch is one sleep: the
// thread put on a core between two looks (schedstat's count of them) begins another.
import { Worker } from 'node:worker_threads';

/**
 * The longest a test lets the loop be seen asleep at a stretch in a lock wait: a statement of an
 * attempt waits a few ms there (sqlite-store.ts), SQLite's busy handler on the loop 100 ms or more.
 */
export const LOCK_SLEEP_MS = 20;

/** clock_nanosleep and nanosleep: x86-64's numbers. */
const SLEEPS = ['230', '35'];

const WATCHER = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { file, schedstat, sleeps, shared } = workerData;
const longest = new Float64Array(shared, 0, 1);
const stop = new Int32Array(shared, 8, 1);
// schedstat: time on a core, time waiting for one (ns), and how many times the thread was put on one.
const scheduled = () => { try { const [, delay, runs] = fs.readFileSync(schedstat, 'utf8').split(' '); return { waitedMs: Number(delay) / 1e6, runs: Number(runs) }; } catch { return { waitedMs: 0, runs: -1 }; } };
let since = null;
let waitedSince = 0;
let runsSince = 0;
parentPort.postMessage('watching');
while (Atomics.load(stop, 0) === 0) {
  let call = '';
  try { call = fs.readFileSync(file, 'utf8').split(' ')[0]; } catch {}
  const now = performance.now();
  if (sleeps.includes(call)) {
    const { waitedMs, runs } = scheduled();
    // Put on a core since the last look: it woke and slept again, another sleep (a watcher kept
    // from its core for 40 ms saw two short sleeps as one stretch: ci93).
    if (since === null || runs !== runsSince) [since, waitedSince, runsSince] = [now, waitedMs, runs];
    longest[0] = Math.max(longest[0], now - since - (waitedMs - waitedSince));
  } else since = null;
  Atomics.wait(stop, 0, 0, 1);
}
`;

export interface LoopLockSleeps {
  /** The longest stretch (ms) the main thread was seen asleep in a lock wait since the last call, and starts again. */
  takeLongest(): number;
  stop(): Promise<void>;
}

/** Resolves once the worker watches. */
export async function watchLoopLockSleeps(): Promise<LoopLockSleeps> {
  const shared = new SharedArrayBuffer(16);
  const longest = new Float64Array(shared, 0, 1);
  const stop = new Int32Array(shared, 8, 1);
  const worker = new Worker(WATCHER, { eval: true, workerData: { file: `/proc/${process.pid}/task/${process.pid}/syscall`, schedstat: `/proc/${process.pid}/task/${process.pid}/schedstat`, sleeps: SLEEPS, shared } });
  await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
  return {
    takeLongest: () => {
      const value = longest[0];
      longest[0] = 0;
      return value;
    },
    stop: async () => {
      Atomics.store(stop, 0, 1);
      Atomics.notify(stop, 0);
      await worker.terminate();
    },
  };
}
