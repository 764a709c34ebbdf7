// The arguments that start the site's command line (`npm run site -- …`) in a child process
// of this Node: the entry compiled once for the run (global-setup.ts), then the command's own.
import { inject } from 'vitest';

export function siteCliArgs(...args: string[]): string[] {
  return [inject('siteCli'), ...args];
}
