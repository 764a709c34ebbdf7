// Site options: named JSON values (settings, cron state, the site's secret key).
import type { Store } from './db.ts';

export function getOption<T>(store: Store, name: string): T | undefined {
  const row = store.get<{ value: string }>('SELECT value FROM options WHERE name = ?', name);
  return row ? (JSON.parse(row.value) as T) : undefined;
}

export function setOption(store: Store, name: string, value: unknown): void {
  store.run(
    'INSERT INTO options (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
    name,
    JSON.stringify(value),
  );
}

/**
 * The option's value, stored first from `make()` when it has none. Of several instances
 * asking at once, every one gets the value stored first (the insert keeps an existing row).
 */
export function ensureOption<T>(store: Store, name: string, make: () => T): T {
  const found = getOption<T>(store, name);
  if (found !== undefined) return found;
  store.run('INSERT INTO options (name, value) VALUES (?, ?) ON CONFLICT(name) DO NOTHING', name, JSON.stringify(make()));
  return getOption<T>(store, name)!;
}

/** An option holding a record, with the fields it has not stored yet taken from `defaults`. */
export function getRecordOption<T extends object>(store: Store, name: string, defaults: Readonly<T>): T {
  return { ...defaults, ...getOption<Partial<T>>(store, name) };
}

/** Saves the fields given into a record option, keeping the others; answers the whole record. */
export function mergeRecordOption<T extends object>(store: Store, name: string, defaults: Readonly<T>, changes: Partial<T>): T {
  const next = { ...getRecordOption(store, name, defaults), ...changes };
  setOption(store, name, next);
  return next;
}
