// Site settings, kept as one option and read from memory.
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

const cache = new WeakMap<Store, SiteSettings>();

export function getSettings(store: Store): SiteSettings {
  let settings = cache.get(store);
  if (!settings) {
    settings = getOption<SiteSettings>(store, 'settings');
    if (!settings) throw new Error('The site has no settings: it was not initialised.');
    cache.set(store, settings);
  }
  return settings;
}

export function saveSettings(store: Store, settings: SiteSettings): void {
  setOption(store, 'settings', settings);
  cache.set(store, settings);
}
