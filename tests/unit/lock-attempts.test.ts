// When a piece of work that met another process's SQLite lock is made again (server/store/lock-attempts.ts):
// only when it wrote nothing, after the lock is free, until the lock wait has passed; and what it
// left to run later (a timer) is no attempt's once it is done.
import { describe, expect, it } from 'vitest';
import { attemptPastLocks, currentAttempt } from '../../server/store/lock-attempts.ts';

/** Work that, on each of its runs, does what `runs` says: meet the lock, write first, or neither. Its runs, counted. */
function work(runs: ('locked' | 'wrote then locked' | 'free')[]) {
  let made = 0;
  return {
    made: () => made,
    run: async () => {
      const run = runs[Math.min(made++, runs.length - 1)];
      await null;
      const attempt = currentAttempt()!;
      if (run === 'wrote then locked') attempt.wrote = true;
      if (run !== 'free') attempt.metLock = true;
      return run;
    },
  };
}

const waitsRecordedIn = (waits: number[]) => async (deadline: number) => {
  waits.push(deadline);
};

describe('an attempt past another process\'s lock', () => {
  it('is made again once the lock is free when it met the lock having written nothing, whatever it answered', async () => {
    const waits: number[] = [];
    const job = work(['locked', 'locked', 'free']);
    expect(await attemptPastLocks(job.run, 1000, waitsRecordedIn(waits))).toBe('free');
    expect([job.made(), waits.length]).toEqual([3, 2]);
  });

  it('is not made again once it wrote: its outcome stands', async () => {
    const waits: number[] = [];
    const job = work(['wrote then locked', 'free']);
    expect(await attemptPastLocks(job.run, 1000, waitsRecordedIn(waits))).toBe('wrote then locked');
    expect([job.made(), waits.length]).toEqual([1, 0]);
  });

  it('gives its last outcome once the lock wait has passed', async () => {
    const job = work(['locked']);
    const started = Date.now();
    expect(await attemptPastLocks(job.run, 20, () => new Promise((resolve) => setTimeout(resolve, 5)))).toBe('locked');
    expect(Date.now() - started).toBeGreaterThanOrEqual(20);
    expect(job.made()).toBeGreaterThan(1);
  });

  it('throws what its last run threw, and nothing is an attempt outside its runs (a timer it set runs as no attempt\'s)', async () => {
    let later: Promise<unknown> | undefined;
    await expect(attemptPastLocks(async () => {
      later = new Promise((resolve) => setTimeout(() => resolve(currentAttempt()), 1));
      throw new Error('refused');
    }, 1000, async () => {})).rejects.toThrow('refused');
    expect(await later).toBeUndefined();
    expect(currentAttempt()).toBeUndefined();
  });
});
