// Starts one real WordPress for the test run (vitest globalSetup of the `wordpress` project)
// and stops it afterwards; tests read its address and accounts with inject('wordpress').
import type { TestProject } from 'vitest/node';
import { startWordPress, type WordPressInfo } from './wordpress.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    wordpress: WordPressInfo;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { stop, ...info } = await startWordPress();
  project.provide('wordpress', info);
  return stop;
}
