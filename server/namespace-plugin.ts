// What a namespace brings to the site: its name, its routes, what it starts with the site
// (listeners, timers) and its commands for `npm run site`. namespace-table.ts lists them.
import type { Route } from './rest/types.ts';
import type { SiteContext } from './site-context.ts';
import type { Store } from './store/db.ts';

export interface NamespacePlugin {
  /** The name the index lists it under, e.g. `seo/v1`. */
  namespace: string;
  /** Its routes, made once per site that serves it. */
  routes(site: SiteContext): Route[];
  /** Run once every namespace's routes are made; what it returns is called when the site closes. */
  start?(site: SiteContext): (() => void) | void;
  /** Its commands for `npm run site -- …`, offered whichever deployment the data serves. */
  commands?: readonly SiteCommand[];
}

export interface SiteCommand {
  /** The words that call it, e.g. `icons add`. */
  name: string;
  /** Its lines in the help text: what it does first, then the options it takes. */
  help: readonly string[];
  /** The options it reads (all take a value). */
  options?: readonly string[];
  /** Does the work on a site's data and says what it did; an error's message is shown to the user. */
  run(input: CommandInput): void;
}

export interface CommandInput {
  store: Store;
  dataDir: string;
  /** An option's value, undefined when not given. */
  option(name: string): string | undefined;
  /** An option's value; stops with "--name is required." when not given. */
  required(name: string): string;
}
