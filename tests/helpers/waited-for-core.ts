// This process's main thread (the event loop of a site served in the test's own process) as Linux
// counts it (/proc/<pid>/task/<pid>/schedstat: time on a core, time waiting on a run queue, in ns).
// A time measured on the loop less what it waited for a core is the time something held it (its
// own work, or a wait of its own). Its time on a core is the loop's own work alone: on a loaded
// machine the loop is also stopped by waits that are no work of its own (a garbage collection
// joining V8's helper threads while they wait for a core, a page the kernel is moving), which are
// neither.
import fs from 'node:fs';

const SCHEDSTAT = `/proc/${process.pid}/task/${process.pid}/schedstat`;

/** Milliseconds of the main thread so far: [on a core, waiting for one] ([0, 0] where the system does not say). */
function schedstatMs(): [number, number] {
  try {
    const [onCore, waited] = fs.readFileSync(SCHEDSTAT, 'utf8').split(' ').map(Number);
    return [onCore / 1e6, waited / 1e6];
  } catch {
    return [0, 0];
  }
}

/** Milliseconds the main thread has waited for a core so far (0 where the system does not say). */
export function mainThreadWaitedMs(): number {
  return schedstatMs()[1];
}

/** Milliseconds the main thread has run on a core so far: its own work, whatever the load (0 where the system does not say). */
export function mainThreadOnCoreMs(): number {
  return schedstatMs()[0];
}
