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
 * The site's own write, not the request's that needed it first: its commit takes no request
 * id's record (Store.unrecorded), which stays for the request's own write.
 */
export function ensureOption<T>(store: Store, name: string, make: () => T): T {
  const found = getOption<T>(store, name);
  if (found !== undefined) return found;
  store.unrecorded(() => store.run('INSERT INTO options (name, value) VALUES (?, ?) ON CONFLICT(name) DO NOTHING', name, JSON.stringify(make())));
  return getOption<T>(store, name)!;
}

/**
 * Changes an option from its value (`fallback` when it has none) under the write lock: check
 * then write, so that a change saved meanwhile through another instance is never lost.
 * Answers the value stored.
 */
export function updateOption<T>(store: Store, name: string, fallback: T, change: (current: T) => T): T {
  return store.writeTransaction(() => {
    const next = change(getOption<T>(store, name) ?? fallback);
    setOption(store, name, next);
    return next;
  });
}

/** An option holding a record, with the fields it has not stored yet taken from `defaults`. */
export function getRecordOption<T extends object>(store: Store, name: string, defaults: Readonly<T>): T {
  return { ...defaults, ...getOption<Partial<T>>(store, name) };
}

/** Saves the fields given into a record option, keeping the others; answers the whole record. */
export function mergeRecordOption<T extends object>(store: Store, name: string, defaults: Readonly<T>, changes: Partial<T>): T {
  return updateOption<Partial<T>>(store, name, {}, (stored) => ({ ...defaults, ...stored, ...changes })) as T;
}
