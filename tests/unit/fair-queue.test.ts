// The image queue shares its workers fairly: no account holds all of them, a freed worker
// goes to the accounts in turn, and one account's jobs keep their order. Jobs here finish
// when the test says, so every order is exact.
import { describe, expect, it } from 'vitest';
import { FairQueue, type Account } from '../../server/media/fair-queue.ts';

/** A queue whose jobs are held until `finish` is called; `started` lists the jobs in the order they got a worker. */
function heldQueue(concurrency: number) {
  const queue = new FairQueue(concurrency);
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const submit = (account: Account, name: string) =>
    queue.run(account, () => {
      started.push(name);
      return new Promise<string>((resolve) => release.set(name, () => resolve(name)));
    });
  /** Lets job `name` finish and the queue hand its worker on. */
  const finish = async (name: string) => {
    release.get(name)!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { queue, started, submit, finish };
}

describe('the fair image queue', () => {
  it('never gives one account every worker: another account starts at once, before the first account’s third job', async () => {
    const { started, submit, finish } = heldQueue(2);
    const jobs = [submit('author', 'author 1'), submit('author', 'author 2'), submit('author', 'author 3')];
    expect(started).toEqual(['author 1']);
    const admin = submit('admin', 'admin 1');
    expect(started).toEqual(['author 1', 'admin 1']);
    await finish('admin 1');
    await expect(admin).resolves.toBe('admin 1');
    // The second worker stays free for others while the author's first job runs.
    expect(started).toEqual(['author 1', 'admin 1']);
    await finish('author 1');
    expect(started).toEqual(['author 1', 'admin 1', 'author 2']);
    await finish('author 2');
    await finish('author 3');
    await expect(Promise.all(jobs)).resolves.toEqual(['author 1', 'author 2', 'author 3']);
  });

  it('hands freed workers to the waiting accounts in turn, whatever each queued', async () => {
    const { started, submit, finish } = heldQueue(3);
    for (let index = 1; index <= 4; index++) void submit('a', `a${index}`);
    for (let index = 1; index <= 2; index++) void submit('b', `b${index}`);
    void submit('c', 'c1');
    // Three workers, at most two for one account: a1 a2, then b1 (its turn comes before a3's).
    expect(started).toEqual(['a1', 'a2', 'b1']);
    await finish('a1');
    expect(started.at(-1)).toBe('c1');
    await finish('a2');
    expect(started.at(-1)).toBe('a3');
    await finish('b1');
    expect(started.at(-1)).toBe('b2');
    await finish('c1');
    expect(started.at(-1)).toBe('a4');
  });

  it('passes a job’s failure to its caller and frees the worker', async () => {
    const queue = new FairQueue(1);
    await expect(queue.run(1, () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(queue.run(1, () => { throw new Error('thrown'); })).rejects.toThrow('thrown');
    await expect(queue.run(2, async () => 'next')).resolves.toBe('next');
  });
});
