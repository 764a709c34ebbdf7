// A new data directory gets its settings, the default category and an administrator.
import type { Store } from './store/db.ts';
import { getOption } from './store/options.ts';
import { DEFAULT_FORMATS, saveSettings } from './content/settings.ts';
import { createTerm } from './store/terms.ts';
import { createUserCommand } from './auth/account-commands.ts';

/** This computer's time zone: a new site starts in it, so 09:00 means what the writer's clock says. */
export function systemZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Returns the admin's generated account password when the site was new, else null. */
export function initialiseSite(store: Store, zone = systemZone()): string | null {
  if (getOption(store, 'settings') !== undefined) return null;
  // Asked again under the write lock: of several instances starting on a new database, one
  // initialises it; the others wait for it (its account's password hash takes a while) the whole lock wait.
  return store.beforeServing(() => store.writeTransaction(() => {
    if (getOption(store, 'settings') !== undefined) return null;
    const defaultCategory = createTerm(store, { taxonomy: 'category', name: 'Uncategorized', slug: 'uncategorized', parent: 0, description: '' });
    saveSettings(store, {
      name: 'My Site',
      description: '',
      timezone_string: zone,
      ...DEFAULT_FORMATS,
      show_on_front: 'posts',
      page_on_front: 0,
      page_for_posts: 0,
      default_category: defaultCategory,
    });
    return createUserCommand(store, { login: 'admin', role: 'administrator' }).password;
  }));
}
