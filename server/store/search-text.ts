// "Contains this text" as every search of the site means it, on both stores: case ignored
// in every script (the same lower-casing on SQLite and PostgreSQL, as SQLite's trigram index
// folds case), accents kept, and `%`, `_` and `\` taken as themselves, never as patterns.
import type { Dialect } from './db.ts';

/** The one case rule: Unicode lower case (SQLite calls it as search_fold; PostgreSQL's lower() under ICU does the same). */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

/** SQLite's name for foldCase, registered on each connection (sqlite-store.ts). */
export const SQLITE_FOLD_FUNCTION = 'search_fold';

/** PostgreSQL's root ICU collation: lower() under it lower-cases every script, as foldCase does. */
const PG_ICU = '"und-x-icu"';

/** The folded form of `column` as each store writes it; PostgreSQL's is the expression its search index holds. */
export function foldedColumn(dialect: Dialect, column: string): string {
  return dialect === 'sqlite' ? `${SQLITE_FOLD_FUNCTION}(${column})` : `lower(${column} COLLATE ${PG_ICU})`;
}

/** A condition (one `?`) true when `column` contains `text`, and the value for its placeholder. */
export function containsText(dialect: Dialect, column: string, text: string): { sql: string; param: string } {
  const folded = foldCase(text);
  if (dialect === 'sqlite') return { sql: `instr(${foldedColumn(dialect, column)}, ?) > 0`, param: folded };
  // LIKE (ILIKE once translated) so that the trigram index serves it; its pattern characters escaped.
  return { sql: `${foldedColumn(dialect, column)} LIKE ? ESCAPE '\\'`, param: `%${folded.replace(/[\\%_]/g, '\\$&')}%` };
}

/** The fields searched, each with its own index on SQLite (migration 15) and its bit in posts_search_pending. */
export const SEARCH_INDEX_FIELDS = { title: 1, content: 2, excerpt: 4 } as const;

/** posts_search_pending's bit of a row inserted since the last indexing: it has no entries to drop. */
export const SEARCH_PENDING_NEW = 8;

export type SearchField = keyof typeof SEARCH_INDEX_FIELDS;

/** SQLite's trigram index of one field (FTS5, its one column `text`). */
export function searchIndexTable(field: SearchField): string {
  return `posts_search_${field}`;
}
