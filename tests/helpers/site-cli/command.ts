// The arguments that start the site's command line (`npm run site -- …`) in a child process
// of this Node: the entry compiled for the run (global-setup.ts), then the command's own.
import { inject } from 'vitest';

export function siteCliArgs(...args: string[]): string[] {
  const entry = inject('siteCli');
  if (!entry) throw new Error('No compiled site command line: add tests/helpers/site-cli/global-setup.ts to this vitest project\'s globalSetup.');
  return [entry, ...args];
}

/**
 * V8 without its optimising compiler, for a process that runs one command (`user create`,
 * `icons add` …) and exits: what TurboFan compiles there, on threads of its own, costs more CPU
 * than its faster code saves (`user create` on a new data directory: 0.41 s of CPU with it,
 * 0.33 s without, ten runs of each alternately). Not for a site that serves: under a load of
 * writes it must answer as it does in use.
 */
const ONE_COMMAND = ['--no-opt'];

/** siteCliArgs for a process that runs one command and exits. */
export function siteCommandArgs(...args: string[]): string[] {
  return [...ONE_COMMAND, ...siteCliArgs(...args)];
}
