// One poll for every wait of a store for another process's SQLite write lock (a request's before
// it is served, a timer's attempt made again: lock-attempts.ts). Each wait polling on its own
// probed the lock once per wait at each look and woke the process on as many timers; one poll
// probes it once per look (2 ms, then up to 50 ms apart), however many wait.

/** The longest pause between two looks at the lock. */
export const LOCK_POLL_MS = 50;

interface Waiter {
  deadline: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class LockPoll {
  private waiters: Waiter[] = [];

  /** `isFree` probes the lock without waiting (and may keep it taken: SqliteStore.writeLockIsFree). */
  constructor(private readonly isFree: () => boolean) {}

  /** Resolves once the lock is seen free, or `deadline` (Date.now()) has passed. */
  wait(deadline: number): Promise<void> {
    if (this.isFree() || Date.now() >= deadline) return Promise.resolve();
    const waited = new Promise<void>((resolve, reject) => this.waiters.push({ deadline, resolve, reject }));
    if (this.waiters.length === 1) void this.poll();
    return waited;
  }

  private async poll(): Promise<void> {
    for (let pause = 2; this.waiters.length > 0; pause = Math.min(pause * 2, LOCK_POLL_MS)) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      let free: boolean;
      try {
        free = this.isFree();
      } catch (error) {
        for (const waiter of this.waiters.splice(0)) waiter.reject(error);
        return;
      }
      const now = Date.now();
      const done = this.waiters.filter((waiter) => free || now >= waiter.deadline);
      this.waiters = this.waiters.filter((waiter) => !done.includes(waiter));
      for (const waiter of done) waiter.resolve();
    }
  }
}
