// Waiting for another process's SQLite write lock off the event loop. SQLite waits for a lock
// in its busy handler, which sleeps on the thread that asked: the event loop. So a request (its
// credentials' check, a timer's work, the look for files left behind at start) runs as an
// attempt: its statements wait only a few ms for the lock
// on the loop; one that is refused past them makes the attempt fail (503, nothing written),
// and the attempt is made again once the lock is free, found by polling off the loop, until the
// lock wait has passed. Every request is served so (Store.serve), whatever path it writes by.
// An attempt that met the lock and wrote nothing changed nothing, whatever it answered (a 503,
// a batch's items' 503s, a read that let a write go): made again, it answers as it would have
// with the lock free. One that has written (a commit, or a write in the open group) is not
// made again: its later statements wait on the loop as long as before (ON_LOOP_LOCK_WAIT_MS in
// sqlite-store.ts).
import { AsyncLocalStorage } from 'node:async_hooks';

/** What an attempt did, as its statements tell (sqlite-store.ts). */
export interface LockAttempt {
  /** A statement of it met another process's lock past the short wait (but a write it may skip: Store.unlessLocked). */
  metLock: boolean;
  /** A statement of it changed rows: it may stand, so the attempt is not made again. */
  wrote: boolean;
  /** Until its work settles: a timer it set (the search index's, the scheduler's) runs later as no attempt's. */
  running: boolean;
}

const attempts = new AsyncLocalStorage<LockAttempt>();

/** The attempt whose work is running now, if any. */
export function currentAttempt(): LockAttempt | undefined {
  const attempt = attempts.getStore();
  return attempt?.running ? attempt : undefined;
}

/**
 * Runs `work` as an attempt, and again each time it met the lock having written nothing, once
 * `lockFree(deadline)` resolves (the lock free, or the deadline passed), until `lockWaitMs` has
 * passed: then its last outcome stands. Within another attempt's work (a timer it set, firing
 * while it runs) it is an attempt of its own.
 */
export async function attemptPastLocks<T>(work: () => T | Promise<T>, lockWaitMs: number, lockFree: (deadline: number) => Promise<void>): Promise<T> {
  const deadline = Date.now() + lockWaitMs;
  for (;;) {
    const attempt: LockAttempt = { metLock: false, wrote: false, running: true };
    let outcome: { error: unknown } | { answer: T };
    try {
      outcome = { answer: await attempts.run(attempt, work) };
    } catch (error) {
      outcome = { error };
    } finally {
      attempt.running = false;
    }
    if (!attempt.metLock || attempt.wrote || Date.now() >= deadline) {
      if ('error' in outcome) throw outcome.error;
      return outcome.answer;
    }
    await lockFree(deadline);
  }
}
