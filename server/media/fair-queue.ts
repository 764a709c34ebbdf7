// A work queue shared fairly between accounts: at most `concurrency` jobs run at once, no
// account runs more than `perAccount` of them (so, with two or more workers, one account's
// edits never hold them all), and a freed worker goes to the waiting account running fewest,
// in turn on a tie, not to whoever queued most. One account's jobs start in the order queued.
import { AsyncResource } from 'node:async_hooks';
import { EventEmitter } from 'node:events';

export type Account = number | string;

interface QueueEvents {
  /** A job was queued for `account`. */
  queued: [account: Account];
  /** A job of `account` was given a worker. */
  started: [account: Account];
}

export class FairQueue extends EventEmitter<QueueEvents> {
  private running = 0;
  private readonly runningBy = new Map<Account, number>();
  /** Accounts with jobs waiting, in the order their turn comes (a Map keeps insertion order). */
  private readonly waiting = new Map<Account, Array<() => void>>();

  constructor(
    private readonly concurrency: number,
    private readonly perAccount = Math.max(1, concurrency - 1),
  ) {
    super();
  }

  run<T>(account: Account, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // In the async context of whoever queued it, not of the job whose end started it: what a
      // request's job writes is that request's (its request id's record, resent-writes.ts).
      const start = AsyncResource.bind(() => {
        this.running++;
        this.runningBy.set(account, (this.runningBy.get(account) ?? 0) + 1);
        this.emit('started', account);
        // Started at once (a job that throws rejects, as one that fails does).
        new Promise<T>((started) => started(job()))
          .then(resolve, reject)
          .finally(() => this.finish(account));
      });
      const jobs = this.waiting.get(account);
      if (jobs) jobs.push(start);
      else this.waiting.set(account, [start]);
      this.emit('queued', account);
      this.startWaiting();
    });
  }

  private finish(account: Account): void {
    this.running--;
    const left = (this.runningBy.get(account) ?? 1) - 1;
    if (left === 0) this.runningBy.delete(account);
    else this.runningBy.set(account, left);
    this.startWaiting();
  }

  /** Of the accounts waiting, the one running fewest jobs (and below its share); on a tie, whose turn came first. */
  private nextAccount(): Account | undefined {
    let chosen: Account | undefined;
    let fewest = this.perAccount;
    for (const account of this.waiting.keys()) {
      const running = this.runningBy.get(account) ?? 0;
      if (running < fewest) [chosen, fewest] = [account, running];
    }
    return chosen;
  }

  private startWaiting(): void {
    while (this.running < this.concurrency) {
      const account = this.nextAccount();
      if (account === undefined) return;
      const jobs = this.waiting.get(account)!;
      const start = jobs.shift()!;
      // The account goes to the back of the line, whether or not it has more to run.
      this.waiting.delete(account);
      if (jobs.length > 0) this.waiting.set(account, jobs);
      start();
    }
  }
}
