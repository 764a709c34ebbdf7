// One poll for every wait of a store for another process's lock (server/store/lock-poll.ts): a
// request's wait and a timer's attempt made again (the search index's) waiting at once probe the
// lock once per look, on one timer, so the process sleeps as one poll does (a test watching it
// from outside sees the poll's 50 ms: instances-options); each wait ends at its own deadline.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCK_POLL_MS, LockPoll } from '../../server/store/lock-poll.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A lock that is free from the `freeAt` probe on (never when not said), its probes counted. */
function lock(freeAt = Infinity) {
  let probes = 0;
  return { probes: () => probes, isFree: () => ++probes >= freeAt };
}

/** Whether each promise has settled, and how. */
function watch(waits: Promise<void>[]) {
  const states = waits.map(() => 'waiting');
  waits.forEach((wait, n) => wait.then(() => (states[n] = 'free'), () => (states[n] = 'failed')));
  return states;
}

describe('one poll for every wait of a store for the lock', () => {
  it('probes the lock once per look however many wait, and ends every wait on the look that finds it free', async () => {
    const held = lock(8);
    const poll = new LockPoll(held.isFree);
    const states = watch([poll.wait(10_000), poll.wait(10_000), poll.wait(10_000)]);
    // Each wait looks once as it begins, then the one poll looks 2, 4, 8, 16, 32 ms apart: 5 more probes.
    await vi.advanceTimersByTimeAsync(2 + 4 + 8 + 16 + 32);
    expect([held.probes(), states]).toEqual([8, ['free', 'free', 'free']]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('looks LOCK_POLL_MS apart at most, on one timer, while the lock stays held', async () => {
    const held = lock();
    const poll = new LockPoll(held.isFree);
    watch([poll.wait(10_000), poll.wait(10_000)]);
    await vi.advanceTimersByTimeAsync(62);
    const looked = held.probes();
    await vi.advanceTimersByTimeAsync(10 * LOCK_POLL_MS);
    expect([held.probes() - looked, vi.getTimerCount()]).toEqual([10, 1]);
  });

  it('ends a wait at its own deadline while another goes on waiting', async () => {
    const poll = new LockPoll(lock().isFree);
    const states = watch([poll.wait(100), poll.wait(1_000)]);
    await vi.advanceTimersByTimeAsync(100 + LOCK_POLL_MS);
    expect(states).toEqual(['free', 'waiting']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(states).toEqual(['free', 'free']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails every wait when a probe fails (the database, not the lock)', async () => {
    let probes = 0;
    const poll = new LockPoll(() => {
      if (++probes > 2) throw new Error('disk I/O error');
      return false;
    });
    const states = watch([poll.wait(10_000), poll.wait(10_000)]);
    await vi.advanceTimersByTimeAsync(2);
    expect(states).toEqual(['failed', 'failed']);
  });
});
