// Publishes scheduled items when their time comes: at start for those missed while the
// site was stopped, then by a timer set for the next one, re-armed whenever an item is
// scheduled. An item unscheduled or deleted leaves the timer as it was: when it fires it
// finds nothing due and arms for the next one.
import type { SiteContext } from '../site-context.ts';
import { duePostIds, nextScheduledGmt } from '../store/posts.ts';
import { publishDuePosts } from './post-writer.ts';
import { gmtToMillis, nowPair } from '../../shared/dates.ts';

// setTimeout cannot wait longer than about 24.8 days; longer waits are re-armed.
const MAX_TIMER_MS = 2 ** 31 - 1;

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private armedFor: string | undefined;

  constructor(private readonly site: SiteContext) {
    site.contentListeners.push(({ post, deleted }) => {
      if (!deleted && post.status === 'future') this.arm();
    });
  }

  /** Publishes what is due and arms the timer for the next scheduled item. */
  run(): void {
    publishDuePosts(this.site, duePostIds(this.site.store, nowPair('UTC').gmt));
    this.arm();
  }

  /** Re-arms only when the next date changed. */
  arm(): void {
    const next = nextScheduledGmt(this.site.store);
    if (next === this.armedFor && this.timer) return;
    this.stop();
    this.armedFor = next;
    if (next === undefined) return;
    const wait = Math.min(Math.max(gmtToMillis(next) - Date.now(), 0) + 5, MAX_TIMER_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.armedFor = undefined;
      this.run();
    }, wait);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
