// The page builder's custom icon sets: a named set with a class prefix, and its icons as
// SVG markup (already sanitised by the caller) under their names.
import type { Store } from '../../../store/db.ts';

export interface StoredIcon {
  name: string;
  svg: string;
}

export interface StoredIconSet {
  id: number;
  prefix: string;
  name: string;
  /** UTC, `YYYY-MM-DDTHH:MM:SS`. */
  created_gmt: string;
  icons: StoredIcon[];
}

export interface IconSetSummary {
  id: number;
  prefix: string;
  name: string;
  created_gmt: string;
  icon_count: number;
}

/** Adds a set and its icons in one transaction; null when the prefix is taken. */
export function insertIconSet(store: Store, set: { prefix: string; name: string; createdGmt: string; icons: readonly StoredIcon[] }): number | null {
  return store.transaction(() => {
    const inserted = store.run('INSERT INTO icon_sets (prefix, name, created_gmt) VALUES (?, ?, ?) ON CONFLICT(prefix) DO NOTHING', set.prefix, set.name, set.createdGmt);
    if (inserted.changes === 0) return null;
    const id = Number(inserted.lastInsertRowid);
    for (const icon of set.icons) store.run('INSERT INTO icons (set_id, name, svg) VALUES (?, ?, ?)', id, icon.name, icon.svg);
    return id;
  });
}

export function deleteIconSet(store: Store, prefix: string): boolean {
  return store.run('DELETE FROM icon_sets WHERE prefix = ?', prefix).changes > 0;
}

export function listIconSets(store: Store): IconSetSummary[] {
  return store.all<IconSetSummary>(
    `SELECT s.id, s.prefix, s.name, s.created_gmt, (SELECT COUNT(*) FROM icons WHERE set_id = s.id) AS icon_count
     FROM icon_sets s ORDER BY s.id`,
  );
}

/** Every set with its icons, sets in the order they were added, icons by name. */
export function allIconSets(store: Store): StoredIconSet[] {
  // One read transaction: another process's write lands before both reads or after them.
  return store.transaction(() => {
    const sets = store.all<Omit<StoredIconSet, 'icons'>>('SELECT id, prefix, name, created_gmt FROM icon_sets ORDER BY id');
    const icons = store.all<StoredIcon & { set_id: number }>('SELECT set_id, name, svg FROM icons ORDER BY set_id, name');
    const bySet = new Map<number, StoredIcon[]>(sets.map((set) => [set.id, []]));
    for (const { set_id, name, svg } of icons) bySet.get(set_id)?.push({ name, svg });
    return sets.map((set) => ({ ...set, icons: bySet.get(set.id) ?? [] }));
  });
}
