// The syncs running now, one per site at most: each can be cancelled, and any number of
// listeners follow its progress (the renderer's event streams) until its run is recorded.
import { RestError } from '../../server/rest/errors.ts';
import type { SyncEvent, SyncProgress, SyncRun } from '../../shared/connected-sites.ts';

export type SyncWork = (options: { signal: AbortSignal; onProgress: (progress: SyncProgress) => void }) => Promise<SyncRun>;

interface Job {
  /** Replaced at each step, so a listener compares it with what it last sent. */
  state: { progress: SyncProgress };
  controller: AbortController;
  finished: Promise<SyncRun>;
  listeners: Set<() => void>;
}

const STARTING: SyncProgress = { phase: 'pull', done: 0, total: 0, step: 'Starting' };

export class SyncJobs {
  private readonly running = new Map<string, Job>();

  progress(siteId: string): SyncProgress | null {
    return this.running.get(siteId)?.state.progress ?? null;
  }

  start(siteId: string, work: SyncWork): void {
    if (this.running.has(siteId)) {
      throw new RestError('inkwell_sync_running', 'This site is already syncing. Wait for it to finish, or cancel it.', 409);
    }
    const listeners = new Set<() => void>();
    const controller = new AbortController();
    const state = { progress: STARTING };
    const finished = work({
      signal: controller.signal,
      onProgress: (progress) => {
        state.progress = progress;
        listeners.forEach((listener) => listener());
      },
    });
    this.running.set(siteId, { state, controller, finished, listeners });
    // Registered first, so anyone told of the end finds the site no longer syncing.
    finished.finally(() => this.running.delete(siteId)).catch(() => undefined);
  }

  /** Whether a sync was running (it stops at its next step and is recorded as cancelled). */
  cancel(siteId: string): boolean {
    const job = this.running.get(siteId);
    job?.controller.abort();
    return job !== undefined;
  }

  /** Cancels the site's sync, if any, and waits until it has stopped. */
  async stop(siteId: string): Promise<void> {
    const job = this.running.get(siteId);
    if (!job) return;
    job.controller.abort();
    await job.finished.catch(() => undefined);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((siteId) => this.stop(siteId)));
  }

  /**
   * The progress of the site's sync as events until it ends (in-between states a slow
   * reader missed are skipped: progress is a state, not a log), then its run. When no sync
   * is running, `lastRun` alone.
   */
  async *follow(siteId: string, lastRun: () => SyncRun | null, signal: AbortSignal): AsyncGenerator<SyncEvent> {
    const job = this.running.get(siteId);
    if (!job) {
      yield { event: 'done', data: lastRun() };
      return;
    }
    let wake: (() => void) | null = null;
    const listener = () => wake?.();
    job.listeners.add(listener);
    signal.addEventListener('abort', listener);
    let outcome: { run: SyncRun } | { error: unknown } | null = null;
    const end = (ended: { run: SyncRun } | { error: unknown }) => {
      outcome = ended;
      listener();
    };
    job.finished.then((run) => end({ run }), (error: unknown) => end({ error }));
    try {
      let sent: SyncProgress | null = null;
      while (!signal.aborted) {
        if (job.state.progress !== sent) {
          sent = job.state.progress;
          yield { event: 'progress', data: sent };
          continue;
        }
        const ended = outcome as { run: SyncRun } | { error: unknown } | null;
        if (ended) {
          yield 'run' in ended ? { event: 'done', data: ended.run } : { event: 'error', data: { message: (ended.error as Error).message } };
          return;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    } finally {
      job.listeners.delete(listener);
      signal.removeEventListener('abort', listener);
    }
  }
}
