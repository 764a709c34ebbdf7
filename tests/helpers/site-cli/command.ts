// The arguments that start the site's command line (`npm run site -- …`) in a child process
// of this Node: the entry compiled for the run (global-setup.ts), then the command's own.
import { inject } from 'vitest';

export function siteCliArgs(...args: string[]): string[] {
  const entry = inject('siteCli');
  if (!entry) throw new Error('No compiled site command line: add tests/helpers/site-cli/global-setup.ts to this vitest project\'s globalSetup.');
  return [entry, ...args];
}
