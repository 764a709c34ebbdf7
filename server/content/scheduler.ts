// Publishes scheduled items when their time comes: at start for those missed while the
// site was stopped, then by a timer set for the next one, re-armed whenever an item is
// scheduled. An item unscheduled or deleted leaves the timer as it was: when it fires it
// finds nothing due and arms for the next one. With several instances on one database each
// publishes what it finds due, and a claim per item (publishDuePosts) makes exactly one of
// them publish it; items scheduled through another instance are found by a periodic look
// at the database, so that they are published even when that instance is gone.
import type { SiteContext } from '../site-context.ts';
import { duePostIds, nextScheduledGmt } from '../store/posts.ts';
import { publishDuePosts } from './post-writer.ts';
import { gmtToMillis, nowPair } from '../../shared/dates.ts';

// setTimeout cannot wait longer than about 24.8 days; longer waits are re-armed.
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How often the next scheduled date is read again, for items scheduled through other instances. */
const RESCAN_MS = 30_000;

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private rescan: NodeJS.Timeout | null = null;
  private armedFor: string | undefined;

  constructor(private readonly site: SiteContext) {
    site.contentListeners.push(({ post, deleted }) => {
      if (!deleted && post.status === 'future') this.arm();
    });
  }

  /** Publishes what is due and arms the timer for the next scheduled item. */
  run(): void {
    const now = nowPair('UTC').gmt;
    publishDuePosts(this.site, duePostIds(this.site.store, now), now);
    this.arm();
    this.rescan ??= setInterval(() => this.inBackground(() => this.arm()), RESCAN_MS).unref();
  }

  /** Re-arms only when the next date changed. */
  arm(): void {
    const next = nextScheduledGmt(this.site.store);
    if (next === this.armedFor && this.timer) return;
    this.clearTimer();
    this.armedFor = next;
    if (next === undefined) return;
    const wait = Math.min(Math.max(gmtToMillis(next) - Date.now(), 0) + 5, MAX_TIMER_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.armedFor = undefined;
      this.inBackground(() => this.run());
    }, wait);
    this.timer.unref();
  }

  stop(): void {
    this.clearTimer();
    if (this.rescan) clearInterval(this.rescan);
    this.rescan = null;
  }

  /**
   * A timer's work, which waits for another process's lock off the event loop (Store.withLockWaitOffLoop):
   * a failure (the database unreachable) is logged, and the next rescan tries again.
   */
  private inBackground(work: () => void): void {
    this.site.store.withLockWaitOffLoop(work).catch((error: unknown) => {
      console.error('Scheduled publishing will try again:', error);
    });
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
