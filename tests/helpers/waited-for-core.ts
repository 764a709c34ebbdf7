// How long this process's main thread (the event loop of a site served in the test's own process)
// has been ready to run but waited for a core, as Linux counts it (/proc/<pid>/task/<pid>/schedstat:
// time on a core, time waiting on a run queue, in ns). A time measured on the loop less what it
// waited for a core is the time something held it (its own work, or a wait of its own), the same
// on a quiet machine as on two cores shared with twenty other processes.
import fs from 'node:fs';

const SCHEDSTAT = `/proc/${process.pid}/task/${process.pid}/schedstat`;

/** Milliseconds the main thread has waited for a core so far (0 where the system does not say). */
export function mainThreadWaitedMs(): number {
  try {
    return Number(fs.readFileSync(SCHEDSTAT, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0;
  }
}
