// The group commit's rule, both stores' (server/store/write-group.ts): a group is committed at
// the first turn of the event loop that brings it no request's write, or once it has waited
// GROUP_WAIT_MS, and its answers wait for that commit. Here a turn is a fake immediate and the
// time is what the test sets, so the rule is checked without depending on the machine's speed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_WAIT_MS, WriteGroup } from '../../server/store/write-group.ts';

let now = 0;
beforeEach(() => {
  now = 0;
  vi.useFakeTimers({ toFake: ['setImmediate', 'clearImmediate'] });
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A group whose commit, as a store's, settles it; `commits` counts the commits asked for. */
function openGroup(): { group: WriteGroup; commits: () => number } {
  let commits = 0;
  const group: WriteGroup = new WriteGroup(() => {
    commits++;
    group.settle();
  });
  return { group, commits: () => commits };
}

/** The end of a turn of the event loop: the group looks for more writes, or is committed. */
const turnEnds = () => void vi.advanceTimersToNextTimer();

describe('WriteGroup', () => {
  it('is committed at the first turn that brings it no write', () => {
    const { group, commits } = openGroup();
    group.join(); // the request that began it
    turnEnds();
    expect(commits()).toBe(0);
    turnEnds();
    expect(commits()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits while each turn brings another request, and commits them once', () => {
    const { group, commits } = openGroup();
    for (let turn = 0; turn < 5; turn++) {
      group.join();
      turnEnds();
      expect(commits()).toBe(0);
    }
    turnEnds();
    expect(commits()).toBe(1);
  });

  it('is committed once it has waited GROUP_WAIT_MS, however many requests keep joining', () => {
    const { group, commits } = openGroup();
    group.join();
    turnEnds(); // its first look: the wait starts
    now = GROUP_WAIT_MS / 2;
    group.join();
    turnEnds();
    expect(commits()).toBe(0);
    now = GROUP_WAIT_MS;
    group.join();
    turnEnds();
    expect(commits()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('settled before its planned commit (a store committed it early), it is not committed again', async () => {
    const { group, commits } = openGroup();
    group.join();
    group.settle();
    expect(vi.getTimerCount()).toBe(0);
    await expect(group.committed).resolves.toBeUndefined();
    group.settle(new Error('too late'));
    await expect(group.committed).resolves.toBeUndefined();
    expect(commits()).toBe(0);
  });

  it('tells its answers the commit failed, once', async () => {
    const { group } = openGroup();
    const failure = new Error('the disk is full');
    group.settle(failure);
    group.settle();
    await expect(group.committed).rejects.toBe(failure);
  });
});
