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
