// Site settings, kept as one option and read from memory while the data is unchanged.
import type { Store } from '../store/db.ts';
import { getOption, setOption } from '../store/options.ts';

export interface SiteSettings {
  name: string;
  description: string;
  timezone_string: string;
  show_on_front: 'posts' | 'page';
  page_on_front: number;
  page_for_posts: number;
  default_category: number;
}

export function getSettings(store: Store): SiteSettings {
  // Kept until the data changes (through any instance of the site), not for the process's life.
  return store.memoised('settings', () => {
    const settings = getOption<SiteSettings>(store, 'settings');
    if (!settings) throw new Error('The site has no settings: it was not initialised.');
    return settings;
  });
}

export function saveSettings(store: Store, settings: SiteSettings): void {
  setOption(store, 'settings', settings);
}
