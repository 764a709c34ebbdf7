// Cached oEmbed answers of other sites. Entries outlive their freshness so that an embed
// seen once still works when the network is down.
import type { Store } from '../../../store/db.ts';

export interface CachedEmbed {
  data: Record<string, unknown>;
  fetched: number;
}

export function readEmbed(store: Store, key: string): CachedEmbed | undefined {
  const row = store.get<{ data: string; fetched: number }>('SELECT data, fetched FROM oembed_cache WHERE key = ?', key);
  return row ? { data: JSON.parse(row.data) as Record<string, unknown>, fetched: row.fetched } : undefined;
}

export function writeEmbed(store: Store, key: string, data: Record<string, unknown>, fetched: number): void {
  store.run(
    'INSERT INTO oembed_cache (key, data, fetched) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET data = excluded.data, fetched = excluded.fetched',
    key, JSON.stringify(data), fetched,
  );
}
