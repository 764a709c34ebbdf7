// Starts the test run's real WordPress sites (vitest globalSetup of the `wordpress` project), one
// per worker, and stops them afterwards. A file runs against its worker's site alone (tests read
// its address and accounts with wordpress(), tests/helpers/wordpress-fixture.ts): two files run at
// once, and neither meets the other's items in what it syncs or counts.
import type { TestProject } from 'vitest/node';
import { startWordPress, type WordPressInfo } from './wordpress.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's WordPress sites: the one of worker n (VITEST_POOL_ID) is at n - 1. */
    wordpressSites: WordPressInfo[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startWordPress()));
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    for (const site of running) await site.stop();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  project.provide('wordpressSites', running.map(({ stop: _stop, ...info }) => info));
  return stop;
}
