// Terms of the category and post-tag taxonomies.
import { containsText } from './search-text.ts';
import type { Store } from './db.ts';

export interface TermRow {
  id: number;
  taxonomy: string;
  name: string;
  slug: string;
  parent: number;
  description: string;
}

export interface TermWithCount extends TermRow {
  count: number;
}

const WITH_COUNT = `SELECT t.*, (SELECT COUNT(*) FROM term_relationships r JOIN posts p ON p.id = r.post_id
  WHERE r.term_id = t.id AND p.status = 'publish') AS count FROM terms t`;

export function createTerm(store: Store, term: Omit<TermRow, 'id'>): number {
  return Number(
    store.run(
      'INSERT INTO terms (taxonomy, name, slug, parent, description) VALUES (@taxonomy, @name, @slug, @parent, @description)',
      term,
    ).lastInsertRowid,
  );
}

export function getTerm(store: Store, id: number, taxonomy: string): TermWithCount | undefined {
  return store.get<TermWithCount>(`${WITH_COUNT} WHERE t.id = ? AND t.taxonomy = ?`, id, taxonomy);
}

export function termSlugTaken(store: Store, taxonomy: string, slug: string): boolean {
  return store.get('SELECT 1 FROM terms WHERE taxonomy = ? AND slug = ?', taxonomy, slug) !== undefined;
}

/** The ids among `ids` that are not terms of `taxonomy`. */
/** The ids that name a term of the taxonomy, in the order given. */
export function knownTerms(store: Store, taxonomy: string, ids: readonly number[]): number[] {
  if (ids.length === 0) return [];
  const found = store.all<{ id: number }>(
    `SELECT id FROM terms WHERE taxonomy = ? AND id IN (${ids.map(() => '?').join(',')})`, taxonomy, ...ids,
  );
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => known.has(id));
}

/** Ids of the terms and all of their descendants, for `include_children`. */
export function withDescendants(store: Store, taxonomy: string, ids: readonly number[]): number[] {
  if (ids.length === 0) return [];
  const rows = store.all<{ id: number }>(
    `WITH RECURSIVE tree(id) AS (SELECT id FROM terms WHERE taxonomy = ? AND id IN (${ids.map(() => '?').join(',')})
       UNION SELECT t.id FROM terms t JOIN tree ON t.parent = tree.id)
     SELECT id FROM tree`,
    taxonomy, ...ids,
  );
  return rows.map((row) => row.id);
}

export interface TermListQuery {
  taxonomy: string;
  search?: string;
  include?: readonly number[];
  slugs?: readonly string[];
  postId?: number;
  parent?: number;
  hideEmpty?: boolean;
  orderby: 'name' | 'id' | 'slug' | 'count';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export function listTerms(store: Store, query: TermListQuery): { rows: TermWithCount[]; total: number } {
  const parts = ['t.taxonomy = ?'];
  const params: unknown[] = [query.taxonomy];
  const inList = (column: string, values?: readonly unknown[]) => {
    if (!values || values.length === 0) return;
    parts.push(`${column} IN (${values.map(() => '?').join(',')})`);
    params.push(...values);
  };
  if (query.search) {
    const [name, slug] = [containsText(store.dialect, 't.name', query.search), containsText(store.dialect, 't.slug', query.search)];
    parts.push(`(${name.sql} OR ${slug.sql})`);
    params.push(name.param, slug.param);
  }
  inList('t.id', query.include);
  inList('t.slug', query.slugs);
  if (query.postId !== undefined) {
    parts.push('t.id IN (SELECT term_id FROM term_relationships WHERE post_id = ?)');
    params.push(query.postId);
  }
  if (query.parent !== undefined) {
    parts.push('t.parent = ?');
    params.push(query.parent);
  }
  const where = parts.join(' AND ');
  const having = query.hideEmpty ? 'WHERE count > 0' : '';
  const base = `SELECT * FROM (${WITH_COUNT} WHERE ${where}) AS counted ${having}`;
  const total = store.get<{ total: number }>(`SELECT COUNT(*) AS total FROM (${base}) AS listed`, ...params)!.total;
  const column = query.orderby === 'name' ? 'name COLLATE NOCASE' : query.orderby;
  const rows = store.all<TermWithCount>(
    `${base} ORDER BY ${column} ${query.order === 'asc' ? 'ASC' : 'DESC'}, id ASC LIMIT ? OFFSET ?`,
    ...params, query.limit, query.offset,
  );
  return { rows, total };
}
